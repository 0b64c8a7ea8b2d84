/**
 * The damage pool and the per-hit steps 3-6 of DR-R19; mirror of
 * `compiler/rules/danger_room/damage.py`.
 *
 * Step 1 builds the pool (`poolParts`), step 2 rolls it (`rolls.roll`), and `settleHit` runs
 * steps 3-6 on one hit: save halving, Toughness (unless Lacerating), Shield, Dizzy.
 * `resolveHit` in `hits.mjs` strings them together for one card on one target.
 */

import * as dice from "../dice.mjs";
import { ATTRIBUTES } from "./attributes.mjs";
import { attributeBonus, checkFighter, checkNames, requireKeys } from "./combatant.mjs";
import { TIMED, checkDizzy } from "./conditions.mjs";
import { DEFENSE_MODELS } from "./saves.mjs";
import { BAD_INPUT, RuleError } from "../errors.mjs";
import { SMALL_INT, expectObject, getBool, getChoice, getInt, getList, getStr } from "../inputs.mjs";

const IN = "input";
const CF = "config";
const S = SMALL_INT;
export const CARD_KEYS = Object.freeze([
  "id", "kind", "damage", "base_attribute", "damage_type", "hits", "tags", "save", "inflicts"
]);
const ON_SAVE = Object.freeze(["half", "negate"]);

/** DR-R19 step 1: Vulnerable adds 2 dice, Resist takes 2 away. */
const RELATION_DICE = 2;

export const MAX_HITS = 100;

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
 * @typedef {object} Hit  One rolled hit on its way through steps 3-6.
 * @property {number} number
 * @property {number} rolled
 * @property {boolean} saved
 * @property {boolean} negated
 */

/**
 * Check the card's `save`: null or `{attribute, on_save}`.
 * @param {object} card
 * @param {string} where
 */
function checkSave(card, where) {
  if ( card.save === null ) return;
  const save = expectObject(card.save, `${where}.save`, ["attribute", "on_save"]);
  getStr(save, "attribute", `${where}.save`);
  getChoice(save, "on_save", `${where}.save`, ON_SAVE);
}

/**
 * Check the card's `inflicts`: `{condition, duration_turns}` riders.
 * @param {object} card
 * @param {string} where
 */
function checkInflicts(card, where) {
  getList(card, "inflicts", where).forEach((item, index) => {
    const at = `${where}.inflicts[${index}]`;
    const rider = expectObject(item, at, ["condition", "duration_turns"]);
    getChoice(rider, "condition", at, TIMED);
    if ( rider.duration_turns !== null ) getInt(rider, "duration_turns", at, 1, S);
  });
}

/**
 * DR-R18, DR-R19, DR-R20: the card fields the damage steps read (others are kept).
 * @param {unknown} value
 * @param {string} where
 * @returns {object}
 */
export function checkCard(value, where) {
  const card = requireKeys(value, where, CARD_KEYS);
  getStr(card, "id", where);
  getStr(card, "kind", where);
  if ( card.damage !== null ) {
    getInt(card, "damage", where, 0, S);
    // DR-R18: "Nothing is assumed from the kind of card."
    if ( card.base_attribute === null ) {
      throw new RuleError(BAD_INPUT, `${where}.base_attribute is required when damage is set`);
    }
  }
  if ( card.base_attribute !== null ) getChoice(card, "base_attribute", where, ATTRIBUTES);
  if ( card.damage_type !== null ) getStr(card, "damage_type", where);
  getInt(card, "hits", where, 1, MAX_HITS);
  checkNames(card, "tags", where);
  checkSave(card, where);
  checkInflicts(card, where);
  return card;
}

/**
 * DR-R11: a save stops a hinder-only power outright, as it does a `negate` save.
 * @param {object} card
 * @returns {boolean}
 */
export function negatesOnSave(card) {
  const save = card.save;
  return (save !== null) && ((save.on_save === "negate") || card.tags.includes("hinder_only"));
}

/**
 * DR-R19 step 1, DR-G13: immune, vulnerable, resist or neutral (`net`: V and R cancel).
 * @param {object} target
 * @param {string|null} damageType
 * @param {object} config
 * @returns {string}
 */
export function relation(target, damageType, config) {
  getChoice(config, "type_relation_combine", CF, ["net"]);
  if ( damageType === null ) return "neutral";
  if ( target.immune.includes(damageType) ) return "immune";
  const net = Number(target.vulnerable.includes(damageType)) - Number(target.resist.includes(damageType));
  if ( net > 0 ) return "vulnerable";
  return net < 0 ? "resist" : "neutral";
}

/**
 * DR-G06: under `soak_bonus`, a reactable attack meets max(0, Agility bonus) more Soak.
 * @param {object} target
 * @param {boolean} unreactable
 * @param {object} config
 * @returns {number}
 */
export function defenseSoak(target, unreactable, config) {
  const model = getChoice(config, "defense_model", CF, DEFENSE_MODELS);
  if ( (model !== "soak_bonus") || unreactable ) return 0;
  return Math.max(0, attributeBonus(target, "agility", config));
}

