/**
 * What a Hazard Dice rule's new state means for the documents: the Current Stamina of each
 * character the rule damaged (HZ-R21, HZ-R31), the Current AV of each armour piece it ablated
 * (HZ-R29) and the Current DV of each weapon it wore (HZ-R30). Each becomes one change for the
 * chat card's `applyChanges`, which records before and after for the GM's Undo. Injuries are
 * events of the rule (HZ-R31), shown on the card; the character kind has no field recording them.
 * @module foundry/hazard/changes
 */

/**
 * @typedef {import("./actors.mjs").Combatant} Combatant
 * @typedef {import("../card-changes.mjs").Change} Change
 * @typedef {import("./summary.mjs").Names} Names
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
    changes.push({ document: item, path: `system.${field}`, value: now[field] });
  }
  return changes;
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
  combatants.forEach((combatant, i) => {
    const now = after[i];
    if ( !now ) return;
    const before = combatant.character;
    const hurt = /** @type {any[]} */ (events).some((e) => (e.type === "stamina") && (e.character === before.id) && (e.before !== e.after));
    if ( hurt ) changes.push({ document: combatant.actor, path: "system.stamina_current", value: now.stamina_current });
    changes.push(...itemChanges(combatant, before.armor, now.armor, "current_av"));
    changes.push(...itemChanges(combatant, before.weapons, now.weapons, "dv_current"));
  });
  return changes;
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
