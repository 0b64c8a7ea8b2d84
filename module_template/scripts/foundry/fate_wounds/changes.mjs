/**
 * What a fate_wounds rule's new state means for the documents: each wound-track column whose
 * checked boxes changed (`system.wounds.<column>`, FW-R10, FW-R11) and each character's power
 * bonuses left (`system.power_bonus_remaining`, FW-R06), one leaf change each for the card's
 * `applyChanges`, which records before and after for the GM's Undo; and the round's action
 * counts on the Combatant (`economy.mjs`). A user who may not write a document (a player's
 * attack on an NPC) leaves the changes to the active GM's client (`foundry/gm-writes.mjs`).
 * @module foundry/fate_wounds/changes
 */

import { MODULE_ID, RULES_CONFIG } from "../../config.mjs";
import { applyAndPost as postChanges, missingGm } from "../gm-writes.mjs";
import { economyDefault } from "./economy.mjs";

/** The name this ruleset's relayed writes travel under (`register.mjs`). */
export const KIND = "fate_wounds";
/** The round's counts on a Combatant (`economy.mjs`). */
const COUNTS = Object.freeze(["round", "actions", "attacks"]);

/**
 * @typedef {import("./actors.mjs").Fighter} Fighter
 * @typedef {import("../card-changes.mjs").Change} Change
 */

/**
 * Whether a relayed change is one this ruleset's cards make: an Actor's wounds or bonuses left,
 * a Combatant's round counts in the viewed Combat.
 * @param {foundry.abstract.Document} document
 * @param {string} path
 * @returns {boolean}
 */
export function allowed(document, path) {
  if ( document.documentName === "Actor" ) {
    return (path === "system.power_bonus_remaining") || /^system\.wounds\.[A-Za-z_][A-Za-z0-9_]*$/.test(path);
  }
  if ( document.documentName === "Combatant" ) {
    const prefix = `flags.${MODULE_ID}.fw.`;
    return (/** @type {any} */ (document).parent === game.combat) && path.startsWith(prefix)
      && COUNTS.includes(path.slice(prefix.length));
  }
  return false;
}

/**
 * The changes a rule's new state implies for each fighter, in the order given.
 * @param {Fighter[]} fighters
 * @param {(Record<string, any>|null|undefined)[]} after  each fighter's character in the new state
 * @returns {Change[]}
 */
export function documentChanges(fighters, after) {
  /** @type {Change[]} */
  const changes = [];
  fighters.forEach((fighter, i) => {
    const now = after[i];
    if ( !now ) return;
    const before = fighter.character;
    for ( const column of now.wound_track.columns ) {
      const id = column.id;
      if ( (before.wounds?.[id] ?? 0) !== now.wounds[id] ) changes.push({ document: fighter.actor, path: `system.wounds.${id}`, value: now.wounds[id] });
    }
    const left = before.power_bonus_remaining ?? before.power_bonus_pool ?? RULES_CONFIG.power_bonus_pool;
    if ( left !== now.power_bonus_remaining ) {
      changes.push({ document: fighter.actor, path: "system.power_bonus_remaining", value: now.power_bonus_remaining });
    }
  });
  return changes;
}

/**
 * The value a changed field holds while nothing is stored: no box checked, a full pool of
 * bonuses (FW-G07), no action taken.
 * @param {foundry.abstract.Document} document
 * @param {string} path
 * @returns {unknown}
 */
function defaultOf(document, path) {
  if ( path.startsWith("system.wounds.") ) return 0;
  if ( path === "system.power_bonus_remaining" ) {
    return /** @type {any} */ (document).system?.power_bonus_pool ?? RULES_CONFIG.power_bonus_pool;
  }
  return economyDefault(path);
}

/**
 * Store the value each changed field holds by default before it changes (nothing stored yet), so
 * the card records a `before` Undo can write back (an absent field it could not).
 * @param {Change[]} changes
 * @returns {Promise<void>}
 */
export async function storeDefaults(changes) {
  for ( const { document, path } of changes ) {
    if ( !document ) continue;
    const now = foundry.utils.getProperty(document, path);
    if ( (now !== undefined) && (now !== null) ) continue;
    await document.update({ [path]: defaultOf(document, path) });
  }
}


/**
 * Apply a rule's changes and post its card (`foundry/gm-writes.mjs` `applyAndPost`, this ruleset's relay kind).
 * @param {Change[]} changes
 * @param {import("../chat-card.mjs").CardSpec} spec  the card, without its changes
 * @returns {Promise<ChatMessage|undefined>}
 */
export function applyAndPost(changes, spec) {
  return postChanges(KIND, changes, spec, storeDefaults);
}

export { missingGm };
