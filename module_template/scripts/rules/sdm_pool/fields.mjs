/**
 * Readers of the JSON an sdm_pool rule receives; mirror of `compiler/rules/sdm_pool/fields.py`.
 *
 * Each reader checks one value in the order and with the wording of the rule input shapes
 * (`compiler/schemas/rulesets/sdm_pool/defs/inputs.schema.json`): an object's first missing field
 * in declaration order, then its first unknown field in sorted order, then each field in
 * declaration order. A value under `config` fails with `bad_config`, any other with `bad_input`.
 * Messages name paths and ints only, never the values a fixture supplied.
 */

import { BAD_CONFIG, BAD_INPUT, RuleError } from "../errors.mjs";
import { sortedKeys } from "../inputs.mjs";

export const IN = "input";
/** A field with no default: it must be present. */
export const REQUIRED = Symbol("required");
/** A field with no default that may be absent (and stays absent). */
export const OPTIONAL = Symbol("optional");
export const KEY_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;
export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const KEY_EXPECTED = "a key of 1-64 lower-case letters, digits and _";
const ID_EXPECTED = "an id of 1-64 letters, digits, _ and -";

/** @typedef {Array<[string, any]>} Spec  Each field with its default, REQUIRED or OPTIONAL. */

/**
 * Whether `value` is a JSON object (not null, not a list).
 * @param {unknown} value
 * @returns {value is Record<string, any>}
 */
export function isObject(value) {
  return (value !== null) && (typeof value === "object") && !Array.isArray(value);
}

/**
 * The error for a bad value under `where`: `bad_config` under `config`, else `bad_input`.
 * @param {string} where
 * @param {string} message
 * @returns {RuleError}
 */
export function fail(where, message) {
  return new RuleError(where.startsWith("config") ? BAD_CONFIG : BAD_INPUT, message);
}

/**
 * A spec of fields that are all required.
 * @param {Iterable<string>} keys
 * @returns {Spec}
 */
export function required(keys) {
  return [...keys].map(key => [key, REQUIRED]);
}

/**
 * The object at `where` with exactly the fields of `spec`, its defaults filled in a copy.
 * `spec` pairs each field with its default, `REQUIRED` or `OPTIONAL`; a default list or object
 * is copied, never shared.
 * @param {unknown} value
 * @param {string} where
 * @param {Spec} spec
 * @returns {Record<string, any>}
 */
export function readObject(value, where, spec) {
  if ( !isObject(value) ) throw fail(where, `${where} must be an object`);
  for ( const [key, fallback] of spec ) {
    if ( (fallback === REQUIRED) && !Object.hasOwn(value, key) ) throw fail(where, `${where}.${key} is required`);
  }
  const keys = spec.map(([key]) => key);
  const unknown = sortedKeys(Object.keys(value).filter(key => !keys.includes(key)));
  if ( unknown.length ) throw fail(where, `${where}.${unknown[0]} is not a known field`);
  /** @type {Record<string, any>} */
  const found = {};
  for ( const [key, fallback] of spec ) {
    if ( Object.hasOwn(value, key) ) found[key] = value[key];
    else if ( fallback !== OPTIONAL ) found[key] = fresh(fallback);
  }
  return found;
}

/**
 * A copy of a default value, so no two objects share a list or object.
 * @param {any} fallback
 * @returns {any}
 */
function fresh(fallback) {
  if ( Array.isArray(fallback) ) return fallback.map(fresh);
  if ( isObject(fallback) ) return Object.fromEntries(Object.entries(fallback).map(([k, v]) => [k, fresh(v)]));
  return fallback;
}

/**
 * `value` as an integer in `lo..hi` (a boolean is not one).
 * @param {unknown} value
 * @param {string} where
 * @param {number} lo
 * @param {number} hi
 * @returns {number}
 */
export function requireInt(value, where, lo, hi) {
  if ( !Number.isInteger(value) || (value < lo) || (value > hi) ) {
    throw fail(where, `${where} must be an integer in ${lo}..${hi}`);
  }
  return /** @type {number} */ (value);
}

/**
 * `value` as null or an integer in `lo..hi`.
 * @param {unknown} value
 * @param {string} where
 * @param {number} lo
 * @param {number} hi
 * @returns {number|null}
 */
