/**
 * The SDM rules core as the Foundry layer calls it, always with this module's rules_config and
 * the tables its content ships (`rules/sdm_pool/content.mjs` `engineConfig`), each call recorded
 * exactly as a golden fixture holds it. Dice are Foundry `Roll`s, one per pool the rule takes
 * (`5d6`; the weapon's damage dice another, `1d6`), and the faces go to the pure core in
 * canonical order (catalogue §2.4).
 * @module foundry/sdm_pool/engine
 */

import { runCase } from "../../rules/harness.mjs";
import { RULESETS } from "../../rules/rulesets.mjs";
import { configOverrides as sharedOverrides } from "../config-overrides.mjs";
import { engineConfig } from "../../rules/sdm_pool/content.mjs";
import { rollRule } from "../dice.mjs";

/** The engine these adapters drive. */
export const RULESET = "sdm_pool";

/**
 * @typedef {import("../chat-card.mjs").RulesCall} RulesCall
 * @typedef {import("../../rules/harness.mjs").CaseResult} CaseResult
 * @typedef {{d: number|string, v: number}} DieFace
 * @typedef {{call: RulesCall, result: CaseResult, rolls: Roll[]}} RolledCall
 */

/**
 * The config the engine runs with, as overrides of its defaults: only what the module's
 * rules_config and its tables change, so a card's fixture carries nothing more.
 * @returns {Record<string, unknown>}
 */
export function configOverrides() {
  return sharedOverrides(RULESET, engineConfig);
}

/**
 * The rules_config the engine reads (defaults and overrides together).
 * @returns {Record<string, any>}
 */
export function engineSettings() {
  return { ...RULESETS[RULESET].CONFIG, ...configOverrides() };
}

/**
 * Run a rule on the dice given (none for a dice-free rule).
 * @param {string} rule
 * @param {Record<string, unknown>} input
 * @param {DieFace[]} [dice]
 * @returns {CaseResult}
 */
export function runWith(rule, input, dice = []) {
  return runCase(RULESET, rule, configOverrides(), input, dice);
}

/**
 * The die the rule stops for (`queue_exhausted`), if it does.
 * @param {CaseResult} result
 * @returns {number|string|undefined}
 */
export function askedDie(result) {
  return result.error?.code === "queue_exhausted" ? result.error.die : undefined;
}

/**
 * Run `rule`, rolling with Foundry's `Roll` whatever it still asks for, one roll per pool it
 * takes at once (`rollRule`'s `pools`: a 5d6 pool, the weapon's 2d6 damage dice, each fighter's
 * initiative dice). `dice` and `rolls` are what was rolled for it before (the attack's pool,
 * rolled before the Opportunity was chosen).
 * @param {string} rule
 * @param {Record<string, unknown>} input
 * @param {{dice?: DieFace[], rolls?: Roll[]}} [so]
 * @returns {Promise<RolledCall>}
 */
export async function rollWith(rule, input, { dice = [], rolls = [] } = {}) {
  const config = configOverrides();
  const rolled = await rollRule(RULESET, rule, config, input, { pools: true, dice, rolls });
  return { call: { ruleset: RULESET, rule, config, input, dice: rolled.dice }, result: rolled.result, rolls: rolled.rolls };
}
