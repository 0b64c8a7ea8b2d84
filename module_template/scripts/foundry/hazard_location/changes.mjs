/**
 * What a Hazard Dice rule's new state means for the documents: the Current Stamina of each
 * character the rule damaged (HZ-R21, HZ-R31), the Current AV of each armour piece it ablated
 * (HZ-R29) and the Current DV of each weapon it wore (HZ-R30). Each becomes one change for the
 * chat card's `applyChanges`, which records before and after for the GM's Undo. The Injuries it
 * caused (HZ-R31, HZ-G11) are appended to the character's `injuries`, one change of the whole
 * array: an update replaces an array whole, so Undo restores the list exactly.
 * @module foundry/hazard_location/changes
 */

import { applyAndPost as postChanges, applyAndPostParts, missingGm } from "../gm-writes.mjs";

/** The name this ruleset's relayed writes travel under (`register.mjs`). */
export const KIND = "hazard_location";
/**
 * What the attack and blast rules write back, by document type: the only paths the GM's client
 * applies for a player.
 * @type {Readonly<Record<string, readonly string[]>>}
 */
export const WRITABLE = Object.freeze({
  Actor: Object.freeze(["system.stamina_current", "system.injuries"]),
  Item: Object.freeze(["system.current_av", "system.dv_current"])
});

/**
 * @typedef {import("./actors.mjs").Combatant} Combatant
 * @typedef {import("../card-changes.mjs").Change} Change
 * @typedef {import("./summary.mjs").Names} Names
 * @typedef {{location: string, source: string, result: string|null}} Injury  one recorded Injury
 */

/**
 * The `field` of each listed engine object whose value the rule changed, as Item changes.
 * @param {Combatant} combatant
 * @param {any[]} before
 * @param {any[]} after
 * @param {string} field  "current_av" or "dv_current"
 * @returns {Change[]}
 */
function itemChanges(combatant, before, after, field) {
  /** @type {Change[]} */
  const changes = [];
  for ( const now of after ) {
    const was = before.find((b) => b.id === now.id);
    const item = combatant.items[now.id];
    if ( !was || !item || (was[field] === now[field]) ) continue;
    // The engine piece holds the effective value (a stored null is the maximum): the card shows it.
    changes.push({ document: item, path: `system.${field}`, value: now[field], shown: { before: was[field] } });
  }
  return changes;
}

/**
 * The Injuries the events record, by character id: an `injury` event belongs to the character
 * of the `stamina` event before it (the damage that caused it), and the `injury_roll` right
 * after it, if any, is its Injury-table result.
 * @param {object[]} events
 * @returns {Record<string, Injury[]>}
 */
export function newInjuries(events) {
  /** @type {Record<string, Injury[]>} */
  const found = {};
  /** @type {Injury|null} */
  let last = null;
  /** @type {string|null} */
  let who = null;
  for ( const e of /** @type {any[]} */ (events) ) {
    if ( e.type === "stamina" ) who = e.character;
    else if ( (e.type === "injury") && (who !== null) ) {
      last = { location: e.location, source: e.source_id, result: null };
      (found[who] ??= []).push(last);
    }
    else if ( (e.type === "injury_roll") && last ) last.result = e.result;
  }
  return found;
}

/**
 * The actor's recorded Injuries as plain records, in order.
 * @param {Actor} actor
 * @returns {Injury[]}
 */
function recordedInjuries(actor) {
  const list = /** @type {any[]} */ (/** @type {any} */ (actor.system).injuries ?? []);
  return list.map(({ location, source, result }) => ({ location, source, result: result ?? null }));
}

/**
 * The changes a rule's new state implies for each combatant, in the order given.
 * @param {Combatant[]} combatants
 * @param {(Record<string, any>|null|undefined)[]} after  each combatant's character in the new state
 * @param {object[]} events  the rule's events (a `stamina` event marks damage applied)
 * @returns {Change[]}
 */
export function documentChanges(combatants, after, events) {
  /** @type {Change[]} */
  const changes = [];
  const injuries = newInjuries(events);
  combatants.forEach((combatant, i) => {
    const now = after[i];
    if ( !now ) return;
    const before = combatant.character;
    const stamina = /** @type {any[]} */ (events).filter((e) => (e.type === "stamina") && (e.character === before.id));
    if ( stamina.some((e) => e.before !== e.after) ) {
      // A fresh character stores no Current Stamina (its Total): the first damage says what it was.
      changes.push({ document: combatant.actor, path: "system.stamina_current", value: now.stamina_current, shown: { before: stamina[0].before } });
    }
    const taken = injuries[before.id] ?? [];
    if ( taken.length ) {
      const had = recordedInjuries(combatant.actor);
      changes.push({ document: combatant.actor, path: "system.injuries", value: [...had, ...taken], shown: { before: had.length, after: had.length + taken.length } });
    }
    changes.push(...itemChanges(combatant, before.armor, now.armor, "current_av"));
    changes.push(...itemChanges(combatant, before.weapons, now.weapons, "dv_current"));
  });
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

/**
 * Apply the changes of an action over several targets and post its one card (a blast):
 * `gm-writes.mjs` `applyAndPostParts` under this ruleset's relay kind.
 * @param {{title: string, summary: string[], speaker?: ChatSpeakerData}} spec
 * @param {import("../gm-writes.mjs").Target[]} targets
 * @returns {Promise<ChatMessage|undefined>}
 */
export function applyAndPostTargets(spec, targets) {
  return applyAndPostParts(KIND, spec, targets);
}

/**
 * Display names for a card: each combatant's name, each of its items' names, the location labels.
 * @param {Combatant[]} combatants
 * @param {Record<string, string>} locations
 * @param {Record<string, string>} [extra]  more item names (an explosive)
 * @returns {Names}
 */
export function namesOf(combatants, locations, extra = {}) {
  /** @type {Names} */
  const names = { characters: {}, items: { ...extra }, locations };
  for ( const { character, name, items } of combatants ) {
    names.characters[character.id] = name;
    for ( const [id, item] of Object.entries(items) ) names.items[id] = item.name;
  }
  return names;
}

export { missingGm };
