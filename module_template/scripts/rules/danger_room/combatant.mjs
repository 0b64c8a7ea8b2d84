/**
 * The in-fight fighter record that part B's rules read and write; mirror of
 * `compiler/rules/danger_room/combatant.py` (see it for the record's keys and meaning).
 */

import { bonus, cardlessPool, readAttributes } from "./attributes.mjs";
import { readId } from "./common.mjs";
import { BAD_INPUT, RuleError } from "../errors.mjs";
import { SMALL_INT, getBool, getChoice, getInt, getList, getStr, sortedKeys } from "../inputs.mjs";

const S = SMALL_INT;

export const STATUSES = Object.freeze(["fighting", "on_fumes", "down", "obliterated"]);
export const CONDITIONS = Object.freeze([
  "fumbling", "dazzled", "confused", "lucky", "jinxed", "dizzy", "dampened"
]);

/** DR-R22: the threat tiers and their Health multipliers, as the seed states them. */
export const THREAT_TIERS = Object.freeze({
  introduced: 2,
  established: 4,
  invasive: 7,
  dominant: 12,
  transformative: 25
});

export const FIGHTER_KEYS = Object.freeze([
  "id", "side", "attributes", "health", "max_health", "status", "threat_tier", "bulk", "soak",
  "toughness", "shield_points", "vulnerable", "resist", "immune", "stamina", "stamina_max",
  "conditions", "acted"
]);

/**
 * Whether `value` is a JSON object (not null, not a list).
 * @param {unknown} value
 * @returns {boolean}
 */
function isObject(value) {
  return (value !== null) && (typeof value === "object") && !Array.isArray(value);
}

/**
 * Check that `value` is an object holding `keys`; other keys are allowed and kept.
 * @param {unknown} value
 * @param {string} where
 * @param {readonly string[]} keys
 * @returns {object}
 */
export function requireKeys(value, where, keys) {
  if ( !isObject(value) ) throw new RuleError(BAD_INPUT, `${where} must be an object`);
  for ( const key of keys ) {
    if ( !Object.hasOwn(value, key) ) throw new RuleError(BAD_INPUT, `${where}.${key} is required`);
  }
  return value;
}

/**
 * `obj[key]` as a list of non-empty strings (damage types, tags).
 * @param {object} obj
 * @param {string} key
 * @param {string} where
 * @returns {string[]}
 */
export function checkNames(obj, key, where) {
  const items = getList(obj, key, where);
  items.forEach((item, index) => {
    if ( (typeof item !== "string") || !item ) {
      throw new RuleError(BAD_INPUT, `${where}.${key}[${index}] must be a non-empty string`);
    }
  });
  return items;
}

/**
 * DR-R29: condition id -> last Turn it lasts, or null while it has no set end.
 * @param {unknown} value
 * @param {string} where
 * @returns {object}
 */
export function checkConditions(value, where) {
  if ( !isObject(value) ) throw new RuleError(BAD_INPUT, `${where} must be an object`);
  for ( const name of sortedKeys(Object.keys(value)) ) {
    if ( !CONDITIONS.includes(name) ) {
      throw new RuleError(BAD_INPUT, `${where} holds a condition that is not one of the seven`);
    }
    if ( value[name] !== null ) getInt(value, name, where, 0, S);
  }
  return { ...value };
}

/**
 * DR-R01, DR-R29: a fighter record, checked key by key; returns a copy to update.
 * @param {unknown} value
 * @param {string} where
 * @returns {object}
 */
export function checkFighter(value, where) {
  const fields = requireKeys(value, where, FIGHTER_KEYS);
  readId(fields, "id", where);
  getStr(fields, "side", where);
  readAttributes(fields, where);
  getInt(fields, "max_health", where, 1, S);
  getInt(fields, "health", where, -S, S);
  getChoice(fields, "status", where, STATUSES);
  if ( fields.threat_tier !== null ) getChoice(fields, "threat_tier", where, Object.keys(THREAT_TIERS));
  for ( const key of ["bulk", "soak", "toughness"] ) getInt(fields, key, where, -S, S);
  getInt(fields, "shield_points", where, 0, S);
  for ( const key of ["vulnerable", "resist", "immune"] ) checkNames(fields, key, where);
  getInt(fields, "stamina_max", where, 0, S);
  getInt(fields, "stamina", where, 0, S);
  checkConditions(fields.conditions, `${where}.conditions`);
  getBool(fields, "acted", where);
  return { ...fields, conditions: { ...fields.conditions } };
}

/**
 * DR-R03, DR-G01: the bonus of one of the fighter's attributes.
 * @param {object} fighter
 * @param {string} name
 * @param {object} config
 * @returns {number}
 */
export function attributeBonus(fighter, name, config) {
  return bonus(fighter.attributes[name], config);
}

/**
 * DR-R19 step 6, DR-E03: the Endurance pool, 3 + Endurance bonus (at least 1).
 * @param {object} fighter
 * @param {object} config
 * @returns {number}
 */
export function endurancePool(fighter, config) {
  return cardlessPool(attributeBonus(fighter, "endurance", config));
}

/**
 * DR-R29: whether the fighter carries `condition` now.
 * @param {object} fighter
 * @param {string} condition
 * @returns {boolean}
 */
export function has(fighter, condition) {
  return Object.hasOwn(fighter.conditions, condition);
}

/**
 * DR-R25, DR-G33 f: damage past 0, cumulative while Health is at or below 0.
 * @param {number} health
 * @returns {number}
 */
export function overflow(health) {
  return Math.max(0, -health);
}
