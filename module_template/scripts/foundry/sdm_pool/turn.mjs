/**
 * The start of each turn in the Combat tracker (SDM-R05, SDM-R06, SDM-R14, SDM-G20, SDM-G21): when
 * the tracker moves to a combatant (Begin Combat, Next Turn, the next round), the active GM's
 * client alone runs the engine's `start_turn` on its character: the Actions and Minor actions of
 * the new turn, less what its reactions borrowed since its last (the Opportunity it took), or the
 * self-recovery roll of one at 0 HP. The sheet takes the new turn state and one chat card, with
 * Undo, shows it.
 * @module foundry/sdm_pool/turn
 */

import { readCombatants } from "./actors.mjs";
import { applyAndPost, documentChanges } from "./changes.mjs";
import { rollWith } from "./engine.mjs";
import { outcomeLines } from "./summary.mjs";
import { isActiveGm } from "../gm-requests.mjs";
import { MODULE_ID } from "../../config.mjs";
import * as notices from "../notices.mjs";

/**
 * Start the turn of the Combat's current combatant and post its card.
 * @param {Combat} combat
 * @returns {Promise<ChatMessage|undefined>}
 */
export async function startTurn(combat) {
  const combatant = combat.combatant;
  const actor = combatant?.actor;
  if ( !combatant || !actor ) return undefined;
  const [fighter] = readCombatants([actor], [String(combatant.id)]);
  const { call, result, rolls } = await rollWith("start_turn", { character: fighter.character });
  if ( result.error ) {
    notices.warn(game.i18n.format("RULEPACK.Error.RuleFailed", { message: result.error.message }));
    return undefined;
  }
  const changes = documentChanges([fighter], [result.state.character]);
  const summary = outcomeLines(result.events, { [fighter.character.id]: fighter.name });
  const title = game.i18n.format("RULEPACK.Sdm.TurnCard", { name: fighter.name });
  return applyAndPost(changes, { title, rolls, call, result, summary, speaker: ChatMessage.getSpeaker({ actor }) });
}

/**
 * Whether an update of a Combat moved its turn: a new turn or round of a started Combat.
 * @param {Combat} combat
 * @param {Record<string, unknown>} changes
 * @returns {boolean}
 */
function turnMoved(combat, changes) {
  return Boolean(combat.started) && (("turn" in changes) || ("round" in changes));
}

/**
 * Start each new turn on the active GM's client (call once, on `init`).
 */
export function registerTurns() {
  Hooks.on("updateCombat", (/** @type {Combat} */ combat, /** @type {Record<string, unknown>} */ changes) => {
    if ( !isActiveGm() || !turnMoved(combat, changes) ) return;
    startTurn(combat).catch((err) => {
      console.error(`${MODULE_ID} | start of turn`, err);
      notices.error(game.i18n.format("RULEPACK.Error.RuleFailed", { message: err instanceof Error ? err.message : String(err) }));
    });
  });
}
