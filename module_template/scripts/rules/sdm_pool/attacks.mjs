/**
 * Attack pools and attack rolls against the Standard Difficulty Model; mirror of
 * `compiler/rules/sdm_pool/attacks.py`.
 *
 * An attack rolls 2d6 plus one d6 per level of its kind's Trait and Core Skill (SDM-R08, SDM-R09)
 * and counts successes against its tier's number plus cover and concealment (SDM-G02, SDM-G03).
 */

import { defaultTier, levelMod, tierSuccesses } from "./config.mjs";
import { IN } from "./fields.mjs";
import { checkRoll } from "./harm.mjs";
import { findWeapon, readCharacter, skillLevel, traitLevel } from "./sheet.mjs";

const BASE_DICE = 2;

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 * @typedef {import("../queue.mjs").DiceQueue} DiceQueue
 * @typedef {import("./sheet.mjs").Character} Character
 */

/**
 * SDM-R08, SDM-R09, SDM-G07: 2 + Trait + Core Skill, the weapon's own pairing first.
 * @param {Character} attacker
 * @param {Record<string, any>} weapon
 * @param {string} where
 * @param {Record<string, any>} config
 * @returns {Record<string, any>}
 */
export function poolOf(attacker, weapon, where, config) {
  const pair = config.attack_kinds[weapon.attack_kind];
  const trait = weapon.trait || pair.trait;
  const skill = weapon.skill || pair.skill;
  const traitValue = traitLevel(attacker, trait, where);
  const skillValue = skillLevel(attacker, skill);
  return {
    weapon: weapon.id, attack_kind: weapon.attack_kind, trait, trait_level: traitValue,
    skill, skill_level: skillValue, pool: BASE_DICE + traitValue + skillValue
  };
}

/**
 * SDM-G02: the GM's tier for this attack, else the weapon's, else the config's default.
 * @param {string|null} tier
 * @param {string|null} weaponTier
 * @param {string} where
 * @param {string} weaponWhere
 * @param {Record<string, any>} config
 * @returns {string}
 */
export function resolveTier(tier, weaponTier, where, weaponWhere, config) {
  if ( tier !== null ) {
    tierSuccesses(config, tier, `${where}.tier`);
    return tier;
  }
  if ( weaponTier !== null ) {
    tierSuccesses(config, weaponTier, `${weaponWhere}.sdm_tier`);
    return weaponTier;
  }
  return defaultTier(config);
}

/**
 * SDM-G02, SDM-G03, SDM-G22: the successes needed: the tier's plus cover and concealment
 * (which add nothing to a kind outside cover_applies_to).
 * @param {Record<string, any>} plan
 * @param {string} kind
 * @param {string} where
 * @param {Record<string, any>} config
 * @returns {[object, number]}
 */
export function difficulty(plan, kind, where, config) {
  const tier = plan.tier;
  const base = tierSuccesses(config, tier, `${where}.tier`);
  let cover = levelMod(config, "cover_mod", plan.cover, `${where}.cover`);
  let hidden = levelMod(config, "concealment_mod", plan.concealment, `${where}.concealment`);
  if ( !config.cover_applies_to.includes(kind) ) {
    cover = 0;
    hidden = 0;
  }
  const needed = base + cover + hidden;
  const event = {
    type: "difficulty", tier, tier_successes: base, cover: plan.cover, cover_mod: cover,
    concealment: plan.concealment, concealment_mod: hidden, needed
  };
  return [event, needed];
}

/**
 * SDM-G08: whether a shortfall is a Salvation under the config's trigger.
 * @param {number[]} faces
 * @param {number} successes
 * @param {boolean} claimed
 * @param {Record<string, any>} config
 * @returns {boolean}
 */
export function isSalvation(faces, successes, claimed, config) {
  const trigger = config.salvation.trigger;
  if ( trigger === "zero_successes" ) return successes === 0;
  if ( trigger === "all_ones" ) return (faces.length > 0) && faces.every(face => face === 1);
  return claimed;
}

/**
 * SDM-R08, SDM-R10, SDM-R11, SDM-G01, SDM-G08, SDM-G09, P1: roll the pool; at least
 * `needed` successes hit, fewer fall short (still a hit, with an Opportunity) unless it is a
 * Salvation. Returns [events, `hit` / `shortfall` / `salvation`].
 * @param {number} pool
 * @param {number} needed
 * @param {boolean} claimed
 * @param {Record<string, any>} config
 * @param {DiceQueue} queue
 * @returns {[object[], string]}
 */
export function rollAttack(pool, needed, claimed, config, queue) {
  const [faces, successes, met] = checkRoll(pool, needed, config, queue);
  /** @type {object[]} */
  const events = [{ type: "attack_roll", pool, faces, successes, needed }];
  let result = met ? "hit" : "shortfall";
  if ( !met && isSalvation(faces, successes, claimed, config) ) {
    events.push({ type: "salvation", trigger: config.salvation.trigger });
    result = "salvation";
  }
  events.push({ type: "outcome", result });
  return [events, result];
}

/**
 * SDM-R08, SDM-R09, SDM-G07, SDM-E03: the attack pool of one of the attacker's weapons.
 * @type {Rule}
 */
export function attackPool(input, config, queue) {
  const where = `${IN}.attacker`;
  const attacker = readCharacter(input.attacker, where, config);
  const weapon = findWeapon(attacker, input.weapon, `${IN}.weapon`);
  const pool = poolOf(attacker, weapon, where, config);
  return [[{ type: "attack_pool", id: attacker.id, ...pool }], pool];
}

/**
 * SDM-R08, SDM-R10, SDM-R11, SDM-G01-G03, SDM-G08, SDM-G09, SDM-G22, SDM-E04: roll a pool
 * against its tier plus cover and concealment.
 * @type {Rule}
 */
export function attackRoll(input, config, queue) {
  const plan = { ...input, tier: resolveTier(input.tier, null, IN, IN, config) };
  const kind = input.attack_kind;
  const [event, needed] = difficulty(plan, kind, IN, config);
  const [events, result] = rollAttack(input.pool, needed, input.salvation_claimed, config, queue);
  const successes = /** @type {{successes: number}} */ (events[0]).successes;
  return [[event, ...events], { successes, needed, result }];
}
