/**
 * Exact outcome distributions with integer weights; mirror of `compiler/rules/exact.py`.
 *
 * A distribution is a set of distinct outcomes (JSON values, told apart by their canonical JSON),
 * each with a positive BigInt weight, and the total of the weights: an outcome's probability is
 * its weight over the total, an exact rational. Nothing here is a float; a float appears only when
 * a report displays a probability. Results are `reduced`, so both engines write the same numbers.
 *
 * Pools of exchangeable dice are composed in one step: a die whose faces score s1..sk with weights
 * w1..wk is the polynomial Σ wi·x^si, and n such dice are its n-th power, taken by Kronecker
 * substitution (one BigInt holds the polynomial, one coefficient per fixed-width slot).
 */

import { BAD_INPUT, RuleError } from "./errors.mjs";
import { sortedKeys } from "./inputs.mjs";
import { canonicalJson } from "./shapes.mjs";

/**
 * @typedef {object} Dist  Outcomes by canonical JSON key, their BigInt weights, and the total.
 * @property {Map<string, any>} outcomes
 * @property {Map<string, bigint>} weights
 * @property {bigint} total
 */

/**
 * Greatest common divisor of non-negative BigInts (0 for none).
 * @param {bigint[]} values
 * @returns {bigint}
 */
function gcdOf(values) {
  let found = 0n;
  for ( const value of values ) {
    let a = found;
    let b = value < 0n ? -value : value;
    while ( b ) [a, b] = [b, a % b];
    found = a;
  }
  return found;
}

/**
 * Least common multiple of positive BigInts (1 for none).
 * @param {bigint[]} values
 * @returns {bigint}
 */
function lcmOf(values) {
  let found = 1n;
  for ( const value of values ) found = found / gcdOf([found, value]) * value;
  return found;
}

/**
 * Add `weight` to the outcome `outcome` of key `key`.
 * @param {Map<string, any>} outcomes
 * @param {Map<string, bigint>} weights
 * @param {string} key
 * @param {any} outcome
 * @param {bigint} weight
 */
function addTo(outcomes, weights, key, outcome, weight) {
  if ( !outcomes.has(key) ) outcomes.set(key, outcome);
  weights.set(key, (weights.get(key) ?? 0n) + weight);
}

/**
 * C2: the certain outcome `outcome` (weight 1 of 1).
 * @param {any} outcome
 * @returns {Dist}
 */
export function point(outcome) {
  const key = canonicalJson(outcome);
  return { outcomes: new Map([[key, outcome]]), weights: new Map([[key, 1n]]), total: 1n };
}

/**
 * C2: the distribution of `[outcome, num, den]` leaves whose probabilities num/den add to 1.
 * The leaves are put over one denominator, the least common multiple of theirs.
 * @param {Array<[any, bigint, bigint]>} leaves
 * @returns {Dist}
 */
export function fromLeaves(leaves) {
  const common = lcmOf(leaves.map(leaf => leaf[2]));
  const outcomes = new Map();
  const weights = new Map();
  for ( const [outcome, num, den] of leaves ) {
    addTo(outcomes, weights, canonicalJson(outcome), outcome, num * (common / den));
  }
  let total = 0n;
  for ( const weight of weights.values() ) total += weight;
  if ( total !== common ) throw new RuleError(BAD_INPUT, "the leaves' probabilities do not add up to 1");
  return reduced({ outcomes, weights, total });
}

/**
 * C2: `dist` with its weights and total divided by their greatest common divisor.
 * @param {Dist} dist
 * @returns {Dist}
 */
export function reduced(dist) {
  const factor = gcdOf([dist.total, ...dist.weights.values()]);
  if ( factor <= 1n ) return dist;
  const weights = new Map([...dist.weights].map(([key, weight]) => [key, weight / factor]));
  return { outcomes: dist.outcomes, weights, total: dist.total / factor };
}

/**
 * C2: each outcome of `dist` followed by the distribution `step` gives for it.
 * The chain of independent stages: a final outcome's weight is the sum, over the paths reaching
 * it, of the products of the stage probabilities.
 * @param {Dist} dist
 * @param {(outcome: any) => Dist} step
 * @returns {Dist}
 */
export function bind(dist, step) {
  const parts = [...dist.outcomes].map(([key, outcome]) => [dist.weights.get(key), step(outcome)]);
  const common = lcmOf(parts.map(([, part]) => part.total));
  const outcomes = new Map();
  const weights = new Map();
  for ( const [weight, part] of parts ) {
    const scale = weight * (common / part.total);
    for ( const [key, outcome] of part.outcomes ) {
      addTo(outcomes, weights, key, outcome, scale * part.weights.get(key));
    }
  }
  return reduced({ outcomes, weights, total: dist.total * common });
}

/**
 * C2: the distribution of `fn(outcome)`; outcomes it maps together add up.
 * @param {Dist} dist
 * @param {(outcome: any) => any} fn
 * @returns {Dist}
 */
export function mapOutcomes(dist, fn) {
  const outcomes = new Map();
  const weights = new Map();
  for ( const [key, outcome] of dist.outcomes ) {
    const image = fn(outcome);
    addTo(outcomes, weights, canonicalJson(image), image, dist.weights.get(key));
  }
  return reduced({ outcomes, weights, total: dist.total });
}

