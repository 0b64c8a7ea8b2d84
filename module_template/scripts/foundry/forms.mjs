/**
 * The module's form windows' common parts: a form's values and a one-button `DialogV2.wait`
 * form (the Crytures and SDM windows; Hazard Dice reads its forms the same way).
 * @module foundry/forms
 */

/**
 * @typedef {{action: string, values: Record<string, string[]>}} Answer
 */

/**
 * The width of every module window, in px (`position.width`): Foundry sizes a `DialogV2.wait`
 * window to its content when none is given, which leaves a one-select form a narrow column of
 * wrapped words; v13's `prompt` asks for 400 px too.
 */
export const DIALOG_WIDTH = 400;

/**
 * A form's values by field name (a checkbox only when checked).
 * @param {HTMLFormElement|null} form
 * @returns {Record<string, string[]>}
 */
export function formValues(form) {
  /** @type {Record<string, string[]>} */
  const values = {};
  if ( !form ) return values;
  for ( const [name, value] of new FormData(form) ) (values[name] ??= []).push(String(value));
  return values;
}

/**
 * Show a form with one button; its values, or null when it is closed.
 * @param {string} name  the window's class, `rulepack-dialog-<ruleset>-<name>`: what the
 *   screenshot test finds each dialog by (tests/browser/dialog_names.py)
 * @param {string} title  localised
 * @param {string} content
 * @param {string} label  the button's, localised
 * @param {(event: Event, dialog: HTMLElement | foundry.applications.api.DialogV2) => void} [render]
 *   the dialog's render callback, when given (a window's live odds)
 * @returns {Promise<Record<string, string[]>|null>}
 */
export async function askForm(name, title, content, label, render) {
  const answer = await foundry.applications.api.DialogV2.wait({
    classes: [name], position: { width: DIALOG_WIDTH },
    window: { title },
    content,
    render,
    buttons: [{
      action: "ok", label, default: true,
      callback: async (event, element) => ({ action: "ok", values: formValues(element.form) })
    }],
    rejectClose: false
  });
  return /** @type {Answer|null} */ (answer ?? null)?.values ?? null;
}
