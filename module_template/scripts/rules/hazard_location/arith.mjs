/**
 * The boundary-deciding arithmetic of hazard_location, exact (C2); mirror of
 * `compiler/rules/hazard_location/arith.py`.
 *
 * Every function takes and returns ints or reduced rationals `[num, den]`; products are formed in
 * BigInt, and nothing rounds except the floors and ceilings the seed states.
 */

import * as dice from "../dice.mjs";
import { compare, product, reduce } from "./fields.mjs";

export const CALLED_SHOT_MIN = 1;
export const CALLED_SHOT_MAX = 4;
export const CALLED_SHOT_BASE = 5;
export const NORMAL_METRES_PER_AGI = 5;
export const FULL_ROUND_METRES_PER_AGI = 10;
export const MASSIVE_MULTIPLE = 2;

/**
 * @typedef {import("./fields.mjs").Rational} Rational
 */

/**
 * floor(num / den) for BigInts with num >= 0 and den > 0 (BigInt division truncates, which is
 * the floor for non-negative operands).
 * @param {bigint} num
 * @param {bigint} den
 * @returns {number}
 */
function floorBig(num, den) {
  return Number(num / den);
}

/**
 * HZ-R10, P14: max(0, ceil(distance / Optimal Range) - 1); a boundary stays in its band.
 * @param {Rational} distance
 * @param {Rational} optimal
 * @returns {number}
 */
export function rangePenalty(distance, optimal) {
  const num = BigInt(distance[0]) * BigInt(optimal[1]);
  const den = BigInt(distance[1]) * BigInt(optimal[0]);
  // ceil(n / d) = floor((n + d - 1) / d) for n >= 0, d > 0.
  return Math.max(0, floorBig(num + den - 1n, den) - 1);
}

/**
 * HZ-R10, HZ-G31: exactly at Maximum Range is within reach; beyond it is not.
 * @param {Rational} distance
 * @param {Rational} maximum
 * @returns {boolean}
 */
export function withinMaxRange(distance, maximum) {
  return compare(distance, maximum) <= 0;
}

/**
 * HZ-R19, P14: max(1, min(4, 5 - ceil(sqrt P))) dice, P the location's whole percentage.
 * @param {number} percent
 * @returns {number}
 */
export function calledShotPenalty(percent) {
  const raw = CALLED_SHOT_BASE - dice.ceilSqrt(percent);
  return Math.max(CALLED_SHOT_MIN, Math.min(CALLED_SHOT_MAX, raw));
}

/**
 * HZ-R26, HZ-G25, P14: full Damage within the radius, else floor(D * R^2 / d^2).
 * @param {number} listed
 * @param {Rational} radius
 * @param {Rational} distance
 * @returns {number}
 */
export function blastDamage(listed, radius, distance) {
  if ( compare(distance, radius) <= 0 ) return listed;
  const [rn, rd, dn, dd] = [...radius, ...distance].map(BigInt);
  return floorBig(BigInt(listed) * rn * rn * dd * dd, rd * rd * dn * dn);
}

/**
 * HZ-R04, HZ-R05, HZ-G17: AGI x 5 m (normal) or AGI x 10 m (full round) x each factor.
 * @param {number} agility
 * @param {boolean} fullRound
 * @param {Rational[]} factors
 * @returns {Rational}
 */
export function allowanceMetres(agility, fullRound, factors) {
  const perPoint = fullRound ? FULL_ROUND_METRES_PER_AGI : NORMAL_METRES_PER_AGI;
  let allowance = reduce(agility * perPoint, 1);
  for ( const factor of factors ) allowance = product(allowance, factor);
  return allowance;
}

/**
 * HZ-R05, HZ-G32: a length in hexes, fractions kept (half a hex is 5 metres).
 * @param {Rational} metres
 * @param {number} metresPerHex
 * @returns {Rational}
 */
export function inHexes(metres, metresPerHex) {
  return reduce(metres[0], BigInt(metres[1]) * BigInt(metresPerHex));
}

/**
 * HZ-R22, P14: floor(D / Total Stamina) when D >= 2 x Total Stamina, else 0 (not massive).
 * @param {number} damage
 * @param {number} totalStamina
 * @returns {number}
 */
export function massiveInjuries(damage, totalStamina) {
  if ( damage < MASSIVE_MULTIPLE * totalStamina ) return 0;
  return dice.floorDiv(damage, totalStamina);
}

/**
 * HZ-R30, HZ-G34: mass x restored / maximum, kept exact (display rounding is the UI's).
 * @param {Rational} mass
 * @param {number} restored
 * @param {number} maximum
 * @returns {Rational}
 */
export function repairMass(mass, restored, maximum) {
  return reduce(BigInt(mass[0]) * BigInt(restored), BigInt(mass[1]) * BigInt(maximum));
}

/**
 * HZ-R24: raising r to r + 1 costs r + 1 Advancements, summed from current to target.
 * @param {number} current
 * @param {number} target
 * @returns {number}
 */
export function restorationCost(current, target) {
  if ( target <= current ) return 0;
  // The sum of k for k = c+1..t is (t(t+1) - c(c+1)) / 2; both products are even.
  return dice.floorDiv((target * (target + 1)) - (current * (current + 1)), 2);
}
