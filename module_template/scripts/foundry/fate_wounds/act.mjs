/**
 * The "Take an action" macro (FW-R01, FW-R13): the controlled token's character takes one of
 * its two actions of the round that is not an attack ("run away, try to hide, draw a weapon,
 * light the fuse of a bomb"). It asks what the action is, checks with the engine's `conditions`
 * rule that the character is not Incapacitated, counts the action on its Combatant and posts a
 * card whose Undo gives the action back. Only in a started Combat, where actions are counted.
 * @module foundry/fate_wounds/act
 */

import { DIALOG_WIDTH } from "../forms.mjs";
import { escapeHtml } from "../html.mjs";
import { characterIds, readFighter } from "./actors.mjs";
import { applyAndPost, missingGm } from "./changes.mjs";
import { actionChanges, actionLine, refusal, slotOf } from "./economy.mjs";
import { readOrWarn, runRule } from "./engine.mjs";
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
 * The single controlled token, or null when none or several are.
 * @returns {Token|null}
 */
function controlledToken() {
  const controlled = canvas?.tokens?.controlled ?? [];
  return controlled.length === 1 ? controlled[0] : null;
}

/**
 * Ask what the action is; null when the window is closed.
 * @param {string} name
 * @returns {Promise<string|null>}
 */
async function askAction(name) {
  const i18n = game.i18n;
  const answer = await foundry.applications.api.DialogV2.wait({
    classes: ["rulepack-dialog-fate_wounds-action"], position: { width: DIALOG_WIDTH },
    window: { title: i18n.localize("RULEPACK.FateWounds.ActTitle") },
    content: `<div class="form-group"><label>${escapeHtml(i18n.format("RULEPACK.FateWounds.ActQuestion", { name }))}</label>`
      + `<div class="form-fields"><input type="text" name="action" value="" maxlength="200"></div></div>`,
    buttons: [{
      action: "act", label: i18n.localize("RULEPACK.FateWounds.ActButton"), default: true,
      callback: async (/** @type {Event} */ _e, /** @type {HTMLButtonElement} */ button) => String(new FormData(button.form ?? undefined).get("action") ?? "")
    }],
    rejectClose: false
  });
  return typeof answer === "string" ? answer.trim() : null;
}

/**
 * Take a non-attack action with the controlled token's character.
 * @param {{token?: Token|null}} [options]  defaults to the one controlled token
 * @returns {Promise<ChatMessage|undefined>}
 */
export async function act({ token = controlledToken() } = {}) {
  const i18n = game.i18n;
  const actor = token?.actor ?? null;
  if ( !actor ) return refuse(i18n.localize("RULEPACK.FateWounds.NeedToken"));
  const slot = slotOf(token?.id ?? null, actor);
  if ( !slot.combatant ) return refuse(i18n.format("RULEPACK.FateWounds.NotInCombat", { name: actor.name }));
  if ( missingGm([slot.combatant]) ) return refuse(i18n.localize("RULEPACK.Gm.NoneOnline"));
  const fighter = readOrWarn(() => readFighter(actor, characterIds([actor])[0]));
  if ( !fighter ) return undefined;
  const { call, result } = runRule("conditions", { character: fighter.character });
  if ( result.error ) return refuse(i18n.format("RULEPACK.Error.RuleFailed", { message: result.error.message }));
  if ( /** @type {any} */ (result.state).incapacitated ) return refuse(i18n.format("RULEPACK.FateWounds.IsOut", { name: fighter.name }));
  const refused = refusal(slot, false, fighter.name);
  if ( refused ) return refuse(refused);
  const action = await askAction(fighter.name);
  if ( action === null ) return undefined;
  if ( !action ) return refuse(i18n.localize("RULEPACK.FateWounds.ActNeedsName"));
  const summary = [i18n.format("RULEPACK.FateWounds.Summary.Act", { name: fighter.name, action }), /** @type {string} */ (actionLine(slot, false, fighter.name))];
  const title = i18n.format("RULEPACK.FateWounds.ActCard", { name: fighter.name, action });
  return applyAndPost(actionChanges(slot, false), { title, call, result, summary, speaker: ChatMessage.getSpeaker({ actor }) });
}
