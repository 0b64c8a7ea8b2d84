/**
 * Shipped content -> sdm_pool rule input; mirror of `compiler/rules/sdm_pool/content.py`.
 *
 * The content kinds (`compiler/schemas/rulesets/sdm_pool/`) write each fact once: a character or
 * armour piece without current HP is unhurt, `incapacitated` and Broken follow HP, a weapon without
 * fixed damage deals its dice only. These pure functions turn validated documents (schema defaults
 * filled: what `rulepack validate` checks, what `config.mjs` `RULES_DATA` holds, or an Item as
 * `{id, name, ...system}`) into the shapes the rules take (tests/golden/sdm_pool/README.md),
 * without the presentation fields (description, img, tags). A library is `{kind: {id: document}}`.
 * Content that does not fit (a reference the library lacks) is `bad_input` naming the document.
 */

import { sortedKeys } from "../inputs.mjs";
import { fail } from "../shapes.mjs";

/**
 * @typedef {Record<string, any>} Doc
 * @typedef {Record<string, Record<string, Doc>>} Library
 */

const WHERE = "content";
const CHARACTER_FIELDS = ["id", "name", "pc", "traits", "skills", "max_hp", "stabilized", "dead"];
const OVERRIDES = ["actions", "minor_actions", "movement"];
/** The turn state a sheet keeps once the Combat tracker runs (SDM-R05, SDM-R06, SDM-G21); absent
 * or null, the engine's default (none). */
const TURN_FIELDS = ["actions_left", "minor_actions_left", "owed_actions", "owed_minor_actions", "unapplied_damage"];
/** @type {Array<[string, string, string, string[]]>} */
const TABLES = [
  ["action_allotment", "actions_by_int", "intelligence", ["actions", "minor_actions"]],
  ["movement_rate", "movement_by_dex", "dexterity", ["movement"]]
];
/** @type {Array<[string, string, string]>} */
const LEVELS = [
  ["sdm_tier", "sdm", "successes"],
  ["cover_level", "cover_mod", "modifier"],
  ["concealment_level", "concealment_mod", "modifier"]
];

/**
 * The `fields` that `doc` has, in `fields` order.
 * @param {Doc} doc
 * @param {string[]} fields
 * @returns {Doc}
 */
export function pick(doc, fields) {
  return Object.fromEntries(fields.filter(key => Object.hasOwn(doc, key)).map(key => [key, doc[key]]));
}

/**
 * `doc[key]` when `doc` has the key and it is not null, else `fallback` (Foundry stores an
 * omitted field as null).
 * @param {Doc} doc
 * @param {string} key
 * @param {any} fallback
 * @returns {any}
 */
export function valueOr(doc, key, fallback) {
  return (Object.hasOwn(doc, key) && (doc[key] !== null)) ? doc[key] : fallback;
}

/**
 * SDM-G02, SDM-G03: a table row's id as the engine's key (`very-hard` is `very_hard`).
 * @param {string} slug
 * @returns {string}
 */
export function keyOf(slug) {
  return slug.replaceAll("-", "_");
}

/**
 * SDM-R13, SDM-G17, SDM-G23: an armour piece; without current HP it is undamaged.
 * @param {Doc} doc
 * @returns {Doc}
 */
export function armorPiece(doc) {
  return { ...pick(doc, ["id", "name", "dr", "hp_max"]), hp: valueOr(doc, "hp", doc.hp_max) };
}

/**
 * SDM-R09, SDM-G07, SDM-G18, SDM-G23: a weapon: kind, fixed damage (0 without one), dice,
 * overrides; its tier as the engine's key.
 * @param {Doc} doc
 * @returns {Doc}
 */
export function weapon(doc) {
  const rolled = valueOr(doc, "damage_dice", null);
  const tier = valueOr(doc, "sdm_tier", null);
  return {
    ...pick(doc, ["id", "name", "attack_kind"]),
    damage: valueOr(doc, "damage", 0),
    damage_dice: rolled === null ? null : { count: rolled.count, die: valueOr(rolled, "die", 6) },
    trait: valueOr(doc, "trait", null),
    skill: valueOr(doc, "skill", null),
    sdm_tier: tier === null ? null : keyOf(tier)
  };
}

