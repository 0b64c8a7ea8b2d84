/**
 * The `fate_wounds` engine (seed 002, catalogue §3): 4dF Approaches with Wound Boxes; mirror of
 * `compiler/rules/fate_wounds/__init__.py`.
 *
 * `RULES` maps each camelCase rule name to its rule, in the Python package's order. The config
 * defaults are the rules_config schema's (generated data, `../rulesets.mjs`); the harness reads
 * the config and each rule's input through their declared shapes, and the config's own checks
 * (a ladder's run, the default track's ranges, approaches named once) run before every rule.
 */

import * as conflict from "./conflict.mjs";
import * as exchange from "./exchange.mjs";
import * as ladder from "./ladder.mjs";
import * as rolls from "./rolls.mjs";
import * as rounds from "./rounds.mjs";
import * as track from "./track.mjs";
import { settings } from "./common.mjs";

/** Each rule as written here, in the Python package's order. */
const ORDER = [
  ladder.label, rolls.diceDistribution, rolls.odds, rolls.roll, track.conditions,
  track.markWound, track.clearWounds, exchange.compare, exchange.attack, conflict.turnOrder,
  conflict.startConflict, conflict.endConflict, rounds.round
];

/**
 * `rule` with the config's own checks run first, as the Python package's `_settled` does.
 * @param {Function} rule
 * @returns {Function}
 */
function settled(rule) {
  return (input, config, queue) => rule(input, settings(config), queue);
}

/** Every rule by camelCase name, in file order; the harness maps snake_case names onto these. */
export const RULES = Object.freeze(Object.fromEntries(ORDER.map(rule => [rule.name, settled(rule)])));
