/**
 * The fighter's sheet, with what the table needs at a glance above the generic fields: the wound
 * track as check-boxes, one row per column with its damage range and its boxes filled as checked
 * (FW-R09, FW-R12), the Disadvantage the track gives or Incapacitated (FW-R13, from the engine's
 * `conditions` rule), the power bonuses left of the pool (FW-R06, FW-G07) and, in a started
 * Combat, the round's actions taken (FW-R01). The boxes are read-only: the rules check them,
 * and the GM edits the counts in the fields below (FW-G12). Added on every render of the module's
 * actor sheet (ApplicationV2's `renderActorSheetV2` hook, fired for each class of the sheet's
 * chain with the app and its element). All text is escaped.
 * @module foundry/fate_wounds/sheet
 */

import { MODULE_ID, RULES_CONFIG } from "../../config.mjs";
import { ACTIONS, ATTACKS } from "../../rules/fate_wounds/rounds.mjs";
import { escapeHtml } from "../html.mjs";
import { characterIds, readFighter } from "./actors.mjs";
import { slotOf } from "./economy.mjs";
import { readOrWarn, runRule } from "./engine.mjs";
import { attackText, disadvantageText } from "./text.mjs";

/** The fighter sub-type. */
const FIGHTER = `${MODULE_ID}.fighter`;

/**
 * One column's row: label, range, boxes.
 * @param {any} column
 * @param {number} checked
 * @returns {string}
 */
function columnRow(column, checked) {
  const i18n = game.i18n;
  const range = column.max === null ? i18n.format("RULEPACK.FateWounds.Sheet.OpenRange", { min: column.min })
    : i18n.format("RULEPACK.FateWounds.Sheet.Range", { min: column.min, max: column.max });
  const boxes = Array.from({ length: column.boxes }, (_, i) => {
    const title = i18n.format("RULEPACK.FateWounds.Sheet.Box", { column: column.label, index: i + 1 });
    return `<input type="checkbox" disabled${i < checked ? " checked" : ""} title="${escapeHtml(title)}">`;
  });
  return `<tr data-column="${escapeHtml(column.id)}"><th>${escapeHtml(column.label)}</th><td>${escapeHtml(range)}</td>`
    + `<td class="rulepack-boxes">${boxes.join("")}</td></tr>`;
}

/**
 * The lines under the track: condition, bonuses, this round's actions.
 * @param {Record<string, any>} character
 * @param {any} state  the `conditions` rule's state
 * @param {Actor} actor
 * @returns {string[]}
 */
function stateLines(character, state, actor) {
  const i18n = game.i18n;
  const lines = [state.incapacitated ? i18n.localize("RULEPACK.FateWounds.Sheet.Out")
    : i18n.format("RULEPACK.FateWounds.Sheet.Condition", { disadvantage: disadvantageText(state.disadvantage) })];
  const pool = character.power_bonus_pool ?? RULES_CONFIG.power_bonus_pool;
  lines.push(i18n.format("RULEPACK.FateWounds.Sheet.Bonuses", { left: character.power_bonus_remaining ?? pool, pool }));
  const slot = slotOf(null, actor);
  if ( slot.combatant ) {
    const attack = attackText(slot.spent.attacks >= ATTACKS);
    lines.push(i18n.format("RULEPACK.FateWounds.Sheet.Actions", { taken: slot.spent.actions, actions: ACTIONS, attack }));
  }
  return lines;
}

/**
 * The sheet's fate_wounds section for a fighter, or null for any other actor (or one whose
 * content the rules refuse, which is shown as a warning).
 * @param {Actor} actor
 * @returns {string|null}
 */
export function trackHtml(actor) {
  if ( actor.type !== FIGHTER ) return null;
  const fighter = readOrWarn(() => readFighter(actor, characterIds([actor])[0]));
  if ( !fighter ) return null;
  const { character } = fighter;
  const { result } = runRule("conditions", { character });
  if ( result.error ) return null;
  const track = character.wound_track ?? RULES_CONFIG.wound_track;
  const rows = track.columns.map((/** @type {any} */ c) => columnRow(c, Number(character.wounds?.[c.id] ?? 0)));
  const lines = stateLines(character, result.state, actor).map((l) => `<p>${escapeHtml(l)}</p>`);
  return `<section class="rulepack-fw-sheet"><h3>${escapeHtml(game.i18n.localize("RULEPACK.FateWounds.Sheet.Track"))}</h3>`
    + `<table class="rulepack-fw-track">${rows.join("")}</table>${lines.join("")}</section>`;
}

/**
 * Put the section at the top of a rendered actor sheet (replacing the one of an earlier render).
 * @param {{document?: Actor}} app
 * @param {HTMLElement} element
 */
export function decorateSheet(app, element) {
  const actor = app?.document;
  if ( !actor || !(element instanceof HTMLElement) ) return;
  const html = trackHtml(actor);
  element.querySelector(".rulepack-fw-sheet")?.remove();
  if ( html === null ) return;
  const host = element.querySelector(".window-content") ?? element;
  host.insertAdjacentHTML("afterbegin", html);
}

/**
 * Decorate every render of an actor sheet (call once, on `init`).
 */
export function registerSheet() {
  Hooks.on("renderActorSheetV2", (/** @type {any} */ app, /** @type {HTMLElement} */ element) => decorateSheet(app, element));
}
