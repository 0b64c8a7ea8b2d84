/**
 * Checks on the JSON a rule receives (input and config); mirror of `compiler/rules/inputs.py`.
 *
 * Both engines must reject the same malformed data with the same code and message, so the checks
 * run in a fixed order and messages embed only key names and ints, never arbitrary values.
 */

import { BAD_CONFIG, BAD_INPUT, RuleError } from "./errors.mjs";
import { isDie } from "./queue.mjs";

/** Bound on game quantities: sums of up to `MAX_LIST` of them stay exact in JS doubles. */
export const SMALL_INT = (2 ** 31) - 1;

/** Bound on the integer helpers' operands: the largest int a JS number holds exactly. */
export const SAFE_INT = Number.MAX_SAFE_INTEGER;

export const MAX_LIST = 1000;

/**
 * The error for a bad value under `where` ("input..." or "config...").
 * @param {string} where
 * @param {string} message
 * @returns {RuleError}
 */
function fail(where, message) {
  return new RuleError(where.startsWith("config") ? BAD_CONFIG : BAD_INPUT, message);
}

/**
 * Keys in JS's default sort order (UTF-16 code units), so both engines report the same key.
 * @param {Iterable<string>} keys
 * @returns {string[]}
 */
export function sortedKeys(keys) {
  return [...keys].sort();
}

/**
 * Check that `value` is an object with exactly `keys` (first missing, then first unknown).
 * @param {unknown} value
 * @param {string} where
 * @param {string[]} keys
 * @returns {object}
 */
export function expectObject(value, where, keys) {
  if ( (value === null) || (typeof value !== "object") || Array.isArray(value) ) {
    throw fail(where, `${where} must be an object`);
  }
  for ( const key of keys ) {
    if ( !Object.hasOwn(value, key) ) throw fail(where, `${where}.${key} is required`);
  }
  const unknown = sortedKeys(Object.keys(value).filter(key => !keys.includes(key)));
  if ( unknown.length ) throw fail(where, `${where}.${unknown[0]} is not a known field`);
  return value;
}

/**
 * `obj[key]` as an int in `lo..hi`.
 * @param {object} obj
 * @param {string} key
 * @param {string} where
 * @param {number} lo
 * @param {number} hi
 * @returns {number}
 */
export function getInt(obj, key, where, lo, hi) {
  const value = obj[key];
  if ( !Number.isInteger(value) || (value < lo) || (value > hi) ) {
    throw fail(where, `${where}.${key} must be an integer in ${lo}..${hi}`);
  }
  return value;
}

/**
 * `obj[key]` as a bool.
 * @param {object} obj
 * @param {string} key
 * @param {string} where
 * @returns {boolean}
 */
export function getBool(obj, key, where) {
  const value = obj[key];
  if ( typeof value !== "boolean" ) throw fail(where, `${where}.${key} must be true or false`);
  return value;
}

/**
 * `obj[key]` as one of the strings `choices`.
 * @param {object} obj
 * @param {string} key
 * @param {string} where
 * @param {readonly string[]} choices
 * @returns {string}
 */
export function getChoice(obj, key, where, choices) {
  const value = obj[key];
  if ( (typeof value !== "string") || !choices.includes(value) ) {
    throw fail(where, `${where}.${key} must be one of ${choices.join(", ")}`);
  }
  return value;
}

/**
 * `obj[key]` as a non-empty string.
 * @param {object} obj
 * @param {string} key
 * @param {string} where
 * @returns {string}
 */
export function getStr(obj, key, where) {
  const value = obj[key];
  if ( (typeof value !== "string") || !value ) throw fail(where, `${where}.${key} must be a non-empty string`);
  return value;
}

/**
 * `obj[key]` as a die: an int size 2..1000 or "F".
 * @param {object} obj
 * @param {string} key
 * @param {string} where
 * @returns {import("./queue.mjs").Die}
 */
export function getDie(obj, key, where) {
  const value = obj[key];
  if ( !isDie(value) ) throw fail(where, `${where}.${key} must be an integer die size 2..1000 or "F"`);
  return value;
}

/**
 * `obj[key]` as a list of at most `MAX_LIST` items.
 * @param {object} obj
 * @param {string} key
 * @param {string} where
 * @returns {unknown[]}
 */
export function getList(obj, key, where) {
  const value = obj[key];
  if ( !Array.isArray(value) || (value.length > MAX_LIST) ) {
    throw fail(where, `${where}.${key} must be a list of at most ${MAX_LIST} items`);
  }
  return value;
}

/**
 * `obj[key]` as a list of ints in `lo..hi`.
 * @param {object} obj
 * @param {string} key
 * @param {string} where
 * @param {number} lo
 * @param {number} hi
 * @returns {number[]}
 */
export function getIntList(obj, key, where, lo, hi) {
  const items = getList(obj, key, where);
  items.forEach((item, index) => {
    if ( !Number.isInteger(item) || (item < lo) || (item > hi) ) {
      throw fail(where, `${where}.${key}[${index}] must be an integer in ${lo}..${hi}`);
    }
  });
  return items;
}
