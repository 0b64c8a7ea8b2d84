/**
 * P1-P14: the shared dice primitives of catalogue §6.1; mirror of `compiler/rules/dice.py`.
 *
 * Pure integer arithmetic over faces already taken from the queue; only P10 (roll-off) takes its
 * own dice, because how many it needs depends on the faces. Each JSDoc names its item.
 * Floors use `Math.floor(a / b)`, exact for safe integers (|a| < 2^53); never `Math.round`.
 */

import { BAD_INPUT, RuleError, TABLE_MISS } from "./errors.mjs";

export const TIE_POLICIES = Object.freeze(["attacker", "defender"]);
export const MOS_MODES = Object.freeze(["standard", "unified"]);
export const UNCONTESTED_DIFFICULTY = 1;

/**
 * @typedef {object} RollOffRound  One sub-group's dice in one round of a P10 roll-off.
 * @property {number} number    The round, from 1.
 * @property {string[]} group   The members who rolled, in group order.
 * @property {number[]} faces   Their faces, in the same order.
 */

/* -------------------------------------------- */
/*  Counting and summing (P1-P5)                */
/* -------------------------------------------- */

/**
 * P1: how many faces reach `minFace` once `rollMod` is added to each.
 * @param {number[]} faces
 * @param {number} minFace
 * @param {number} [rollMod=0]
 * @returns {number}
 */
export function countAtLeast(faces, minFace, rollMod = 0) {
  return faces.filter(face => face + rollMod >= minFace).length;
}

/**
 * P2: each natural 1 cancels a success; returns [net >= 0, botch <=> ones > successes].
 * @param {number[]} faces
 * @param {number} successes
 * @returns {[number, boolean]}
 */
export function cancelOnes(faces, successes) {
  const ones = countNatural(faces, 1);
  return [Math.max(0, successes - ones), ones > successes];
}

/**
 * P3: the sum of the faces (summed pools such as initiative).
 * @param {number[]} faces
 * @returns {number}
 */
export function sumFaces(faces) {
  return faces.reduce((total, face) => total + face, 0);
}

/**
 * P4: the total of Fate dice, each face -1, 0 or +1 (never clamped, unlike Foundry's `df`).
 * @param {number[]} faces
 * @returns {number}
 */
export function fate(faces) {
  return faces.reduce((total, face) => total + face, 0);
}

/**
 * P5: [index, total] of the set with the lowest sum; the earliest set wins a tie.
 * @param {number[][]} sets
 * @returns {[number, number]}
 */
export function keepLowestSet(sets) {
  if ( !sets.length ) throw new RuleError(BAD_INPUT, "keep_lowest_set needs at least one set");
  const totals = sets.map(faces => sumFaces(faces));
  const lowest = Math.min(...totals);
  return [totals.indexOf(lowest), lowest];
}

/**
 * P5: the `keep` lowest faces, ascending (lowest 4 of 5-6 dF); `keep` <= 0 keeps none.
 * @param {number[]} faces
 * @param {number} keep
 * @returns {number[]}
 */
export function keepLowest(faces, keep) {
  return [...faces].sort((x, y) => x - y).slice(0, Math.max(keep, 0));
}

/* -------------------------------------------- */
/*  Single-die checks (P6-P9)                   */
/* -------------------------------------------- */

/**
 * P6: index of the first [lo, hi] range holding `face` (inclusive; d100 "00" is 100).
 * @param {number[][]} ranges
 * @param {number} face
 * @returns {number}
 */
export function tableLookup(ranges, face) {
  for ( const [index, [lo, hi]] of ranges.entries() ) {
    if ( (lo <= face) && (face <= hi) ) return index;
  }
  throw new RuleError(TABLE_MISS, `no table entry holds face ${face}`);
}

/**
 * P7: whether face + sum(mods) beats `tn`: meeting it passes when `meet`, else it must exceed.
 * @param {number} face
 * @param {number[]} mods
 * @param {number} tn
 * @param {boolean} [meet=true]
 * @returns {boolean}
 */
export function d20Vs(face, mods, tn, meet = true) {
  const total = face + sumFaces(mods);
  return meet ? total >= tn : total > tn;
}

/**
 * P8: how many faces show exactly `natural`, before any modifier.
 * @param {number[]} faces
 * @param {number} natural
 * @returns {number}
 */
export function countNatural(faces, natural) {
  return faces.filter(face => face === natural).length;
}

/**
 * P9: whether one of the first `count` dice (the Hazard Dice) shows `mishapOnFace`.
 * @param {number[]} faces
 * @param {number} [count=1]
 * @param {number} [mishapOnFace=1]
 * @returns {boolean}
 */
export function hazard(faces, count = 1, mishapOnFace = 1) {
  return faces.slice(0, Math.max(count, 0)).includes(mishapOnFace);
}

/* -------------------------------------------- */
/*  Ordering and pools (P10-P12)                */
/* -------------------------------------------- */

/**
 * P10: order `group` by repeated roll-offs of `die`, highest first.
 *
 * Each round, every still-tied sub-group rolls one die per member: sub-groups in their resolved
 * order (highest first), members in `group` order. Equal faces stay tied and roll again next
 * round; a finite queue guarantees termination (`queue_exhausted`).
 * @param {string[]} group
 * @param {import("./queue.mjs").Die} die
 * @param {import("./queue.mjs").DiceQueue} queue
 * @returns {[string[], RollOffRound[]]}
 */