/**
 * DR-R18, DR-R19 step 1, DR-G09, DR-G12, DR-E05: the damage pool and its parts, P11.
 *
 * Damage + Base Attribute bonus - Soak +/- 2 - Visibility penalty dice, clamped once at
 * `damage_pool_min`. `aim` carries `unreactable` and `penalty_dice` (worked out by part A).
 * @param {object} attacker
 * @param {object} target
 * @param {object} card
 * @param {object} aim
 * @param {object} config
 * @returns {object}
 */
export function poolParts(attacker, target, card, aim, config) {
  const gain = attributeBonus(attacker, card.base_attribute, config);
  const soak = target.soak + defenseSoak(target, aim.unreactable, config);
  const kind = relation(target, card.damage_type, config);
  const shift = { vulnerable: RELATION_DICE, resist: -RELATION_DICE }[kind] ?? 0;
  const floor = getInt(config, "damage_pool_min", CF, 0, 100);
  const size = dice.poolSize(card.damage, [gain, -soak, shift, -aim.penalty_dice], floor);
  return {
    card_damage: card.damage,
    bonus: gain,
    soak,
    relation: kind,
    relation_dice: shift,
    penalty_dice: aim.penalty_dice,
    size
  };
}

/**
 * DR-R19 steps 3-6, DR-R20, DR-G11, DR-G18: one hit from its rolled successes to Health.
 *
 * A save halves (P13, rounding down) or negates; Toughness comes off every hit unless the
 * card is Lacerating; Shield points absorb what is left; the Dizzy check runs per hit.
 * @param {object} target
 * @param {Hit} hit
 * @param {object} card
 * @param {number} turn
 * @param {object} config
 * @returns {[object[], object]}
 */
export function settleHit(target, hit, card, turn, config) {
  let afterSave = hit.rolled;
  if ( hit.negated ) afterSave = 0;
  else if ( hit.saved ) afterSave = dice.halve(hit.rolled);
  const lacerating = card.tags.includes("lacerating");
  const toughness = lacerating ? 0 : target.toughness;
  const afterToughness = Math.max(0, afterSave - toughness);
  const absorbed = Math.min(target.shield_points, afterToughness);
  const lost = afterToughness - absorbed;
  const updated = { ...target, shield_points: target.shield_points - absorbed, health: target.health - lost };
  const event = {
    type: "damage",
    fighter: target.id,
    hit: hit.number,
    rolled: hit.rolled,
    saved: hit.saved,
    after_save: afterSave,
    toughness,
    lacerating,
    after_toughness: afterToughness,
    shield_absorbed: absorbed,
    health_lost: lost,
    health: updated.health
  };
  const [dizzyEvents, dizzied] = checkDizzy(updated, lost, turn, config);
  return [[event, ...dizzyEvents], dizzied];
}

/* -------------------------------------------- */
/*  Rules                                       */
/* -------------------------------------------- */

/**
 * The attack's `unreactable` and `penalty_dice` from a rule's input.
 * @param {object} fields
 * @returns {object}
 */
function aimOf(fields) {
  return {
    unreactable: getBool(fields, "unreactable", IN),
    penalty_dice: getInt(fields, "penalty_dice", IN, 0, S)
  };
}

/**
 * DR-R18, DR-R19 step 1, DR-G06, DR-G12, DR-G13, DR-E05, DR-E07: a pool's size; no dice.
 * @type {Rule}
 */
export function damagePool(input, config, queue) {
  const fields = expectObject(input, IN, ["attacker", "target", "card", "unreactable", "penalty_dice"]);
  const attacker = checkFighter(fields.attacker, `${IN}.attacker`);
  const target = checkFighter(fields.target, `${IN}.target`);
  const card = checkCard(fields.card, `${IN}.card`);
  if ( card.damage === null ) throw new RuleError(BAD_INPUT, `${IN}.card.damage must be set for a damage pool`);
  const parts = poolParts(attacker, target, card, aimOf(fields), config);
  if ( parts.relation === "immune" ) {
    const event = { type: "immune", fighter: target.id, damage_type: card.damage_type };
    return [[event], { immune: true, pool: 0 }];
  }
  const event = { type: "damage_pool", attacker: attacker.id, target: target.id, ...parts };
  return [[event], { immune: false, pool: parts.size }];
}

/**
 * DR-R19 steps 3-6, DR-G10, DR-G11, DR-E06: `rolled` successes of one hit on `target`.
 * @type {Rule}
 */
export function hitSteps(input, config, queue) {
  const fields = expectObject(input, IN, ["target", "card", "hit", "rolled", "saved", "turn"]);
  const target = checkFighter(fields.target, `${IN}.target`);
  const card = checkCard(fields.card, `${IN}.card`);
  const number = getInt(fields, "hit", IN, 1, MAX_HITS);
  const rolled = getInt(fields, "rolled", IN, 0, S);
  const saved = getBool(fields, "saved", IN);
  const turn = getInt(fields, "turn", IN, 1, S);
  const negated = saved && negatesOnSave(card);
  const [events, updated] = settleHit(target, { number, rolled, saved, negated }, card, turn, config);
  return [events, { target: updated }];
}

/** The rules of this module, by camelCase name, in file order. */
export const RULES = Object.freeze({ damagePool, hitSteps });
