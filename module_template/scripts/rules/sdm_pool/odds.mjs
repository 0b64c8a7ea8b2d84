/**
 * The sdm_pool odds adapter: exact distributions of its attack rolls; mirror of
 * `compiler/rules/sdm_pool/odds.py`.
 *
 * Each query enumerates one of the ruleset's own rules through the harness (`enumeration.mjs`).
 * The attack pool's d6s are lumped as the rule can tell them apart: a success (SDM-G01's face or
 * more) or not, and the 1 apart (SDM-G08's `all_ones` Salvation reads it), the pool branching on
 * the multiset of those classes. The damage dice, rolled after, branch on their sum alone (the
 * rule adds them up, P14), each face its own class.
 */

import { DIE } from "./harm.mjs";
import { enumerateCalls, lumping, resolved, ruleCall } from "../enumeration.mjs";
import { caseOf, faceRuns, facesOf } from "../odds.mjs";

export const RULESET = "sdm_pool";

/**
 * SDM-G01, SDM-G08, P1, P14: the attack pool by class multiset, then any damage dice by sum.
 * @param {Record<string, any>} config
 * @returns {import("../enumeration.mjs").Lumping}
 */
export function attackLumping(config) {
  const least = config.success_min_face;
  const keys = facesOf(DIE).map(face => [face === 1, face >= least]);
  const classes = faceRuns(DIE, keys, keys.map(([, hit]) => Number(hit)));
  return lumping({}, 0, "score", [[classes, "counts"]]);
}

/**
 * Enumerate one rule of the ruleset. The rules spend Actions and take HP on the characters they
 * read (their own checked copy of the input), so each run of the enumeration gets a fresh copy.
 * @param {string} rule
 * @param {any} params
 * @param {object} config
 * @param {(events: any[], state: Record<string, any>) => any} project
 * @returns {import("../exact.mjs").Dist}
 */
function odds(rule, params, config, project) {
  const merged = resolved(RULESET, rule, config)[2];
  const call = ruleCall(caseOf(RULESET, rule, config, params), project, true);
  return enumerateCalls(call, attackLumping(merged));
}

/**
 * SDM-R08, SDM-R10, SDM-R11, SDM-G01-G03, SDM-G08: the successes and result of a pool against
 * its tier plus cover and concealment.
 * @param {any} params
 * @param {object} config
 * @returns {import("../exact.mjs").Dist}
 */
export function attackRollOdds(params, config) {
  return odds("attack_roll", params, config, (events, state) => ({ successes: state.successes, result: state.result }));
}

/**
 * SDM-R10-R15: what a whole attack does to its target: the result (`hit`, `shortfall`,
 * `salvation`, `dodged`, `refused`), the damage dealt, the damage through armour (to HP), HP
 * after, and whether the target is incapacitated after it.
 * @param {any[]} events
 * @param {Record<string, any>} state
 * @returns {Record<string, any>}
 */
export function attackOutcome(events, state) {
  const target = state.target;
  const through = events.filter(e => (e.type === "hp") && (e.id === target.id)).reduce((sum, e) => sum + e.damage, 0);
  return { result: state.result, dealt: state.dealt, through, hp: target.hp, down: target.incapacitated };
}

/**
 * SDM-R08-R15, SDM-G07, SDM-G08, SDM-G10-G12, SDM-G17, SDM-G18: one whole attack, the target's
 * Opportunity choice as the input gives it.
 * @param {any} params
 * @param {object} config
 * @returns {import("../exact.mjs").Dist}
 */
export function attackOdds(params, config) {
  return odds("attack", params, config, attackOutcome);
}

/**
 * An attack's outcome in the odds panel's words: a hit meets the tier (a shortfall still deals
 * damage but does not), the damage is what passes the armour, down is incapacitated.
 * @param {Record<string, any>} outcome
 * @returns {{hit: boolean, damage: number, down: boolean, location: null}}
 */
export function summary(outcome) {
  return { hit: outcome.result === "hit", damage: outcome.through, down: outcome.down, location: null };
}

/** The rolls of the ruleset with exact odds, by the rule they stand for. */
export const QUERIES = Object.freeze({
  attack_roll: attackRollOdds,
  attack: attackOdds
});
