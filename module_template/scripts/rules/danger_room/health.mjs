/**
 * Health: Generation and threat-tier maximums, and what crossing 0 does; mirror of
 * `compiler/rules/danger_room/health.py`.
 *
 * `settleBlow` runs once per card on each target, after every hit of it (DR-G33 h), and is the
 * only place a fighter's `status` changes during a fight.
 */

import * as dice from "../dice.mjs";
import { ATTRIBUTES, readAttributes } from "./attributes.mjs";
import { THREAT_TIERS, attributeBonus, checkFighter, overflow } from "./combatant.mjs";
import { BAD_CONFIG, BAD_INPUT, RuleError } from "../errors.mjs";
import { SMALL_INT, expectObject, getChoice, getInt } from "../inputs.mjs";

const IN = "input";
const CF = "config";
const S = SMALL_INT;

/** DR-R25: the crossing-0 roll is "against 10" ... */
const ZERO_TN = 10;

/** DR-R25: ... "plus 1 for every 5 damage past 0". */
const TN_STEP = 5;

const MODES = Object.freeze(["live", "training"]);
const PASS_RULES = Object.freeze(["meet", "exceed"]);
const FUMES_END = Object.freeze(["landed", "damaged"]);
const SHEET_KEYS = Object.freeze([
  "kind", "attributes", "generation", "phenotype_hit_die", "threat_tier", "size", "soak", "toughness",
  "shield_points", "stamina_max"
]);

/**
 * @typedef {import("../queue.mjs").DiceQueue} DiceQueue
 * @typedef {[object[], object]} Result  The rule's events and new state.
 * @callback Rule
 * @param {unknown} input     The fixture's input (checked by the rule: `bad_input`).
 * @param {object} config     The ruleset's config defaults merged with the fixture's overrides.
 * @param {DiceQueue} queue   The dice queue (C1).
 * @returns {Result}          The events and the new state.
 */

/**
 * DR-G32: [hit die, Bulk] of a size from `config.sizes`.
 * @param {string} size
 * @param {object} config
 * @returns {[number, number]}
 */
export function sizeEntry(size, config) {
  const table = config.sizes;
  if ( (table === null) || (typeof table !== "object") || Array.isArray(table) ) {
    throw new RuleError(BAD_CONFIG, "config.sizes must be an object");
  }
  if ( !Object.hasOwn(table, size) ) throw new RuleError(BAD_INPUT, "the size is not in config.sizes");
  const where = `${CF}.sizes entry`;
  const entry = expectObject(table[size], where, ["hit_die", "bulk"]);
  return [getInt(entry, "hit_die", where, 1, 1000), getInt(entry, "bulk", where, -100, 100)];
}

/**
 * DR-R21, DR-R22, DR-G32, DR-E09: multiplier * (hit die at max + End bonus), floored.
 * @param {number} multiplier
 * @param {number} hitDie
 * @param {number} endBonus
 * @param {object} config
 * @returns {number}
 */
export function maxHealth(multiplier, hitDie, endBonus, config) {
  const floor = getInt(config, "min_health", CF, 1, 1000);
  return Math.max(floor, multiplier * (hitDie + endBonus));
}

/**
 * DR-G34: down or obliterated: out of the fight until it ends, no in-fight revival.
 * @param {object} fighter
 * @returns {boolean}
 */
export function isOut(fighter) {
  return ["down", "obliterated"].includes(fighter.status);
}

/**
 * DR-R22: Introduced 2, Established 4, Invasive 7, Dominant 12, Transformative 25.
 * @param {string} tier
 * @returns {number}
 */
export function tierMultiplier(tier) {
  return THREAT_TIERS[tier];
}

/**
 * [Health multiplier, hit die] of a PC (Generation, phenotype) or an enemy (tier, size).
 * @param {object} sheet
 * @param {object} config
 * @returns {[number, number]}
 */