export function rollOff(group, die, queue) {
  let segments = [[...group]];
  const rounds = [];
  let number = 0;
  while ( segments.some(segment => segment.length > 1) ) {
    number += 1;
    const resolved = [];
    for ( const segment of segments ) {
      if ( segment.length < 2 ) {
        resolved.push(segment);
        continue;
      }
      const faces = queue.takeMany(die, segment.length);
      rounds.push({ number, group: [...segment], faces });
      resolved.push(...splitByFace(segment, faces));
    }
    segments = resolved;
  }
  return [segments.flat(), rounds];
}

/**
 * Split a tied segment into sub-segments by face, highest face first, keeping member order.
 * @param {string[]} segment
 * @param {number[]} faces
 * @returns {string[][]}
 */
function splitByFace(segment, faces) {
  const ranked = [...new Set(faces)].sort((x, y) => y - x);
  return ranked.map(value => segment.filter((_, i) => faces[i] === value));
}

/**
 * P11: max(`floor`, base + sum(dieMods)); a result <= 0 rolls no dice (C3).
 * @param {number} base
 * @param {number[]} dieMods
 * @param {number} floor
 * @returns {number}
 */
export function poolSize(base, dieMods, floor) {
  return Math.max(floor, base + sumFaces(dieMods));
}

/**
 * P12: "attacker" if a > d, "defender" if d > a, else the side named by `tie`.
 * DR saves and FW pass tie = "defender" (the saving target defends); HZ passes "attacker".
 * @param {number} a
 * @param {number} d
 * @param {string} tie
 * @returns {string}
 */
export function opposed(a, d, tie) {
  if ( !TIE_POLICIES.includes(tie) ) throw new RuleError(BAD_INPUT, `tie must be one of ${TIE_POLICIES.join(", ")}`);
  if ( a === d ) return tie;
  return a > d ? "attacker" : "defender";
}

/* -------------------------------------------- */
/*  Margins (P13)                               */
/* -------------------------------------------- */

/**
 * P13: the signed margin a - d (FW damage).
 * @param {number} a
 * @param {number} d
 * @returns {number}
 */
export function margin(a, d) {
  return a - d;
}

/**
 * P13: HZ MoS. "standard": a - d contested, a - 1 uncontested; "unified": a - max(1, d).
 * An uncontested test ignores `d` and uses the fixed difficulty 1 in both modes.
 * @param {number} a
 * @param {number} d
 * @param {boolean} contested
 * @param {string} mode
 * @returns {number}
 */
export function marginOfSuccess(a, d, contested, mode) {
  if ( !MOS_MODES.includes(mode) ) throw new RuleError(BAD_INPUT, `mode must be one of ${MOS_MODES.join(", ")}`);
  if ( !contested ) return a - UNCONTESTED_DIFFICULTY;
  return mode === "standard" ? a - d : a - Math.max(UNCONTESTED_DIFFICULTY, d);
}

/**
 * P13: floor(value / 2), rounding toward -Infinity (DR save halving).
 * @param {number} value
 * @returns {number}
 */
export function halve(value) {
  return floorDiv(value, 2);
}

/* -------------------------------------------- */
/*  Integer helpers (P14)                       */
/* -------------------------------------------- */

/**
 * P14: floor(a / b) rounding toward -Infinity, like Python `//`.
 * Exact for safe integers: the quotient's rounding error is below its distance to an integer.
 * @param {number} a
 * @param {number} b
 * @returns {number}
 */
export function floorDiv(a, b) {
  if ( b === 0 ) throw new RuleError(BAD_INPUT, "division by zero");
  // Adding 0 turns -0 (e.g. 0 / -2) into 0, which Python has no counterpart for.
  return Math.floor(a / b) + 0;
}

/**
 * P14: ceil(a / b) for any signs, as -floor(-a / b); equals floor((a + b - 1) / b) for b > 0.
 * @param {number} a
 * @param {number} b
 * @returns {number}
 */
export function ceilDiv(a, b) {
  return -floorDiv(-a, b) + 0;
}

/**
 * P14: ceil(sqrt(p)), the smallest k >= 0 with k * k >= p, checked exactly with BigInt.
 * @param {number} p
 * @returns {number}
 */
export function ceilSqrt(p) {
  if ( p < 0 ) throw new RuleError(BAD_INPUT, "square root of a negative number");
  const target = BigInt(p);
  // The float root is only an estimate; the BigInt loops make k the exact answer.
  let k = BigInt(Math.ceil(Math.sqrt(p)));
  while ( k * k < target ) k += 1n;
  while ( (k > 0n) && ((k - 1n) * (k - 1n) >= target) ) k -= 1n;
  return Number(k);
}

/**
 * P14: -1, 0 or 1 as aNum/aDen is below, equal to or above bNum/bDen, exactly (BigInt).
 * @param {number} aNum
 * @param {number} aDen
 * @param {number} bNum
 * @param {number} bDen
 * @returns {number}
 */
export function compareFractions(aNum, aDen, bNum, bDen) {
  if ( (aDen === 0) || (bDen === 0) ) throw new RuleError(BAD_INPUT, "a fraction has denominator 0");
  const aSign = aDen < 0 ? -1n : 1n;
  const bSign = bDen < 0 ? -1n : 1n;
  const left = BigInt(aNum) * aSign * BigInt(bDen) * bSign;
  const right = BigInt(bNum) * bSign * BigInt(aDen) * aSign;
  if ( left === right ) return 0;
  return left > right ? 1 : -1;
}
