/**
 * Checks shared by the fate_wounds rules: wound tracks and the config; mirror of
 * `compiler/rules/fate_wounds/common.py`.
 *
 * The shapes (`inputs.schema.json`, the rules_config schema) are checked before a rule runs; these
 * are the checks a shape cannot express: a track's ranges, unique ids, a ladder's run of values.
 */

import { SCALES, checkLadder } from "./ladder.mjs";
import { fail } from "../shapes.mjs";

/** FW-R13: the Disadvantage level a checked box of a column with this effect gives. */
export const EFFECT_LEVELS = Object.freeze({ disadvantage: 1, double_disadvantage: 2 });

export const OUT = "incapacitated";

/**
 * FW-R09, FW-G10, FW-G11: the columns run on from 1 with no gap or overlap to an open top
 * (only the last `max` is null) whose effect is `incapacitated`; column ids are unique.
 * @param {Record<string, any>} track
 * @param {string} where
 * @returns {void}
 */
export function checkTrack(track, where) {
  const columns = track.columns;
  if ( !columns.length ) throw fail(where, `${where}.columns needs at least one column`);
  let wanted = 1;
  for ( const [index, column] of columns.entries() ) {
    const at = `${where}.columns[${index}]`;
    if ( columns.slice(0, index).some(c => c.id === column.id) ) {
      throw fail(where, `${at}.id repeats an earlier column`);
    }
    if ( column.min !== wanted ) {
      throw fail(where, `${at}.min must be ${wanted}: the columns run on from 1 (FW-R09)`);
    }
    checkTop(column, at, index === columns.length - 1);
    if ( column.max !== null ) wanted = column.max + 1;
  }
}

/**
 * @param {Record<string, any>} column
 * @param {string} at
 * @param {boolean} last
 * @returns {void}
 */
function checkTop(column, at, last) {
  const top = column.max;
  if ( (top === null) && !last ) throw fail(at, `${at}.max may be null only on the last column (the open top)`);
  if ( (top !== null) && last ) throw fail(at, `${at}.max must be null: the last column has an open top (FW-R09)`);
  if ( (top !== null) && (top < column.min) ) throw fail(at, `${at}.max must be at least its min`);
  if ( (top === null) && (column.effect !== OUT) ) {
    throw fail(at, `${at}.effect must be incapacitated: the open top is where a character is out (FW-G11)`);
  }
}

/**
 * FW-G04, FW-G05, FW-G06, FW-G10: the config's own checks (its shape is checked already).
 * @param {Record<string, any>} config
 * @returns {Record<string, any>}
 */
export function settings(config) {
  const approaches = config.approaches;
  for ( const [index, name] of approaches.entries() ) {
    if ( approaches.slice(0, index).includes(name) ) {
      throw fail("config", `config.approaches[${index}] repeats an earlier approach`);
    }
  }
  for ( const key of Object.values(SCALES) ) checkLadder(config[key], `config.${key}`);
  checkTrack(config.wound_track, "config.wound_track");
  return config;
}
