/**
 * How a card of one action over several targets reads (issue 14: a Hazard blast, a Danger Room
 * area attack): under the outcome line, one section per target: its first result line with the
 * GM's Undo of that target alone, its changes in words (`changeText`, as a one-call card lists
 * them) or those left for the GM's client, and its other result lines folded until opened. Plain text until `escapeHtml`; the
 * stored state and Undo live in `card-state.mjs` and `chat-card.mjs`.
 * @module foundry/card-parts
 */

import { changeText } from "./card-changes.mjs";
import { partRecords, partUndone } from "./card-state.mjs";
import { escapeHtml } from "./html.mjs";

/**
 * @typedef {import("./card-state.mjs").CardState} CardState
 * @typedef {import("./card-state.mjs").CardPart} CardPart
 * @typedef {{changes?: boolean, mayUndo?: boolean}} Shown  what this viewer sees of each target
 */

/**
 * A result line as the card shows it.
 * @param {string} line
 * @param {string} [extra]  another class
 * @returns {string}
 */
function lineHtml(line, extra = "") {
  return `<p class="rulepack-summary${extra}">${escapeHtml(line)}</p>`;
}

/**
 * The target's head: its first result line and, for a GM while it has changes to undo, its Undo.
 * @param {CardState} state
 * @param {number} index
 * @param {boolean} mayUndo
 * @returns {string}
 */
function headHtml(state, index, mayUndo) {
  const part = /** @type {CardPart[]} */ (state.card.parts)[index];
  const undo = mayUndo && partRecords(state, index).length && !partUndone(state, index)
    ? `<button type="button" data-rulepack-action="undo-target" data-rulepack-part="${index}">`
      + `${escapeHtml(game.i18n.localize("RULEPACK.Card.Undo"))}</button>`
    : "";
  return `<div class="rulepack-target-head">${lineHtml(part.summary[0] ?? "", " rulepack-target-line")}${undo}</div>`;
}

/**
 * The target's changes in words, struck through (with a note) once undone; empty without any.
 * @param {CardState} state
 * @param {number} index
 * @returns {string}
 */
function changesHtml(state, index) {
  const records = partRecords(state, index);
  if ( !records.length ) return "";
  const undone = partUndone(state, index);
  const items = records.map((record) => `<li>${escapeHtml(changeText(record))}</li>`).join("");
  const note = undone ? `<p class="rulepack-undone">${escapeHtml(game.i18n.localize("RULEPACK.Card.TargetUndone"))}</p>` : "";
  return `<section class="rulepack-changes${undone ? " undone" : ""}"><ul>${items}</ul>${note}</section>`;
}

/**
 * One target's section.
 * @param {CardState} state
 * @param {number} index
 * @param {Shown} shown
 * @returns {string}
 */
function targetHtml(state, index, { changes = true, mayUndo = false }) {
  const part = /** @type {CardPart[]} */ (state.card.parts)[index];
  const rest = part.summary.slice(1);
  const more = rest.length
    ? `<details class="rulepack-target-details"><summary>${escapeHtml(game.i18n.localize("RULEPACK.Card.TargetDetails"))}</summary>`
      + `${rest.map((line) => lineHtml(line)).join("")}</details>`
    : "";
  // Changes left for the GM's client are named open too: they are what the target's line is about.
  const pending = (part.pending ?? []).length
    ? `<ul class="rulepack-pending">${(part.pending ?? []).map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`
    : "";
  return `<section class="rulepack-target" data-rulepack-part="${index}">${headHtml(state, index, mayUndo)}`
    + `${pending}${changes ? changesHtml(state, index) : ""}${more}</section>`;
}

/**
 * Every target's section, in the order the action reached them.
 * @param {CardState} state
 * @param {Shown} shown
 * @returns {string}
 */
export function partsHtml(state, shown) {
  return (state.card.parts ?? []).map((_, i) => targetHtml(state, i, shown)).join("");
}

/**
 * The heading of a target's rules trace: its first result line.
 * @param {CardPart} part
 * @returns {string}
 */
export function partHeading(part) {
  return part.summary[0] ?? "";
}
