/**
 * sdm_pool config defaults and their readers; mirror of `compiler/rules/sdm_pool/config.py`.
 *
 * `CONFIG` must equal the defaults of `compiler/schemas/rules_config/sdm_pool.schema.json`
 * (tested). The harness checks only each key's JSON kind, so every nested value is checked here,
 * when a rule reads it, with the shared wording (`bad_config` under `config`).
 */

import { KEY_PATTERN, fail, readObject, requireInt, requireKey, requireMap, required } from "./fields.mjs";

const CF = "config";
export const ATTACK_KINDS = Object.freeze(["melee", "vectored", "firearm", "bow", "unarmed", "magic"]);
export const OPPORTUNITIES = Object.freeze(["dodge", "disengage", "counter"]);
export const COSTS = Object.freeze(["action", "minor"]);

/** Every SDM-G parameter with its catalogue default (C5). */
export const CONFIG = Object.freeze({
  success_min_face: 5,
  sdm: { trivial: 0, easy: 1, standard: 2, hard: 3, very_hard: 4, extreme: 5 },
  default_attack_tier: "standard",
  cover_mod: { none: 0, partial: 1, heavy: 2 },
  concealment_mod: { none: 0, partial: 1, heavy: 2 },
  actions_by_int: [
    { intelligence: 0, actions: 1, minor_actions: 1 },
    { intelligence: 1, actions: 1, minor_actions: 2 },
    { intelligence: 2, actions: 2, minor_actions: 2 },
    { intelligence: 3, actions: 2, minor_actions: 3 },
    { intelligence: 4, actions: 3, minor_actions: 3 },
    { intelligence: 5, actions: 3, minor_actions: 4 }
  ],
  movement_by_dex: [
    { dexterity: 0, movement: 4 },
    { dexterity: 1, movement: 5 },
    { dexterity: 2, movement: 6 },
    { dexterity: 3, movement: 7 },
    { dexterity: 4, movement: 8 },
    { dexterity: 5, movement: 9 }
  ],
  movement_unit: { name: "square", cm: 150 },
  level_range: { min: 0, max: 5 },
  attack_kinds: {
    melee: { trait: "strength", skill: "melee" },
    vectored: { trait: "presence", skill: "melee" },
    firearm: { trait: "dexterity", skill: "firearms" },
    bow: { trait: "dexterity", skill: "firearms" },
    unarmed: { trait: "strength", skill: "martial_arts" },
    magic: { trait: "presence", skill: "magic" }
  },
  salvation: { trigger: "zero_successes" },
  shortfall_reading: "below_target",
  shortfall_damage: "full",
  opportunity_cost: { dodge: "action", disengage: "action", counter: "action" },
  disengage_rounding: "floor",
  counter_timing: "after_attacker_turn",
  action_downgrade: true,
  init_pc_first_on_tie: true,
  init_unresolved_tie: "roster_order",
  late_joiner: "insert_by_total",
  armor_model: "dr_depletes_hp",
  damage_dice_roll: "after_hit",
  max_hp_source: "sheet",
  self_recovery: { base_dice: 2, trait: "strength", tier: "hard", hp_after: 1 },
  stabilize: {
    base_dice: 2,
    trait: "intelligence",
    skill: "medicine",
    tier: "standard",
    cost: "action",
    outcome: "revive",
    hp_after: 1
  },
  hp_floor: 0,
  cover_applies_to: ["melee", "vectored", "firearm", "bow", "unarmed", "magic"]
});

/** The options of each enum key, in the schema's order. */
const CHOICES = Object.freeze({
  shortfall_reading: ["below_target"],
  shortfall_damage: ["full", "half"],
  disengage_rounding: ["floor", "ceil"],
  counter_timing: ["after_attacker_turn", "immediately"],
  init_unresolved_tie: ["roster_order", "require_tie_order"],
  late_joiner: ["insert_by_total", "append"],
  armor_model: ["dr_depletes_hp", "layer"],
  damage_dice_roll: ["after_hit"],
  max_hp_source: ["sheet"]
});

const FLAGS = Object.freeze(["action_downgrade", "init_pc_first_on_tie"]);
const TRIGGERS = Object.freeze(["zero_successes", "all_ones", "target_resource"]);
const RECOVERY_KEYS = Object.freeze(["base_dice", "trait", "tier", "hp_after"]);
const STABILIZE_KEYS = Object.freeze(["base_dice", "trait", "skill", "tier", "cost", "outcome", "hp_after"]);
/** @type {Record<string, [string, string[]]>} */
const TABLES = Object.freeze({
  actions_by_int: ["intelligence", ["actions", "minor_actions"]],
  movement_by_dex: ["dexterity", ["movement"]]
});
const LEVEL_LIMIT = 1000;
const MOD_LIMIT = 100;

