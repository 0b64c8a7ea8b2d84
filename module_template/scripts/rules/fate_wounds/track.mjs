/**
 * The wound track: marking, overflow and clearing (FW-R09-R13, FW-G10-G12); mirror of
 * `compiler/rules/fate_wounds/track.py`.
 *
 * "Put a check in one of the boxes in the column containing the result"; a full column passes the
 * wound to the next higher one (FW-R11), again and again (FW-G11, `config.overflow_cascade`).
 * Checked boxes may sit in any columns at once (FW-R12).
 */

import { condition, conditionEvent, fillCharacter } from "./characters.mjs";
import { fail } from "../shapes.mjs";

/**
 * @typedef {import("../queue.mjs").DiceQueue} DiceQueue
 * @typedef {import("./characters.mjs").Character} Character
 * @typedef {import("./characters.mjs").Condition} Condition
 * @typedef {[object[], object]} Result  The rule's events and new state.
 */

/**
 * FW-R09, FW-R10: the index of the column whose range holds `damage` (the top is open).
 * @param {Character} character
 * @param {number} damage
 * @returns {number}
 */
export function columnOf(character, damage) {
  const columns = character.wound_track.columns;
  for ( const [index, column] of columns.entries() ) {
    if ( (column.max === null) || (damage <= column.max) ) return index;
  }
  return columns.length - 1;  // unreachable: a checked track ends with an open top
}

/**
 * FW-R10-R13, FW-G11: mark `damage`; [events, character, the column checked or null].
 *
 * A character already out records `overflow_after_out` and nothing changes. A full column
 * passes the wound up, one `overflow` per column; without `config.overflow_cascade` it goes
 * at most one column up, and a wound finding that one full too is `overflow_lost`.
 * @param {Character} character
 * @param {number} damage
 * @param {Record<string, any>} config
 * @returns {[object[], Character, string|null]}
 */
export function wound(character, damage, config) {
  const who = character.id;
  const before = condition(character, config);
  if ( before.incapacitated ) return [[{ type: "overflow_after_out", character: who, damage }], character, null];
  const columns = character.wound_track.columns;
  const wounds = character.wounds;
  let index = columnOf(character, damage);
  const events = [{ type: "wound_column", character: who, damage, column: columns[index].id }];
  let moves = 0;
  while ( wounds[columns[index].id] >= columns[index].boxes ) {
    if ( (index + 1 === columns.length) || (moves && !config.overflow_cascade) ) {
      events.push({ type: "overflow_lost", character: who, damage, column: columns[index].id });
      return [events, character, null];
    }
    events.push({ type: "overflow", character: who, from: columns[index].id, to: columns[index + 1].id });
    index += 1;
    moves += 1;
  }
  const column = columns[index];
  const checked = wounds[column.id] + 1;
  character = { ...character, wounds: { ...wounds, [column.id]: checked } };
  events.push({ type: "box_checked", character: who, column: column.id, checked, boxes: column.boxes });
  return [[...events, ...changed(before, character, config)], character, column.id];
}

/**
 * FW-R13: a `condition` event if the character's condition differs from `before`.
 * @param {Condition} before
 * @param {Character} character
 * @param {Record<string, any>} config
 * @returns {object[]}
 */
export function changed(before, character, config) {
  const after = condition(character, config);
  const same = (after.disadvantage === before.disadvantage) && (after.incapacitated === before.incapacitated);
  return same ? [] : [conditionEvent(character, after)];
}

/**
 * FW-G12: uncheck `boxes` checked boxes of `column` (at most those checked).
 * @param {Character} character
 * @param {string} column
 * @param {number} boxes
 * @returns {[object, Character]}
 */
export function clear(character, column, boxes) {
  const checked = character.wounds[column] - boxes;
  const cleared = { ...character, wounds: { ...character.wounds, [column]: checked } };
  return [{ type: "wounds_cleared", character: character.id, column, boxes, checked }, cleared];
}

/**
 * FW-R12, FW-R13, FW-G02: the Disadvantage level and Incapacitated, from the track.
 * @param {Record<string, any>} input
 * @param {Record<string, any>} config
 * @param {DiceQueue} queue
 * @returns {Result}
 */
export function conditions(input, config, queue) {
  const character = fillCharacter(input.character, "input.character", config);
  const found = condition(character, config);
  return [[conditionEvent(character, found)], { disadvantage: found.disadvantage, incapacitated: found.incapacitated }];
}

/**
 * FW-R09-R13, FW-G10, FW-G11: mark `damage` on the character's wound track.
 * @param {Record<string, any>} input
 * @param {Record<string, any>} config
 * @param {DiceQueue} queue
 * @returns {Result}
 */
export function markWound(input, config, queue) {
  const character = fillCharacter(input.character, "input.character", config);
  const [events, marked, column] = wound(character, input.damage, config);
  return [events, { character: marked, column }];
}

/**
 * FW-G12: the GM clears `boxes` checked boxes of `column` (recovery is never automatic
 * under `config.recovery: none`).
 * @param {Record<string, any>} input
 * @param {Record<string, any>} config
 * @param {DiceQueue} queue
 * @returns {Result}
 */
export function clearWounds(input, config, queue) {
  const character = fillCharacter(input.character, "input.character", config);
  const { column, boxes } = input;
  if ( !Object.hasOwn(character.wounds, column) ) {
    throw fail("input", `input.column names no column of ${character.id}'s wound track`);
  }
  if ( boxes > character.wounds[column] ) {
    throw fail("input", `input.boxes is ${boxes} but ${column} has ${character.wounds[column]} checked (FW-G12)`);
  }
  const before = condition(character, config);
  const [event, cleared] = clear(character, column, boxes);
  return [[event, ...changed(before, cleared, config)], { character: cleared }];
}