/**
 * SDM-G19, SDM-R14, SDM-G04, SDM-G05: a character wearing the `armor` pieces (outermost first)
 * and carrying the `weapons` given; HP omitted is Maximum HP, and it is incapacitated at 0. The
 * turn state it records (SDM-R05, SDM-R06, SDM-G21) is kept when present.
 * @param {Doc} doc
 * @param {Doc[]} armor
 * @param {Doc[]} weapons
 * @returns {Doc}
 */
export function character(doc, armor, weapons) {
  const hp = valueOr(doc, "hp", doc.max_hp);
  /** @type {Doc} */
  const found = {
    ...pick(doc, CHARACTER_FIELDS), hp, incapacitated: hp <= 0,
    armor: armor.map(armorPiece), weapons: weapons.map(weapon)
  };
  for ( const key of OVERRIDES ) found[key] = valueOr(doc, key, null);
  for ( const key of TURN_FIELDS ) {
    if ( valueOr(doc, key, null) !== null ) found[key] = doc[key];
  }
  return found;
}

/**
 * SDM-G19: a character with the armour and weapons its `items` name in `library`.
 * @param {Doc} doc
 * @param {Library} library
 * @returns {Doc}
 */
export function libraryCharacter(doc, library) {
  const items = valueOr(doc, "items", {});
  const where = `${WHERE}.fighter.${doc.id}.items`;
  const armor = valueOr(items, "armor", []).map((/** @type {string} */ key) => lookup(library, "armor", key, `${where}.armor`));
  const weapons = valueOr(items, "weapons", []).map((/** @type {string} */ key) => lookup(library, "weapon", key, `${where}.weapons`));
  return character(doc, armor, weapons);
}

/**
 * The `kind` document `key` of `library`; a missing one is `bad_input`.
 * @param {Library} library
 * @param {string} kind
 * @param {string} key
 * @param {string} where
 * @returns {Doc}
 */
export function lookup(library, kind, key, where) {
  const docs = valueOr(library, kind, {});
  const found = Object.hasOwn(docs, key) ? docs[key] : null;
  if ( found === null ) throw fail(where, `${where} names ${kind} ${key}, which the content lacks`);
  return found;
}

/**
 * The `kind` documents of `library`, by id in JS sort order (both engines agree).
 * @param {Library} library
 * @param {string} kind
 * @returns {Doc[]}
 */
export function documents(library, kind) {
  const found = valueOr(library, kind, {});
  return sortedKeys(Object.keys(found)).map(key => found[key]);
}

/**
 * Table rows by their level, ascending (rows of one level keep their id order).
 * @param {Doc[]} rows
 * @param {string} level
 * @returns {Doc[]}
 */
export function byLevel(rows, level) {
  return [...rows].sort((a, b) => a[level] - b[level]);
}

/**
 * SDM-G02-G05: `rules_config` with each table the content ships in place of its config key
 * (tiers, cover and concealment levels, the Intelligence and Dexterity tables, rows by level).
 * Whether a table covers `level_range`, or names `none`, is the engine's check (`bad_config`).
 * @param {Record<string, any>} rulesConfig
 * @param {Library} library
 * @returns {Record<string, any>}
 */
export function engineConfig(rulesConfig, library) {
  /** @type {Record<string, any>} */
  const found = { ...rulesConfig };
  for ( const [kind, key, value] of LEVELS ) {
    const rows = documents(library, kind);
    if ( rows.length ) found[key] = Object.fromEntries(rows.map(row => [keyOf(row.id), row[value]]));
  }
  for ( const [kind, key, level, values] of TABLES ) {
    const rows = byLevel(documents(library, kind), level);
    if ( rows.length ) found[key] = rows.map(row => ({ [level]: row[level], ...Object.fromEntries(values.map(v => [v, row[v]])) }));
  }
  return found;
}
