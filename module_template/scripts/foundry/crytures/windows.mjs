/**
 * The Crytures windows, each a `DialogV2.wait` form: the power window (the power, each labelled
 * with its type relation against the target and its range from the grid, shown before the roll;
 * the die modifiers; the situational modifiers of CR-G22 the grid cannot see) and the Battle
 * Montage window (each party member's rank, power, enemy, Stamina, Mana and consumables spent,
 * and a binding attempt). All text is escaped; values are ids.
 * @module foundry/crytures/windows
 */

import { escapeHtml } from "../html.mjs";

/**
 * @typedef {{id: string, label: string}} Option
 */

/**
 * `<option>`s, the one of id `chosen` selected (else the first, as a select shows).
 * @param {Option[]} options
 * @param {string} [chosen]
 * @returns {string}
 */
export function optionsHtml(options, chosen) {
  return options.map(({ id, label }) => {
    const selected = id === chosen ? " selected" : "";
    return `<option value="${escapeHtml(id)}"${selected}>${escapeHtml(label)}</option>`;
  }).join("");
}

/**
 * A labelled form row around `control`.
 * @param {string} label  localised
 * @param {string} control
 * @returns {string}
 */
export function row(label, control) {
  return `<div class="form-group"><label>${escapeHtml(label)}</label><div class="form-fields">${control}</div></div>`;
}

/**
 * A checkbox row.
 * @param {string} name
 * @param {string} label  localised
 * @returns {string}
 */
export function checkbox(name, label) {
  return row(label, `<input type="checkbox" name="${escapeHtml(name)}" value="1">`);
}

/**
 * A text input row.
 * @param {string} name
 * @param {string} label  localised
 * @param {string} value
 * @returns {string}
 */
export function textInput(name, label, value) {
  return row(label, `<input type="text" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`);
}

/**
 * A select row, `chosen` (an option's id) selected.
 * @param {string} name
 * @param {string} label  localised
 * @param {Option[]} options
 * @param {string} [chosen]
 * @returns {string}
 */
export function select(name, label, options, chosen) {
  return row(label, `<select name="${escapeHtml(name)}">${optionsHtml(options, chosen)}</select>`);
}

/**
 * The first of a form field's values ("" when absent).
 * @param {Record<string, string[]>} values
 * @param {string} name
 * @returns {string}
 */
export function first(values, name) {
  return values[name]?.[0] ?? "";
}

/**
 * A whole number typed in a form: null when it is not one (a sign allowed).
 * @param {string} text
 * @returns {number|null}
 */
export function wholeNumber(text) {
  const trimmed = text.trim();
  return /^[+-]?\d{1,4}$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * The die modifiers typed in a form ("+1, -2"): a list of whole numbers, or null when one is not.
 * @param {string} text
 * @returns {number[]|null}
 */
export function dieMods(text) {
  const parts = text.split(",").map((p) => p.trim()).filter((p) => p !== "");
  const mods = parts.map(wholeNumber);
  return mods.every((m) => m !== null) ? /** @type {number[]} */ (mods) : null;
}
