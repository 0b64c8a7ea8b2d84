/**
 * The start of a turn, recovering from 0 HP, and an ally's stabilise; mirror of
 * `compiler/rules/sdm_pool/recovery.py`.
 */

import { tierSuccesses } from "./config.mjs";
import { allotment, nextTurn, payNow, refused } from "./economy.mjs";
import { fail } from "../shapes.mjs";
import { IN } from "./fields.mjs";
import { checkRoll, standUp } from "./harm.mjs";
import { readCharacter, skillLevel, traitLevel } from "./sheet.mjs";

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 * @typedef {import("../queue.mjs").DiceQueue} DiceQueue
 * @typedef {import("./sheet.mjs").Character} Character
 */

/**
 * SDM-R14, SDM-G20: base_dice + the trait's level d6 against the tier; success stands the
 * character up at hp_after HP.
 * @param {Character} character
 * @param {string} where
 * @param {Record<string, any>} config
 * @param {DiceQueue} queue
 * @returns {[object[], boolean]}
 */
export function selfRecover(character, where, config, queue) {
  const params = config.self_recovery;
  const pool = params.base_dice + traitLevel(character, params.trait, where);
  const needed = tierSuccesses(config, params.tier, "config.self_recovery.tier");
  const [faces, successes, success] = checkRoll(pool, needed, config, queue);
  const events = [{ type: "recovery", id: character.id, pool, faces, successes, needed, success }];
  if ( success ) events.push(standUp(character, params.hp_after));
  return [events, success];
}

/**
 * A turn the character does not take: its pools and what it owed are gone.
 * @param {Character} character
 * @param {string} reason
 * @returns {object}
 */
function noTurn(character, reason) {
  for ( const key of ["actions_left", "minor_actions_left", "owed_actions", "owed_minor_actions"] ) character[key] = 0;
  return { type: "no_turn", id: character.id, reason };
}

/**
 * SDM-R05, SDM-R06, SDM-R15, SDM-G20, SDM-G21: start the character's turn: the dead take
 * none, the incapacitated roll to recover first; the pools are the allotment less what the
 * reactions since the last turn borrowed. Returns [events, whether it takes a turn].
 * @param {Character} character
 * @param {string} where
 * @param {Record<string, any>} config
 * @param {DiceQueue} queue
 * @returns {[object[], boolean]}
 */
export function beginTurn(character, where, config, queue) {
  if ( character.dead ) return [[noTurn(character, "dead")], false];
  /** @type {object[]} */
  let events = [];
  if ( character.incapacitated ) {
    let up;
    [events, up] = selfRecover(character, where, config, queue);
    if ( !up ) return [[...events, noTurn(character, "incapacitated")], false];
  }
  const [actions, minor] = nextTurn(character, where, config);
  const [allotted, allottedMinor] = allotment(character, where, config);
  events.push({ type: "allotment", id: character.id, actions: allotted, minor_actions: allottedMinor });
  events.push({
    type: "turn_start", id: character.id,
    borrowed_actions: character.owed_actions,
    borrowed_minor_actions: character.owed_minor_actions,
    actions, minor_actions: minor
  });
  Object.assign(character, { actions_left: actions, minor_actions_left: minor, owed_actions: 0, owed_minor_actions: 0 });
  return [events, true];
}

/**
 * SDM-R05, SDM-R06, SDM-R14, SDM-G20, SDM-G21, SDM-E01: start one character's turn.
 * @type {Rule}
 */
export function startTurn(input, config, queue) {
  const where = `${IN}.character`;
  const character = readCharacter(input.character, where, config);
  const [events] = beginTurn(character, where, config, queue);
  return [events, { character }];
}

/**
 * SDM-R14, SDM-G20: the helper pays the config's cost and rolls base_dice + trait + skill d6
 * against the tier; success marks the target stabilized and, with outcome revive, stands it up.
 * Returns [events, success].
 * @param {Character} helper
 * @param {Character} target
 * @param {string} where
 * @param {Record<string, any>} config
 * @param {DiceQueue} queue
 * @returns {[object[], boolean]}
 */
export function stabilizeTarget(helper, target, where, config, queue) {
  const params = config.stabilize;
  if ( target.dead || !target.incapacitated ) {
    const reason = target.dead ? "target_dead" : "not_incapacitated";
    return [[refused(helper, "stabilize", reason)], false];
  }
  const [event, paid] = payNow(helper, params.cost, "stabilize", config);
  if ( !paid ) return [[event], false];
  let pool = params.base_dice + traitLevel(helper, params.trait, where);
  pool += skillLevel(helper, params.skill);
  const needed = tierSuccesses(config, params.tier, "config.stabilize.tier");
  const [faces, successes, success] = checkRoll(pool, needed, config, queue);
  const events = [event, {
    type: "stabilize", by: helper.id, of: target.id, pool, faces, successes, needed, success
  }];
  if ( success ) {
    target.stabilized = true;
    const revive = params.outcome === "revive";
    events.push({ type: "stabilized", id: target.id, revived: revive });
    if ( revive ) events.push(standUp(target, params.hp_after));
  }
  return [events, success];
}

/**
 * SDM-R14, SDM-G20: an ally's Action to stabilise an incapacitated character.
 * @type {Rule}
 */
export function stabilize(input, config, queue) {
  const helper = readCharacter(input.helper, `${IN}.helper`, config);
  const target = readCharacter(input.target, `${IN}.target`, config);
  if ( target.id === helper.id ) throw fail(IN, `${IN}.target.id must differ from ${IN}.helper.id`);
  const [events, success] = stabilizeTarget(helper, target, `${IN}.helper`, config, queue);
  return [events, { helper, target, success }];
}
