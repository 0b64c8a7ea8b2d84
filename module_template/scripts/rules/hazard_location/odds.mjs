/**
 * The hazard_location odds adapter: exact distributions of its rolls; mirror of
 * `compiler/rules/hazard_location/odds.py`.
 *
 * The Test, hit-location, Armor Roll and damage queries each enumerate the ruleset's own rule. A
 * d6 Test pool branches on its successes after its Hazard Dice (which keep their place); an Armor
 * Roll on its 6s; a d100 on the faces that fall in another table row or coverage share. `attack`
 * is the whole five-step attack, composed from the engine's steps (`attack_odds.mjs`).
 */

import { armorState, attackOdds, attackProjection, injuriesOf, readAttackInput, strikeLumping, testLumping } from "./attack_odds.mjs";
import { loadContent } from "./harm.mjs";
import { enumerateCalls, lumping, resolved, ruleCall } from "../enumeration.mjs";
import { readInput } from "../harness.mjs";
import { caseOf, faceRuns, facesOf } from "../odds.mjs";
import { dieLabel } from "../queue.mjs";

export const RULESET = "hazard_location";

/**
 * Whether `value` is a JSON object.
 * @param {unknown} value
 * @returns {value is Record<string, any>}
 */
function isObject(value) {
  return (value !== null) && (typeof value === "object") && !Array.isArray(value);
}

/**
 * The rule's merged config.
 * @param {string} rule
 * @param {object} config
 * @returns {Record<string, any>}
 */
function merged(rule, config) {
  return resolved(RULESET, rule, config)[2];
}

/**
 * Enumerate one rule of the ruleset.
 * @param {string} rule
 * @param {any} params
 * @param {object} config
 * @param {(events: any[], state: Record<string, any>) => any} project
 * @param {import("../enumeration.mjs").Lumping} lumped
 * @returns {import("../exact.mjs").Dist}
 */
function odds(rule, params, config, project, lumped) {
  return enumerateCalls(ruleCall(caseOf(RULESET, rule, config, params), project), lumped);
}

/**
 * The tables the rule may roll on: its input's content as the rule reads it (its Injury tables
 * too when one is configured).
 * @param {string} rule
 * @param {any} params
 * @param {object} config
 * @returns {object[]}
 */
function contentTables(rule, params, config) {
  const [engine, , read] = resolved(RULESET, rule, config);
  const content = loadContent(readInput(engine, rule, params), read);
  const injuries = read.injury_table !== null ? content.injury_tables : [];
  return [...content.hit_location_tables, ...injuries];
}

/**
 * HZ-R02, HZ-G01-G03, HZ-G08: the successes and Mishap of one Test pool.
 * @param {any} params
 * @param {object} config
 * @returns {import("../exact.mjs").Dist}
 */
export function hazardTestOdds(params, config) {
  return odds("hazard_test", params, config, (events, state) => ({ ...state }), testLumping(merged("hazard_test", config)));
}

/**
 * HZ-R15, HZ-R19, HZ-G10, HZ-G30: the location struck (the table's d100 or a Called Shot).
 * @param {any} params
 * @param {object} config
 * @returns {import("../exact.mjs").Dist}
 */
export function hitLocationOdds(params, config) {
  return odds("hit_location", params, config, (events, state) => ({ location: state.location }),
    strikeLumping(contentTables("hit_location", params, config), []));
}

/**
 * HZ-R12, HZ-R18, HZ-R28, HZ-R29, HZ-G18-G22: damage through, and the armour after.
 * @param {any} params
 * @param {object} config
 * @returns {import("../exact.mjs").Dist}
 */
export function armorRollOdds(params, config) {
  const pieces = isObject(params) ? params.armor : null;
  const project = (events, state) => ({
    through: state.through, armor: armorState(state.armor),
    cover: state.cover === null ? null : (state.cover.av ?? null)
  });
  return odds("armor_roll", params, config, project, strikeLumping([], Array.isArray(pieces) ? pieces : []));
}

/**
 * HZ-R21, HZ-R22, HZ-R27, HZ-R31, HZ-G11: Stamina after, and each Injury.
 * @param {any} params
 * @param {object} config
 * @returns {import("../exact.mjs").Dist}
 */
export function applyDamageOdds(params, config) {
  const project = (events, state) => ({ stamina: state.character.stamina_current, injuries: injuriesOf(events) });
  return odds("apply_damage", params, config, project, strikeLumping(contentTables("apply_damage", params, config), []));
}

/**
 * HZ-R03, HZ-G16: the Initiative groups (successes high to low, ties together).
 * @param {any} params
 * @param {object} config
 * @returns {import("../exact.mjs").Dist}
 */
export function initiativeOdds(params, config) {
  const read = merged("initiative", config);
  const die = read.test_die;
  const least = read.test_success_min_face;
  const hits = facesOf(die).map(face => Number(face >= least));
  return odds("initiative", params, config, (events, state) => state.groups,
    lumping({ [dieLabel(die)]: faceRuns(die, hits, hits) }, 0, "score"));
}

/**
 * HZ-R01: the rule the `attack` query stands for, projected as its outcomes: one run draws one way
 * the dice fall (a fight's Monte Carlo runs it with random faces).
 * @param {string} query
 * @param {any} params
 * @param {object} config
 * @returns {(queue: import("../queue.mjs").DiceQueue) => any}
 */
export function outcomeCall(query, params, config) {
  const atk = readAttackInput(params, merged(query, config));
  return ruleCall(caseOf(RULESET, query, config, params), attackProjection(atk));
}

/** The rolls of the ruleset with exact odds, by the rule they stand for. */
export const QUERIES = Object.freeze({
  hazard_test: hazardTestOdds,
  hit_location: hitLocationOdds,
  armor_roll: armorRollOdds,
  apply_damage: applyDamageOdds,
  attack: attackOdds,
  initiative: initiativeOdds
});
