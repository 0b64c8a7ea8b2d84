/**
 * The `primitives` ruleset: each P1-P14 primitive as a rule drawing its own dice (C1, C3).
 * Mirror of `compiler/rules/primitives.py`, rule for rule and in the same order.
 *
 * A rule is pure: (input, config, queue) => [events, state]. Each rule's input arrives checked
 * against its shape in `compiler/schemas/primitives/inputs.schema.json`, and the config read through
 * `compiler/schemas/primitives/rules_config.schema.json` (generated data, `rulesets.mjs`).
 */

import * as dice from "./dice.mjs";
import { BAD_INPUT, RuleError } from "./errors.mjs";
import { SMALL_INT } from "./inputs.mjs";
import { FATE } from "./queue.mjs";
import { fail } from "./shapes.mjs";

const IN = "input";
const S = SMALL_INT;

/**
 * @typedef {import("./queue.mjs").DiceQueue} DiceQueue
 * @typedef {[object[], object]} Result  The rule's events and new state.
 */

/**
 * A rule: pure, drawing dice only from the queue.
 * @callback Rule
 * @param {Record<string, any>} input  The input, read through the rule's declared shape.
 * @param {Record<string, any>} config  The config defaults merged with the overrides, read through the schema.
 * @param {DiceQueue} queue   The dice queue (C1).
 * @returns {Result}          The events and the new state.
 */

/**
 * Take the pool of `die` and `count` from the queue.
 * @param {Record<string, any>} fields
 * @param {DiceQueue} queue
 * @returns {[import("./queue.mjs").Die, number[]]}
 */
