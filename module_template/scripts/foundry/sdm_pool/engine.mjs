/**
 * The SDM rules core as the Foundry layer calls it, always with this module's rules_config and
 * the tables its content ships (`rules/sdm_pool/content.mjs` `engineConfig`), each call recorded
 * exactly as a golden fixture holds it. Dice are Foundry `Roll`s: a pool is one roll of all its
 * dice (`5d6`), the weapon's damage dice another (`1d6`), and the faces go to the pure core in
 * canonical order (catalogue §2.4).
 * @module foundry/sdm_pool/engine
 */

import { runCase } from "../../rules/harness.mjs";
import { RULESETS } from "../../rules/rulesets.mjs";
import { configOverrides as sharedOverrides } from "../config-overrides.mjs";
import { engineConfig } from "../../rules/sdm_pool/content.mjs";
import { diceOf } from "../dice.mjs";

/** The engine these adapters drive. */
export const RULESET = "sdm_pool";

/** No rule of this ruleset asks for more rolls than this; one that does is looping. */
const MAX_ROLLS = 200;

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
 * Run `rule`, rolling with Foundry's `Roll` whatever it still asks for: `planned` formulas first
 * (the pool as one roll, the damage dice as another), each used only when the rule asks for its
 * die; one die at a time after that. `dice` and `rolls` are what was rolled before.
 * @param {string} rule
 * @param {Record<string, unknown>} input
 * @param {{dice?: DieFace[], rolls?: Roll[], planned?: {die: number, count: number}[]}} [so]
 * @returns {Promise<RolledCall>}
 */
export async function rollWith(rule, input, { dice = [], rolls = [], planned = [] } = {}) {
  const faces = [...dice];
  const made = [...rolls];
  const plan = [...planned];
  for ( let n = 0; ; n++ ) {
    const result = runWith(rule, input, faces);
    const die = askedDie(result);
    if ( die === undefined ) return { call: { ruleset: RULESET, rule, config: configOverrides(), input, dice: faces }, result, rolls: made };
    if ( n >= MAX_ROLLS ) throw new Error(`${RULESET}.${rule} asked for more than ${MAX_ROLLS} rolls`);
    const next = (plan[0]?.die === die) ? plan.shift() : { die: Number(die), count: 1 };
    const roll = await new Roll(`${next?.count ?? 1}d${die}`).evaluate();
    faces.push(...diceOf(roll));
    made.push(roll);
  }
}
