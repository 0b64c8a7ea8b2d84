/**
 * Readers for the hazard_location content kinds of catalogue §4.5; mirror of
 * `compiler/rules/hazard_location/content.py`.
 *
 * Each reader checks one plain object and returns a normalised copy: the input's fields with the
 * optional engine fields filled in, so state can echo a character or an armour piece back whole.
 */

import {
  anyKeys, expectFields, fail, getIds, getRational, has, optBool, optInt, optStr
} from "./fields.mjs";
import { SMALL_INT, getChoice, getInt, getList, getStr, sortedKeys } from "../inputs.mjs";

const S = SMALL_INT;
/** Bound on attributes, skills and AV: pools and restoration sums stay small and exact. */
export const SCORE_MAX = 1000;
export const MODES = Object.freeze(["melee", "ranged"]);
export const COVER_KINDS = Object.freeze(["partial", "full", "protective"]);

const TABLE_FIELDS = ["id", "species", "die", "entries"];
const PIECE_FIELDS = ["id", "max_av", "current_av", "coverage", "layer"];
const WEAPON_FIELDS = ["id", "mode", "dv_max", "dv_current", "pen"];
const WEAPON_OPTIONAL = [
  "name", "category", "optimal_range_m", "max_range_m", "skill", "attribute", "traumatic",
  "mass_kg", "material", "additional_injuries_rolled"
];
const CHARACTER_OPTIONAL = [
  "name", "attributes_undamaged", "skills", "species", "sex", "phenotype", "stamina_current",
  "advancements", "armor", "weapons", "permanently_lost"
];

/**
 * A map of attribute or skill names to integers 0..SCORE_MAX.
 * @param {unknown} value
 * @param {string} where
 * @returns {object}
 */
export function readScores(value, where) {
  const scores = expectFields(value, where, [], anyKeys(value));
  for ( const key of sortedKeys(Object.keys(scores)) ) getInt(scores, key, where, 0, SCORE_MAX);
  return { ...scores };
}

/**
 * HZ-G09, HZ-G10: a hit-location table whose ranges tile 1..die and percents match.
 * @param {unknown} value
 * @param {string} where
 * @param {number} die
 * @returns {object}
 */
export function readTable(value, where, die) {
  const fields = expectFields(value, where, TABLE_FIELDS, ["name"]);
  getStr(fields, "id", where);
  getStr(fields, "species", where);
  if ( getInt(fields, "die", where, 2, 1000) !== die ) {
    throw fail(where, `${where}.die must be ${die} (config.hit_location_die)`);
  }
  const entries = getList(fields, "entries", where);
  if ( !entries.length ) throw fail(where, `${where}.entries must not be empty`);
  const rows = entries.map((item, i) => readEntry(item, `${where}.entries[${i}]`, die));
  checkTiling(rows, where, die);
  return { ...fields, entries: rows };
}

/**
 * One table entry `{location, percent, range, label?}`.
 * @param {unknown} value
 * @param {string} where
 * @param {number} die
 * @returns {object}
 */
function readEntry(value, where, die) {
  const fields = expectFields(value, where, ["location", "percent", "range"], ["label"]);
  getStr(fields, "location", where);
  const percent = getInt(fields, "percent", where, 1, 100);
  const bounds = fields.range;
  let ok = Array.isArray(bounds) && (bounds.length === 2);
  ok = ok && bounds.every(b => Number.isInteger(b) && (b >= 1) && (b <= die)) && (bounds[0] <= bounds[1]);
  if ( !ok ) throw fail(where, `${where}.range must be [lo, hi] with 1 <= lo <= hi <= ${die}`);
  if ( percent * die !== (bounds[1] - bounds[0] + 1) * 100 ) {
    throw fail(where, `${where}.percent must equal the range's share of 1..${die}`);
  }
  return { ...fields };
}

/**
 * Entries must tile 1..die in order, each location once.
 * @param {object[]} rows
 * @param {string} where
 * @param {number} die
 */
function checkTiling(rows, where, die) {
  let expectedLo = 1;
  rows.forEach((row, index) => {
    if ( row.range[0] !== expectedLo ) throw fail(where, `${where}.entries[${index}].range must start at ${expectedLo}`);
    if ( rows.slice(0, index).some(r => r.location === row.location) ) {
      throw fail(where, `${where}.entries[${index}].location repeats an earlier location`);
    }
    expectedLo = row.range[1] + 1;
  });
  if ( expectedLo !== die + 1 ) throw fail(where, `${where}.entries must cover 1..${die}`);
}

/**
 * HZ-R18, HZ-G20, HZ-G21: an armour piece with its coverage and layer.
 * @param {unknown} value
 * @param {string} where
 * @returns {object}
 */
export function readPiece(value, where) {
  const fields = expectFields(value, where, PIECE_FIELDS, ["name", "mass_kg", "material"]);
  getStr(fields, "id", where);
  const maxAv = getInt(fields, "max_av", where, 0, SCORE_MAX);
  getInt(fields, "current_av", where, 0, maxAv);
  getInt(fields, "layer", where, -S, S);
  if ( has(fields, "mass_kg") ) getRational(fields, "mass_kg", where);
  const items = getList(fields, "coverage", where);
  const coverage = items.map((item, i) => readCoverage(item, `${where}.coverage[${i}]`));
  return { ...fields, coverage };
}

