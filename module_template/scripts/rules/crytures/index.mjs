/**
 * The `crytures` ruleset (seed 004, catalogue §5): Crytures. Mirror of
 * `compiler/rules/crytures/__init__.py`, rule for rule and in the same order; the rules live in
 * the topic modules beside this file, each mirroring its `.py` twin.
 *
 * Inputs and config are read through their declared shapes before a rule runs (TRANSITION: by
 * `reader.mjs` until the shared harness does it), and `CONFIG`, every CR-G key's default, comes
 * from the rules_config schema, never from a literal.
 */

import * as geometry from "./geometry.mjs";
import * as initiative from "./initiative.mjs";
import * as modifiers from "./modifiers.mjs";
import * as montage from "./montage.mjs";
import * as powers from "./powers.mjs";
import { checked, configDefaults } from "./reader.mjs";
import * as rolls from "./rolls.mjs";
import * as turn from "./turn.mjs";

/** The topic modules holding rules, in the rule table's order. */
const TOPICS = [initiative, geometry, modifiers, rolls, powers, turn, montage];

/** snake_case of a camelCase rule name (the inputs document names rules in snake_case). */
const snake = (/** @type {string} */ name) => name.replace(/[A-Z]/g, letter => `_${letter.toLowerCase()}`);

/** Every rule by camelCase name, in file order; the harness maps snake_case names onto these. */
export const RULES = Object.freeze(Object.fromEntries(TOPICS.flatMap(m => Object.entries(m.RULES))
  .map(([name, rule]) => [name, checked(snake(name), rule)])));

/** Every CR-G key with its default, read off the rules_config schema. */
export const CONFIG = Object.freeze(configDefaults());
