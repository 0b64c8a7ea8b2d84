/**
 * The config a ruleset's rules core runs with in this module, as overrides of the engine's
 * defaults: only what the content changed (its rules_config, and whatever a ruleset derives from
 * its data, such as tables or ladders), so a card's fixture carries the config it really ran
 * with and nothing more. Shared by every ruleset's Foundry layer (`<ruleset>/engine.mjs`).
 * @module foundry/config-overrides
 */

import { RULES_CONFIG, RULES_DATA } from "../config.mjs";
import { RULESETS } from "../rules/rulesets.mjs";

/**
 * JSON text of a value with every object's keys sorted, so equal values compare equal whatever
 * order their keys were written in.
 * @param {unknown} value
 * @returns {string}
 */
export function canonical(value) {
  return JSON.stringify(value, (key, v) => ((v !== null) && (typeof v === "object") && !Array.isArray(v)
    ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v));
}

/**
 * The keys of the engine's config that this module changes, with their values.
 * @param {string} ruleset
 * @param {(config: Record<string, any>, data: any) => Record<string, unknown>} [derive]
 *   the ruleset's engine config from the module's rules_config and data (default: the
 *   rules_config as it is)
 * @returns {Record<string, unknown>}
 */
export function configOverrides(ruleset, derive = (config) => config) {
  /** @type {Record<string, unknown>} */
  const overrides = {};
  const defaults = RULESETS[ruleset].CONFIG;
  for ( const [key, value] of Object.entries(derive(RULES_CONFIG, RULES_DATA)) ) {
    if ( canonical(value) !== canonical(defaults[key]) ) overrides[key] = structuredClone(value);
  }
  return overrides;
}