/**
 * A coverage entry: a location id (all of it) or `{location, percent}`.
 * @param {unknown} value
 * @param {string} where
 * @returns {object}
 */
function readCoverage(value, where) {
  if ( (typeof value === "string") && value ) return { location: value, percent: 100 };
  const fields = expectFields(value, where, ["location", "percent"]);
  getStr(fields, "location", where);
  getInt(fields, "percent", where, 1, 100);
  return { ...fields };
}

/**
 * HZ-R10, HZ-R30, HZ-G26: a weapon; ranged ones need Optimal <= Maximum Range.
 * @param {unknown} value
 * @param {string} where
 * @param {boolean} traumatic
 * @returns {object}
 */
export function readWeapon(value, where, traumatic) {
  const fields = expectFields(value, where, WEAPON_FIELDS, WEAPON_OPTIONAL);
  getStr(fields, "id", where);
  const mode = getChoice(fields, "mode", where, MODES);
  const dvMax = getInt(fields, "dv_max", where, 0, S);
  getInt(fields, "dv_current", where, 0, dvMax);
  getInt(fields, "pen", where, 0, S);
  if ( has(fields, "mass_kg") ) getRational(fields, "mass_kg", where);
  for ( const key of ["skill", "attribute"] ) optStr(fields, key, where, null);
  const result = { ...fields, traumatic: optBool(fields, "traumatic", where, traumatic) };
  result.additional_injuries_rolled = optBool(fields, "additional_injuries_rolled", where, false);
  if ( mode === "ranged" ) checkRanges(fields, where);
  return result;
}

/**
 * A ranged weapon's Optimal and Maximum Range: both given, 0 < Optimal <= Maximum.
 * @param {object} fields
 * @param {string} where
 */
function checkRanges(fields, where) {
  for ( const key of ["optimal_range_m", "max_range_m"] ) {
    if ( !has(fields, key) ) throw fail(where, `${where}.${key} is required for a ranged weapon`);
  }
  const optimal = getRational(fields, "optimal_range_m", where);
  const maximum = getRational(fields, "max_range_m", where);
  const over = BigInt(optimal[0]) * BigInt(maximum[1]) > BigInt(maximum[0]) * BigInt(optimal[1]);
  if ( (optimal[0] === 0) || over ) {
    throw fail(where, `${where}.optimal_range_m must be above 0 and at most max_range_m`);
  }
}

/**
 * HZ-R25, HZ-G25: an explosive; only Severity 6 may override the table's Damage.
 * @param {unknown} value
 * @param {string} where
 * @param {number[]} table
 * @param {boolean} traumatic
 * @returns {object}
 */
export function readExplosive(value, where, table, traumatic) {
  const optional = ["name", "damage", "pen", "traumatic"];
  const fields = expectFields(value, where, ["id", "severity", "blast_radius"], optional);
  getStr(fields, "id", where);
  const severity = getInt(fields, "severity", where, 1, table.length);
  const damage = optInt(fields, "damage", where, [0, S], table[severity - 1]);
  if ( (severity < table.length) && (damage !== table[severity - 1]) ) {
    throw fail(where, `${where}.damage may differ from the table only at severity ${table.length}`);
  }
  return {
    ...fields,
    damage,
    pen: optInt(fields, "pen", where, [0, S], 0),
    traumatic: optBool(fields, "traumatic", where, traumatic)
  };
}

/**
 * HZ-R12, HZ-G18: null, or cover of a kind, with `av` for full and protective cover.
 * @param {unknown} value
 * @param {string} where
 * @returns {object|null}
 */
export function readCover(value, where) {
  if ( value === null ) return null;
  const fields = expectFields(value, where, ["kind"], ["id", "name", "av"]);
  const kind = getChoice(fields, "kind", where, COVER_KINDS);
  if ( (kind === "protective") && !has(fields, "av") ) throw fail(where, `${where}.av is required for protective cover`);
  if ( (kind === "partial") && has(fields, "av") ) throw fail(where, `${where}.av is not used by partial cover`);
  if ( has(fields, "av") ) getInt(fields, "av", where, 0, SCORE_MAX);
  return { ...fields, id: optStr(fields, "id", where, "cover") };
}

/**
 * HZ-R31, HZ-G28: a species with its Maximum Stamina caps and movement modifiers.
 * @param {unknown} value
 * @param {string} where
 * @returns {object}
 */
