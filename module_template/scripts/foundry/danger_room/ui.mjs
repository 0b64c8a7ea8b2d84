/**
 * What the user points at and answers: the active Combat, the selected fighter, the targeted
 * ones, and small forms (DialogV2) for the choices the rules leave to the players (catalogue C4).
 * @module foundry/danger_room/ui
 */

import { activeGm } from "../gm-requests.mjs";
import { DIALOG_WIDTH } from "../forms.mjs";
import { escapeHtml } from "../html.mjs";
import { oddsSlot } from "../odds-view.mjs";
import { PlayError } from "./errors.mjs";
import * as notices from "../notices.mjs";

/**
 * @typedef {{name: string, label: string, value: string|number,
 *   options?: {value: string, label: string}[], min?: number, max?: number}} FormField
 *   one input of a form: a select when it has options, else a whole number
 */

/**
 * The Combat being fought, started; otherwise a PlayError.
 * @returns {Combat}
 */
export function activeCombat() {
  const combat = game.combat;
  if ( !combat || !combat.started ) throw new PlayError(game.i18n.localize("RULEPACK.DangerRoom.NoCombat"));
  return combat;
}

/**
 * A player's play needs a GM online: the GM's client applies what the player may not write and
 * orders the round. Checked before anything changes, so nothing is left half done.
 */
export function needsGm() {
  if ( !game.user?.isGM && !activeGm() ) throw new PlayError(game.i18n.localize("RULEPACK.Gm.NoneOnline"));
}

/**
 * The Combatant of a token in `combat`, if any.
 * @param {Combat} combat
 * @param {TokenDocument|null|undefined} token
 * @returns {Combatant|undefined}
 */
function combatantOf(combat, token) {
  return token ? [...combat.combatants].find((c) => c.tokenId === token.id) : undefined;
}

/**
 * The Combatant of the one selected token; otherwise a PlayError.
 * @param {Combat} combat
 * @returns {Combatant}
 */
export function selectedCombatant(combat) {
  const controlled = canvas?.tokens?.controlled ?? [];
  if ( controlled.length !== 1 ) throw new PlayError(game.i18n.localize("RULEPACK.DangerRoom.SelectOne"));
  const found = combatantOf(combat, controlled[0].document);
  if ( !found ) throw new PlayError(game.i18n.localize("RULEPACK.DangerRoom.NotInFight"));
  return found;
}

/**
 * The Combatant a step acts for: the one given (a tracker control's row), which must be in the
 * fight, else the selected token's (`selectedCombatant`).
 * @param {Combat} combat
 * @param {Combatant} [chosen]
 * @returns {Combatant}
 */
export function chosenCombatant(combat, chosen) {
  if ( chosen === undefined ) return selectedCombatant(combat);
  if ( chosen.parent !== combat ) throw new PlayError(game.i18n.localize("RULEPACK.DangerRoom.NotInFight"));
  return chosen;
}

/**
 * The Combatants of the tokens the user targets, in target order; a target outside the fight is
 * a PlayError.
 * @param {Combat} combat
 * @returns {Combatant[]}
 */
export function targetedCombatants(combat) {
  return [...(game.user?.targets ?? [])].map((token) => {
    const found = combatantOf(combat, token.document);
    if ( !found ) throw new PlayError(game.i18n.localize("RULEPACK.DangerRoom.NotInFight"));
    return found;
  });
}

/**
 * The speaker of a Combatant's chat cards: its token and actor.
 * @param {Combatant} combatant
 * @returns {ChatSpeakerData}
 */
export function speakerOf(combatant) {
  return ChatMessage.getSpeaker({ actor: combatant.actor, token: combatant.token, alias: combatant.name });
}

/**
 * One form field as HTML; every text is escaped.
 * @param {FormField} field
 * @returns {string}
 */
