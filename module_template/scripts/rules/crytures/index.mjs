/**
 * The `crytures` ruleset (seed 004, catalogue §5): Crytures. Mirror of
 * `compiler/rules/crytures/__init__.py`, rule for rule and in the same order; the rules live in
 * the topic modules beside this file, each mirroring its `.py` twin.
 *
 * The harness reads each input and the config through their declared shapes (the ruleset's
 * inputs and rules_config schemas, generated into `rulesets.mjs`) before a rule runs.
 */

import * as geometry from "./geometry.mjs";
import * as initiative from "./initiative.mjs";
import * as modifiers from "./modifiers.mjs";
import * as montage from "./montage.mjs";
import * as powers from "./powers.mjs";
import * as rolls from "./rolls.mjs";
import * as turn from "./turn.mjs";

/** The topic modules holding rules, in the rule table's order. */
const TOPICS = [initiative, geometry, modifiers, rolls, powers, turn, montage];

/** Every rule by camelCase name, in file order; the harness maps snake_case names onto these. */
export const RULES = Object.freeze(Object.fromEntries(TOPICS.flatMap(m => Object.entries(m.RULES))));
