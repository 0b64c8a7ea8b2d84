/**
 * The Hazard Dice rules core as the Foundry layer calls it: dice-free rules run directly, rolling
 * rules through `foundry/dice.mjs` (dice on demand, each one a Foundry `Roll`), always with this
 * module's rules_config, and each call recorded exactly as a golden fixture holds it.
 * @module foundry/hazard_location/engine
 */

import { RuleError } from "../../rules/errors.mjs";
import { runCase } from "../../rules/harness.mjs";
import { configOverrides as sharedOverrides } from "../config-overrides.mjs";
import { engineConfig } from "../../rules/hazard_location/shipped.mjs";
import { rollRule } from "../dice.mjs";
import { metresPerHex } from "./settings.mjs";
import * as notices from "../notices.mjs";

/** The engine these adapters drive. */
export const RULESET = "hazard_location";

/**
 * @typedef {import("../chat-card.mjs").RulesCall} RulesCall
 * @typedef {import("../../rules/harness.mjs").CaseResult} CaseResult
 * @typedef {{call: RulesCall, result: CaseResult, rolls: Roll[]}} RolledCall
 */

/**
 * The config the engine runs with (the module's rules_config, with the Damage of the content's
 * Blast Severity rows, HZ-R25, and the world's metres per hex, HZ-G32, `settings.mjs`) as
 * overrides of the engine's defaults: only what the content or the world changed, so a card's
 * fixture carries the config it really ran with and nothing more.
 * @returns {Record<string, unknown>}
 */
export function configOverrides() {
  return sharedOverrides(RULESET, (config, data) => ({ ...engineConfig(config, data), metres_per_hex: metresPerHex() }));
}

/**
 * Run a rule that rolls no dice (called-shot options, range penalty).
 * @param {string} rule
 * @param {Record<string, unknown>} input
 * @returns {CaseResult}
 */
export function runDiceFree(rule, input) {
  return runCase(RULESET, rule, configOverrides(), input, []);
}

/**
 * Run a rule with its dice rolled on demand.
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
 * Run `read` (documents turned into engine input); content the rules core refuses (a
 * `RuleError`: a weapon whose category names no weapon range, say) is shown as a warning and
 * gives null. Anything else is a bug and is thrown.
 * @template T
 * @param {() => Promise<T>} read
 * @returns {Promise<T|null>}
 */
export async function readOrWarn(read) {
  try {
    return await read();
  } catch(err) {
    if ( !(err instanceof RuleError) ) throw err;
    notices.warn(game.i18n.format("RULEPACK.Error.RuleFailed", { message: err.message }));
    return null;
  }
}