/**
 * SDM-G09, SDM-G10, SDM-G12, SDM-G13, SDM-G15-G19: the option an enum key holds.
 * @param {Record<string, any>} config
 * @param {string} key
 * @returns {string}
 */
export function choice(config, key) {
  const value = config[key];
  const options = /** @type {Record<string, string[]>} */ (CHOICES)[key];
  if ( (typeof value !== "string") || !options.includes(value) ) {
    throw fail(CF, `${CF}.${key} must be one of ${options.join(", ")}`);
  }
  return value;
}

/**
 * SDM-G14, SDM-G15: a boolean key.
 * @param {Record<string, any>} config
 * @param {string} key
 * @returns {boolean}
 */
export function flag(config, key) {
  const value = config[key];
  if ( (typeof value !== "boolean") || !FLAGS.includes(key) ) throw fail(CF, `${CF}.${key} must be true or false`);
  return value;
}

/**
 * SDM-G01: the lowest d6 face that is a success.
 * @param {Record<string, any>} config
 * @returns {number}
 */
export function successMinFace(config) {
  return requireInt(config.success_min_face, `${CF}.success_min_face`, 1, 6);
}

/**
 * SDM-G06: the lowest and highest Trait and Skill level.
 * @param {Record<string, any>} config
 * @returns {[number, number]}
 */
export function levelRange(config) {
  const where = `${CF}.level_range`;
  const fields = readObject(config.level_range, where, required(["min", "max"]));
  const low = requireInt(fields.min, `${where}.min`, 0, LEVEL_LIMIT);
  const high = requireInt(fields.max, `${where}.max`, low, LEVEL_LIMIT);
  return [low, high];
}

/**
 * SDM-G02, SDM-G03: a map of keys to successes (the SDM, or cover or concealment mods).
 * @param {Record<string, any>} config
 * @param {string} key
 * @returns {Record<string, number>}
 */
export function levelMap(config, key) {
  const where = `${CF}.${key}`;
  const entries = requireMap(config[key], where, MOD_LIMIT);
  for ( const [name, value] of entries ) {
    requireKey(name, `${where}.${name}`, KEY_PATTERN);
    requireInt(value, `${where}.${name}`, 0, MOD_LIMIT);
  }
  if ( !entries.length ) throw fail(where, `${where} must name at least one level`);
  const found = Object.fromEntries(entries);
  if ( (key !== "sdm") && !Object.hasOwn(found, "none") ) throw fail(where, `${where}.none is required`);
  return found;
}

/**
 * SDM-G02: the successes the tier `tier` needs; `where` names where the tier came from.
 * @param {Record<string, any>} config
 * @param {string} tier
 * @param {string} where
 * @returns {number}
 */
export function tierSuccesses(config, tier, where) {
  const tiers = levelMap(config, "sdm");
  if ( !Object.hasOwn(tiers, tier) ) throw fail(where, `${where} must be a tier of config.sdm`);
  return tiers[tier];
}

/**
 * SDM-G02: the tier of an attack neither the GM nor the weapon sets.
 * @param {Record<string, any>} config
 * @returns {string}
 */
export function defaultTier(config) {
  const where = `${CF}.default_attack_tier`;
  const tier = requireKey(config.default_attack_tier, where, KEY_PATTERN);
  tierSuccesses(config, tier, where);
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
  const mods = levelMap(config, key);
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
  const [levelKey, valueKeys] = TABLES[key];
  const [low, high] = levelRange(config);
  const where = `${CF}.${key}`;
  const rows = config[key];
  if ( !Array.isArray(rows) || (rows.length !== high - low + 1) ) {
    throw fail(where, `${where} must have one row per level ${low}..${high}`);
  }
  const spec = required([levelKey, ...valueKeys]);
  rows.forEach((row, index) => {
    const fields = readObject(row, `${where}[${index}]`, spec);
    for ( const [name] of spec ) requireInt(fields[name], `${where}[${index}].${name}`, 0, LEVEL_LIMIT);
    if ( fields[levelKey] !== low + index ) throw fail(where, `${where}[${index}].${levelKey} must be ${low + index}`);
  });
  return rows[level - low];
}

/**
 * SDM-G05: the name of the unit Movement counts in.
 * @param {Record<string, any>} config
 * @returns {string}
 */
