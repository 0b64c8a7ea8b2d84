/**
 * Shipped content -> fate_wounds rule input; mirror of `compiler/rules/fate_wounds/content.py`.
 *
 * The content kinds (`compiler/schemas/rulesets/fate_wounds/`) write each fact once: a character
 * lists its powers by id (each power has its rating), names its wound track, and omits what the
 * config decides. These pure functions turn validated documents (schema defaults
 * filled: what `rulepack validate` checks, or an Item as `{id, name, ...system}`) into the
 * catalogue §3.5 shapes the rules take (tests/golden/fate_wounds/README.md), without the
 * presentation fields (description, img, tags). A library is `{kind: {id: document}}`. Content
 * that does not fit (a reference to a document the library lacks) is `bad_input` naming it.
 */

import { SCALES } from "./ladder.mjs";
import { fail } from "../shapes.mjs";

/**
 * @typedef {Record<string, any>} Doc
 * @typedef {Record<string, Record<string, Doc>>} Library
 */

const WHERE = "content";
const COLUMN_FIELDS = ["id", "label", "min", "max", "boxes", "effect"];
const BONUS_FIELDS = ["power_bonus_pool", "power_bonus_remaining"];

/**
 * `obj[key]` if `obj` has its own `key`, else `fallback`.
 * @param {Doc|undefined} obj
 * @param {string} key
 * @param {any} fallback
 * @returns {any}
 */
function valueOr(obj, key, fallback) {
  return (obj !== undefined) && Object.hasOwn(obj, key) ? obj[key] : fallback;
}

/**
 * The library's documents of `kind`, by id.
 * @param {Library} library
 * @param {string} kind
 * @returns {Doc[]}
 */
export function documents(library, kind) {
  const found = valueOr(library, kind, {});
  return Object.keys(found).sort().map(key => found[key]);
}

/**
 * FW-R09, FW-G10: a wound track as the rules take it (a character's is written into it).
 * @param {Doc} doc
 * @returns {Doc}
 */
export function woundTrack(doc) {
  const columns = doc.columns.map(column => Object.fromEntries(COLUMN_FIELDS.map(key => [key, column[key]])));
  const named = Object.fromEntries(["id", "name"].filter(key => Object.hasOwn(doc, key)).map(key => [key, doc[key]]));
  return { ...named, columns };
}

/**
 * FW-G09: a Supernatural Power as a character's rules entry: its id, name and rating.
 * @param {Doc} doc
 * @returns {Doc}
 */
export function power(doc) {
  return { id: doc.id, name: doc.name, rating: doc.rating };
}

/**
 * Catalogue §3.5, FW-G07, FW-G10: a character with its powers and wound track resolved.
 *
 * Omitted power-bonus numbers stay omitted (the config's pool); an omitted track is null
 * (the config's, the normal human).
 * @param {Doc} doc
 * @param {Library} library
 * @returns {Doc}
 */
export function character(doc, library) {
  const where = `${WHERE}.fighter.${doc.id}`;
  const known = valueOr(library, "power", {});
  const powers = valueOr(valueOr(doc, "items", {}), "powers", []).map(ident => {
    if ( !Object.hasOwn(known, ident) ) throw fail(where, `${where}.items.powers names power ${ident}, which the content lacks`);
    return power(known[ident]);
  });
  const bonuses = Object.fromEntries(BONUS_FIELDS.filter(key => Object.hasOwn(doc, key)).map(key => [key, doc[key]]));
  return {
    id: doc.id, name: doc.name, pc: valueOr(doc, "pc", false), approaches: doc.approaches,
    skills: valueOr(doc, "skills", {}), powers, ...bonuses,
    wound_track: trackOf(doc, library, where), wounds: valueOr(doc, "wounds", {})
  };
}

/**
 * @param {Doc} doc
 * @param {Library} library
 * @param {string} where
 * @returns {Doc|null}
 */
function trackOf(doc, library, where) {
  const named = valueOr(doc, "wound_track", null);
  if ( named === null ) return null;
  const tracks = valueOr(library, "wound_track", {});
  if ( !Object.hasOwn(tracks, named) ) throw fail(where, `${where}.wound_track names wound track ${named}, which the content lacks`);
  return woundTrack(tracks[named]);
}

/**
 * FW-G05, FW-G06: the manifest's rules_config, each ladder document replacing the
 * config's ladder of its scale (at most one ladder per scale).
 * @param {Record<string, any>} rulesConfig
 * @param {Library} library
 * @returns {Record<string, any>}
 */
export function engineConfig(rulesConfig, library) {
  const config = { ...rulesConfig };
  /** @type {Record<string, string>} */
  const owners = {};
  for ( const doc of documents(library, "ladder") ) {
    const key = SCALES[doc.scale];
    if ( Object.hasOwn(owners, key) ) {
      const where = `${WHERE}.ladder.${doc.id}`;
      throw fail(where, `${where} is a second ${doc.scale} ladder: ${owners[key]} is one already`);
    }
    owners[key] = doc.id;
    config[key] = doc.rungs.map(rung => ({ value: rung.value, label: rung.label }));
  }
  return config;
}
