/**
 * Conditions with durations and Dizzy; mirror of `compiler/rules/danger_room/conditions.py`.
 *
 * A timed condition is stored as the last Turn it lasts (`conditions[id] = N`, it ends after Turn
 * N); the Turn orchestration calls `end_of_turn` to drop the ones that have run out.
 */

import { endurancePool } from "./combatant.mjs";
import { sortedKeys } from "../inputs.mjs";

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 */

/**
 * DR-G17: a rider's `duration_turns`, or `condition_duration_turns` when it is null.
 * @param {number|null} value
 * @param {Record<string, any>} config
 * @returns {number}
 */
export function duration(value, config) {
  return value === null ? config.condition_duration_turns : value;
}

/**
 * DR-R29, DR-G17: `condition` lasts to the end of Turn `turn + turns`; never shortened.
 * @param {object} fighter
 * @param {string} condition
 * @param {number} turns
 * @param {number} turn
 * @returns {[object, object]}
 */
export function inflictCondition(fighter, condition, turns, turn) {
  const held = { ...fighter.conditions };
  let ends = turn + turns;
  if ( Object.hasOwn(held, condition) ) {
    const before = held[condition];
    ends = before === null ? null : Math.max(before, turn + turns);
  }
  held[condition] = ends;
  const event = { type: "condition", fighter: fighter.id, condition, ends_after_turn: ends };
  return [event, { ...fighter, conditions: held }];
}

/**
 * The pending Dizzy's Turn, or null.
 * @param {object} fighter
 * @returns {number|null}
 */
function dizzyTurn(fighter) {
  return Object.hasOwn(fighter.conditions, "dizzy") ? fighter.conditions.dizzy : null;
}

/**
 * DR-G18: whether a Dizzy's lost action is still to come in Turn `turn` or later.
 * @param {object} fighter
 * @param {number} turn
 * @returns {boolean}
 */
export function dizzyPending(fighter, turn) {
  const held = dizzyTurn(fighter);
  if ( held === null ) return false;
  return (held > turn) || ((held === turn) && !fighter.acted);
}

/**
 * DR-R19 step 6, DR-G18: whether the fighter's card does nothing in Turn `turn`.
 * @param {object} fighter
 * @param {number} turn
 * @returns {boolean}
 */
export function losesAction(fighter, turn) {
  const held = dizzyTurn(fighter);
  return (held !== null) && (held >= turn);
}

/**
 * DR-R19 step 6, DR-G18: Dizzied: lose this Turn's action, or the next if already acted.
 *
 * Without `dizzy_stacks` a Dizzy still pending absorbs the new one; with it, each one costs
 * one more action.
 * @param {object} fighter
 * @param {number} lost
 * @param {number} threshold
 * @param {number} turn
 * @param {object} config
 * @returns {[object, object]}
 */
export function applyDizzy(fighter, lost, threshold, turn, config) {
  const [loses, stacks] = [config.dizzy_loses, config.dizzy_stacks];
  const pending = dizzyPending(fighter, turn);
  let lostTurn = fighter.acted ? turn + 1 : turn;
  if ( pending ) {
    const held = fighter.conditions.dizzy;
    lostTurn = stacks ? held + 1 : held;
  }
  const event = {
    type: "dizzy",
    fighter: fighter.id,
    health_lost: lost,
    endurance_pool: threshold,
    loses_turn: lostTurn,
    loses,
    already_pending: pending
  };
  return [event, { ...fighter, conditions: { ...fighter.conditions, dizzy: lostTurn } }];
}

/**
 * DR-R19 step 6, DR-E03: Dizzied when one hit takes more Health than the Endurance pool.
 * @param {object} fighter
 * @param {number} lost
 * @param {number} turn
 * @param {object} config
 * @returns {[object[], object]}
 */
export function checkDizzy(fighter, lost, turn, config) {
  const threshold = endurancePool(fighter, config);
  if ( lost <= threshold ) return [[], { ...fighter }];
  const [event, updated] = applyDizzy(fighter, lost, threshold, turn, config);
  return [[event], updated];
}

/**
 * DR-G17, DR-G18: drop the conditions whose last Turn is `turn` or earlier.
 * @param {object} fighter
 * @param {number} turn
 * @returns {[object[], object]}
 */
export function expire(fighter, turn) {
  const held = fighter.conditions;
  const gone = sortedKeys(Object.keys(held)).filter(name => (held[name] !== null) && (held[name] <= turn));
  const events = gone.map(name => ({ type: "condition_ended", fighter: fighter.id, condition: name }));
  const kept = Object.fromEntries(Object.entries(held).filter(([name]) => !gone.includes(name)));
  return [events, { ...fighter, conditions: kept }];
}

/* -------------------------------------------- */
/*  Rules                                       */
/* -------------------------------------------- */

/**
 * DR-R29, DR-G16, DR-G17: give `fighter` a timed condition in Turn `turn`.
 * @type {Rule}
 */
export function inflict(input, config, queue) {
  const turns = duration(input.duration_turns, config);
  const [event, updated] = inflictCondition(input.fighter, input.condition, turns, input.turn);
  return [[event], { fighter: updated }];
}

/**
 * DR-R19 step 6, DR-G18, DR-E03: one hit took `health_lost`; is `fighter` Dizzied?
 * @type {Rule}
 */
export function dizzyCheck(input, config, queue) {
  const [events, updated] = checkDizzy(input.fighter, input.health_lost, input.turn, config);
  return [events, { dizzied: events.length > 0, fighter: updated }];
}

/**
 * DR-G17, DR-G18: at the end of Turn `turn`, every fighter's run-out conditions end.
 * @type {Rule}
 */
export function expireConditions(input, config, queue) {
  const roster = input.fighters;
  const events = [];
  /** @type {Record<string, object>} */
  const fighters = {};
  sortedKeys(Object.keys(roster)).forEach(key => {
    const [ended, updated] = expire(roster[key], input.turn);
    fighters[key] = updated;
    events.push(...ended);
  });
  return [events, { fighters }];
}

/** The rules of this module, by camelCase name, in file order. */
export const RULES = Object.freeze({ inflict, dizzyCheck, expireConditions });