function multiplierOf(sheet, config) {
  if ( sheet.kind === "pc" ) {
    const die = getInt(sheet, "phenotype_hit_die", `${IN}.sheet`, 1, 1000);
    if ( sheet.generation === null ) return [getInt(config, "generation_default_multiplier", CF, 1, 1000), die];
    return [getInt(sheet, "generation", `${IN}.sheet`, 1, 1000), die];
  }
  const tier = getChoice(sheet, "threat_tier", `${IN}.sheet`, Object.keys(THREAT_TIERS));
  getChoice(config, "enemy_hit_die", CF, ["max"]);
  const [die] = sizeEntry(sheet.size, config);
  return [tierMultiplier(tier), die];
}

/**
 * The sheet's value of `key`, or `fallback` when it is null.
 * @param {object} sheet
 * @param {string} key
 * @param {number} fallback
 * @param {number} lo
 * @returns {number}
 */
function orDefault(sheet, key, fallback, lo) {
  if ( sheet[key] === null ) return fallback;
  return getInt(sheet, key, `${IN}.sheet`, lo, S);
}

/**
 * DR-G15: Stamina when the sheet omits it: max(min, base + bonus(attribute)).
 * @param {object} fighter
 * @param {object} config
 * @returns {number}
 */
export function staminaDefault(fighter, config) {
  const where = `${CF}.stamina_default`;
  const rule = expectObject(config.stamina_default, where, ["base", "attribute", "min"]);
  const base = getInt(rule, "base", where, -100, 100);
  const floor = getInt(rule, "min", where, 0, 100);
  const attribute = getChoice(rule, "attribute", where, ATTRIBUTES);
  return dice.poolSize(base, [attributeBonus(fighter, attribute, config)], floor);
}

/**
 * DR-R21, DR-R22, DR-G09-G11, DR-G15, DR-G32: a fighter's numbers at the start of a fight.
 * @param {object} sheet
 * @param {object} config
 * @returns {object}
 */
export function vitals(sheet, config) {
  const [multiplier, die] = multiplierOf(sheet, config);
  const endBonus = attributeBonus(sheet, "endurance", config);
  const top = maxHealth(multiplier, die, endBonus, config);
  const stamina = orDefault(sheet, "stamina_max", staminaDefault(sheet, config), 0);
  const [, bulk] = sizeEntry(sheet.size, config);
  return {
    max_health: top,
    health: top,
    bulk,
    soak: orDefault(sheet, "soak", getInt(config, "soak_default", CF, -100, 100), -S),
    toughness: orDefault(sheet, "toughness", getInt(config, "toughness_default", CF, -100, 100), -S),
    shield_points: orDefault(sheet, "shield_points", getInt(config, "shield_points_default", CF, 0, 10000), 0),
    stamina_max: stamina,
    stamina
  };
}

/* -------------------------------------------- */
/*  Crossing 0                                  */
/* -------------------------------------------- */

/**
 * A status change and its event.
 * @param {object} fighter
 * @param {string} to
 * @returns {[object, object]}
 */
function statusTo(fighter, to) {
  return [{ type: "status", fighter: fighter.id, from: fighter.status, to }, { ...fighter, status: to }];
}

/**
 * DR-R25, DR-G33 a b j, P7: d20 + End bonus + Bulk against 10 + 1 per 5 past 0.
 *
 * Fumbling, Lucky and Jinxed do not touch this roll.
 * @param {object} fighter
 * @param {object} config
 * @param {DiceQueue} queue
 * @returns {[object[], object]}
 */
export function zeroHealthRoll(fighter, config, queue) {
  const die = getInt(config, "zero_health_die", CF, 2, 1000);
  const meet = getChoice(config, "zero_health_pass", CF, PASS_RULES) === "meet";
  const past = overflow(fighter.health);
  const tn = ZERO_TN + dice.floorDiv(past, TN_STEP);
  const mods = [attributeBonus(fighter, "endurance", config), fighter.bulk];
  const face = queue.take(die);
  const passed = dice.d20Vs(face, mods, tn, meet);
  const event = {
    type: "zero_health",
    fighter: fighter.id,
    overflow: past,
    tn,
    die,
    face,
    total: face + dice.sumFaces(mods),
    passed
  };
  const [statusEvent, updated] = statusTo(fighter, passed ? "on_fumes" : "down");
  return [[event, statusEvent], updated];
}

