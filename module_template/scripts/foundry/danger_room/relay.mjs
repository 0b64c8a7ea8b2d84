/**
 * A player's card changes documents the player does not own (the enemy it hurts, the Combat's
 * armed defences). Foundry lets only owners update a document, so the player's client, having
 * rolled the dice and posted the cards, whispers the remaining updates to the GM, whose client
 * applies them through `applyChanges` and posts a card of its own listing them before → after,
 * so the GM can undo them (the player's card could not: its author does not own them). Only
 * fight state is accepted: a fighter's fight keys on a Combatant of the viewed Combat, armed
 * defences and items on the ground on the Combat. (Like Foundry's own dice, this trusts the
 * player's client, the rules call and result it sends along included.)
 * @module foundry/danger_room/relay
 */

import { MODULE_ID } from "../../config.mjs";
import { applyChanges } from "../card-changes.mjs";
import { postCard } from "../chat-card.mjs";
import { escapeHtml } from "../html.mjs";
import { FIGHT_KEYS, storeDefaults } from "./fight.mjs";

/**
 * @typedef {import("./fight.mjs").Fight} Fight
 * @typedef {import("./fight.mjs").Write} Write
 * @typedef {import("./fight.mjs").LeafChange} LeafChange
 */

/**
 * Whether an update only touches what a relayed write may: fight keys of a Combatant, armed
 * defences and items on the ground of the Combat.
 * @param {Write} write
 * @returns {boolean}
 */
function allowed(write) {
  const prefix = write.combatant ? `flags.${MODULE_ID}.fighter.` : `flags.${MODULE_ID}.fight.`;
  const names = write.combatant ? FIGHT_KEYS : ["defences", "on_ground"];
  const keys = Object.keys(write.changes ?? {});
  return keys.length > 0 && keys.every((k) => k.startsWith(prefix) && names.includes(k.slice(prefix.length)));
}

/**
 * The GM who applies relayed updates: the first GM by id, so one client does it.
 * @returns {User|undefined}
 */
function relayingGm() {
  return [...game.users].filter((u) => u.isGM).sort((a, b) => ((a.id ?? "") < (b.id ?? "") ? -1 : 1))[0];
}

/**
 * Whisper the fight's waiting updates to the GM (nothing when there are none).
 * @param {Fight} fight
 * @returns {Promise<void>}
 */
export async function sendPending(fight) {
  if ( !fight.pending.length ) return;
  const writes = fight.pending.splice(0);
  const gm = relayingGm();
  if ( !gm?.id ) throw new Error(`${MODULE_ID} | no GM to apply the fight's updates`);
  await ChatMessage.create({
    content: `<p>${escapeHtml(game.i18n.localize("RULEPACK.DangerRoom.Relayed"))}</p>`,
    whisper: [gm.id],
    flags: { [MODULE_ID]: { writes } }
  });
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
 * The leaf changes of a run of writes; refuses (and reports) any that reach beyond the fight.
 * @param {Combat} combat
 * @param {Write[]} writes
 * @returns {LeafChange[]}
 */
function leafChanges(combat, writes) {
  /** @type {LeafChange[]} */
  const changes = [];
  for ( const write of writes ) {
    const document = write.combatant ? combat.combatants.get(write.combatant) : combat;
    if ( !document || !allowed(write) ) {
      ui.notifications.error(game.i18n.localize("RULEPACK.DangerRoom.RelayRefused"));
      continue;
    }
    for ( const [path, value] of Object.entries(write.changes) ) changes.push({ document, path, value });
  }
  return changes;
}

/**
 * On the relaying GM's client: apply the updates a player's message carries, in order, one card's
 * at a time through `applyChanges`, and post that card's changes (with its title and rules call)
 * as the GM's, so the GM's Undo restores them; refuse (and report) any that reach beyond the
 * fight state.
 * @param {ChatMessage} message
 * @returns {Promise<void>}
 */
export async function applyRelayed(message) {
  /** @type {Write[]|undefined} */
  const writes = message.getFlag(MODULE_ID, "writes");
  const combat = game.combat;
  if ( !Array.isArray(writes) || !combat || game.user?.id !== relayingGm()?.id ) return;
  for ( const run of byCard(writes) ) {
    const changes = leafChanges(combat, run);
    if ( !changes.length ) continue;
    await storeDefaults(changes);
    const records = await applyChanges(changes);
    const card = run[0].card;
    if ( !card ) continue;
    const result = /** @type {import("../chat-card.mjs").CaseResult} */ (card.result);
    await postCard({ title: card.title, call: /** @type {any} */ (card.call), result, changes: records });
  }
}
