/**
 * Health: Generation and threat-tier maximums, and what crossing 0 does; mirror of
 * `compiler/rules/danger_room/health.py`.
 *
 * `settleBlow` runs once per card on each target, after every hit of it (DR-G33 h), and is the
 * only place a fighter's `status` changes during a fight.
 */

import * as dice from "../dice.mjs";
import { THREAT_TIERS, attributeBonus, overflow } from "./combatant.mjs";
import { IN } from "./common.mjs";
import { fail } from "../shapes.mjs";

/** DR-R25: the crossing-0 roll is "against 10" ... */
export const ZERO_TN = 10;

/** DR-R25: ... "plus 1 for every 5 damage past 0". */
export const TN_STEP = 5;

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 * @typedef {import("../queue.mjs").DiceQueue} DiceQueue
 */

/**
 * DR-G32: [hit die, Bulk] of a size from `config.sizes`.
 * @param {string} size
 * @param {object} config
 * @returns {[number, number]}
 */
export function sizeEntry(size, config) {
  const table = config.sizes;
  if ( !Object.hasOwn(table, size) ) throw fail(IN, "the size is not in config.sizes");
  return [table[size].hit_die, table[size].bulk];
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
  return Math.max(config.min_health, multiplier * (hitDie + endBonus));
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
    const generation = sheet.generation;
    return [generation === null ? config.generation_default_multiplier : generation, sheet.phenotype_hit_die];
  }
  const [die] = sizeEntry(sheet.size, config);
  return [tierMultiplier(sheet.threat_tier), die];
}

/**
 * The sheet's value of `key`, or `fallback` when it is null.
 * @param {Record<string, any>} sheet
 * @param {string} key
 * @param {number} fallback
 * @returns {number}
 */
function orDefault(sheet, key, fallback) {
  return sheet[key] === null ? fallback : sheet[key];
}

/**
 * DR-G15: Stamina when the sheet omits it: max(min, base + bonus(attribute)).
 * @param {object} fighter
 * @param {object} config
 * @returns {number}
 */
export function staminaDefault(fighter, config) {
  const rule = config.stamina_default;
  const gain = attributeBonus(fighter, rule.attribute, config);
  return dice.poolSize(rule.base, [gain], rule.min);
}

/**
 * DR-R21, DR-R22, DR-G09-G11, DR-G15, DR-G32: a fighter's numbers at the start of a fight.
 *
 * The sheet arrives checked: read through `#/$defs/sheet` by the `fighter_vitals` rule, or built
 * from validated content by `content.fighterSheet`; its size must be in `config.sizes`.
 * @param {object} sheet
 * @param {object} config
 * @returns {object}
 */
export function vitals(sheet, config) {
  const [multiplier, die] = multiplierOf(sheet, config);
  const endBonus = attributeBonus(sheet, "endurance", config);
  const top = maxHealth(multiplier, die, endBonus, config);
  const stamina = orDefault(sheet, "stamina_max", staminaDefault(sheet, config));
  const [, bulk] = sizeEntry(sheet.size, config);
  return {
    max_health: top,
    health: top,
    bulk,
    soak: orDefault(sheet, "soak", config.soak_default),
    toughness: orDefault(sheet, "toughness", config.toughness_default),
    shield_points: orDefault(sheet, "shield_points", config.shield_points_default),
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
  const die = config.zero_health_die;
  const meet = config.zero_health_pass === "meet";
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
  const [mode, fumesEnd] = [config.mode, config.fumes_end_on];
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
  const numbers = vitals(input.sheet, config);
  return [[{ type: "vitals", ...numbers }], numbers];
}

/**
 * DR-R25, DR-G33, DR-E10: `fighter` loses `health_lost` to one landed card, then settles.
 * @type {Rule}
 */
export function takeBlow(input, config, queue) {
  const fighter = input.fighter;
  const before = fighter.health;
  const [events, updated] = settleBlow({ ...fighter, health: before - input.health_lost }, before, config, queue);
  return [events, { fighter: updated }];
}

/** The rules of this module, by camelCase name, in file order. */
export const RULES = Object.freeze({ fighterVitals, takeBlow });
