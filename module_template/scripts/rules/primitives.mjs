/**
 * The `primitives` ruleset: each P1-P14 primitive as a rule drawing its own dice (C1, C3).
 * Mirror of `compiler/rules/primitives.py`, rule for rule and in the same order.
 *
 * A rule is pure: (input, config, queue) => [events, state].
 */

import * as dice from "./dice.mjs";
import { BAD_INPUT, RuleError } from "./errors.mjs";
import {
  SAFE_INT, SMALL_INT, expectObject, getBool, getChoice, getDie, getInt, getIntList, getList, getStr
} from "./inputs.mjs";
import { FATE } from "./queue.mjs";

const IN = "input";
const CF = "config";
const S = SMALL_INT;

/**
 * @typedef {import("./queue.mjs").DiceQueue} DiceQueue
 * @typedef {[object[], object]} Result  The rule's events and new state.
 */

/**
 * A rule: pure, drawing dice only from the queue.
 * @callback Rule
 * @param {unknown} input     The fixture's input (checked by the rule: `bad_input`).
 * @param {object} config     The ruleset's config defaults merged with the fixture's overrides.
 * @param {DiceQueue} queue   The dice queue (C1).
 * @returns {Result}          The events and the new state.
 */

/** Defaults a fixture's `config` may override: FW's 4dF and HZ-G03's Hazard Die. */
export const CONFIG = Object.freeze({
  fate_dice: 4,
  hazard_count: 1,
  mishap_on_face: 1,
  hazard_counts_for_success: true
});

/**
 * Read `die` and `count` and take that pool from the queue.
 * @param {object} fields
 * @param {DiceQueue} queue
 * @returns {[import("./queue.mjs").Die, number[]]}
 */
function roll(fields, queue) {
  const die = getDie(fields, "die", IN);
  const count = getInt(fields, "count", IN, -S, S);
  return [die, queue.takeMany(die, count)];
}

/**
 * A single-value result.
 * @param {string} kind
 * @param {number} value
 * @returns {Result}
 */
function valueResult(kind, value) {
  return [[{ type: kind, value }], { value }];
}

/* -------------------------------------------- */
/*  Dice rules (P1-P10)                         */
/* -------------------------------------------- */

/**
 * P1, C3: roll `count` dice; successes are faces with face + roll_mod >= min_face.
 * @type {Rule}
 */
export function countAtLeast(input, config, queue) {
  const fields = expectObject(input, IN, ["die", "count", "min_face", "roll_mod"]);
  const minFace = getInt(fields, "min_face", IN, -S, S);
  const rollMod = getInt(fields, "roll_mod", IN, -S, S);
  const [die, faces] = roll(fields, queue);
  const successes = dice.countAtLeast(faces, minFace, rollMod);
  return [[{ type: "pool", die, faces, successes }], { successes }];
}

/**
 * P2: a success pool (face >= min_face) whose natural 1s cancel successes (DR Fumbling).
 * @type {Rule}
 */
export function cancelOnes(input, config, queue) {
  const fields = expectObject(input, IN, ["die", "count", "min_face"]);
  const minFace = getInt(fields, "min_face", IN, -S, S);
  const [die, faces] = roll(fields, queue);
  const successes = dice.countAtLeast(faces, minFace);
  const [net, botch] = dice.cancelOnes(faces, successes);
  const ones = dice.countNatural(faces, 1);
  const events = [
    { type: "pool", die, faces, successes },
    { type: "cancel_ones", ones, net, botch }
  ];
  return [events, { successes: net, botch }];
}

/**
 * P3: roll `count` dice and sum them.
 * @type {Rule}
 */
export function sumFaces(input, config, queue) {
  const fields = expectObject(input, IN, ["die", "count"]);
  const [die, faces] = roll(fields, queue);
  const total = dice.sumFaces(faces);
  return [[{ type: "pool", die, faces, total }], { total }];
}

/**
 * P4: roll `config.fate_dice` dF, then add `modifier`.
 * @type {Rule}
 */
export function fate(input, config, queue) {
  const fields = expectObject(input, IN, ["modifier"]);
  const modifier = getInt(fields, "modifier", IN, -S, S);
  const faces = queue.takeMany(FATE, getInt(config, "fate_dice", CF, 0, 100));
  const rolled = dice.fate(faces);
  const events = [
    { type: "pool", die: FATE, faces, total: rolled },
    { type: "fate", dice: rolled, modifier, total: rolled + modifier }
  ];
  return [events, { total: rolled + modifier }];
}

/**
 * P5: roll `sets` sets of `config.fate_dice` dF, set after set, and keep the lowest sum.
 * @type {Rule}
 */
export function keepLowestSet(input, config, queue) {
  const fields = expectObject(input, IN, ["sets"]);
  const count = getInt(fields, "sets", IN, 1, 100);
  const perSet = getInt(config, "fate_dice", CF, 0, 100);
  const sets = Array.from({ length: count }, () => queue.takeMany(FATE, perSet));
  const [kept, total] = dice.keepLowestSet(sets);
  const events = sets.map(faces => ({ type: "pool", die: FATE, faces, total: dice.fate(faces) }));
  events.push({ type: "keep_lowest_set", kept, total });
  return [events, { kept, total }];
}