function fieldHtml(field) {
  const label = `<label for="rulepack-${escapeHtml(field.name)}">${escapeHtml(field.label)}</label>`;
  const id = `id="rulepack-${escapeHtml(field.name)}" name="${escapeHtml(field.name)}"`;
  if ( field.options ) {
    const options = field.options.map((o) => {
      const selected = String(o.value) === String(field.value) ? " selected" : "";
      return `<option value="${escapeHtml(o.value)}"${selected}>${escapeHtml(o.label)}</option>`;
    });
    return `<div class="form-group">${label}<select ${id}>${options.join("")}</select></div>`;
  }
  const bounds = `${field.min === undefined ? "" : ` min="${field.min}"`}${field.max === undefined ? "" : ` max="${field.max}"`}`;
  return `<div class="form-group">${label}<input type="number" step="1"${bounds} ${id} value="${escapeHtml(field.value)}"></div>`;
}

/**
 * Read one answer from the submitted form: a select's value, or a whole number within bounds.
 * @param {HTMLFormElement} form
 * @param {FormField} field
 * @returns {string|number}
 */
export function answerOf(form, field) {
  const control = /** @type {HTMLInputElement|HTMLSelectElement|null} */ (form.elements.namedItem(field.name));
  const raw = control?.value ?? "";
  if ( field.options ) {
    if ( !field.options.some((o) => String(o.value) === raw) ) throw new PlayError(game.i18n.localize("RULEPACK.DangerRoom.BadAnswer"));
    return raw;
  }
  const value = Number(raw);
  const inBounds = (field.min === undefined || value >= field.min) && (field.max === undefined || value <= field.max);
  if ( !Number.isInteger(value) || !inBounds ) throw new PlayError(game.i18n.localize("RULEPACK.DangerRoom.BadAnswer"));
  return value;
}

/**
 * Ask the user to fill a small form (`DialogV2.wait`, OK and Cancel); null when the dialog is
 * cancelled or closed. An answer the form refuses is a PlayError (shown as a notification by
 * `report`): the button's callback catches it and hands it back, because Foundry neither rejects
 * the dialog's promise nor shows anything when a callback throws (the dialog just stays open,
 * with an "Uncaught (in promise)" in the console).
 * @param {string} name    the window's class, `rulepack-dialog-danger_room-<name>`: what the
 *   screenshot test finds each dialog by (tests/browser/dialog_names.py)
 * @param {string} title   plain text
 * @param {FormField[]} fields
 * @param {(event: Event, dialog: HTMLElement | foundry.applications.api.DialogV2) => void} [render]
 *   fills the form's live odds (`odds.mjs`), when it has them
 * @param {number} [panels=1]  how many odds panels it fills (one per fighter a card lands on)
 * @returns {Promise<Record<string, string|number>|null>}
 */
export async function askForm(name, title, fields, render, panels = 1) {
  const answers = await foundry.applications.api.DialogV2.wait({
    classes: [name], position: { width: DIALOG_WIDTH },
    window: { title },
    content: fields.map(fieldHtml).join("") + (render ? oddsSlot(panels) : ""),
    render,
    buttons: [
      {
        action: "ok", label: game.i18n.localize("RULEPACK.DangerRoom.Confirm"), default: true,
        callback: (/** @type {Event} */ _event, /** @type {HTMLButtonElement} */ button) => {
          const form = button.form;
          try {
            return { values: form ? Object.fromEntries(fields.map((f) => [f.name, answerOf(form, f)])) : null };
          } catch(err) {
            return { failed: err };
          }
        }
      },
      { action: "cancel", label: game.i18n.localize("RULEPACK.DangerRoom.Cancel") }
    ],
    rejectClose: false
  });
  if ( !answers || (typeof answers !== "object") ) return null;
  const { values, failed } = /** @type {{values?: Record<string, string|number>|null, failed?: unknown}} */ (answers);
  if ( failed !== undefined ) {
    throw failed instanceof PlayError ? failed : new PlayError(failed instanceof Error ? failed.message : String(failed));
  }
  return values ?? null;
}

/**
 * Show a PlayError to the user; anything else is a bug and is thrown on.
 * @param {unknown} error
 * @returns {undefined}
 */
export function report(error) {
  if ( error instanceof PlayError ) {
    notices.error(error.message);
    return undefined;
  }
  throw error;
}
