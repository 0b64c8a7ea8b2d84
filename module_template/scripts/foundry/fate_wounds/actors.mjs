/**
 * Foundry documents as the fate_wounds rules core reads them. An Actor of the module's fighter
 * sub-type is a character document (its `system`); its embedded Supernatural Power Items are its
 * powers (`{id, name, ...system}`, the id its content key, else the Item's own id), and its wound
 * track is named in `RULES_DATA` (the module's wound tracks). The shipped-content adapter
 * (`rules/fate_wounds/content.mjs`, the mirror of `compiler/rules/fate_wounds/content.py`) turns
 * them into the engine's character; nothing here changes a document.
 * @module foundry/fate_wounds/actors
 */

import { MODULE_ID, RULES_DATA } from "../../config.mjs";
import { character } from "../../rules/fate_wounds/content.mjs";

/**
 * An Actor with its engine character.
 * @typedef {object} Fighter
 * @property {Actor} actor
 * @property {string} name
 * @property {Record<string, any>} character  the engine character (catalogue §3.5)
 */

/** The module sub-type of a Supernatural Power Item. */
export const POWER_TYPE = `${MODULE_ID}.power`;

/**
 * A document's data as plain JSON without the fields a data model leaves null (absent).
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
 * The engine ids of the characters of one rule call: each actor's name as a slug ("agent-smith"),
 * so the trace and a fixture read well, unless two share it (or it has no letter or digit):
 * then the actor's own id.
 * @param {Actor[]} actors
 * @returns {string[]}
 */
export function characterIds(actors) {
  const slugs = actors.map((a) => a.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, ""));
  return actors.map((a, i) => {
    const slug = slugs[i];
    return slug && (slugs.filter((s) => s === slug).length === 1) ? slug : String(a.id);
  });
}

/**
 * The actor's Supernatural Power Items as content documents, by engine id.
 * @param {Actor} actor
 * @returns {Record<string, Record<string, any>>}
 */
function powerDocs(actor) {
  /** @type {Record<string, Record<string, any>>} */
  const found = {};
  for ( const item of actor.items ) {
    if ( item.type !== POWER_TYPE ) continue;
    const key = item.getFlag(MODULE_ID, "key");
    const id = (typeof key === "string") && !(key in found) ? key : String(item.id);
    found[id] = { ...plainData(item.system), id, name: item.name };
  }
  return found;
}

/**
 * An actor as an engine character with the id given: its powers are the power Items it carries.
 * Throws the adapter's `bad_input` (a wound track the module lacks, say).
 * @param {Actor} actor
 * @param {string} id
 * @returns {Fighter}
 */
export function readFighter(actor, id) {
  const powers = powerDocs(actor);
  /** @type {Record<string, any>} */
  const data = { ...plainData(actor.system), id, name: actor.name };
  data.items = { ...(data.items ?? {}), powers: Object.keys(powers) };
  const library = { power: powers, wound_track: /** @type {any} */ (RULES_DATA).wound_track ?? {} };
  return { actor, name: actor.name, character: character(data, library) };
}
