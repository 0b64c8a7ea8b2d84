/**
 * The Crytures rules core as the Foundry layer calls it: dice-free rules run directly, rolling
 * rules through `foundry/dice.mjs` (dice on demand, each pool one Foundry `Roll`), always with this
 * module's rules_config (whose `type_chart` the build joined from the content's type charts,
 * CR-G04), and each call recorded exactly as a golden fixture holds it.
 * @module foundry/crytures/engine
 */

import { RuleError } from "../../rules/errors.mjs";
import { runCase } from "../../rules/harness.mjs";
import { configOverrides as sharedOverrides } from "../config-overrides.mjs";
import { rollRule } from "../dice.mjs";
import * as notices from "../notices.mjs";

/** The engine these adapters drive. */
export const RULESET = "crytures";

/**
 * @typedef {import("../chat-card.mjs").RulesCall} RulesCall
 * @typedef {import("../../rules/harness.mjs").CaseResult} CaseResult
 * @typedef {{call: RulesCall, result: CaseResult, rolls: Roll[]}} RolledCall
 */

/**
 * The module's rules_config as overrides of the engine's defaults: only what the content
 * changed, so a card's fixture carries the config it really ran with and nothing more.
 * @returns {Record<string, unknown>}
 */
export function configOverrides() {
  return sharedOverrides(RULESET);
}

/**
 * Run a rule that rolls no dice (a type relation, a range check, a Complexity).
 * @param {string} rule
 * @param {Record<string, unknown>} input
 * @returns {CaseResult}
 */
export function runDiceFree(rule, input) {
  return runCase(RULESET, rule, configOverrides(), input, []);
}

/**
 * Run a rule with its dice rolled on demand, one Foundry `Roll` per pool it takes at once
 * (`rollRule`'s `pools`): an attack pool's `4d10`, an initiative pool, a Talent check, a
 * roll-off's dice for the whole tied group (CR-R02, CR-R10, CR-G24).
 * @param {string} rule
 * @param {Record<string, unknown>} input
 * @returns {Promise<RolledCall>}
 */
export async function runRolled(rule, input) {
  const config = configOverrides();
  const { result, dice, rolls } = await rollRule(RULESET, rule, config, input, { pools: true });
  return { call: { ruleset: RULESET, rule, config, input, dice }, result, rolls };
}

/**
 * Show a warning and stop.
 * @param {string} message  localised
 * @returns {undefined}
 */
export function refuse(message) {
  notices.warn(message);
  return undefined;
}

/**
 * Run `read` (documents turned into engine input); content the rules core refuses (a
 * `RuleError`: a power naming a stat its user lacks, say) is shown as a warning and gives null.
 * Anything else is a bug and is thrown.
 * @template T
 * @param {() => Promise<T>} read
 * @returns {Promise<T|null>}
 */
export async function readOrWarn(read) {
  try {
    return await read();
  } catch(err) {
    if ( !(err instanceof RuleError) ) throw err;
    refuse(game.i18n.format("RULEPACK.Error.RuleFailed", { message: err.message }));
    return null;
  }
}

/**
 * Warn that the rules core refused an input (`bad_input` and the like) and stop.
 * @param {CaseResult} result
 * @returns {undefined}
 */
export function refuseResult(result) {
  return refuse(game.i18n.format("RULEPACK.Error.RuleFailed", { message: result.error?.message ?? "" }));
}
