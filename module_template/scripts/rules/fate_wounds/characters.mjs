/**
 * Characters as the rules see them (catalogue §3.5); mirror of
 * `compiler/rules/fate_wounds/characters.py`.
 *
 * `fillCharacter` makes the checks a shape cannot and fills in what the config decides (the
 * power-bonus pool, the wound track, a `wounds` entry per column), so every rule works on, and
 * echoes back, a complete character. The Disadvantage level and Incapacitated are derived from
 * the checked boxes, never stored.
 */

import { sortedKeys } from "../inputs.mjs";
import { EFFECT_LEVELS, OUT, checkTrack } from "./common.mjs";
import { fail } from "../shapes.mjs";

/**
 * @typedef {Record<string, any>} Character
 * @typedef {{disadvantage: number, incapacitated: boolean}} Condition  FW-R13: a character's
 *   Disadvantage level and whether it is out.
 */

/**
 * FW-G04, FW-G07, FW-G10, FW-R06, FW-R10: the character with every optional field filled.
 *
 * An approach it rates must be one of `config.approaches`; its bonuses left cannot exceed its
 * pool (null: `config.power_bonus_pool`); a null track is `config.wound_track`; `wounds` may
 * name only the track's columns, each with at most its boxes.
 * @param {Character} value
 * @param {string} where
 * @param {Record<string, any>} config
 * @returns {Character}
 */
export function fillCharacter(value, where, config) {
  for ( const key of sortedKeys(Object.keys(value.approaches)) ) {
    if ( !config.approaches.includes(key) ) {
      throw fail(where, `${where}.approaches.${key} is not one of config.approaches (FW-G04)`);
    }
  }
  const ids = value.powers.map(power => power.id);
  for ( const [index, ident] of ids.entries() ) {
    if ( ids.slice(0, index).includes(ident) ) throw fail(where, `${where}.powers[${index}].id repeats an earlier power`);
  }
  const pool = value.power_bonus_pool ?? config.power_bonus_pool;
  const remaining = value.power_bonus_remaining ?? pool;
  if ( remaining > pool ) throw fail(where, `${where}.power_bonus_remaining is ${remaining} but the pool is ${pool}`);
  let track = value.wound_track;
  if ( track === null ) track = config.wound_track;
  else checkTrack(track, `${where}.wound_track`);
  const filled = Object.hasOwn(value, "name") ? { id: value.id, name: value.name } : { id: value.id };
  return {
    ...filled, pc: value.pc, approaches: value.approaches, skills: value.skills,
    powers: value.powers, power_bonus_pool: pool, power_bonus_remaining: remaining,
    wound_track: track, wounds: wounds(value.wounds, track.columns, `${where}.wounds`)
  };
}

/**
 * @param {Record<string, number>} checked
 * @param {Record<string, any>[]} columns
 * @param {string} where
 * @returns {Record<string, number>}
 */
function wounds(checked, columns, where) {
  const boxes = Object.fromEntries(columns.map(column => [column.id, column.boxes]));
  for ( const key of sortedKeys(Object.keys(checked)) ) {
    if ( !Object.hasOwn(boxes, key) ) throw fail(where, `${where}.${key} names no column of the wound track`);
    if ( checked[key] > boxes[key] ) {
      throw fail(where, `${where}.${key} is ${checked[key]} but the column has ${boxes[key]} boxes (FW-R10)`);
    }
  }
  return Object.fromEntries(columns.map(c => [c.id, Object.hasOwn(checked, c.id) ? checked[c.id] : 0]));
}

/**
 * Every character of a conflict filled in; two may not share an id.
 * @param {Character[]} values
 * @param {string} where
 * @param {Record<string, any>} config
 * @returns {Character[]}
 */
export function fillCharacters(values, where, config) {
  const filled = values.map((c, i) => fillCharacter(c, `${where}[${i}]`, config));
  const ids = filled.map(character => character.id);
  for ( const [index, ident] of ids.entries() ) {
    if ( ids.slice(0, index).includes(ident) ) throw fail(where, `${where}[${index}].id repeats an earlier character`);
  }
  return filled;
}

/**
 * FW-R12, FW-R13, FW-G02: the Disadvantage level from every column with a checked box
 * (the worst, or with `config.disadvantage_stacking: add` the sum), and whether a box of an
 * Incapacitated column is checked. Heavy need not be checked for Extreme to count.
 * @param {Character} character
 * @param {Record<string, any>} config
 * @returns {Condition}
 */
export function condition(character, config) {
  const checked = character.wound_track.columns.filter(c => character.wounds[c.id]);
  const levels = checked.map(column => EFFECT_LEVELS[column.effect] ?? 0);
  const level = config.disadvantage_stacking === "add"
    ? levels.reduce((a, b) => a + b, 0)
    : levels.reduce((a, b) => Math.max(a, b), 0);
  return { disadvantage: level, incapacitated: checked.some(column => column.effect === OUT) };
}

/**
 * FW-R13: the `condition` event of a character.
 * @param {Character} character
 * @param {Condition} found
 * @returns {object}
 */
export function conditionEvent(character, found) {
  return {
    type: "condition", character: character.id,
    disadvantage: found.disadvantage, incapacitated: found.incapacitated
  };
}

/**
 * FW-R13: whether the character is Incapacitated (out of the fight).
 * @param {Character} character
 * @param {Record<string, any>} config
 * @returns {boolean}
 */
export function isOut(character, config) {
  return condition(character, config).incapacitated;
}
