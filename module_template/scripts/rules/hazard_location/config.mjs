/**
 * Lookups in the hazard_location config; mirror of `compiler/rules/hazard_location/config.py`.
 *
 * The config arrives read through `compiler/schemas/rulesets/hazard_location/rules_config.schema.json`
 * (defaults, types and bounds checked by the harness); what is left is finding the entry an input
 * names, which no shape can say.
 */

import { byId, has, rational } from "./fields.mjs";
import { fail } from "../shapes.mjs";

/**
 * HZ-G12: the complication named `wanted`; an unknown id is bad input.
 * @param {object} config
 * @param {string} wanted
 * @param {string} where
 * @returns {object}
 */
export function complication(config, wanted, where) {
  const found = byId(config.complications, wanted);
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
  const table = config.movement_modifiers;
  if ( !has(table, wanted) ) throw fail(where, `${where} names a movement modifier that config lacks`);
  return rational(table[wanted]);
}
