/**
 * Exact numbers for the Hazard Dice windows (catalogue §0 C2): distances typed or measured become
 * the engine's quantities (an int, or a reduced `{num, den}`) without ever passing through a float,
 * so a distance on a range-band boundary stays in its band.
 * @module foundry/hazard_location/numbers
 */

/** The engine's bound on each part of an input quantity (tests/golden/README.md). */
const Q_MAX = 10 ** 6;

/** "12", "1.5", "3/2" or "1 1/2" (spaces around the parts allowed). */
const QUANTITY = /^\s*(?:(\d{1,7})(?:\.(\d{1,6}))?|(?:(\d{1,7})\s+)?(\d{1,7})\s*\/\s*(\d{1,7}))\s*$/;

/**
 * @typedef {number | {num: number, den: number}} Quantity  an engine quantity
 * @typedef {{value: Quantity, unit: "m" | "km" | "hex"}} Length  an engine length
 */

/**
 * Greatest common divisor of two non-negative safe integers.
 * @param {number} a
 * @param {number} b
 * @returns {number}
 */
function gcd(a, b) {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * The quantity num/den, reduced; an int when the denominator is 1. Null outside the engine's bounds.
 * @param {number} num
 * @param {number} den
 * @returns {Quantity|null}
 */
export function quantityOf(num, den) {
  if ( !Number.isSafeInteger(num) || !Number.isSafeInteger(den) || (num < 0) || (den < 1) ) return null;
  const g = gcd(num, den) || 1;
  const [n, d] = [num / g, den / g];
  if ( (n > Q_MAX) || (d > Q_MAX) ) return null;
  return d === 1 ? n : { num: n, den: d };
}

/**
 * Read a distance as typed: a whole number, a decimal, a fraction or a mixed number.
 * @param {string} text
 * @returns {Quantity|null}  null when the text is not such a number (or exceeds the bounds)
 */
export function parseQuantity(text) {
  const match = QUANTITY.exec(String(text));
  if ( !match ) return null;
  const [, whole, decimals, mixed, num, den] = match;
  if ( whole !== undefined ) {
    const digits = decimals ?? "";
    return quantityOf(Number(whole + digits), 10 ** digits.length);
  }
  const base = mixed === undefined ? 0 : Number(mixed);
  const d = Number(den);
  if ( d === 0 ) return null;
  return quantityOf((base * d) + Number(num), d);
}

/**
 * A quantity as text: "30", "61/2".
 * @param {Quantity} q
 * @returns {string}
 */
export function formatQuantity(q) {
  return typeof q === "number" ? String(q) : `${q.num}/${q.den}`;
}

/**
 * A length in metres, exactly: hexes times `metresPerHex` (HZ-G32), kilometres times 1000.
 * @param {Length} length
 * @param {number} metresPerHex
 * @returns {Quantity|null}
 */
export function metresOf(length, metresPerHex) {
  const [num, den] = typeof length.value === "number" ? [length.value, 1] : [length.value.num, length.value.den];
  const factor = { m: 1, km: 1000, hex: metresPerHex }[length.unit];
  return quantityOf(num * factor, den);
}