/**
 * C2: num/den in lowest terms, the denominator positive.
 * @param {bigint} num
 * @param {bigint} den
 * @returns {[bigint, bigint]}
 */
export function fraction(num, den) {
  if ( den === 0n ) throw new RuleError(BAD_INPUT, "a fraction has denominator 0");
  if ( den < 0n ) [num, den] = [-num, -den];
  const factor = gcdOf([num, den]) || 1n;
  return [num / factor, den / factor];
}

/**
 * C2: the exact probability that an outcome satisfies `predicate`, as [num, den].
 * @param {Dist} dist
 * @param {(outcome: any) => boolean} predicate
 * @returns {[bigint, bigint]}
 */
export function probability(dist, predicate) {
  let num = 0n;
  for ( const [key, outcome] of dist.outcomes ) if ( predicate(outcome) ) num += dist.weights.get(key);
  return fraction(num, dist.total);
}

/**
 * C2: the exact mean of the integer `value(outcome)`, as [num, den].
 * @param {Dist} dist
 * @param {(outcome: any) => number} value
 * @returns {[bigint, bigint]}
 */
export function expectation(dist, value) {
  let num = 0n;
  for ( const [key, outcome] of dist.outcomes ) num += dist.weights.get(key) * BigInt(value(outcome));
  return fraction(num, dist.total);
}

/**
 * C2, C3: the sum of `count` dice, each scoring `score` on `weight` of its faces.
 * `kernel` lists `[score, weight]`; returns sum -> number of face sequences giving it (they add
 * up to (Σ weight)^count). One BigInt power by Kronecker substitution.
 * @param {number} count
 * @param {Array<[number, number]>} kernel
 * @returns {Map<number, bigint>}
 */
export function poolScores(count, kernel) {
  if ( count <= 0 ) return new Map([[0, 1n]]);
  let low = kernel[0][0];
  let high = kernel[0][0];
  let sides = 0n;
  for ( const [score, weight] of kernel ) {
    low = Math.min(low, score);
    high = Math.max(high, score);
    sides += BigInt(weight);
  }
  // A slot holds any count of the sides ** count face sequences.
  const width = BigInt((count * sides.toString(2).length) + 1);
  let packed = 0n;
  for ( const [score, weight] of kernel ) packed += BigInt(weight) << (width * BigInt(score - low));
  let power = packed ** BigInt(count);
  const mask = (1n << width) - 1n;
  const found = new Map();
  for ( let slot = 0; slot <= count * (high - low); slot++ ) {
    const ways = power & mask;
    if ( ways ) found.set((count * low) + slot, ways);
    power >>= width;
  }
  return found;
}

/**
 * C2, C3: every way `count` dice fall into classes of `weights` faces, with its number.
 * Returns `[counts per class, face sequences]`: the multinomial coefficient times each class's
 * weight to the power of its count. Classes in order; counts in reverse lexicographic order.
 * @param {number} count
 * @param {number[]} weights
 * @returns {Array<[number[], bigint]>}
 */
export function poolCounts(count, weights) {
  if ( !weights.length ) throw new RuleError(BAD_INPUT, "a pool needs at least one class of faces");
  /** @type {Array<[number[], bigint]>} */
  const found = [];
  const place = (index, left, counts, ways) => {
    if ( index === weights.length - 1 ) {
      found.push([[...counts, left], ways * (BigInt(weights[index]) ** BigInt(left))]);
      return;
    }
    let choose = 1n;
    for ( let here = 0; here <= left; here++ ) {
      place(index + 1, left - here, [...counts, here], ways * choose * (BigInt(weights[index]) ** BigInt(here)));
      choose = choose * BigInt(left - here) / BigInt(here + 1);
    }
  };
  place(0, Math.max(count, 0), [], 1n);
  const compare = (a, b) => {
    for ( let i = 0; i < a.length; i++ ) if ( a[i] !== b[i] ) return b[i] - a[i];
    return 0;
  };
  return found.sort((a, b) => compare(a[0], b[0]));
}

/**
 * C2: `dist` as JSON, outcomes in key order, weights and total as decimal strings.
 * @param {Dist} dist
 * @returns {{total: string, outcomes: Array<{outcome: any, weight: string}>}}
 */
export function distJson(dist) {
  return {
    total: String(dist.total),
    outcomes: sortedKeys([...dist.outcomes.keys()]).map(key => ({
      outcome: dist.outcomes.get(key), weight: String(dist.weights.get(key))
    }))
  };
}

/**
 * C2: an exact fraction as `{num, den}` decimal strings (a JS number holds 2^53 at most).
 * @param {[bigint, bigint]} value
 * @returns {{num: string, den: string}}
 */
export function fractionJson(value) {
  return { num: String(value[0]), den: String(value[1]) };
}

/**
 * C2: `[outcome, weight]` in key order (the order both engines list them in).
 * @param {Dist} dist
 * @returns {Array<[any, bigint]>}
 */
export function outcomeList(dist) {
  return sortedKeys([...dist.outcomes.keys()]).map(key => [dist.outcomes.get(key), dist.weights.get(key)]);
}