/**
 * P5: roll `count` dice and keep the `keep` lowest (e.g. the lowest 4 of 5dF).
 * @type {Rule}
 */
export function keepLowest(input, config, queue) {
  const fields = expectObject(input, IN, ["die", "count", "keep"]);
  const keep = getInt(fields, "keep", IN, 0, S);
  const [die, faces] = roll(fields, queue);
  const kept = dice.keepLowest(faces, keep);
  const total = dice.sumFaces(kept);
  const events = [
    { type: "pool", die, faces },
    { type: "keep_lowest", kept, total }
  ];
  return [events, { total }];
}

/**
 * Read `table` as parallel lists of [lo, hi] ranges and keys.
 * @param {object} fields
 * @returns {[number[][], string[]]}
 */
function tableRanges(fields) {
  const ranges = [];
  const keys = [];
  for ( const [index, item] of getList(fields, "table", IN).entries() ) {
    const where = `${IN}.table[${index}]`;
    const entry = expectObject(item, where, ["lo", "hi", "key"]);
    const lo = getInt(entry, "lo", where, -S, S);
    ranges.push([lo, getInt(entry, "hi", where, lo, S)]);
    keys.push(getStr(entry, "key", where));
  }
  return [ranges, keys];
}

/**
 * P6: roll one `die` and find the table entry whose inclusive [lo, hi] holds the face.
 * @type {Rule}
 */
export function tableLookup(input, config, queue) {
  const fields = expectObject(input, IN, ["die", "table"]);
  const die = getDie(fields, "die", IN);
  const [ranges, keys] = tableRanges(fields);
  const face = queue.take(die);
  const index = dice.tableLookup(ranges, face);
  return [[{ type: "table", die, face, index, key: keys[index] }], { index, key: keys[index] }];
}

/**
 * P7: roll one `die`; pass when face + sum(mods) >= tn (or > tn when `meet` is false).
 * @type {Rule}
 */
export function d20Vs(input, config, queue) {
  const fields = expectObject(input, IN, ["die", "mods", "tn", "meet"]);
  const die = getDie(fields, "die", IN);
  const mods = getIntList(fields, "mods", IN, -S, S);
  const tn = getInt(fields, "tn", IN, -S, S);
  const meet = getBool(fields, "meet", IN);
  const face = queue.take(die);
  const passed = dice.d20Vs(face, mods, tn, meet);
  const total = face + dice.sumFaces(mods);
  return [[{ type: "check", die, face, total, tn, passed }], { passed, total }];
}

/**
 * P8: roll `count` dice and count the faces showing exactly `natural` (CR crits).
 * @type {Rule}
 */
export function countNatural(input, config, queue) {
  const fields = expectObject(input, IN, ["die", "count", "natural"]);
  const natural = getInt(fields, "natural", IN, -S, S);
  const [die, faces] = roll(fields, queue);
  const naturals = dice.countNatural(faces, natural);
  return [[{ type: "pool", die, faces, naturals }], { naturals }];
}

/**
 * P9, C3: a success pool whose first `config.hazard_count` dice are Hazard Dice.
 * @type {Rule}
 */
export function hazard(input, config, queue) {
  const fields = expectObject(input, IN, ["die", "count", "min_face", "roll_mod"]);
  const minFace = getInt(fields, "min_face", IN, -S, S);
  const rollMod = getInt(fields, "roll_mod", IN, -S, S);
  const count = getInt(config, "hazard_count", CF, 0, 100);
  const mishapOn = getInt(config, "mishap_on_face", CF, -S, S);
  const counted = getBool(config, "hazard_counts_for_success", CF);
  const [die, faces] = roll(fields, queue);
  const scored = counted ? faces : faces.slice(count);
  const successes = dice.countAtLeast(scored, minFace, rollMod);
  const events = [{ type: "pool", die, faces, successes }];
  const mishap = dice.hazard(faces, count, mishapOn);
  if ( mishap ) events.push({ type: "mishap", faces: faces.slice(0, count) });
  return [events, { successes, mishap }];
}

/**
 * Read `group`: distinct non-empty strings.
 * @param {object} fields
 * @returns {string[]}
 */
function readGroup(fields) {
  const group = getList(fields, "group", IN);
  group.forEach((member, index) => {
    if ( (typeof member !== "string") || !member || group.slice(0, index).includes(member) ) {
      throw new RuleError(BAD_INPUT, `${IN}.group[${index}] must be a new non-empty string`);
    }
  });
  return group;
}

/**
 * P10: order `group` by repeated roll-offs of `die`, tied sub-groups rolling again.
 * @type {Rule}
 */