export function readSpecies(value, where) {
  const optional = ["name", "hit_location_table", "max_stamina", "movement_modifiers", "sex_caps", "phenotypes"];
  const fields = expectFields(value, where, ["id"], optional);
  getStr(fields, "id", where);
  optStr(fields, "hit_location_table", where, null);
  optInt(fields, "max_stamina", where, [0, S], 0);
  if ( has(fields, "movement_modifiers") ) getIds(fields, "movement_modifiers", where);
  if ( has(fields, "sex_caps") ) readScores(fields.sex_caps, `${where}.sex_caps`);
  const phenotypes = has(fields, "phenotypes") ? getList(fields, "phenotypes", where) : [];
  phenotypes.forEach((item, index) => {
    const inner = `${where}.phenotypes[${index}]`;
    const phenotype = expectFields(item, inner, ["id"], ["name", "max_stamina"]);
    getStr(phenotype, "id", inner);
    optInt(phenotype, "max_stamina", inner, [0, S], 0);
  });
  return { ...fields };
}

/**
 * HZ-R31, HZ-G27: a character; missing optional fields take their starting values.
 * @param {unknown} value
 * @param {string} where
 * @param {boolean} traumatic
 * @returns {object}
 */
export function readCharacter(value, where, traumatic) {
  const fields = expectFields(value, where, ["id", "attributes"], CHARACTER_OPTIONAL);
  getStr(fields, "id", where);
  const attributes = readScores(fields.attributes, `${where}.attributes`);
  const undamaged = readScores(has(fields, "attributes_undamaged") ? fields.attributes_undamaged : attributes,
    `${where}.attributes_undamaged`);
  const armor = has(fields, "armor") ? getList(fields, "armor", where) : [];
  const weapons = has(fields, "weapons") ? getList(fields, "weapons", where) : [];
  const pieces = armor.map((p, i) => readPiece(p, `${where}.armor[${i}]`));
  const arms = weapons.map((w, i) => readWeapon(w, `${where}.weapons[${i}]`, traumatic));
  uniqueIds(pieces, `${where}.armor`);
  uniqueIds(arms, `${where}.weapons`);
  const skills = readScores(has(fields, "skills") ? fields.skills : {}, `${where}.skills`);
  const advancements = optInt(fields, "advancements", where, [0, S], 0);
  const lost = optBool(fields, "permanently_lost", where, false);
  return {
    ...fields,
    attributes,
    attributes_undamaged: undamaged,
    skills,
    advancements,
    armor: pieces,
    weapons: arms,
    permanently_lost: lost,
    species: optStr(fields, "species", where, null),
    sex: optStr(fields, "sex", where, null),
    phenotype: optStr(fields, "phenotype", where, null)
  };
}

/**
 * Every item's id differs from the ids before it (armour pieces, weapons).
 * @param {object[]} items
 * @param {string} where
 * @returns {void}
 */
export function uniqueIds(items, where) {
  items.forEach((item, index) => {
    if ( items.slice(0, index).some(other => other.id === item.id) ) {
      throw fail(where, `${where}[${index}].id repeats an earlier id`);
    }
  });
}

/**
 * HZ-G11: an Injury table, general or for one `location`, rolled with its own die.
 * @param {unknown} value
 * @param {string} where
 * @returns {object}
 */
export function readInjuryTable(value, where) {
  const fields = expectFields(value, where, ["id", "die", "entries"], ["name", "location"]);
  getStr(fields, "id", where);
  const die = getInt(fields, "die", where, 2, 1000);
  optStr(fields, "location", where, null);
  getList(fields, "entries", where).forEach((item, index) => {
    const inner = `${where}.entries[${index}]`;
    const entry = expectFields(item, inner, ["range", "result"], ["effects"]);
    getStr(entry, "result", inner);
    const bounds = entry.range;
    const ok = Array.isArray(bounds) && (bounds.length === 2);
    if ( !ok || !bounds.every(b => Number.isInteger(b) && (b >= 1) && (b <= die)) ) {
      throw fail(inner, `${inner}.range must be [lo, hi] within 1..${die}`);
    }
  });
  return { ...fields };
}

/**
 * HZ-G09, HZ-G10: the content a rule may use; the default table unless one shares its id.
 * @param {object} fields
 * @param {string} where
 * @param {unknown} defaultTable
 * @param {number} die
 * @returns {object}
 */
export function readContent(fields, where, defaultTable, die) {
  const inner = `${where}.content`;
  const kinds = ["hit_location_tables", "species", "injury_tables"];
  const content = expectFields(has(fields, "content") ? fields.content : {}, inner, [], kinds);
  const tables = items(content, "hit_location_tables", inner)
    .map((t, i) => readTable(t, `${inner}.hit_location_tables[${i}]`, die));
  const fallback = readTable(defaultTable, "config.default_hit_location_table", die);
  if ( tables.every(t => t.id !== fallback.id) ) tables.push(fallback);
  return {
    hit_location_tables: tables,
    species: items(content, "species", inner).map((s, i) => readSpecies(s, `${inner}.species[${i}]`)),
    injury_tables: items(content, "injury_tables", inner)
      .map((t, i) => readInjuryTable(t, `${inner}.injury_tables[${i}]`))
  };
}

/**
 * The list under `key`, or none when the content lacks it.
 * @param {object} content
 * @param {string} key
 * @param {string} where
 * @returns {unknown[]}
 */
function items(content, key, where) {
  return has(content, key) ? getList(content, key, where) : [];
}
