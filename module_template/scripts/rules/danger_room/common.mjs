/**
 * What the danger_room rules share beyond their declared input shapes; mirror of
 * `compiler/rules/danger_room/common.py`.
 *
 * The harness reads every rule's input through its shape (`inputs.schema.json`) and the config
 * through the rules_config schema, so the rules index both directly. What stays here are the
 * checks a shape cannot state, worded once for both engines: ids unique across a list, an object's
 * keys when they follow another field or the config, and the id pattern such a check needs.
 */

import { sortedKeys } from "../inputs.mjs";
import { fail } from "../shapes.mjs";

export const IN = "input";

/** @typedef {[number, number]} Hex  An axial hex [q, r]. */

/**
 * DR-G22: a checked `[q, r]` as a hex.
 * @param {number[]} value
 * @returns {Hex}
 */
export function asHex(value) {
  return [value[0], value[1]];
}

/**
 * Fail on the first id that repeats an earlier one.
 * @param {string[]} ids
 * @param {string} where
 * @returns {void}
 */
export function uniqueIds(ids, where) {
  ids.forEach((ident, index) => {
    if ( ids.slice(0, index).includes(ident) ) throw fail(where, `${where}[${index}].id repeats an earlier fighter id`);
  });
}

/**
 * Check that `value` holds exactly `keys` (first missing, then first unknown), where the keys
 * follow another field (an aim follows its Reach) or the config (a Sensorial Class).
 * @param {Record<string, unknown>} value
 * @param {string} where
 * @param {readonly string[]} keys
 * @returns {void}
 */
export function exactKeys(value, where, keys) {
  for ( const key of keys ) {
    if ( !Object.hasOwn(value, key) ) throw fail(where, `${where}.${key} is required`);
  }
  const unknown = sortedKeys(Object.keys(value).filter(k => !keys.includes(k)));
  if ( unknown.length ) throw fail(where, `${where}.${unknown[0]} is not a known field`);
}

/**
 * A hex as it appears in events and state: [q, r].
 * @param {Hex} h
 * @returns {number[]}
 */
export function hexJson(h) {
  return [h[0], h[1]];
}

/**
 * Fighter ids: lowercase ASCII, so Python and JS order them identically (DR-G05, DR-G30). The
 * shapes declare the same pattern (`#/$defs/id`); a check the shapes cannot make uses this.
 */
const ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/**
 * `value` as an id: 1-64 of a-z, 0-9, `_`, `-`, starting with a letter or digit.
 * @param {string} value
 * @param {string} where
 * @returns {void}
 */
export function checkId(value, where) {
  if ( !ID_PATTERN.test(value) ) throw fail(where, `${where} must be an id of a-z, 0-9, _ and - (1-64)`);
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
