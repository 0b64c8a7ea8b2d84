/**
 * The module's form windows' common parts: a form's values and a one-button `DialogV2.wait`
 * form (the Crytures and SDM windows; Hazard Dice reads its forms the same way).
 * @module foundry/forms
 */

/**
 * @typedef {{action: string, values: Record<string, string[]>}} Answer
 */

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
 * @param {string} title  localised
 * @param {string} content
 * @param {string} label  the button's, localised
 * @param {(event: Event, dialog: HTMLElement | foundry.applications.api.DialogV2) => void} [render]
 *   the dialog's render callback, when given (a window's live odds)
 * @returns {Promise<Record<string, string[]>|null>}
 */
export async function askForm(title, content, label, render) {
  const answer = await foundry.applications.api.DialogV2.wait({
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
