/**
 * Readers for hazard_location inputs and config; mirror of `compiler/rules/hazard_location/fields.py`.
 *
 * Content arrives as plain objects shaped like catalogue §4.5, with optional fields, so these
 * readers add optional keys and exact rationals (C2) to the shared `inputs` checks. Messages embed
 * only key names and ints, so both engines report the same text. Rationals are `[num, den]` pairs
 * of safe integers; every product is formed in BigInt, so nothing is ever rounded.
 */

import { BAD_CONFIG, BAD_INPUT, RuleError } from "../errors.mjs";
import { MAX_LIST, SAFE_INT, getStr, sortedKeys } from "../inputs.mjs";

/** Bound on each part of an input rational: products of a few stay exact in both engines. */
export const Q_MAX = 10 ** 6;

export const UNITS = Object.freeze(["m", "km", "hex"]);
export const METRES_PER_KM = 1000;

/**
 * @typedef {[number, number]} Rational  An exact non-negative rational [num, den > 0], reduced.
 */

/**
 * Whether `obj` has its own property `key` (never one inherited from Object.prototype).
 * @param {object} obj
 * @param {string} key
 * @returns {boolean}
 */
export function has(obj, key) {
  return Object.hasOwn(obj, key);
}

/**
 * Whether `value` is a JSON object (not null, not a list).
 * @param {unknown} value
 * @returns {boolean}
 */
export function isObject(value) {
  return (value !== null) && (typeof value === "object") && !Array.isArray(value);
}

/**
 * The error for a bad value under `where`: `bad_config` under config, else `bad_input`.
 * @param {string} where
 * @param {string} message
 * @returns {RuleError}
 */
export function fail(where, message) {
  return new RuleError(where.startsWith("config") ? BAD_CONFIG : BAD_INPUT, message);
}

/**
 * An object with every `required` key and no key outside `required` + `optional`.
 * @param {unknown} value
 * @param {string} where
 * @param {readonly string[]} required
 * @param {readonly string[]} [optional=[]]
 * @returns {object}
 */
export function expectFields(value, where, required, optional = []) {
  if ( !isObject(value) ) throw fail(where, `${where} must be an object`);
  for ( const key of required ) {
    if ( !has(value, key) ) throw fail(where, `${where}.${key} is required`);
  }
  const known = [...required, ...optional];
  const unknown = sortedKeys(Object.keys(value).filter(key => !known.includes(key)));
  if ( unknown.length ) throw fail(where, `${where}.${unknown[0]} is not a known field`);
  return value;
}

/**
 * `obj[key]` as an int in `bounds` (inclusive), or `fallback` when the key is absent.
 * @param {object} obj
 * @param {string} key
 * @param {string} where
 * @param {[number, number]} bounds
 * @param {number} fallback
 * @returns {number}
 */
export function optInt(obj, key, where, bounds, fallback) {
  if ( !has(obj, key) ) return fallback;
  const [lo, hi] = bounds;
  const value = obj[key];
  if ( !Number.isInteger(value) || (value < lo) || (value > hi) ) {
    throw fail(where, `${where}.${key} must be an integer in ${lo}..${hi}`);
  }
  return value;
}

/**
 * `obj[key]` as a bool, or `fallback` when the key is absent.
 * @param {object} obj
 * @param {string} key
 * @param {string} where
 * @param {boolean} fallback
 * @returns {boolean}
 */
export function optBool(obj, key, where, fallback) {
  if ( !has(obj, key) ) return fallback;
  const value = obj[key];
  if ( typeof value !== "boolean" ) throw fail(where, `${where}.${key} must be true or false`);
  return value;
}

/**
 * `obj[key]` as a non-empty string; absent or null gives `fallback`.
 * @param {object} obj
 * @param {string} key
 * @param {string} where
 * @param {string|null} fallback
 * @returns {string|null}
 */
export function optStr(obj, key, where, fallback) {
  if ( !has(obj, key) || (obj[key] === null) ) return fallback;
  return getStr(obj, key, where);
}

/**
 * `value` as a list of distinct non-empty strings.
 * @param {unknown} value
 * @param {string} where
 * @returns {string[]}
 */
export function idList(value, where) {
  if ( !Array.isArray(value) || (value.length > MAX_LIST) ) {
    throw fail(where, `${where} must be a list of at most ${MAX_LIST} items`);
  }
  value.forEach((item, index) => {
    if ( (typeof item !== "string") || !item || value.slice(0, index).includes(item) ) {
      throw fail(where, `${where}[${index}] must be a new non-empty string`);
    }
  });
  return value;
}

/**
 * `obj[key]` as a list of distinct non-empty strings.
 * @param {object} obj
 * @param {string} key
 * @param {string} where
 * @returns {string[]}
 */