function roll(fields, queue) {
  const die = fields.die;
  return [die, queue.takeMany(die, fields.count)];
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
export function countAtLeast(fields, config, queue) {
  const minFace = fields.min_face;
  const rollMod = fields.roll_mod;
  const [die, faces] = roll(fields, queue);
  const successes = dice.countAtLeast(faces, minFace, rollMod);
  return [[{ type: "pool", die, faces, successes }], { successes }];
}

/**
 * P2: a success pool (face >= min_face) whose natural 1s cancel successes (DR Fumbling).
 * @type {Rule}
 */
export function cancelOnes(fields, config, queue) {
  const minFace = fields.min_face;
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
export function sumFaces(fields, config, queue) {
  const [die, faces] = roll(fields, queue);
  const total = dice.sumFaces(faces);
  return [[{ type: "pool", die, faces, total }], { total }];
}

/**
 * P4: roll `config.fate_dice` dF, then add `modifier`.
 * @type {Rule}
 */
export function fate(fields, config, queue) {
  const modifier = fields.modifier;
  const faces = queue.takeMany(FATE, config.fate_dice);
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
export function keepLowestSet(fields, config, queue) {
  const count = fields.sets;
  const perSet = config.fate_dice;
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
export function keepLowest(fields, config, queue) {
  const keep = fields.keep;
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
 * The rows' [lo, hi] ranges and keys; a row's hi may not be below its lo.
 * @param {Record<string, any>} fields
 * @returns {[number[][], string[]]}
 */
function tableRanges(fields) {
  fields.table.forEach((/** @type {Record<string, any>} */ entry, /** @type {number} */ index) => {
    if ( entry.hi < entry.lo ) throw new RuleError(BAD_INPUT, `${IN}.table[${index}].hi must be an integer in ${entry.lo}..${S}`);
  });
  return [fields.table.map((/** @type {Record<string, any>} */ e) => [e.lo, e.hi]),
    fields.table.map((/** @type {Record<string, any>} */ e) => e.key)];
}

/**
 * P6: roll one `die` and find the table entry whose inclusive [lo, hi] holds the face.
 * @type {Rule}
 */
export function tableLookup(fields, config, queue) {
  const die = fields.die;
  const [ranges, keys] = tableRanges(fields);
  const face = queue.take(die);
  const index = dice.tableLookup(ranges, face);
  return [[{ type: "table", die, face, index, key: keys[index] }], { index, key: keys[index] }];
}

/**
 * P7: roll one `die`; pass when face + sum(mods) >= tn (or > tn when `meet` is false).
 * @type {Rule}
 */
export function d20Vs(fields, config, queue) {
  const die = fields.die;
  const mods = fields.mods;
  const tn = fields.tn;
  const meet = fields.meet;
  const face = queue.take(die);
  const passed = dice.d20Vs(face, mods, tn, meet);
  const total = face + dice.sumFaces(mods);
  return [[{ type: "check", die, face, total, tn, passed }], { passed, total }];
}

/**
 * P8: roll `count` dice and count the faces showing exactly `natural` (CR crits).
 * @type {Rule}
 */
export function countNatural(fields, config, queue) {
  const natural = fields.natural;
  const [die, faces] = roll(fields, queue);
  const naturals = dice.countNatural(faces, natural);
  return [[{ type: "pool", die, faces, naturals }], { naturals }];
}

/**
 * P9, C3: a success pool whose first `config.hazard_count` dice are Hazard Dice.
 * @type {Rule}
 */
export function hazard(fields, config, queue) {
  const minFace = fields.min_face;
  const rollMod = fields.roll_mod;
  const count = config.hazard_count;
  const mishapOn = config.mishap_on_face;
  const counted = config.hazard_counts_for_success;
  const [die, faces] = roll(fields, queue);
  const scored = counted ? faces : faces.slice(count);
  const successes = dice.countAtLeast(scored, minFace, rollMod);
  const events = [{ type: "pool", die, faces, successes }];
  const mishap = dice.hazard(faces, count, mishapOn);
  if ( mishap ) events.push({ type: "mishap", faces: faces.slice(0, count) });
  return [events, { successes, mishap }];
}

/**
 * P10: order `group` by repeated roll-offs of `die`, tied sub-groups rolling again.
 * @type {Rule}
 */
export function rollOff(fields, config, queue) {
  const die = fields.die;
  const [order, rounds] = dice.rollOff(fields.group, die, queue);
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
export function poolSize(fields, config, queue) {
  const base = fields.base;
  const mods = fields.die_mods;
  const size = dice.poolSize(base, mods, fields.floor);
  return [[{ type: "pool_size", size }], { size }];
}

/**
 * P12: compare a and d; `tie` names the side that wins a tie.
 * @type {Rule}
 */
export function opposed(fields, config, queue) {
  const a = fields.a;
  const d = fields.d;
  const winner = dice.opposed(a, d, fields.tie);
  const event = { type: "opposed", a, d, margin: dice.margin(a, d), tied: a === d, winner };
  return [[event], { winner }];
}

/**
 * P13: the signed margin a - d.
 * @type {Rule}
 */
export function margin(fields, config, queue) {
  return valueResult("margin", dice.margin(fields.a, fields.d));
}

/**
 * P13: HZ Margin of Success under `mode` ("standard" or "unified").
 * @type {Rule}
 */
export function marginOfSuccess(fields, config, queue) {
  const a = fields.a;
  const d = fields.d;
  const contested = fields.contested;
  const mode = fields.mode;
  return valueResult("margin_of_success", dice.marginOfSuccess(a, d, contested, mode));
}

/**
 * P13: floor(value / 2).
 * @type {Rule}
 */
export function halve(fields, config, queue) {
  return valueResult("halve", dice.halve(fields.value));
}

/**
 * The integer operands `keys` of an integer helper; a divisor among `nonzero` may not be 0.
 * @param {Record<string, any>} fields
 * @param {string[]} keys
 * @param {string[]} [nonzero]
 * @returns {number[]}
 */
function operands(fields, keys, nonzero = []) {
  for ( const key of nonzero ) {
    if ( fields[key] === 0 ) throw fail(`${IN}.${key}`, `${IN}.${key} must not be 0`);
  }
  return keys.map(key => fields[key]);
}

/**
 * P14: floor(a / b) toward -Infinity, for any safe integers.
 * @type {Rule}
 */
export function floorDiv(fields, config, queue) {
  const [a, b] = operands(fields, ["a", "b"], ["b"]);
  return valueResult("floor_div", dice.floorDiv(a, b));
}

/**
 * P14: ceil(a / b), for any safe integers.
 * @type {Rule}
 */
export function ceilDiv(fields, config, queue) {
  const [a, b] = operands(fields, ["a", "b"], ["b"]);
  return valueResult("ceil_div", dice.ceilDiv(a, b));
}

/**
 * P14: the smallest k with k * k >= p.
 * @type {Rule}
 */
export function ceilSqrt(fields, config, queue) {
  const [p] = operands(fields, ["p"]);
  return valueResult("ceil_sqrt", dice.ceilSqrt(p));
}

/**
 * P14: the sign of a_num/a_den - b_num/b_den, exactly.
 * @type {Rule}
 */
export function compareFractions(fields, config, queue) {
  const [aNum, aDen, bNum, bDen] = operands(fields, ["a_num", "a_den", "b_num", "b_den"], ["a_den", "b_den"]);
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
