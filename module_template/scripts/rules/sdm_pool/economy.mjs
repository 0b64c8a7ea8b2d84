/**
 * Actions, Minor actions, Movement, and reactions drawn from the next turn; mirror of
 * `compiler/rules/sdm_pool/economy.py`.
 *
 * A character's turn pools are `actions_left` / `minor_actions_left`; reactions taken since its last
 * turn are `owed_actions` / `owed_minor_actions`, which its next turn's pools lose (SDM-R06).
 */

import * as dice from "../dice.mjs";
import { tableRow } from "./config.mjs";
import { fail } from "../shapes.mjs";
import { IN } from "./fields.mjs";
import { readCharacter, traitLevel } from "./sheet.mjs";

const ACTION = "action";
const MINOR = "minor";

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 * @typedef {import("./sheet.mjs").Character} Character
 */

/**
 * SDM-R05, SDM-G04: [Actions, Minor actions] of a turn: the sheet's, else Intelligence's.
 * @param {Character} character
 * @param {string} where
 * @param {Record<string, any>} config
 * @returns {[number, number]}
 */
export function allotment(character, where, config) {
  let actions = character.actions;
  let minor = character.minor_actions;
  if ( (actions === null) || (minor === null) ) {
    const level = traitLevel(character, "intelligence", where);
    const row = tableRow(config, "actions_by_int", level);
    actions = actions === null ? row.actions : actions;
    minor = minor === null ? row.minor_actions : minor;
  }
  return [actions, minor];
}

/**
 * SDM-R06: what the next turn keeps once the reactions owed are taken off (never below 0).
 * @param {Character} character
 * @param {string} where
 * @param {Record<string, any>} config
 * @returns {[number, number]}
 */
export function nextTurn(character, where, config) {
  const [actions, minor] = allotment(character, where, config);
  if ( character.owed_actions > actions ) {
    throw fail(where, `${where}.owed_actions must be at most ${actions}, a turn's Actions`);
  }
  if ( character.owed_minor_actions > minor ) {
    throw fail(where, `${where}.owed_minor_actions must be at most ${minor}, a turn's Minor actions`);
  }
  return [actions - character.owed_actions, minor - character.owed_minor_actions];
}

/**
 * SDM-R07, SDM-G05: the Movement of one move: the sheet's, else Dexterity's.
 * @param {Character} character
 * @param {string} where
 * @param {Record<string, any>} config
 * @returns {number}
 */
export function movementOf(character, where, config) {
  if ( character.movement !== null ) return character.movement;
  return tableRow(config, "movement_by_dex", traitLevel(character, "dexterity", where)).movement;
}

/**
 * SDM-G12, P14: half the Movement, rounded down (or up, by config).
 * @param {number} movement
 * @param {Record<string, any>} config
 * @returns {number}
 */
export function disengageDistance(movement, config) {
  if ( config.disengage_rounding === "floor" ) return dice.floorDiv(movement, 2);
  return dice.ceilDiv(movement, 2);
}

/**
 * SDM-R15, SDM-G21: why the character can take no Action at all (`dead`, `incapacitated`).
 * @param {Character} character
 * @returns {string|null}
 */
export function unable(character) {
  if ( character.dead ) return "dead";
  return character.incapacitated ? "incapacitated" : null;
}

/**
 * SDM-G14: what pays `cost` from these pools: a Minor action may be paid with an Action
 * (`action_downgrade`), never the reverse; null when nothing can.
 * @param {number} actions
 * @param {number} minor
 * @param {string} cost
 * @param {Record<string, any>} config
 * @returns {string|null}
 */
export function payment(actions, minor, cost, config) {
  if ( cost === ACTION ) return actions >= 1 ? ACTION : null;
  if ( minor >= 1 ) return MINOR;
  return config.action_downgrade && (actions >= 1) ? ACTION : null;
}

/**
 * SDM-R05, SDM-R06, SDM-G11: the event of something the character cannot do.
 * @param {Character} character
 * @param {string} what
 * @param {string} reason
 * @returns {object}
 */
