/**
 * The hazard_location content kinds of catalogue §4.5, checked; mirror of
 * `compiler/rules/hazard_location/content.py`.
 *
 * Content arrives shaped by `inputs.schema.json` (`$defs/character`, `armor_piece`, `weapon`, ...),
 * optional fields with a fixed starting value filled in. These functions make the checks a shape
 * cannot (a bound set by another field or by the config, ids unique across a list, a table's rows
 * tiling its die) and return a normalised copy, so state can echo a character or an armour piece
 * back whole.
 */

import { has, rational } from "./fields.mjs";
import { fail } from "../shapes.mjs";

/** Bound on attributes, skills and AV: pools and restoration sums stay small and exact. */
export const SCORE_MAX = 1000;

/**
 * HZ-G09, HZ-G10: a hit-location table whose ranges tile 1..die and percents match.
 * @param {object} table
 * @param {string} where
 * @param {number} die
 * @returns {object}
 */
export function checkTable(table, where, die) {
  if ( table.die !== die ) throw fail(where, `${where}.die must be ${die} (config.hit_location_die)`);
  const rows = table.entries;
  rows.forEach((row, index) => checkEntry(row, `${where}.entries[${index}]`, die));
  checkTiling(rows, where, die);
  return { ...table };
}

/**
 * One table entry: its range within the die, its percent the range's share.
 * @param {object} row
 * @param {string} where
 * @param {number} die
 */
function checkEntry(row, where, die) {
  const [low, high] = row.range;
  if ( !((low <= high) && (high <= die)) ) throw fail(where, `${where}.range must be [lo, hi] with 1 <= lo <= hi <= ${die}`);
  if ( row.percent * die !== (high - low + 1) * 100 ) {
    throw fail(where, `${where}.percent must equal the range's share of 1..${die}`);
  }
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
 * HZ-R18, HZ-G20, HZ-G21: an armour piece, Current AV at most Max AV, coverage as objects.
 * @param {object} piece
 * @param {string} where
 * @returns {object}
 */
export function checkPiece(piece, where) {
  if ( piece.current_av > piece.max_av ) throw fail(where, `${where}.current_av must be an integer in 0..${piece.max_av}`);
  const coverage = piece.coverage.map(c => (typeof c === "string" ? { location: c, percent: 100 } : { ...c }));
  return { ...piece, coverage };
}

/**
 * HZ-R10, HZ-R30, HZ-G26: a weapon; ranged ones need Optimal <= Maximum Range.
 * @param {object} weapon
 * @param {string} where
 * @param {boolean} traumatic
 * @returns {object}
 */
export function checkWeapon(weapon, where, traumatic) {
  if ( weapon.dv_current > weapon.dv_max ) throw fail(where, `${where}.dv_current must be an integer in 0..${weapon.dv_max}`);
  if ( weapon.mode === "ranged" ) checkRanges(weapon, where);
  return { ...weapon, traumatic: has(weapon, "traumatic") ? weapon.traumatic : traumatic };
}

/**
 * A ranged weapon's Optimal and Maximum Range: both given, 0 < Optimal <= Maximum.
 * @param {object} weapon
 * @param {string} where
 */
function checkRanges(weapon, where) {
  for ( const key of ["optimal_range_m", "max_range_m"] ) {
    if ( !has(weapon, key) ) throw fail(where, `${where}.${key} is required for a ranged weapon`);
  }
  const optimal = rational(weapon.optimal_range_m);
  const maximum = rational(weapon.max_range_m);
  const over = BigInt(optimal[0]) * BigInt(maximum[1]) > BigInt(maximum[0]) * BigInt(optimal[1]);
  if ( (optimal[0] === 0) || over ) {
    throw fail(where, `${where}.optimal_range_m must be above 0 and at most max_range_m`);
  }
}

/**
 * HZ-R25, HZ-G25: an explosive of a Severity of the table; only the last may override its
 * Damage, and only upwards ("128 Damage or more").
 * @param {object} explosive
 * @param {string} where
 * @param {number[]} table
 * @param {boolean} traumatic
 * @returns {object}
 */
export function checkExplosive(explosive, where, table, traumatic) {
  const severity = explosive.severity;
  if ( severity > table.length ) throw fail(where, `${where}.severity must be an integer in 1..${table.length}`);
  const damage = has(explosive, "damage") ? explosive.damage : table[severity - 1];
  if ( (severity < table.length) && (damage !== table[severity - 1]) ) {
    throw fail(where, `${where}.damage may differ from the table only at severity ${table.length}`);
  }
  if ( damage < table[severity - 1] ) throw fail(where, `${where}.damage must be at least ${table[severity - 1]} ("or more")`);
  return { ...explosive, damage, traumatic: has(explosive, "traumatic") ? explosive.traumatic : traumatic };
}

/**
 * HZ-R12, HZ-G18: null, or cover of a kind, with `av` for full and protective cover.
 * @param {object|null} cover
 * @param {string} where
 * @returns {object|null}
 */
export function checkCover(cover, where) {
  if ( cover === null ) return null;
  if ( (cover.kind === "protective") && !has(cover, "av") ) throw fail(where, `${where}.av is required for protective cover`);
  if ( (cover.kind === "partial") && has(cover, "av") ) throw fail(where, `${where}.av is not used by partial cover`);
  return { ...cover, id: cover.id ?? "cover" };
}

/**
 * HZ-R31, HZ-G27: a character; undamaged attributes start as the current ones.
 * @param {object} character
 * @param {string} where
 * @param {boolean} traumatic
 * @returns {object}
 */
export function checkCharacter(character, where, traumatic) {
  const pieces = character.armor.map((p, i) => checkPiece(p, `${where}.armor[${i}]`));
  const arms = character.weapons.map((w, i) => checkWeapon(w, `${where}.weapons[${i}]`, traumatic));
  uniqueIds(pieces, `${where}.armor`);
  uniqueIds(arms, `${where}.weapons`);
  const undamaged = has(character, "attributes_undamaged") ? character.attributes_undamaged : character.attributes;
  return { ...character, attributes_undamaged: { ...undamaged }, armor: pieces, weapons: arms };
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
 * @param {object} table
 * @param {string} where
 * @returns {object}
 */
export function checkInjuryTable(table, where) {
  table.entries.forEach((entry, index) => {
    if ( Math.max(...entry.range) > table.die ) {
      const inner = `${where}.entries[${index}]`;
      throw fail(inner, `${inner}.range must be [lo, hi] within 1..${table.die}`);
    }
  });
  return { ...table };
}

/**
 * HZ-G09, HZ-G10: the content a rule may use; the default table unless one shares its id.
 * @param {object} content
 * @param {string} where
 * @param {object} defaultTable
 * @param {number} die
 * @returns {object}
 */
export function checkContent(content, where, defaultTable, die) {
  const inner = `${where}.content`;
  const tables = content.hit_location_tables.map((t, i) => checkTable(t, `${inner}.hit_location_tables[${i}]`, die));
  const fallback = checkTable(defaultTable, "config.default_hit_location_table", die);
  if ( tables.every(t => t.id !== fallback.id) ) tables.push(fallback);
  return {
    hit_location_tables: tables,
    species: [...content.species],
    injury_tables: content.injury_tables.map((t, i) => checkInjuryTable(t, `${inner}.injury_tables[${i}]`))
  };
}
