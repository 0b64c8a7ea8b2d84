/**
 * The Stabilise macro (SDM-R14, SDM-G20): the controlled token's character spends the config's
 * cost (an Action) to stabilise the targeted one, down at 0 HP, rolling `2 + Intelligence +
 * Medicine` d6 as one Foundry `Roll` against the config's tier; on a success the target is
 * stabilised and (outcome `revive`) stands up. A target that is not down, or dead, is refused
 * before any die. One chat card, with Undo, shows it.
 * @module foundry/sdm_pool/care
 */

import { canvasTokens, readCombatants } from "./actors.mjs";
import { applyAndPost, documentChanges, missingGm } from "./changes.mjs";
import { engineSettings, rollWith } from "./engine.mjs";
import { outcomeLines } from "./summary.mjs";
import { RuleError } from "../../rules/errors.mjs";

/**
 * Show a warning and stop.
 * @param {string} message  localised
 * @returns {undefined}
 */
function refuse(message) {
  ui.notifications.warn(message);
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
  const params = engineSettings().stabilize;
  const count = Number(params.base_dice) + Number(helper.character.traits?.[params.trait] ?? 0)
    + Number(helper.character.skills?.[params.skill] ?? 0);
  const input = { helper: helper.character, target: target.character };
  const { call, result, rolls } = await rollWith("stabilize", input, { planned: [{ die: 6, count }] });
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