export function movementUnit(config) {
  const where = `${CF}.movement_unit`;
  const fields = readObject(config.movement_unit, where, required(["name", "cm"]));
  requireInt(fields.cm, `${where}.cm`, 1, 1000000);
  return requireKey(fields.name, `${where}.name`, KEY_PATTERN);
}

/**
 * SDM-R09, SDM-G07: the Trait and Core Skill of an attack kind.
 * @param {Record<string, any>} config
 * @param {string} kind
 * @returns {[string, string]}
 */
export function pairing(config, kind) {
  const where = `${CF}.attack_kinds`;
  const kinds = readObject(config.attack_kinds, where, required(ATTACK_KINDS));
  const pair = readObject(kinds[kind], `${where}.${kind}`, required(["trait", "skill"]));
  const trait = requireKey(pair.trait, `${where}.${kind}.trait`, KEY_PATTERN);
  return [trait, requireKey(pair.skill, `${where}.${kind}.skill`, KEY_PATTERN)];
}

/**
 * SDM-G08: what makes a shortfall a Salvation.
 * @param {Record<string, any>} config
 * @returns {string}
 */
export function salvationTrigger(config) {
  const where = `${CF}.salvation`;
  const trigger = readObject(config.salvation, where, required(["trigger"])).trigger;
  if ( (typeof trigger !== "string") || !TRIGGERS.includes(trigger) ) {
    throw fail(where, `${where}.trigger must be one of ${TRIGGERS.join(", ")}`);
  }
  return trigger;
}

/**
 * SDM-G11: what an Opportunity option costs from the next turn.
 * @param {Record<string, any>} config
 * @param {string} option
 * @returns {string}
 */
export function opportunityCost(config, option) {
  const where = `${CF}.opportunity_cost`;
  const costs = readObject(config.opportunity_cost, where, required(OPPORTUNITIES));
  return costValue(costs[option], `${where}.${option}`);
}

/**
 * SDM-G11, SDM-G20: `action` or `minor`.
 * @param {unknown} value
 * @param {string} where
 * @returns {string}
 */
export function costValue(value, where) {
  if ( (typeof value !== "string") || !COSTS.includes(value) ) throw fail(where, `${where} must be one of ${COSTS.join(", ")}`);
  return value;
}

/**
 * SDM-G20: the `self_recovery` or `stabilize` parameters, checked.
 * @param {Record<string, any>} config
 * @param {string} key
 * @returns {Record<string, any>}
 */
export function recovery(config, key) {
  const where = `${CF}.${key}`;
  const keys = key === "self_recovery" ? RECOVERY_KEYS : STABILIZE_KEYS;
  const fields = readObject(config[key], where, required(keys));
  requireInt(fields.base_dice, `${where}.base_dice`, 0, MOD_LIMIT);
  for ( const name of ["trait", "skill", "tier"] ) {
    if ( Object.hasOwn(fields, name) ) requireKey(fields[name], `${where}.${name}`, KEY_PATTERN);
  }
  requireInt(fields.hp_after, `${where}.hp_after`, 1, 1000000);
  if ( key === "stabilize" ) {
    costValue(fields.cost, `${where}.cost`);
    const outcome = fields.outcome;
    if ( (typeof outcome !== "string") || !["revive", "stabilized_only"].includes(outcome) ) {
      throw fail(where, `${where}.outcome must be one of revive, stabilized_only`);
    }
  }
  return fields;
}

/**
 * SDM-G21: the lowest HP damage takes a character to.
 * @param {Record<string, any>} config
 * @returns {number}
 */
export function hpFloor(config) {
  return requireInt(config.hp_floor, `${CF}.hp_floor`, -1000000, 0);
}

/**
 * SDM-G22: whether cover and concealment modify an attack of this kind.
 * @param {Record<string, any>} config
 * @param {string} kind
 * @returns {boolean}
 */
export function coverApplies(config, kind) {
  const where = `${CF}.cover_applies_to`;
  const kinds = config.cover_applies_to;
  if ( !Array.isArray(kinds) || (kinds.length > ATTACK_KINDS.length) ) {
    throw fail(where, `${where} must be a list of at most ${ATTACK_KINDS.length} items`);
  }
  kinds.forEach((item, index) => {
    if ( (typeof item !== "string") || !ATTACK_KINDS.includes(item) || kinds.slice(0, index).includes(item) ) {
      throw fail(where, `${where}[${index}] must be a new one of ${ATTACK_KINDS.join(", ")}`);
    }
  });
  return kinds.includes(kind);
}
