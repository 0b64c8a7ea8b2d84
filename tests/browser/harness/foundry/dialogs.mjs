/**
 * `DialogV2.wait` with scripted answers. The dialog is built the way Foundry lays it out (the
 * content and a footer of buttons inside one `<form>`, so a button's `form` is that form) and
 * shown in `#dialogs`; the next scripted answer fills its fields and clicks one of its buttons,
 * whose callback gets `(event, button, dialog)` and whose result the promise resolves to (the
 * button's action when it has no callback). An answer naming a field, option or button the
 * dialog lacks fails the run, so a test cannot answer a question the window never asked.
 * Every dialog shown is recorded (title, text, fields) for the test to read.
 * @module harness/foundry/dialogs
 */

import { record } from "./record.mjs";

/** Scripted answers for the current run: `{action, fields?: {name: value | value[] | boolean}}`. */
export const scriptedAnswers = {
  /** @type {{action: string|null, fields?: Record<string, unknown>}[]} */
  queue: [],

  script(answers) {
    this.queue = structuredClone(answers ?? []);
  },
};

/** The named controls of a form, grouped by name. */
function controls(form, name) {
  const found = [...form.elements].filter((el) => el.name === name);
  if (!found.length) throw new Error(`harness dialog: no field "${name}" to answer`);
  return found;
}

/** Set one field as a user would: type into text, pick an option, tick boxes, choose a radio. */
function fill(form, name, value) {
  const els = controls(form, name);
  const first = els[0];
  const values = (Array.isArray(value) ? value : [value]).map((v) => (typeof v === "boolean" ? v : String(v)));
  if (first.type === "checkbox" || first.type === "radio") {
    const wanted = values.map((v) => (v === true ? first.value : v)).filter((v) => v !== false);
    const missing = wanted.filter((v) => !els.some((el) => el.value === v));
    if (missing.length) throw new Error(`harness dialog: "${name}" has no choice ${missing.join(", ")}`);
    for (const el of els) el.checked = wanted.includes(el.value);
  } else if (first.localName === "select") {
    if (![...first.options].some((o) => o.value === values[0])) {
      throw new Error(`harness dialog: "${name}" has no option ${values[0]}`);
    }
    first.value = values[0];
  } else first.value = values[0];
}

/** What a dialog asks: every named field with its type, options and current value. */
function describe(form) {
  return [...form.elements].filter((el) => el.name).map((el) => ({
    name: el.name, type: el.type, value: el.value, checked: el.checked ?? false,
    options: el.localName === "select" ? [...el.options].map((o) => ({ value: o.value, text: o.textContent })) : undefined,
  }));
}

/** The dialog element: title, a form with the content and one button per entry. */
function build(frame, content, buttons) {
  const dialog = document.createElement("section");
  dialog.className = "application dialog";
  const title = dialog.appendChild(document.createElement("header"));
  title.className = "window-title";
  title.textContent = game.i18n.localize(frame.title ?? "");
  const form = dialog.appendChild(document.createElement("form"));
  const body = form.appendChild(document.createElement("div"));
  body.className = "dialog-content";
  body.innerHTML = String(content);
  const footer = form.appendChild(document.createElement("footer"));
  for (const spec of buttons) {
    const button = footer.appendChild(document.createElement("button"));
    button.type = "submit";
    button.dataset.action = spec.action;
    button.textContent = game.i18n.localize(spec.label ?? spec.action);
  }
  document.getElementById("dialogs").append(dialog);
  return { dialog, form, title: title.textContent };
}

/**
 * `DialogV2.wait(config)`: show the dialog, answer it from the script, resolve as Foundry does.
 * @param {{window?: {title?: string}, content?: string, buttons?: object[], rejectClose?: boolean}} [config]
 */
export async function waitDialog({ window: frame = {}, content = "", buttons = [], rejectClose = true } = {}) {
  const { dialog, form, title } = build(frame, content, buttons);
  const shown = { title, text: form.querySelector(".dialog-content").textContent, fields: describe(form) };
  record.dialogs.push(shown);
  try {
    const answer = scriptedAnswers.queue.shift();
    if (!answer) throw new Error(`harness dialog: no scripted answer for "${title}"`);
    for (const [name, value] of Object.entries(answer.fields ?? {})) fill(form, name, value);
    if (answer.action === null) {
      if (rejectClose) throw new Error("Dialog was dismissed without pressing a button.");
      return null;
    }
    const spec = buttons.find((b) => b.action === answer.action);
    if (!spec) throw new Error(`harness dialog: "${title}" has no button ${answer.action}`);
    const element = form.querySelector(`button[data-action="${CSS.escape(answer.action)}"]`);
    const event = new PointerEvent("click");
    return spec.callback ? await spec.callback(event, element, dialog) : spec.action;
  } finally {
    dialog.remove();
  }
}
