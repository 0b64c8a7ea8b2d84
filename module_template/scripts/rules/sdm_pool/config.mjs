/**
 * The checks sdm_pool makes on its config beyond its schema; mirror of
 * `compiler/rules/sdm_pool/config.py`.
 *
 * The defaults are `compiler/schemas/rulesets/sdm_pool/rules_config.schema.json`'s, and the harness
 * reads a fixture's config through that schema, so every value arrives with its shape checked; these
 * readers add what a shape cannot say: a tier named is one of `sdm`, `none` is a cover and a
 * concealment level, the Intelligence and Dexterity tables have one row per level of `level_range`.
 */

import { fail } from "../shapes.mjs";

const CF = "config";
/** @type {Record<string, string>} */
const TABLES = Object.freeze({ actions_by_int: "intelligence", movement_by_dex: "dexterity" });

/**
 * SDM-G06: the lowest and highest Trait and Skill level.
 * @param {Record<string, any>} config
 * @returns {[number, number]}
 */
export function levelRange(config) {
  const low = config.level_range.min;
  const high = config.level_range.max;
  if ( low > high ) throw fail(CF, `${CF}.level_range.max must be at least ${CF}.level_range.min (${low})`);
  return [low, high];
}

/**
 * SDM-G02: the successes the tier `tier` needs; `where` names where the tier came from.
 * @param {Record<string, any>} config
 * @param {string} tier
 * @param {string} where
 * @returns {number}
 */
export function tierSuccesses(config, tier, where) {
  const tiers = config.sdm;
  if ( !Object.hasOwn(tiers, tier) ) throw fail(where, `${where} must be a tier of config.sdm`);
  return tiers[tier];
}

/**
 * SDM-G02: the tier of an attack neither the GM nor the weapon sets.
 * @param {Record<string, any>} config
 * @returns {string}
 */
export function defaultTier(config) {
  const tier = config.default_attack_tier;
  tierSuccesses(config, tier, `${CF}.default_attack_tier`);
  return tier;
}

/**
 * SDM-G03: the successes a cover or concealment level adds to the SDM target.
 * @param {Record<string, any>} config
 * @param {string} key
 * @param {string} level
 * @param {string} where
 * @returns {number}
 */
export function levelMod(config, key, level, where) {
  const mods = config[key];
  if ( !Object.hasOwn(mods, "none") ) throw fail(CF, `${CF}.${key}.none is required`);
  if ( !Object.hasOwn(mods, level) ) throw fail(where, `${where} must be a level of config.${key}`);
  return mods[level];
}

/**
 * SDM-G04, SDM-G05, SDM-G06: the row of `level` in a table with one row per level.
 * @param {Record<string, any>} config
 * @param {string} key
 * @param {number} level
 * @returns {Record<string, any>}
 */
export function tableRow(config, key, level) {
  const [low, high] = levelRange(config);
  const where = `${CF}.${key}`;
  const rows = config[key];
  if ( rows.length !== high - low + 1 ) throw fail(where, `${where} must have one row per level ${low}..${high}`);
  rows.forEach((/** @type {Record<string, number>} */ row, /** @type {number} */ index) => {
    if ( row[TABLES[key]] !== low + index ) throw fail(where, `${where}[${index}].${TABLES[key]} must be ${low + index}`);
  });
  return rows[level - low];
}
