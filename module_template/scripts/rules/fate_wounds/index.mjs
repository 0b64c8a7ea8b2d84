/**
 * The `fate_wounds` engine (seed 002, catalogue §3): 4dF Approaches with Wound Boxes; mirror of
 * `compiler/rules/fate_wounds/__init__.py`.
 *
 * `RULES` maps each camelCase rule name to its rule, in the Python package's order; `CONFIG` is
 * every FW-G key with its default, generated from the rules_config schema. Before a rule runs,
 * the config is checked against that schema and the input against the rule's shape in
 * `inputs.schema.json` (with the defaults of absent optional fields filled in); the rules make
 * the checks a shape cannot. The shared harness takes the shape checks over with the plug-in
 * refactor.
 */

import * as conflict from "./conflict.mjs";
import * as exchange from "./exchange.mjs";
import * as ladder from "./ladder.mjs";
import * as rolls from "./rolls.mjs";
import * as rounds from "./rounds.mjs";
import * as track from "./track.mjs";
import { settings } from "./common.mjs";
import { CONFIG, INPUTS, RULES_CONFIG } from "./schema_data.mjs";
import { check } from "./shapes.mjs";

export { CONFIG };

/** Each rule by snake_case name (its shape's key) and its camelCase function, in file order. */
const ORDER = [
  ["label", ladder.label],
  ["dice_distribution", rolls.diceDistribution],
  ["odds", rolls.odds],
  ["roll", rolls.roll],
  ["conditions", track.conditions],
  ["mark_wound", track.markWound],
  ["clear_wounds", track.clearWounds],
  ["compare", exchange.compare],
  ["attack", exchange.attack],
  ["turn_order", conflict.turnOrder],
  ["start_conflict", conflict.startConflict],
  ["end_conflict", conflict.endConflict],
  ["round", rounds.round]
];

/**
 * `rule` with its config and input checked first, as the Python package's `_checked` does.
 * @param {string} name
 * @param {Function} rule
 * @returns {Function}
 */
function checked(name, rule) {
  const shape = INPUTS.properties[name];
  return (input, config, queue) => {
    const merged = settings(check(RULES_CONFIG, config, "config", RULES_CONFIG));
    return rule(check(shape, input, "input", INPUTS), merged, queue);
  };
}

/** Every rule by camelCase name, in file order; the harness maps snake_case names onto these. */
export const RULES = Object.freeze(Object.fromEntries(
  ORDER.map(([name, rule]) => [name.replace(/_([a-z])/g, (_, c) => c.toUpperCase()), checked(name, rule)])
));
