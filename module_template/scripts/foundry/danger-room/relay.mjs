/**
 * A player's card changes documents the player does not own (the enemy it hurts, the Combat's
 * armed defences). Foundry lets only owners update a document, so the player's client, having
 * rolled the dice and posted the cards, whispers the remaining updates to the GM, whose client
 * applies them. Only fight state is accepted: a fighter's fight keys on a Combatant of the
 * viewed Combat, armed defences and items on the ground on the Combat. (Like Foundry's own dice,
 * this trusts the player's client.)
 * @module foundry/danger-room/relay
 */

import { MODULE_ID } from "../../config.mjs";
import { escapeHtml } from "../html.mjs";
import { FIGHT_KEYS } from "./fight.mjs";

/**
 * @typedef {import("./fight.mjs").Fight} Fight
 * @typedef {import("./fight.mjs").Write} Write
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
 * On the relaying GM's client: apply the updates a player's message carries, in order; refuse
 * (and report) any that reach beyond the fight state.
 * @param {ChatMessage} message
 * @returns {Promise<void>}
 */
export async function applyRelayed(message) {
  /** @type {Write[]|undefined} */
  const writes = message.getFlag(MODULE_ID, "writes");
  const combat = game.combat;
  if ( !Array.isArray(writes) || !combat || game.user?.id !== relayingGm()?.id ) return;
  for ( const write of writes ) {
    const document = write.combatant ? combat.combatants.get(write.combatant) : combat;
    if ( !document || !allowed(write) ) {
      ui.notifications.error(game.i18n.localize("RULEPACK.DangerRoom.RelayRefused"));
      continue;
    }
    await document.update(write.changes);
  }
}