export function optionalInt(value, where, lo, hi) {
  if ( value === null ) return null;
  if ( !Number.isInteger(value) || (value < lo) || (value > hi) ) {
    throw fail(where, `${where} must be null or an integer in ${lo}..${hi}`);
  }
  return /** @type {number} */ (value);
}

/**
 * `value` as true or false.
 * @param {unknown} value
 * @param {string} where
 * @returns {boolean}
 */
export function requireBool(value, where) {
  if ( typeof value !== "boolean" ) throw fail(where, `${where} must be true or false`);
  return value;
}

/**
 * `value` as one of the strings `choices`.
 * @param {unknown} value
 * @param {string} where
 * @param {readonly string[]} choices
 * @returns {string}
 */
export function requireChoice(value, where, choices) {
  if ( (typeof value !== "string") || !choices.includes(value) ) {
    throw fail(where, `${where} must be one of ${choices.join(", ")}`);
  }
  return value;
}

/**
 * `value` as a non-empty string.
 * @param {unknown} value
 * @param {string} where
 * @returns {string}
 */
export function requireText(value, where) {
  if ( (typeof value !== "string") || !value ) throw fail(where, `${where} must be a non-empty string`);
  return value;
}

/**
 * `value` as a lower-case key (a trait, a skill, a tier, a level).
 * @param {unknown} value
 * @param {string} where
 * @param {RegExp} [pattern]
 * @returns {string}
 */
export function requireKey(value, where, pattern = KEY_PATTERN) {
  if ( (typeof value !== "string") || !pattern.test(value) ) throw fail(where, `${where} must be ${KEY_EXPECTED}`);
  return value;
}

/**
 * `value` as null or a lower-case key.
 * @param {unknown} value
 * @param {string} where
 * @returns {string|null}
 */
export function optionalKey(value, where) {
  if ( value === null ) return null;
  if ( (typeof value !== "string") || !KEY_PATTERN.test(value) ) {
    throw fail(where, `${where} must be null or ${KEY_EXPECTED}`);
  }
  return value;
}

/**
 * `value` as a character, weapon or piece id.
 * @param {unknown} value
 * @param {string} where
 * @returns {string}
 */
export function requireId(value, where) {
  if ( (typeof value !== "string") || !ID_PATTERN.test(value) ) throw fail(where, `${where} must be ${ID_EXPECTED}`);
  return value;
}

/**
 * `value` as a list of at most `limit` items.
 * @param {unknown} value
 * @param {string} where
 * @param {number} limit
 * @returns {any[]}
 */
export function requireList(value, where, limit) {
  if ( !Array.isArray(value) || (value.length > limit) ) {
    throw fail(where, `${where} must be a list of at most ${limit} items`);
  }
  return value;
}

/**
 * `value` as an object used as a map, of at most `limit` entries: its [key, value] pairs in
 * sorted key order (never the object's own order, which puts integer-like keys first).
 * @param {unknown} value
 * @param {string} where
 * @param {number} limit
 * @returns {Array<[string, any]>}
 */
export function requireMap(value, where, limit) {
  if ( !isObject(value) || (Object.keys(value).length > limit) ) {
    throw fail(where, `${where} must be an object of at most ${limit} entries`);
  }
  return sortedKeys(Object.keys(value)).map(key => [key, value[key]]);
}

/**
 * `value` as a list of distinct ids.
 * @param {unknown} value
 * @param {string} where
 * @param {number} limit
 * @returns {string[]}
 */
export function idList(value, where, limit) {
  const items = requireList(value, where, limit);
  items.forEach((item, index) => {
    requireId(item, `${where}[${index}]`);
    if ( items.slice(0, index).includes(item) ) throw fail(where, `${where}[${index}] repeats an earlier id`);
  });
  return [...items];
}

/**
 * Fail on the first item whose `id` repeats an earlier one's.
 * @param {Array<{id: string}>} items
 * @param {string} where
 * @returns {void}
 */
export function uniqueIds(items, where) {
  items.forEach((item, index) => {
    if ( items.slice(0, index).some(other => other.id === item.id) ) {
      throw fail(where, `${where}[${index}].id repeats an earlier id`);
    }
  });
}
