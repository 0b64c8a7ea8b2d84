/**
 * Readers of the hazard_location config; mirror of `compiler/rules/hazard_location/config.py`.
 *
 * The defaults are `compiler/schemas/rulesets/hazard_location/rules_config.schema.json`'s, which
 * the harness merges with a fixture's overrides checking only each key's JSON kind, so nested
 * values are checked here.
 */

import {
  anyKeys, byId, configObject, expectFields, fail, getIds, getRational
} from "./fields.mjs";
import { SMALL_INT, getBool, getChoice, getInt, getList, getStr, sortedKeys } from "../inputs.mjs";

const CF = "config";

export const CHOICES = Object.freeze({
  contest_tie: ["attacker", "defender"],
  mos: ["standard", "unified"],
  riposte_roll: ["none"],
  nonpositive_pool: ["zero_successes"],
  attacker_moved_window: ["this_turn_before_attack"],
  target_moved_window: ["last_own_turn"],
  simultaneous: ["deferred", "sequential"],
  full_cover_without_av: ["blocks"],
  cover_mode: ["outermost_piece", "separate_roll"],
  partial_coverage: ["d100_check"],
  layer_order: ["higher_is_outer", "lower_is_outer"],
  blast_mos: ["none"],
  stamina_cap: ["min_of_caps", "none"],
  zero_total_stamina: ["error"],
  beyond_max_range: ["out_of_range"],
  repair_mass: ["exact"]
});
export const APPLIES_TO = Object.freeze(["attack", "defence", "both"]);
export const DERIVED = Object.freeze(["stamina_total", "movement", "initiative"]);

/**
 * A string option of the config, checked against its allowed values.
 * @param {object} config
 * @param {string} key
 * @returns {string}
 */
export function choice(config, key) {
  return getChoice(config, key, CF, CHOICES[key]);
}

/**
 * A boolean option of the config.
 * @param {object} config
 * @param {string} key
 * @returns {boolean}
 */
export function flag(config, key) {
  return getBool(config, key, CF);
}

/**
 * An integer option of the config in `lo..hi`.
 * @param {object} config
 * @param {string} key
 * @param {number} lo
 * @param {number} hi
 * @returns {number}
 */
export function number(config, key, lo, hi) {
  return getInt(config, key, CF, lo, hi);
}

/**
 * HZ-G11, HZ-G33: a content id the config may name, or null for none.
 * @param {object} config
 * @param {string} key
 * @returns {string|null}
 */
export function optionalId(config, key) {
  if ( config[key] === null ) return null;
  return getStr(config, key, CF);
}

/**
 * HZ-G03: [Hazard Dice per pool, the Mishap face, whether Hazard Dice count successes].
 * @param {object} config
 * @returns {[number, number, boolean]}
 */
export function hazard(config) {
  const fields = configObject(config, "hazard", ["count", "mishap_on_face", "counts_for_success"]);
  const where = `${CF}.hazard`;
  const count = getInt(fields, "count", where, 0, 100);
  return [count, getInt(fields, "mishap_on_face", where, 1, 1000), getBool(fields, "counts_for_success", where)];
}

/**
 * HZ-G12: the complication table, each `{id, dice_penalty, applies_to, ranged_only}`.
 * @param {object} config
 * @returns {object[]}
 */
export function complications(config) {
  const items = getList(config, "complications", CF);
  items.forEach((item, index) => {
    const where = `${CF}.complications[${index}]`;
    const row = expectFields(item, where, ["id", "dice_penalty", "applies_to", "ranged_only"]);
    getStr(row, "id", where);
    getInt(row, "dice_penalty", where, 0, 100);
    getChoice(row, "applies_to", where, APPLIES_TO);
    getBool(row, "ranged_only", where);
  });
  return items;
}

/**
 * HZ-G12: the complication named `wanted`; an unknown id is bad input.
 * @param {object} config
 * @param {string} wanted
 * @param {string} where
 * @returns {object}
 */
export function complication(config, wanted, where) {
  const found = byId(complications(config), wanted);
  if ( found === null ) throw fail(where, `${where} names a complication that config.complications lacks`);
  return found;
}

/**
 * HZ-G17: the multiplicative factor of the movement modifier `wanted`.
 * @param {object} config
 * @param {string} wanted
 * @param {string} where
 * @returns {import("./fields.mjs").Rational}
 */
export function movementFactor(config, wanted, where) {
  const table = expectFields(config.movement_modifiers, `${CF}.movement_modifiers`, [],
    anyKeys(config.movement_modifiers));
  for ( const key of sortedKeys(Object.keys(table)) ) getRational(table, key, `${CF}.movement_modifiers`);
  if ( !Object.hasOwn(table, wanted) ) throw fail(where, `${where} names a movement modifier that config lacks`);
  return getRational(table, wanted, `${CF}.movement_modifiers`);
}

/**
 * HZ-G15: the [attribute, skill] of the parry or evade pool.
 * @param {object} config
 * @param {string} kind
 * @returns {[string, string]}
 */
export function defencePool(config, kind) {
  const pools = configObject(config, "defence_pools", ["parry", "evade"]);
  const where = `${CF}.defence_pools.${kind}`;
  const pool = expectFields(pools[kind], where, ["attribute", "skill"]);
  return [getStr(pool, "attribute", where), getStr(pool, "skill", where)];
}

/**
 * HZ-G14: whether a defender may react by default, for melee and for ranged attacks.
 * @param {object} config
 * @param {string} mode
 * @returns {boolean}
 */
export function canReact(config, mode) {
  const fields = configObject(config, "defender_can_react", ["melee", "ranged"]);
  return getBool(fields, mode, `${CF}.defender_can_react`);
}

/**
 * HZ-G27: the attributes a derived value sums (Total Stamina <- END + WIL, ...).
 * @param {object} config
 * @param {string} value
 * @returns {string[]}
 */
export function derivedSources(config, value) {
  const fields = configObject(config, "derived", DERIVED);
  return getIds(fields, value, `${CF}.derived`);
}

/**
 * HZ-R25, HZ-G25: blast Damage by Severity 1..6 (Severity 6 may be overridden).
 * @param {object} config
 * @returns {number[]}
 */
export function severityTable(config) {
  const table = getList(config, "blast_damage_by_severity", CF);
  table.forEach((damage, index) => {
    if ( !Number.isInteger(damage) || (damage < 0) || (damage > SMALL_INT) ) {
      const where = `${CF}.blast_damage_by_severity[${index}]`;
      throw fail(CF, `${where} must be an integer in 0..${SMALL_INT}`);
    }
  });
  if ( !table.length ) throw fail(CF, `${CF}.blast_damage_by_severity must not be empty`);
  return table;
}
