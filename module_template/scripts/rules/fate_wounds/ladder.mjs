/**
 * Ladder labels (FW-R07, FW-G05, FW-G06); mirror of `compiler/rules/fate_wounds/ladder.py`.
 * Display only: no rule reads them.
 *
 * A ladder is a list of rungs `{value, label}` whose values run on by 1; a value above the top
 * rung reads `<top label>+N`, below the bottom `<bottom label>-N`.
 */

import { fail } from "../shapes.mjs";

/**
 * @typedef {import("../queue.mjs").DiceQueue} DiceQueue
 * @typedef {{value: number, label: string}} Rung
 */

/** FW-R07: which config key labels each scale: totals and approaches, or skills and powers. */
export const SCALES = Object.freeze({ result: "result_ladder", skill: "skill_ladder" });

/**
 * FW-G05, FW-G06: at least one rung, and the values run on by 1 from the first.
 * @param {Rung[]} rungs
 * @param {string} where
 * @returns {void}
 */
export function checkLadder(rungs, where) {
  if ( !rungs.length ) throw fail(where, `${where} needs at least one rung`);
  for ( let index = 1; index < rungs.length; index++ ) {
    const wanted = rungs[index - 1].value + 1;
    if ( rungs[index].value !== wanted ) {
      throw fail(where, `${where}[${index}].value must be ${wanted}: the rungs run on by 1`);
    }
  }
}

/**
 * FW-R07, FW-G05, FW-G06: the label of `value` on a checked ladder.
 * @param {Rung[]} rungs
 * @param {number} value
 * @returns {string}
 */
export function labelOf(rungs, value) {
  const bottom = rungs[0];
  const top = rungs[rungs.length - 1];
  if ( value > top.value ) return `${top.label}+${value - top.value}`;
  if ( value < bottom.value ) return `${bottom.label}-${bottom.value - value}`;
  return String(rungs[value - bottom.value].label);
}

/**
 * FW-R07: the label of `value` on the configured ladder of `scale` (result or skill).
 * @param {Record<string, any>} config
 * @param {"result"|"skill"} scale
 * @param {number} value
 * @returns {string}
 */
export function scaleLabel(config, scale, value) {
  return labelOf(config[SCALES[scale]], value);
}

/**
 * FW-R07, FW-G05, FW-G06: the ladder label of `value` on the result or the skill ladder.
 * @param {Record<string, any>} input
 * @param {Record<string, any>} config
 * @param {DiceQueue} queue
 * @returns {[object[], object]}
 */
export function label(input, config, queue) {
  const text = scaleLabel(config, input.scale, input.value);
  return [[{ type: "label", scale: input.scale, value: input.value, label: text }], { label: text }];
}
