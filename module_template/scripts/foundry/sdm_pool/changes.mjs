/**
 * What an SDM rule's new state means for the documents: the HP, turn state (Actions left this
 * turn, borrowed from the next: SDM-R05, SDM-R06) and recorded damage past the floor (SDM-G21)
 * of each character, and the HP of each armour piece (SDM-R13; Broken is HP 0, derived). Each
 * becomes one change for the chat card's `applyChanges`, which records before and after for the
 * GM's Undo. A player's card on a character the player does not own leaves the changes to the
 * active GM's client (`foundry/gm-writes.mjs`), as the other rulesets do.
 * @module foundry/sdm_pool/changes
 */

import { applyAndPost as postChanges, missingGm } from "../gm-writes.mjs";

/** The name this ruleset's relayed writes travel under (`register.mjs`). */
export const KIND = "sdm_pool";

/** A character's fields the rules change, with the value an absent one means. */
const ACTOR_FIELDS = Object.freeze({
  hp: null, actions_left: 0, minor_actions_left: 0, owed_actions: 0, owed_minor_actions: 0,
  unapplied_damage: 0, stabilized: false, dead: false
});

/**
 * What the SDM rules write back, by document type: the only paths the GM's client applies for a
 * player.
 * @type {Readonly<Record<string, readonly string[]>>}
 */
export const WRITABLE = Object.freeze({
  Actor: Object.freeze(Object.keys(ACTOR_FIELDS).map((key) => `system.${key}`)),
  Item: Object.freeze(["system.hp"])
});

/**
 * @typedef {import("./actors.mjs").Combatant} Combatant
 * @typedef {import("../card-changes.mjs").Change} Change
 */

/**
 * The changes to one combatant's actor and armour that `now` (its character in the rule's new
 * state) implies.
 * @param {Combatant} combatant
 * @param {Record<string, any>} now
 * @returns {Change[]}
 */
function combatantChanges(combatant, now) {
  const before = combatant.character;
  /** @type {Change[]} */
  const changes = [];
  for ( const [key, absent] of Object.entries(ACTOR_FIELDS) ) {
    const was = before[key] ?? (key === "hp" ? before.max_hp : absent);
    if ( !(key in now) || (now[key] === was) ) continue;
    // Shown from the value the rules read: an absent field is the value it means (full HP, none
    // owed), not "none" (issue 14); Undo still restores the field as it was.
    changes.push({ document: combatant.actor, path: `system.${key}`, value: now[key], shown: { before: was } });
  }
  for ( const piece of /** @type {any[]} */ (now.armor ?? []) ) {
    const was = /** @type {any[]} */ (before.armor).find((p) => p.id === piece.id);
    const item = combatant.items[piece.id];
    if ( was && item && (was.hp !== piece.hp) ) {
      changes.push({ document: item, path: "system.hp", value: piece.hp, shown: { before: was.hp } });
    }
  }
  return changes;
}

/**
 * The changes a rule's new state implies for each combatant, in the order given.
 * @param {Combatant[]} combatants
 * @param {(Record<string, any>|null|undefined)[]} after  each one's character in the new state
 * @returns {Change[]}
 */
export function documentChanges(combatants, after) {
  return combatants.flatMap((combatant, i) => (after[i] ? combatantChanges(combatant, /** @type {any} */ (after[i])) : []));
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

export { missingGm };
