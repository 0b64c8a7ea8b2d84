/**
 * The Stabilise macro (SDM-R14, SDM-G20): the controlled token's character spends the config's
 * cost (an Action) to stabilise the targeted one, down at 0 HP, rolling `2 + Intelligence +
 * Medicine` d6 as one Foundry `Roll` against the config's tier; on a success the target is
 * stabilised and (outcome `revive`) stands up. A target that is not down, or dead, is refused
 * before any die. The GM's Heal (SDM-R16: the seed gives no rate, so the GM's amount) and the
 * decision on death (SDM-R15: the GM's and the player's, never the engine's) on the targeted
 * token. Each card, with Undo, shows it.
 * @module foundry/sdm_pool/care
 */

import { canvasTokens, readCombatants } from "./actors.mjs";
import { applyAndPost, documentChanges, missingGm } from "./changes.mjs";
import { rollWith } from "./engine.mjs";
import { outcomeLines } from "./summary.mjs";
import { deathWindow, healWindow } from "./windows.mjs";
import { RuleError } from "../../rules/errors.mjs";
import * as notices from "../notices.mjs";

/**
 * Show a warning and stop.
 * @param {string} message  localised
 * @returns {undefined}
 */
function refuse(message) {
  notices.warn(message);
  return undefined;
}

/**
 * Stabilise the targeted token's character with the controlled one's and post the card.
 * @param {{attacker: Token, target: Token}|null} [tokens]  defaults to the canvas selection
 * @returns {Promise<ChatMessage|undefined>}
 */
export async function stabilize(tokens = canvasTokens()) {
  if ( !tokens?.attacker?.actor || !tokens.target?.actor ) return refuse(game.i18n.localize("RULEPACK.Sdm.NeedTokens"));
  const actors = [tokens.attacker.actor, tokens.target.actor];
  if ( missingGm(actors) ) return refuse(game.i18n.localize("RULEPACK.Gm.NoneOnline"));
  let pair;
  try {
    pair = readCombatants(actors);
  } catch(err) {
    if ( !(err instanceof RuleError) ) throw err;
    return refuse(game.i18n.format("RULEPACK.Error.RuleFailed", { message: err.message }));
  }
  const [helper, target] = pair;
  const input = { helper: helper.character, target: target.character };
  const { call, result, rolls } = await rollWith("stabilize", input);
  if ( result.error ) return refuse(game.i18n.format("RULEPACK.Error.RuleFailed", { message: result.error.message }));
  const changes = documentChanges(pair, [result.state.helper, result.state.target]);
  const names = { [helper.character.id]: helper.name, [target.character.id]: target.name };
  const who = { helper: helper.name, target: target.name };
  return applyAndPost(changes, {
    title: game.i18n.format("RULEPACK.Sdm.StabilizeCard", who), rolls, call, result,
    summary: [game.i18n.format("RULEPACK.Sdm.Summary.Stabilize", who), ...outcomeLines(result.events, names)],
    speaker: ChatMessage.getSpeaker({ actor: helper.actor })
  });
}

/**
 * The targeted token's character for a GM's rule, or a warning.
 * @returns {import("./actors.mjs").Combatant|undefined}
 */
function gmTarget() {
  if ( !game.user?.isGM ) return refuse(game.i18n.localize("RULEPACK.Sdm.GmOnly"));
  const targets = [...(game.user?.targets ?? [])];
  if ( (targets.length !== 1) || !targets[0].actor ) return refuse(game.i18n.localize("RULEPACK.Sdm.NeedTarget"));
  try {
    return readCombatants([/** @type {Actor} */ (targets[0].actor)])[0];
  } catch(err) {
    if ( !(err instanceof RuleError) ) throw err;
    return refuse(game.i18n.format("RULEPACK.Error.RuleFailed", { message: err.message }));
  }
}

/**
 * Run a dice-free rule on one character and post its card with the changes.
 * @param {import("./actors.mjs").Combatant} one
 * @param {string} rule
 * @param {Record<string, unknown>} input
 * @param {string} title  localised
 * @returns {Promise<ChatMessage|undefined>}
 */
async function postOne(one, rule, input, title) {
  const { call, result, rolls } = await rollWith(rule, input);
  if ( result.error ) return refuse(game.i18n.format("RULEPACK.Error.RuleFailed", { message: result.error.message }));
  const changes = documentChanges([one], [result.state.character]);
  const summary = outcomeLines(result.events, { [one.character.id]: one.name });
  return applyAndPost(changes, { title, rolls, call, result, summary });
}

/**
 * GM: heal the targeted token's character by the amount the window asks (SDM-R16).
 * @returns {Promise<ChatMessage|undefined>}
 */
export async function heal() {
  const one = gmTarget();
  if ( !one ) return undefined;
  const amount = await healWindow(game.i18n.format("RULEPACK.Sdm.HealHeading", { name: one.name }));
  if ( amount === null ) return undefined;
  const title = game.i18n.format("RULEPACK.Sdm.HealCard", { name: one.name });
  return postOne(one, "heal", { character: one.character, amount }, title);
}

/**
 * GM: record the GM's and the player's decision on the targeted token's character (SDM-R15).
 * @returns {Promise<ChatMessage|undefined>}
 */
export async function decideDeath() {
  const one = gmTarget();
  if ( !one ) return undefined;
  const dead = await deathWindow(game.i18n.format("RULEPACK.Sdm.DeathHeading", { name: one.name }));
  if ( dead === null ) return undefined;
  const title = game.i18n.format("RULEPACK.Sdm.DeathCard", { name: one.name });
  return postOne(one, "decide_death", { character: one.character, dead }, title);
}
