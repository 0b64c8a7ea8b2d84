/**
 * The in-fight fighter record that part B's rules read and write; mirror of
 * `compiler/rules/danger_room/combatant.py` (see it for the record's keys and meaning). Its shape
 * is declared once, `#/$defs/fighter` of the ruleset's `inputs.schema.json`, and arrives checked.
 */

import { bonus, cardlessPool } from "./attributes.mjs";

/** DR-R22: the threat tiers and their Health multipliers, as the seed states them. */
export const THREAT_TIERS = Object.freeze({
  introduced: 2,
  established: 4,
  invasive: 7,
  dominant: 12,
  transformative: 25
});

/**
 * DR-R03, DR-G01: the bonus of one of the fighter's attributes.
 * @param {object} fighter
 * @param {string} name
 * @param {object} config
 * @returns {number}
 */
export function attributeBonus(fighter, name, config) {
  return bonus(fighter.attributes[name], config);
}

/**
 * DR-R19 step 6, DR-E03: the Endurance pool, 3 + Endurance bonus (at least 1).
 * @param {object} fighter
 * @param {object} config
 * @returns {number}
 */
export function endurancePool(fighter, config) {
  return cardlessPool(attributeBonus(fighter, "endurance", config));
}

/**
 * DR-R29: whether the fighter carries `condition` now.
 * @param {object} fighter
 * @param {string} condition
 * @returns {boolean}
 */
export function has(fighter, condition) {
  return Object.hasOwn(fighter.conditions, condition);
}

/**
 * DR-R25, DR-G33 f: damage past 0, cumulative while Health is at or below 0.
 * @param {number} health
 * @returns {number}
 */
export function overflow(health) {
  return Math.max(0, -health);
}
