/**
 * Shipped content -> hazard_location rule input; mirror of
 * `compiler/rules/hazard_location/shipped.py`.
 *
 * The content kinds (`compiler/schemas/rulesets/hazard_location/`) write each fact once: a
 * hit-location row has its range and no percent, a ranged weapon names its weapon system and not
 * its ranges, an armour piece or weapon without a current value is undamaged. These pure functions
 * turn validated documents (schema defaults filled: what `rulepack validate` checks, what
 * `config.mjs` `RULES_DATA` holds, or an Item as `{id, name, ...system}`) into the catalogue §4.5
 * shapes the rules take (tests/golden/README.md), without the presentation fields (description,
 * img, tags). A library is `{kind: {id: document}}`, the shape of `RULES_DATA`. Content that does
 * not fit (a reference to a document the library lacks) is `bad_input` naming the document.
 */

import { has } from "./fields.mjs";
import { fail } from "../shapes.mjs";
import { sortedKeys } from "../inputs.mjs";

/**
 * @typedef {Record<string, any>} Doc
 * @typedef {Record<string, Record<string, Doc>>} Library
 */

const WHERE = "content";
const PIECE_FIELDS = ["id", "name", "max_av", "coverage", "layer", "mass_kg", "material"];
const WEAPON_FIELDS = [
  "id", "name", "mode", "dv_max", "pen", "category", "skill", "attribute", "traumatic",
  "additional_injuries_rolled", "mass_kg", "material"
];
const CHARACTER_FIELDS = [
  "id", "name", "attributes", "attributes_undamaged", "skills", "species", "sex", "phenotype",
  "stamina_current", "advancements", "permanently_lost"
];
const SPECIES_FIELDS = [
  "id", "name", "hit_location_table", "max_stamina", "sex_caps", "phenotypes",
  "movement_modifiers"
];
const EXPLOSIVE_FIELDS = ["id", "name", "severity", "blast_radius", "damage", "pen", "traumatic"];
const COVER_FIELDS = ["id", "name", "kind", "av"];
const INJURY_TABLE_FIELDS = ["id", "name", "die", "location"];
const INJURY_ENTRY_FIELDS = ["range", "result", "effects"];

/**
 * The `fields` that `doc` has, in `fields` order.
 * @param {Doc} doc
 * @param {string[]} fields
 * @returns {Doc}
 */
export function pick(doc, fields) {
  const result = {};
  for ( const key of fields ) if ( has(doc, key) ) result[key] = doc[key];
  return result;
}

/**
 * `doc[key]` when `doc` has the key, else `fallback`.
 * @param {Doc} doc
 * @param {string} key
 * @param {any} fallback
 * @returns {any}
 */
export function valueOr(doc, key, fallback) {
  return has(doc, key) ? doc[key] : fallback;
}

/**
 * HZ-G09, HZ-G10: the table's rows by roll, each with percent = its range's share of the die.
 * The table is for the species of its own id unless a species names it (HZ-R15).
 * @param {Doc} doc
 * @returns {Doc}
 */
export function hitLocationTable(doc) {
  const where = `${WHERE}.hit_locations.${doc.id}`;
  const rows = [...doc.locations].sort((a, b) => a.range[0] - b.range[0]);
  const entries = rows.map(row => tableEntry(row, doc.die, where));
  return { ...pick(doc, ["id", "name"]), species: doc.id, die: doc.die, entries };
}

/**
 * HZ-G10: one row as `{location, label, percent, range}`; the share must be a whole percent.
 * @param {Doc} row
 * @param {number} die
 * @param {string} where
 * @returns {Doc}
 */
export function tableEntry(row, die, where) {
  const [low, high] = row.range;
  const share = (high - low + 1) * 100;
  if ( share % die !== 0 ) {
    throw fail(where, `${where}: location ${row.id} has ${high - low + 1} of ${die} rolls, not a whole percent`);
  }
  return { location: row.id, label: valueOr(row, "name", row.id), percent: share / die, range: [low, high] };
}

/**
 * HZ-R18, HZ-R28, HZ-R29: an armour piece; without a Current AV it is undamaged (= Max AV).
 * @param {Doc} doc
 * @returns {Doc}
 */
export function armorPiece(doc) {
  return { ...pick(doc, PIECE_FIELDS), current_av: valueOr(doc, "current_av", doc.max_av) };
}

/**
 * HZ-R10, HZ-R11, HZ-R30: a weapon at Current DV (= Maximum DV unless damaged) and PEN;
 * a ranged one takes Optimal and Maximum Range from its weapon system in `ranges`.
 * @param {Doc} doc
 * @param {Record<string, Doc>} ranges
 * @returns {Doc}
 */
