/**
 * Exact rationals (C2) and lengths of hazard_location; mirror of `compiler/rules/hazard_location/fields.py`.
 *
 * Quantities (`int | {num, den}`) and lengths (`{value, unit}`) arrive checked against
 * `inputs.schema.json` (`$defs/quantity`, `$defs/length`); these helpers turn them into reduced
 * rationals and do the exact arithmetic on them. Messages embed only key names and ints, so both
 * engines report the same text. Rationals are `[num, den]` pairs of safe integers; every product
 * is formed in BigInt, so nothing is ever rounded.
 */

import { BAD_INPUT, RuleError } from "../errors.mjs";
import { SAFE_INT } from "../inputs.mjs";

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
 * C2: a checked quantity (an int, or `{num, den}`) as a reduced rational.
 * @param {number|{num: number, den: number}} value
 * @returns {Rational}
 */
export function rational(value) {
  if ( Number.isInteger(value) ) return [/** @type {number} */ (value), 1];
  const { num, den } = /** @type {{num: number, den: number}} */ (value);
  return reduce(num, den);
}

/**
 * HZ-G25, HZ-G32: a checked `{value, unit}` length in metres (km x 1000, hex x metres per
 * hex).
 * @param {{value: number|{num: number, den: number}, unit: string}} length
 * @param {number} metresPerHex
 * @returns {Rational}
 */
export function lengthM(length, metresPerHex) {
  const scale = { m: 1, km: METRES_PER_KM, hex: metresPerHex }[length.unit];
  return product(rational(length.value), [scale, 1]);
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
