/**
 * The fate_wounds rules core as the Foundry layer calls it, always with this module's
 * rules_config (its ladders from the content, FW-G05, FW-G06), each call recorded exactly as a
 * golden fixture holds it. One side's roll is rolled with Foundry's dice, one `Roll` per set of
 * Fate dice the rule takes (4dF, FW-R02; a Disadvantage re-roll set is a `Roll` of its own,
 * FW-G01), Fate dice recorded as "F".
 * @module foundry/fate_wounds/engine
 */

import { RuleError } from "../../rules/errors.mjs";
import { runCase } from "../../rules/harness.mjs";
import { RULESETS } from "../../rules/rulesets.mjs";
import { configOverrides as sharedOverrides } from "../config-overrides.mjs";
import { engineConfig } from "../../rules/fate_wounds/content.mjs";
import { rollRule } from "../dice.mjs";
import * as notices from "../notices.mjs";

/** The engine these adapters drive. */
export const RULESET = "fate_wounds";
/**
 * @typedef {import("../chat-card.mjs").RulesCall} RulesCall
 * @typedef {import("../../rules/harness.mjs").CaseResult} CaseResult
 * @typedef {{d: number|string, v: number}} Face
 * @typedef {{result: CaseResult, dice: Face[], rolls: Roll[]}} RolledSide
 */

/**
 * The config the engine runs with, as overrides of its defaults: only what the content changed
 * (the module's rules_config and ladders), so a card's fixture carries exactly that.
 * @returns {Record<string, unknown>}
 */
export function configOverrides() {
  return sharedOverrides(RULESET, engineConfig);
}

/**
 * The config as the rules read it: the engine's defaults with this module's overrides.
 * @returns {Record<string, any>}
 */
export function engineSettings() {
  return { ...RULESETS[RULESET].CONFIG, ...configOverrides() };
}

/**
 * Run a rule on the dice given (none for a dice-free rule).
 * @param {string} rule
 * @param {Record<string, unknown>} input
 * @param {Face[]} [dice]
 * @returns {{call: RulesCall, result: CaseResult}}
 */
export function runRule(rule, input, dice = []) {
  const config = configOverrides();
  const call = { ruleset: RULESET, rule, config, input: structuredClone(input), dice: structuredClone(dice) };
  return { call, result: runCase(RULESET, rule, config, input, dice) };
}

/**
 * One side's roll (the engine's `roll` rule), its dice rolled with Foundry's `Roll`, one per
 * set of Fate dice the rule takes at once (`rollRule`'s `pools`): 4dF (FW-R02), at Disadvantage
 * one more 4dF per level (`reroll_keep_lowest`) or one roll of 4 + level dF
 * (`extra_df_drop_highest`), as `disadvantage_scope` and the engine's conditions say (FW-G01,
 * FW-G02). A declaration the rule refuses gives its error and no rolls.
 * @param {Record<string, any>} character
 * @param {"attack"|"defence"} side
 * @param {Record<string, unknown>} declaration
 * @returns {Promise<RolledSide>}
 */
export async function rollSide(character, side, declaration) {
  return rollRule(RULESET, "roll", configOverrides(), { character, side, declaration }, { pools: true });
}

/**
 * Run `read` (documents turned into engine input); content the rules core refuses is shown as
 * a warning and gives null. Anything else is a bug and is thrown.
 * @template T
 * @param {() => T} read
 * @returns {T|null}
 */
export function readOrWarn(read) {
  try {
    return read();
  } catch(err) {
    if ( !(err instanceof RuleError) ) throw err;
    notices.warn(game.i18n.format("RULEPACK.Error.RuleFailed", { message: err.message }));
    return null;
  }
}