export function getIds(obj, key, where) {
  return idList(obj[key], `${where}.${key}`);
}

/**
 * The keys of `value` if it is an object (for maps whose keys are data), else none.
 * @param {unknown} value
 * @returns {string[]}
 */
export function anyKeys(value) {
  return isObject(value) ? Object.keys(value) : [];
}

/**
 * The greatest common divisor of two non-negative BigInts (gcd(0, 0) is 0).
 * @param {bigint} a
 * @param {bigint} b
 * @returns {bigint}
 */
function gcd(a, b) {
  while ( b ) [a, b] = [b, a % b];
  return a;
}

/**
 * C2: `num/den` in lowest terms; a result beyond the safe integers is `bad_input`.
 * @param {number|bigint} num
 * @param {number|bigint} den
 * @returns {Rational}
 */
export function reduce(num, den) {
  let [n, d] = [BigInt(num), BigInt(den)];
  const divisor = gcd(n, d) || 1n;
  [n, d] = [n / divisor, d / divisor];
  if ( (n > BigInt(SAFE_INT)) || (d > BigInt(SAFE_INT)) ) {
    throw new RuleError(BAD_INPUT, "an exact result is too large to represent");
  }
  return [Number(n), Number(d)];
}

/**
 * C2: a x b, exact.
 * @param {Rational} a
 * @param {Rational} b
 * @returns {Rational}
 */
export function product(a, b) {
  return reduce(BigInt(a[0]) * BigInt(b[0]), BigInt(a[1]) * BigInt(b[1]));
}

/**
 * C2: -1, 0 or 1 as a is below, equal to or above b, exactly.
 * @param {Rational} a
 * @param {Rational} b
 * @returns {number}
 */
export function compare(a, b) {
  const left = BigInt(a[0]) * BigInt(b[1]);
  const right = BigInt(b[0]) * BigInt(a[1]);
  if ( left === right ) return 0;
  return left > right ? 1 : -1;
}

/**
 * A rational as it appears in events and state: `{num, den}`, reduced.
 * @param {Rational} value
 * @returns {{num: number, den: number}}
 */
export function asJson(value) {
  return { num: value[0], den: value[1] };
}

/**
 * C2: `obj[key]` as an int 0..Q_MAX or `{num, den}` (num 0..Q_MAX, den 1..Q_MAX).
 * @param {object} obj
 * @param {string} key
 * @param {string} where
 * @returns {Rational}
 */
export function getRational(obj, key, where) {
  const value = obj[key];
  if ( Number.isInteger(value) && (value >= 0) && (value <= Q_MAX) ) return [value, 1];
  const keys = isObject(value) ? Object.keys(value).sort() : [];
  if ( (keys.length === 2) && (keys[0] === "den") && (keys[1] === "num") ) {
    const { num, den } = value;
    const ok = Number.isInteger(num) && Number.isInteger(den);
    if ( ok && (num >= 0) && (num <= Q_MAX) && (den >= 1) && (den <= Q_MAX) ) return reduce(num, den);
  }
  throw fail(where, `${where}.${key} must be an integer 0..${Q_MAX} or {num, den} `
    + `with num in 0..${Q_MAX} and den in 1..${Q_MAX}`);
}

/**
 * HZ-G25, HZ-G32: a `{value, unit}` length in metres (km x 1000, hex x metres_per_hex).
 * @param {object} obj
 * @param {string} key
 * @param {string} where
 * @param {number} metresPerHex
 * @returns {Rational}
 */
export function getLength(obj, key, where, metresPerHex) {
  const inner = `${where}.${key}`;
  const fields = expectFields(obj[key], inner, ["value", "unit"]);
  const value = getRational(fields, "value", inner);
  const unit = fields.unit;
  if ( (typeof unit !== "string") || !UNITS.includes(unit) ) {
    throw fail(inner, `${inner}.unit must be one of ${UNITS.join(", ")}`);
  }
  const scale = { m: 1, km: METRES_PER_KM, hex: metresPerHex }[unit];
  return product(value, [scale, 1]);
}

/**
 * The first item whose `id` is `wanted`, or null.
 * @param {object[]} items
 * @param {string} wanted
 * @returns {object|null}
 */
export function byId(items, wanted) {
  return items.find(item => has(item, "id") && (item.id === wanted)) ?? null;
}

/**
 * `config[key]` as an object with exactly `fields` (nested config is checked here).
 * @param {object} config
 * @param {string} key
 * @param {readonly string[]} fields
 * @returns {object}
 */
export function configObject(config, key, fields) {
  return expectFields(config[key], `config.${key}`, fields);
}
