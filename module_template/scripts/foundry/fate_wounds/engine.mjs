/**
 * The fate_wounds rules core as the Foundry layer calls it, always with this module's
 * rules_config (its ladders from the content, FW-G05, FW-G06), each call recorded exactly as a
 * golden fixture holds it. One side's roll is rolled with Foundry's dice, one `Roll` of 4dF per
 * set of four Fate dice (FW-R02; a Disadvantage re-roll set is a `Roll` of its own, FW-G01), and
 * the faces are read back with `diceOf` (Fate dice recorded as "F").
 * @module foundry/fate_wounds/engine
 */

import { RuleError } from "../../rules/errors.mjs";
import { runCase } from "../../rules/harness.mjs";
import { RULESETS } from "../../rules/rulesets.mjs";
import { configOverrides as sharedOverrides } from "../config-overrides.mjs";
import { engineConfig } from "../../rules/fate_wounds/content.mjs";
import { diceOf } from "../dice.mjs";

/** The engine these adapters drive. */
export const RULESET = "fate_wounds";
/** Fate dice in one set (FW-R02). */
const SET = 4;

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
 * FW-G01, FW-G02: the Foundry formulas of one side's dice: 4dF, and at Disadvantage one more 4dF
 * per level (`reroll_keep_lowest`), or one roll of 4 + level dF (`extra_df_drop_highest`); `flat`
 * rolls 4dF. The level is the engine's (`conditions`), if `disadvantage_scope` covers the side.
 * @param {Record<string, any>} character
 * @param {"attack"|"defence"} side
 * @returns {string[]}
 */
function formulas(character, side) {
  const config = engineSettings();
  const scope = config.disadvantage_scope;
  const found = runRule("conditions", { character }).result;
  if ( found.error ) throw new RuleError(found.error.code, found.error.message, null, found.error.path);
  const covered = (scope === "all_rolls") || (scope === `${side}_rolls`);
  const level = covered ? Number(found.state.disadvantage) : 0;
  if ( config.disadvantage_mode === "reroll_keep_lowest" ) return Array(level + 1).fill(`${SET}dF`);
  if ( config.disadvantage_mode === "extra_df_drop_highest" ) return [`${SET + level}dF`];
  return [`${SET}dF`];
}

/**
 * One side's roll (the engine's `roll` rule): the declaration is checked before a die is rolled
 * (a refused one gives the rule's error and no rolls), then the dice are rolled with Foundry's
 * `Roll` and the rule run on their faces.
 * @param {Record<string, any>} character
 * @param {"attack"|"defence"} side
 * @param {Record<string, unknown>} declaration
 * @returns {Promise<RolledSide>}
 */
export async function rollSide(character, side, declaration) {
  const input = { character, side, declaration };
  const dry = runRule("roll", input).result;
  if ( dry.error?.code !== "queue_exhausted" ) return { result: dry, dice: [], rolls: [] };
  const rolls = [];
  for ( const formula of formulas(character, side) ) rolls.push(await new Roll(formula).evaluate());
  const dice = diceOf(...rolls);
  return { result: runRule("roll", input, dice).result, dice, rolls };
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
    ui.notifications.warn(game.i18n.format("RULEPACK.Error.RuleFailed", { message: err.message }));
    return null;
  }
}
