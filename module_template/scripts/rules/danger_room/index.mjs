/**
 * The `danger_room` engine (Krakoa Danger Room, catalogue §1); mirror of
 * `compiler/rules/danger_room/__init__.py`.
 *
 * Each topic module exports its own `RULES`; this module joins them in the Python package's
 * order. The config defaults are the rules_config schema's (generated data, `../rulesets.mjs`).
 */

import * as aftermath from "./aftermath.mjs";
import * as attributes from "./attributes.mjs";
import * as conditions from "./conditions.mjs";
import * as damage from "./damage.mjs";
import * as defences from "./defences.mjs";
import * as health from "./health.mjs";
import * as hits from "./hits.mjs";
import * as landing from "./landing.mjs";
import * as movement from "./movement.mjs";
import * as order from "./order.mjs";
import * as reach from "./reach.mjs";
import * as saves from "./saves.mjs";
import * as senses from "./senses.mjs";
import * as turn from "./turn.mjs";
import * as weapons from "./weapons.mjs";

/** The topic modules, in the Python package's order. */
export const TOPICS = Object.freeze([
  attributes, order, reach, movement, senses, landing, weapons, turn,
  saves, damage, hits, conditions, health, defences, aftermath
]);

/** Every rule by camelCase name, in file order; the harness maps snake_case names onto these. */
export const RULES = Object.freeze(Object.assign({}, ...TOPICS.map(m => m.RULES)));