export function weapon(doc, ranges) {
  const result = {
    ...pick(doc, WEAPON_FIELDS), dv_current: valueOr(doc, "dv_current", doc.dv_max),
    pen: valueOr(doc, "pen", 0)
  };
  if ( doc.mode === "ranged" ) {
    const where = `${WHERE}.weapon.${doc.id}`;
    const category = valueOr(doc, "category", "");
    const system = has(ranges, category) ? ranges[category] : undefined;
    if ( system === undefined ) throw fail(where, `${where}.category names no weapon range of the content`);
    result.optimal_range_m = system.optimal_range_m;
    result.max_range_m = system.max_range_m;
  }
  return result;
}

/**
 * HZ-R25, HZ-R26, HZ-G24: an explosive, PEN 0 unless it has one.
 * @param {Doc} doc
 * @returns {Doc}
 */
export function explosive(doc) {
  return { ...pick(doc, EXPLOSIVE_FIELDS), pen: valueOr(doc, "pen", 0) };
}

/**
 * HZ-R12, HZ-G18: a kind of cover, with its AV if it has one.
 * @param {Doc} doc
 * @returns {Doc}
 */
export function cover(doc) {
  return pick(doc, COVER_FIELDS);
}

/**
 * HZ-R15, HZ-G28: a species, its Hit Location table and its Maximum Stamina caps.
 * @param {Doc} doc
 * @returns {Doc}
 */
export function species(doc) {
  return pick(doc, SPECIES_FIELDS);
}

/**
 * HZ-G11: an Injury table, general or for one location.
 * @param {Doc} doc
 * @returns {Doc}
 */
export function injuryTable(doc) {
  const entries = doc.entries.map(entry => pick(entry, INJURY_ENTRY_FIELDS));
  return { ...pick(doc, INJURY_TABLE_FIELDS), entries };
}

/**
 * HZ-R31, HZ-G27: a character wearing the `armor` pieces and carrying the `weapons` given
 * (documents, in order: an actor's embedded Items, or what its `items` name).
 * @param {Doc} doc
 * @param {Doc[]} armor
 * @param {Doc[]} weapons
 * @param {Record<string, Doc>} ranges
 * @returns {Doc}
 */
export function character(doc, armor, weapons, ranges) {
  return {
    ...pick(doc, CHARACTER_FIELDS), armor: armor.map(p => armorPiece(p)),
    weapons: weapons.map(w => weapon(w, ranges))
  };
}

/**
 * HZ-R31, HZ-G27: a character with the armour and weapons its `items` name in `library`.
 * @param {Doc} doc
 * @param {Library} library
 * @returns {Doc}
 */
export function libraryCharacter(doc, library) {
  const items = valueOr(doc, "items", {});
  const where = `${WHERE}.fighter.${doc.id}.items`;
  const armor = valueOr(items, "armor", []).map(key => lookup(library, "armor", key, `${where}.armor`));
  const weapons = valueOr(items, "weapons", []).map(key => lookup(library, "weapon", key, `${where}.weapons`));
  return character(doc, armor, weapons, valueOr(library, "weapon_range", {}));
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
  const documentsOfKind = valueOr(library, kind, {});
  const found = has(documentsOfKind, key) ? documentsOfKind[key] : undefined;
  if ( (found === undefined) || (found === null) ) throw fail(where, `${where} names ${kind} ${key}, which the content lacks`);
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
 * HZ-G09, HZ-G11, HZ-G28: the `content` input of the rules that read one.
 * @param {Library} library
 * @returns {Doc}
 */
export function engineContent(library) {
  return {
    hit_location_tables: documents(library, "hit_locations").map(d => hitLocationTable(d)),
    species: documents(library, "species").map(d => species(d)),
    injury_tables: documents(library, "injury_table").map(d => injuryTable(d))
  };
}

/**
 * HZ-R25, HZ-G25: `rulesConfig` with the Damage of the Blast Severity rows, when there are
 * any, as `blast_damage_by_severity`; the rows must be Severity 1, 2, ... with no gap.
 * @param {Doc} rulesConfig
 * @param {Library} library
 * @returns {Doc}
 */
export function engineConfig(rulesConfig, library) {
  const rows = documents(library, "blast_severity").sort((a, b) => a.severity - b.severity);
  rows.forEach((row, index) => {
    if ( row.severity !== index + 1 ) {
      const where = `${WHERE}.blast_severity.${row.id}`;
      throw fail(where, `${where}.severity must be ${index + 1}: the Severities run 1, 2, ...`);
    }
  });
  if ( !rows.length ) return { ...rulesConfig };
  return { ...rulesConfig, blast_damage_by_severity: rows.map(row => row.damage) };
}
