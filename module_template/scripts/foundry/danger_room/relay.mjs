/**
 * A player's card changes documents the player does not own (the enemy it hurts, the Combat's
 * armed defences). Foundry lets only owners update a document, so the player's client, having
 * rolled the dice and posted the cards, asks the active GM's client (`foundry/gm-writes.mjs`,
 * over the module socket) to apply the remaining updates through `applyChanges` and post a card
 * of its own listing them before → after, so the GM can undo them (the player's card could not:
 * its author does not own them). Only fight state is accepted: a fighter's fight keys on a
 * Combatant of the viewed Combat, armed defences and items on the ground on the Combat. (Like
 * Foundry's own dice, this trusts the player's client, the rules call and result it sends along
 * included.)
 * @module foundry/danger_room/relay
 */

import { MODULE_ID } from "../../config.mjs";
import { registerGmWrites, relayWrites } from "../gm-writes.mjs";
import { FIGHT_KEYS, storeDefaults } from "./fight.mjs";

/**
 * @typedef {import("./fight.mjs").Fight} Fight
 * @typedef {import("./fight.mjs").Write} Write
 * @typedef {import("../gm-writes.mjs").Run} Run
 */

/** The name the Danger Room's writes travel under. */
const KIND = "danger_room";

/**
 * Whether a relayed change only touches what the fight's writes may: a fight key of a Combatant
 * of the viewed Combat, or the armed defences or items on the ground of that Combat.
 * @param {foundry.abstract.Document} document
 * @param {string} path
 * @returns {boolean}
 */
function allowed(document, path) {
  const combat = game.combat;
  if ( !combat ) return false;
  if ( document.documentName === "Combatant" ) {
    const prefix = `flags.${MODULE_ID}.fighter.`;
    return (/** @type {Combatant} */ (document).parent === combat) && path.startsWith(prefix) && FIGHT_KEYS.includes(path.slice(prefix.length));
  }
  const prefix = `flags.${MODULE_ID}.fight.`;
  return (document === combat) && path.startsWith(prefix) && ["defences", "on_ground"].includes(path.slice(prefix.length));
}

/**
 * Register the GM's side of the fight's relayed writes (call once, on `init`).
 */
export function registerRelay() {
  registerGmWrites(KIND, { allowed, prepare: storeDefaults });
}

/**
 * The relayed writes in runs of the same card (consecutive writes one rule made).
 * @param {Write[]} writes
 * @returns {Write[][]}
 */
function byCard(writes) {
  /** @type {Write[][]} */
  const runs = [];
  for ( const write of writes ) {
    const last = runs.at(-1);
    if ( last && JSON.stringify(last[0].card) === JSON.stringify(write.card) ) last.push(write);
    else runs.push([write]);
  }
  return runs;
}

/**
 * One write's leaf changes, by the uuid of its Combatant (or its Combat).
 * @param {Combat} combat
 * @param {Write} write
 * @returns {{uuid: string, path: string, value: unknown}[]}
 */
function leafChanges(combat, write) {
  const document = write.combatant ? combat.combatants.get(write.combatant) : combat;
  if ( !document ) return [];
  return Object.entries(write.changes ?? {}).map(([path, value]) => ({ uuid: document.uuid, path, value }));
}

/**
 * Send the fight's waiting updates to the active GM's client (nothing when there are none); the
 * steps of one card of several (an attack over an area) go as one group, listed by the GM's
 * client on one card of several of its own.
 * @param {Fight} fight
 * @returns {Promise<void>}
 */
export async function sendPending(fight) {
  if ( !fight.pending.length ) return;
  const writes = fight.pending.splice(0);
  // Consecutive runs of one card of several go together, for the GM's client to post one card.
  /** @type {{group: Write["group"], runs: Run[]}[]} */
  const batches = [];
  for ( const run of byCard(writes) ) {
    const entry = { card: /** @type {any} */ (run[0].card) ?? null, changes: run.flatMap((write) => leafChanges(fight.combat, write)) };
    const last = batches.at(-1);
    if ( last && (JSON.stringify(last.group) === JSON.stringify(run[0].group)) ) last.runs.push(entry);
    else batches.push({ group: run[0].group, runs: [entry] });
  }
  for ( const { group, runs } of batches ) await relayWrites(KIND, runs, group);
}
