/**
 * What a Crytures rule's new state means for the documents: the fight-state flags of each
 * Combatant whose engine combatant changed (current Health, Stamina, Mana, statuses, defeated;
 * CR-G14, CR-G20, CR-R05), the actions its user has left this round (CR-R04, CR-G18) and whether
 * a bound cryture is summoned (CR-G19). Each becomes one change for the chat card's
 * `applyChanges`, which records before and after for the GM's Undo. A player's change to a
 * Combatant they do not own (the enemy their power hurts) goes to the active GM's client.
 * @module foundry/crytures/changes
 */

import { MODULE_ID } from "../../config.mjs";
import { applyAndPost as postChanges, missingGm } from "../gm-writes.mjs";
import { fightFlags, statusMap } from "./fight.mjs";

/** The name this ruleset's relayed writes travel under (`register.mjs`). */
export const KIND = "crytures";
/** The fight-state flags the rules write, each a JSON leaf. */
export const FIGHT_FLAGS = Object.freeze([
  "health", "stamina", "mana", "statuses", "defeated", "major", "minor", "actions_round", "active",
  "consumables", "binding_crystals", "outcome", "moves", "moves_round"
]);
/** The flags of the Combat the rules write: the opportunity attacks made this turn (CR-G10). */
export const COMBAT_FLAGS = Object.freeze(["oa_spent", "oa_turn"]);
/** The flag paths the GM's client applies for a player: the fight-state flags. */
export const WRITABLE = Object.freeze({
  Combatant: Object.freeze(FIGHT_FLAGS.map((key) => `flags.${MODULE_ID}.${key}`)),
  Combat: Object.freeze(COMBAT_FLAGS.map((key) => `flags.${MODULE_ID}.${key}`))
});

/**
 * @typedef {import("./fight.mjs").Seat} Seat
 * @typedef {import("../card-changes.mjs").Change} Change
 */

/**
 * A flag change of a Combatant.
 * @param {Seat} seat
 * @param {string} key
 * @param {unknown} value
 * @returns {Change}
 */
export function flagChange(seat, key, value) {
  return { document: /** @type {any} */ (seat.combatant), path: `flags.${MODULE_ID}.${key}`, value };
}

/**
 * The engine's statuses as the flags keep them: `[{status, count}]`, by status id.
 * @param {Record<string, number>} statuses
 * @returns {{status: string, count: number}[]}
 */
export function statusList(statuses) {
  return Object.keys(statuses).sort().map((status) => ({ status, count: statuses[status] }));
}

/**
 * The changes a rule's new combatants imply, seat by seat in the fight's order.
 * @param {Seat[]} seats
 * @param {Record<string, any>[]} after  the rule's `state.combatants`
 * @returns {Change[]}
 */
export function fightChanges(seats, after) {
  /** @type {Change[]} */
  const changes = [];
  for ( const seat of seats ) {
    const now = after.find((c) => c.id === seat.id);
    if ( !now ) continue;
    const was = seat.state;
    for ( const key of ["health", "stamina", "mana", "defeated"] ) {
      if ( was[key] !== now[key] ) changes.push(flagChange(seat, key, now[key]));
    }
    if ( JSON.stringify(statusList(was.statuses)) !== JSON.stringify(statusList(now.statuses)) ) {
      changes.push(flagChange(seat, "statuses", statusList(now.statuses)));
    }
  }
  return changes;
}

/**
 * The actions the user has left this round (CR-R04): what changed of Major and Minor, and the
 * round they were spent in.
 * @param {Seat} seat
 * @param {{major: boolean, minor: boolean}} before
 * @param {{major: boolean, minor: boolean}} after
 * @param {number} round
 * @returns {Change[]}
 */
export function actionChanges(seat, before, after, round) {
  const changes = [];
  for ( const slot of /** @type {("major"|"minor")[]} */ (["major", "minor"]) ) {
    if ( (before[slot] !== after[slot]) || (fightFlags(seat.combatant)[slot] !== after[slot]) ) changes.push(flagChange(seat, slot, after[slot]));
  }
  if ( changes.length && (fightFlags(seat.combatant).actions_round !== round) ) changes.push(flagChange(seat, "actions_round", round));
  return changes;
}

/**
 * The actions a seat has left this round: the flags' when spent this round, else both (CR-R04).
 * @param {Seat} seat
 * @param {number} round
 * @returns {{major: boolean, minor: boolean}}
 */
export function actionsOf(seat, round) {
  const flags = fightFlags(seat.combatant);
  if ( flags.actions_round !== round ) return { major: true, minor: true };
  return { major: flags.major !== false, minor: flags.minor !== false };
}

/**
 * The turn a Combat is at, as `oa_turn` records it: "round.turn".
 * @param {Combat} combat
 * @returns {string}
 */
export function turnKey(combat) {
  return `${combat.round}.${combat.turn ?? 0}`;
}

/**
 * The enemies that made their opportunity attack this turn (CR-G10): the Combat's list when it
 * was kept this turn, else none.
 * @param {Combat} combat
 * @returns {string[]}
 */
export function oaSpentOf(combat) {
  const spent = combat.getFlag(MODULE_ID, "oa_spent");
  return (combat.getFlag(MODULE_ID, "oa_turn") === turnKey(combat)) && Array.isArray(spent) ? [...spent] : [];
}

/**
 * The Combat changes of an opportunity attack: the list of who made one this turn (CR-G10).
 * @param {Combat} combat
 * @param {string[]} before
 * @param {string[]} after
 * @returns {Change[]}
 */
export function oaChanges(combat, before, after) {
  if ( JSON.stringify(before) === JSON.stringify(after) ) return [];
  /** @type {Change[]} */
  const changes = [{ document: /** @type {any} */ (combat), path: `flags.${MODULE_ID}.oa_spent`, value: after }];
  if ( combat.getFlag(MODULE_ID, "oa_turn") !== turnKey(combat) ) {
    changes.push({ document: /** @type {any} */ (combat), path: `flags.${MODULE_ID}.oa_turn`, value: turnKey(combat) });
  }
  return changes;
}


/**
 * Apply a rule's changes and post its card (`foundry/gm-writes.mjs` `applyAndPost`, this ruleset's relay kind).
 * @param {Change[]} changes
 * @param {import("../chat-card.mjs").CardSpec} spec  the card, without its changes
 * @returns {Promise<ChatMessage|undefined>}
 */
export function applyAndPost(changes, spec) {
  return postChanges(KIND, changes, spec);
}

export { statusMap };

export { missingGm };
