/**
 * Foundry documents as the SDM rules core reads them, through the engine's own content adapter
 * (`rules/sdm_pool/content.mjs`, the mirror of `compiler/rules/sdm_pool/content.py`): an Actor's
 * `system` is a character document (with the turn state the tracker keeps), its embedded armour
 * and weapon Items what it wears and carries (`{id, name, ...system}` each, in the sheet's order,
 * outermost armour first). Every engine id points back at the document it came from, so the
 * rules' new state can be written back.
 * @module foundry/sdm_pool/actors
 */

import { MODULE_ID } from "../../config.mjs";
import { character } from "../../rules/sdm_pool/content.mjs";

/**
 * A Foundry actor with its engine character.
 * @typedef {object} Combatant
 * @property {Actor} actor
 * @property {string} name
 * @property {Record<string, any>} character   the engine character (tests/golden/sdm_pool/README.md)
 * @property {Record<string, Item>} items       engine armour piece and weapon id → its Item
 */

/** The module sub-types of what a character wears and carries. */
export const ITEM_TYPES = Object.freeze({ armor: `${MODULE_ID}.armor`, weapon: `${MODULE_ID}.weapon` });

/**
 * A document's data as plain JSON without its empty fields (a data model fills an optional field
 * the content left out with null, which the content kinds mean as "absent").
 * @param {unknown} data
 * @returns {Record<string, any>}
 */
export function plainData(data) {
  /** @type {Record<string, any>} */
  const copy = JSON.parse(JSON.stringify(data ?? {}));
  for ( const key of Object.keys(copy) ) if ( copy[key] === null ) delete copy[key];
  return copy;
}

/**
 * The slug ids of `names` ("Ana Reyes" → "ana-reyes"), unless two share one (or it is empty):
 * then the fallback id.
 * @param {string[]} names
 * @param {string[]} fallbacks
 * @returns {string[]}
 */
function uniqueSlugs(names, fallbacks) {
  const slugs = names.map((n) => n.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, ""));
  return slugs.map((slug, i) => (slug && (slugs.filter((s) => s === slug).length === 1) ? slug : fallbacks[i]));
}

/**
 * The engine ids of the characters of one rule call: each actor's name as a slug, unless two
 * share it: then the actor's own id.
 * @param {Actor[]} actors
 * @returns {string[]}
 */
export function characterIds(actors) {
  return uniqueSlugs(actors.map((a) => a.name), actors.map((a) => String(a.id)));
}

/**
 * The engine id of each item: its content key when no other item of the list shares it, else
 * the Item's own id.
 * @param {Item[]} items
 * @returns {string[]}
 */
export function engineIds(items) {
  const keys = items.map((item) => item.getFlag(MODULE_ID, "key"));
  return items.map((item, i) => {
    const key = keys[i];
    return (typeof key === "string") && (keys.filter((k) => k === key).length === 1) ? key : String(item.id);
  });
}

/**
 * An actor as an engine character with the id given, with the documents behind its ids. Throws
 * the adapter's `bad_input` for content that does not fit.
 * @param {Actor} actor
 * @param {string} id
 * @returns {Combatant}
 */
export function readCombatant(actor, id) {
  const types = /** @type {string[]} */ (Object.values(ITEM_TYPES));
  const gear = [...actor.items].filter((item) => types.includes(item.type));
  const ids = engineIds(gear);
  /** @type {Record<string, Item>} */
  const items = {};
  const docs = gear.map((item, i) => {
    items[ids[i]] = item;
    return { type: item.type, doc: { ...plainData(item.system), id: ids[i], name: item.name } };
  });
  const armor = docs.filter((d) => d.type === ITEM_TYPES.armor).map((d) => d.doc);
  const weapons = docs.filter((d) => d.type === ITEM_TYPES.weapon).map((d) => d.doc);
  const data = { ...plainData(actor.system), id, name: actor.name };
  return { actor, name: actor.name, character: character(data, armor, weapons), items };
}

/**
 * The actors of one rule call as engine characters, ids unique among them: each name's slug,
 * else the fallback id (the actor's own; two tokens of one NPC in a Combat need their
 * Combatants').
 * @param {Actor[]} actors
 * @param {string[]} [fallbacks]
 * @returns {Combatant[]}
 */
export function readCombatants(actors, fallbacks = actors.map((a) => String(a.id))) {
  const ids = uniqueSlugs(actors.map((a) => a.name), fallbacks);
  return actors.map((actor, i) => readCombatant(actor, ids[i]));
}

/**
 * The one controlled token and the one targeted token, or null.
 * @returns {{attacker: Token, target: Token}|null}
 */
export function canvasTokens() {
  const controlled = canvas?.tokens?.controlled ?? [];
  const targets = [...(game.user?.targets ?? [])];
  if ( (controlled.length !== 1) || (targets.length !== 1) ) return null;
  return { attacker: controlled[0], target: targets[0] };
}