export function refused(character, what, reason) {
  return { type: "refused", id: character.id, what, reason };
}

/**
 * SDM-R05, SDM-G14, SDM-G21: pay `cost` from this turn's pools, or a refusal.
 * @param {Character} character
 * @param {string} cost
 * @param {string} what
 * @param {Record<string, any>} config
 * @returns {[object, boolean]}
 */
export function payNow(character, cost, what, config) {
  let reason = unable(character);
  let paid = null;
  if ( reason === null ) {
    paid = payment(character.actions_left, character.minor_actions_left, cost, config);
    reason = paid ? null : (cost === ACTION ? "no_action_left" : "no_minor_action_left");
  }
  if ( paid === null ) return [refused(character, what, String(reason)), false];
  character[paid === ACTION ? "actions_left" : "minor_actions_left"] -= 1;
  const event = {
    type: "spend", id: character.id, what, cost, paid,
    actions_left: character.actions_left,
    minor_actions_left: character.minor_actions_left
  };
  return [event, true];
}

/**
 * SDM-R06, SDM-G11, SDM-G14, SDM-G21: borrow `cost` from the next turn, or a refusal.
 * @param {Character} character
 * @param {string} cost
 * @param {string} what
 * @param {string} where
 * @param {Record<string, any>} config
 * @returns {[object, boolean]}
 */
export function payNext(character, cost, what, where, config) {
  let reason = unable(character);
  let paid = null;
  if ( reason === null ) {
    const [actions, minor] = nextTurn(character, where, config);
    paid = payment(actions, minor, cost, config);
    if ( paid === null ) reason = `next_turn_has_no_${cost === ACTION ? "action" : "minor_action"}`;
  }
  if ( paid === null ) return [refused(character, what, String(reason)), false];
  character[paid === ACTION ? "owed_actions" : "owed_minor_actions"] += 1;
  const [actions, minor] = nextTurn(character, where, config);
  const event = {
    type: "reaction", id: character.id, what, cost, paid,
    owed_actions: character.owed_actions,
    owed_minor_actions: character.owed_minor_actions,
    next_turn_actions: actions, next_turn_minor_actions: minor
  };
  return [event, true];
}

/**
 * The rule input's one character, read.
 * @param {any} input
 * @param {Record<string, any>} config
 * @returns {[Character, string]}
 */
function oneCharacter(input, config) {
  const where = `${IN}.character`;
  return [readCharacter(input.character, where, config), where];
}

/**
 * SDM-R05, SDM-G04, SDM-G06: the Actions and Minor actions a turn gives the character.
 * @type {Rule}
 */
export function actionAllotment(input, config, queue) {
  const [character, where] = oneCharacter(input, config);
  const [actions, minor] = allotment(character, where, config);
  const event = { type: "allotment", id: character.id, actions, minor_actions: minor };
  return [[event], { actions, minor_actions: minor }];
}

/**
 * SDM-R07, SDM-G05, SDM-G12, SDM-E06: Movement per move, and half of it for a Disengage.
 * @type {Rule}
 */
export function movement(input, config, queue) {
  const [character, where] = oneCharacter(input, config);
  const moves = movementOf(character, where, config);
  const state = { movement: moves, disengage: disengageDistance(moves, config), unit: config.movement_unit.name };
  return [[{ type: "movement", id: character.id, ...state }], state];
}

/**
 * SDM-R05, SDM-G14: spend an Action or a Minor action of this turn.
 * @type {Rule}
 */
export function spendAction(input, config, queue) {
  const [character] = oneCharacter(input, config);
  const [event, done] = payNow(character, input.cost, input.label, config);
  return [[event], { character, done }];
}

/**
 * SDM-R06, SDM-G11, SDM-G14, SDM-E01: take a reaction, drawn from the next turn's pools.
 * @type {Rule}
 */
export function react(input, config, queue) {
  const [character, where] = oneCharacter(input, config);
  const [event, done] = payNext(character, input.cost, input.label, where, config);
  return [[event], { character, done }];
}