export function rollOff(input, config, queue) {
  const fields = expectObject(input, IN, ["die", "group"]);
  const die = getDie(fields, "die", IN);
  const [order, rounds] = dice.rollOff(readGroup(fields), die, queue);
  const events = rounds.map(r => ({ type: "roll_off", round: r.number, group: r.group, die, faces: r.faces }));
  events.push({ type: "order", order });
  return [events, { order }];
}

/* -------------------------------------------- */
/*  Dice-free rules (P11-P14)                   */
/* -------------------------------------------- */

/**
 * P11: max(floor, base + sum(die_mods)); takes no dice.
 * @type {Rule}
 */
export function poolSize(input, config, queue) {
  const fields = expectObject(input, IN, ["base", "die_mods", "floor"]);
  const base = getInt(fields, "base", IN, -S, S);
  const mods = getIntList(fields, "die_mods", IN, -S, S);
  const size = dice.poolSize(base, mods, getInt(fields, "floor", IN, -S, S));
  return [[{ type: "pool_size", size }], { size }];
}

/**
 * P12: compare a and d; `tie` names the side that wins a tie.
 * @type {Rule}
 */
export function opposed(input, config, queue) {
  const fields = expectObject(input, IN, ["a", "d", "tie"]);
  const a = getInt(fields, "a", IN, -S, S);
  const d = getInt(fields, "d", IN, -S, S);
  const winner = dice.opposed(a, d, getChoice(fields, "tie", IN, dice.TIE_POLICIES));
  const event = { type: "opposed", a, d, margin: dice.margin(a, d), tied: a === d, winner };
  return [[event], { winner }];
}

/**
 * P13: the signed margin a - d.
 * @type {Rule}
 */
export function margin(input, config, queue) {
  const fields = expectObject(input, IN, ["a", "d"]);
  return valueResult("margin", dice.margin(getInt(fields, "a", IN, -S, S), getInt(fields, "d", IN, -S, S)));
}

/**
 * P13: HZ Margin of Success under `mode` ("standard" or "unified").
 * @type {Rule}
 */
export function marginOfSuccess(input, config, queue) {
  const fields = expectObject(input, IN, ["a", "d", "contested", "mode"]);
  const a = getInt(fields, "a", IN, -S, S);
  const d = getInt(fields, "d", IN, -S, S);
  const contested = getBool(fields, "contested", IN);
  const mode = getChoice(fields, "mode", IN, dice.MOS_MODES);
  return valueResult("margin_of_success", dice.marginOfSuccess(a, d, contested, mode));
}

/**
 * P13: floor(value / 2).
 * @type {Rule}
 */
export function halve(input, config, queue) {
  const fields = expectObject(input, IN, ["value"]);
  return valueResult("halve", dice.halve(getInt(fields, "value", IN, -S, S)));
}

/**
 * Read the integer operands `keys` of an integer helper, each a safe integer.
 * @param {unknown} input
 * @param {string[]} keys
 * @returns {number[]}
 */
function operands(input, keys) {
  const fields = expectObject(input, IN, keys);
  return keys.map(key => getInt(fields, key, IN, -SAFE_INT, SAFE_INT));
}

/**
 * P14: floor(a / b) toward -Infinity, for any safe integers.
 * @type {Rule}
 */
export function floorDiv(input, config, queue) {
  const [a, b] = operands(input, ["a", "b"]);
  return valueResult("floor_div", dice.floorDiv(a, b));
}

/**
 * P14: ceil(a / b), for any safe integers.
 * @type {Rule}
 */
export function ceilDiv(input, config, queue) {
  const [a, b] = operands(input, ["a", "b"]);
  return valueResult("ceil_div", dice.ceilDiv(a, b));
}

/**
 * P14: the smallest k with k * k >= p.
 * @type {Rule}
 */
export function ceilSqrt(input, config, queue) {
  const [p] = operands(input, ["p"]);
  return valueResult("ceil_sqrt", dice.ceilSqrt(p));
}

/**
 * P14: the sign of a_num/a_den - b_num/b_den, exactly.
 * @type {Rule}
 */
export function compareFractions(input, config, queue) {
  const [aNum, aDen, bNum, bDen] = operands(input, ["a_num", "a_den", "b_num", "b_den"]);
  return valueResult("compare_fractions", dice.compareFractions(aNum, aDen, bNum, bDen));
}

/** Every rule by camelCase name, in file order; the harness maps snake_case names onto these. */
export const RULES = Object.freeze({
  countAtLeast,
  cancelOnes,
  sumFaces,
  fate,
  keepLowestSet,
  keepLowest,
  tableLookup,
  d20Vs,
  countNatural,
  hazard,
  rollOff,
  poolSize,
  opposed,
  margin,
  marginOfSuccess,
  halve,
  floorDiv,
  ceilDiv,
  ceilSqrt,
  compareFractions
});

/** The rules trace of this ruleset (presentation only; see `primitives_trace.mjs`). */
export { TRACE } from "./primitives_trace.mjs";