/**
 * A fighter crossing 0: down at once in training or if Introduced, else the roll.
 * @param {object} fighter
 * @param {boolean} training
 * @param {object} config
 * @param {DiceQueue} queue
 * @returns {[object[], object]}
 */
function crossed(fighter, training, config, queue) {
  if ( training || (fighter.threat_tier === "introduced") ) {
    const [event, updated] = statusTo(fighter, "down");
    return [[event], updated];
  }
  return zeroHealthRoll(fighter, config, queue);
}

/**
 * DR-R25, DR-G21, DR-G33, DR-G34: the status a landed card leaves its target in.
 *
 * `before` is the target's Health before the card. Obliteration (damage past 0 >= max Health,
 * never in training) is checked first and needs no roll; a fighter on fumes goes down when
 * a blow lands (`fumes_end_on`); crossing from > 0 to <= 0 makes the one zero-Health roll,
 * except in training and for Introduced enemies, who simply drop.
 * @param {object} fighter
 * @param {number} before
 * @param {object} config
 * @param {DiceQueue} queue
 * @returns {[object[], object]}
 */
export function settleBlow(fighter, before, config, queue) {
  const mode = getChoice(config, "mode", CF, MODES);
  const fumesEnd = getChoice(config, "fumes_end_on", CF, FUMES_END);
  const { status, health } = fighter;
  if ( status === "obliterated" ) return [[], { ...fighter }];
  if ( (mode === "live") && (health <= 0) && (overflow(health) >= fighter.max_health) ) {
    const [event, updated] = statusTo(fighter, "obliterated");
    return [[event], updated];
  }
  if ( (status === "on_fumes") && ((fumesEnd === "landed") || (health < before)) ) {
    const [event, updated] = statusTo(fighter, "down");
    return [[event], updated];
  }
  if ( (status === "fighting") && (before > 0) && (health <= 0) ) {
    return crossed(fighter, mode === "training", config, queue);
  }
  return [[], { ...fighter }];
}

/* -------------------------------------------- */
/*  Rules                                       */
/* -------------------------------------------- */

/**
 * DR-R21, DR-R22, DR-G09-G11, DR-G15, DR-G32, DR-E09: a sheet's fight-start numbers.
 * @type {Rule}
 */
export function fighterVitals(input, config, queue) {
  const fields = expectObject(input, IN, ["sheet"]);
  const sheet = expectObject(fields.sheet, `${IN}.sheet`, SHEET_KEYS);
  const kind = getChoice(sheet, "kind", `${IN}.sheet`, ["pc", "enemy"]);
  const attributes = readAttributes(sheet, `${IN}.sheet`);
  if ( typeof sheet.size !== "string" ) throw new RuleError(BAD_INPUT, `${IN}.sheet.size must be a non-empty string`);
  const numbers = vitals({ ...sheet, kind, attributes }, config);
  return [[{ type: "vitals", ...numbers }], numbers];
}

/**
 * DR-R25, DR-G33, DR-E10: `fighter` loses `health_lost` to one landed card, then settles.
 * @type {Rule}
 */
export function takeBlow(input, config, queue) {
  const fields = expectObject(input, IN, ["fighter", "health_lost"]);
  const fighter = checkFighter(fields.fighter, `${IN}.fighter`);
  const lost = getInt(fields, "health_lost", IN, 0, S);
  const before = fighter.health;
  const [events, updated] = settleBlow({ ...fighter, health: before - lost }, before, config, queue);
  return [events, { fighter: updated }];
}

/** The rules of this module, by camelCase name, in file order. */
export const RULES = Object.freeze({ fighterVitals, takeBlow });
