/**
 * Readers shared by the danger_room rules: config sub-objects, hexes, ids; mirror of
 * `compiler/rules/danger_room/common.py`.
 *
 * Every check goes through `../inputs.mjs`, so both engines reject the same malformed input
 * with the same code and message (a sub-object's `where` starting with `config` is `bad_config`).
 */

import { BAD_CONFIG, BAD_INPUT, RuleError } from "../errors.mjs";
import { expectObject, getList } from "../inputs.mjs";

export const IN = "input";
export const CF = "config";

/** Bound on axial hex coordinates: far beyond any map, small enough for exact sums. */
export const HEX_LIMIT = 10000;

/** @typedef {[number, number]} Hex  An axial hex [q, r]. */

/**
 * `bad_config` for a value under `config`, `bad_input` for one under `input`.
 * @param {string} where
 * @returns {string}
 */
export function codeFor(where) {
  return where.startsWith(CF) ? BAD_CONFIG : BAD_INPUT;
}

/**
 * The config sub-object `key`, checked to hold exactly `keys` (`bad_config` otherwise).
 * @param {object} config
 * @param {string} key
 * @param {string[]} keys
 * @returns {object}
 */
export function configObject(config, key, keys) {
  return expectObject(config[key], `${CF}.${key}`, keys);
}

/**
 * `value` as an axial hex [q, r] of integers within -HEX_LIMIT..HEX_LIMIT (DR-G22).
 * @param {unknown} value
 * @param {string} where
 * @returns {Hex}
 */
export function hexValue(value, where) {
  const ok = Array.isArray(value) && (value.length === 2)
    && value.every(c => Number.isInteger(c) && (c >= -HEX_LIMIT) && (c <= HEX_LIMIT));
  if ( !ok ) {
    throw new RuleError(BAD_INPUT, `${where} must be a hex [q, r] of integers in -${HEX_LIMIT}..${HEX_LIMIT}`);
  }
  return [value[0], value[1]];
}

/**
 * `obj[key]` as an axial hex (DR-G22).
 * @param {object} obj
 * @param {string} key
 * @param {string} where
 * @returns {Hex}
 */
export function readHex(obj, key, where) {
  return hexValue(obj[key], `${where}.${key}`);
}

/**
 * `obj[key]` as a list of distinct non-empty strings (tags, traits, ids).
 * @param {object} obj
 * @param {string} key
 * @param {string} where
 * @returns {string[]}
 */
export function readStrList(obj, key, where) {
  const items = getList(obj, key, where);
  items.forEach((item, index) => {
    if ( (typeof item !== "string") || !item || items.slice(0, index).includes(item) ) {
      throw new RuleError(codeFor(where), `${where}.${key}[${index}] must be a new non-empty string`);
    }
  });
  return items;
}

/**
 * `obj[key]` as a list, each item paired with its `where` path for further checks.
 * @param {object} obj
 * @param {string} key
 * @param {string} where
 * @returns {Array<[string, unknown]>}
 */
export function readObjects(obj, key, where) {
  return getList(obj, key, where).map((item, i) => [`${where}.${key}[${i}]`, item]);
}

/**
 * Fail on the first id that repeats an earlier one.
 * @param {string[]} ids
 * @param {string} where
 * @returns {void}
 */
export function uniqueIds(ids, where) {
  ids.forEach((ident, index) => {
    if ( ids.slice(0, index).includes(ident) ) {
      throw new RuleError(BAD_INPUT, `${where}[${index}].id repeats an earlier fighter id`);
    }
  });
}

/**
 * A hex as it appears in events and state: [q, r].
 * @param {Hex} h
 * @returns {number[]}
 */
export function hexJson(h) {
  return [h[0], h[1]];
}

/** Fighter ids: lowercase ASCII, so Python and JS order them identically (DR-G05, DR-G30). */
const ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/**
 * `obj[key]` as a fighter id: 1-64 of a-z, 0-9, `_`, `-`, starting with a letter or digit.
 * @param {object} obj
 * @param {string} key
 * @param {string} where
 * @returns {string}
 */
export function readId(obj, key, where) {
  const value = obj[key];
  if ( (typeof value !== "string") || !ID_PATTERN.test(value) ) {
    throw new RuleError(BAD_INPUT, `${where}.${key} must be an id of a-z, 0-9, _ and - (1-64)`);
  }
  return value;
}

/**
 * Compare two keys the way Python compares tuples of ints and ASCII strings.
 * @param {Array<number|string>} a
 * @param {Array<number|string>} b
 * @returns {number}
 */
export function compareKeys(a, b) {
  for ( let i = 0; i < a.length; i++ ) {
    if ( a[i] < b[i] ) return -1;
    if ( a[i] > b[i] ) return 1;
  }
  return 0;
}
