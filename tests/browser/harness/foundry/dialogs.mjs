/**
 * `DialogV2.wait` with scripted answers. The dialog is built the way Foundry lays it out (the
 * window frame of `frame`, its content and a footer of buttons inside one `<form>`, so a
 * button's `form` is that form) and shown in `#dialogs`; the next scripted answer fills its fields and clicks one of
 * its buttons, whose callback gets `(event, button, dialog)` and whose result the promise
 * resolves to (the button's action when it has no callback); `rejectClose` and the callback's
 * third argument follow the running generation (see `waitDialog`). An answer naming a field, option or button the
 * dialog lacks fails the run, so a test cannot answer a question the window never asked.
 * Every dialog shown is recorded (title, text, fields) for the test to read. Filling a field
 * fires its `input` and `change` events, as the user's typing or clicking does; an answer with
 * `hold: true` first leaves the dialog open until the test calls `scriptedAnswers.proceed()`
 * (the user reading it, or the test clicking it through the page).
 * @module harness/foundry/dialogs
 */

import { record } from "./record.mjs";

/** Scripted answers for the current run: `{action, fields?: {name: value | value[] | boolean}}`. */
export const scriptedAnswers = {
  /** @type {{action: string|null, fields?: Record<string, unknown>}[]} */
  queue: [],
  /** Settles with the title of a dialog left open with no answer to give it. */
  stuck: new Promise(() => {}),
  release: null,

  script(answers) {
    this.queue = structuredClone(answers ?? []);
    this.stuck = new Promise((resolve) => { this.release = resolve; });
  },

  /** Settles when the test lets a held dialog go on (`hold` answers): the user is reading it. */
  held: null,
  proceed: null,

  /**
   * Wait, the dialog open, until the test calls `proceed()`: the user reads the window (and the
   * test may act on it through the page) before answering.
   */
  hold() {
    this.held = new Promise((resolve) => { this.proceed = resolve; });
    return this.held;
  },

  /** A dialog no answer can close: report it, and never settle (the user would be left there). */
  hang(title) {
    this.release?.(title);
    return new Promise(() => {});
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
    for (const el of els) {
      const checked = wanted.includes(el.value);
      if (el.checked !== checked) changed(el, () => { el.checked = checked; });
    }
  } else if (first.localName === "select") {
    if (![...first.options].some((o) => o.value === values[0])) {
      throw new Error(`harness dialog: "${name}" has no option ${values[0]}`);
    }
    if (first.value !== values[0]) changed(first, () => { first.value = values[0]; });
  } else if (first.value !== values[0]) changed(first, () => { first.value = values[0]; });
}

/** Change a control as the user's input does: the value, then its `input` and `change` events (bubbling). */
function changed(el, set) {
  set();
  el.dispatchEvent(new Event("input", { bubbles: true }));
  el.dispatchEvent(new Event("change", { bubbles: true }));
}

/** What a dialog asks: every named field with its type, options and current value. */
function describe(form) {
  return [...form.elements].filter((el) => el.name).map((el) => ({
    name: el.name, type: el.type, value: el.value, checked: el.checked ?? false,
    options: el.localName === "select" ? [...el.options].map((o) => ({ value: o.value, text: o.textContent })) : undefined,
  }));
}

/**
 * Size a dialog window as Foundry does. `DialogV2.DEFAULT_OPTIONS` sets no `position` in v12 or
 * v13 (client `applications/api/dialog.mjs`), so a `wait` window takes the width its caller asks
 * for (`position.width`, in px) or else its content's: v12's `ApplicationV2#_updatePosition` uses
 * `Number(width || bounds.width)` with `#position.width` undefined, v13's `DEFAULT_OPTIONS`
 * position is `{width: "auto"}`. Only v13's `prompt` and `confirm` ask for 400 px
 * (`this.wait(foundry.utils.mergeObject({ position: { width: 400 } }, config))`), which
 * `applications.mjs` `DialogV2.prompt` passes here.
 * @param {HTMLElement} dialog
 * @param {{width?: number|string}} [position]
 */
export function applyWidth(dialog, position) {
  const width = position?.width;
  if (typeof width === "number") dialog.style.width = `${width}px`;
}

/**
 * The window's classes as Foundry sets them: `application dialog` and the caller's `classes`
 * (ApplicationConfiguration#classes, "An array of CSS classes to apply to the Application",
 * merged with the class hierarchy's: https://foundryvtt.com/api/v12/interfaces/foundry.applications.types.ApplicationConfiguration.html).
 * @param {HTMLElement} dialog
 * @param {string[]} [classes]
 */
export function applyClasses(dialog, classes = []) {
  dialog.className = ["application", "dialog", ...classes].join(" ");
}

/**
 * A DialogV2 window as Foundry draws it, empty: `ApplicationV2#_renderFrame` (v12 and v13,
 * client `applications/api/application.mjs`) makes the element of the `tag` option (DialogV2's
 * `DEFAULT_OPTIONS.tag` is "dialog", client `applications/api/dialog.mjs`) with the merged
 * `classes` ("application" unshifted for a framed window: `_initializeApplicationOptions`), then
 * `header.window-header` (`i.window-icon`, `h1.window-title`, the header controls) and
 * `section.window-content`; DialogV2's `_renderHTML` puts `form.dialog-form.standard-form`
 * (`div.dialog-content.standard-form` with the content, `footer.form-footer` with the buttons)
 * in that section. No theme class is set on the window: an ordinary application takes v13's
 * theme from `body` (foundryvtt/foundryvtt#10486; a window may override it with its own
 * `.theme-*`, #11652, which the module's dialogs do not), and v12 has one look.
 * @param {string} title  localised
 * @param {string[]} classes  the caller's `classes`
 * @param {boolean} closable  with the header's close control (`data-action="close"`, drawn by an
 *   icon font: no text of its own)
 * @returns {{dialog: HTMLDialogElement, form: HTMLFormElement, body: HTMLElement, footer: HTMLElement}}
 */
export function frame(title, classes, closable) {
  const dialog = document.createElement("dialog");
  dialog.open = true;
  applyClasses(dialog, classes);
  const header = dialog.appendChild(document.createElement("header"));
  header.className = "window-header";
  const icon = header.appendChild(document.createElement("i"));
  icon.className = "window-icon hidden";
  const heading = header.appendChild(document.createElement("h1"));
  heading.className = "window-title";
  heading.textContent = title;
  if (closable) {
    const close = header.appendChild(document.createElement("button"));
    Object.assign(close, { type: "button", className: "header-control icon fa-solid fa-xmark" });
    close.dataset.action = "close";
    close.ariaLabel = "Close";
  }
  const section = dialog.appendChild(document.createElement("section"));
  section.className = "window-content";
  const form = section.appendChild(document.createElement("form"));
  form.className = "dialog-form standard-form";
  form.autocomplete = "off";
  // DialogV2#_onSubmit: "event.preventDefault()", the page is never submitted.
  form.addEventListener("submit", (event) => event.preventDefault());
  const body = form.appendChild(document.createElement("div"));
  body.className = "dialog-content standard-form";
  const footer = form.appendChild(document.createElement("footer"));
  footer.className = "form-footer";
  return { dialog, form, body, footer };
}

/**
 * A `wait` dialog: its frame (`frame`) with the content and one button per entry. Its dismissal
 * is scripted (an answer of `action: null`), so it has no close control to click.
 */
function build(config, content, buttons, classes) {
  const title = game.i18n.localize(config.title ?? "");
  const { dialog, form, body, footer } = frame(title, classes, false);
  body.innerHTML = String(content);
  for (const spec of buttons) {
    const button = footer.appendChild(document.createElement("button"));
    button.type = "submit";
    button.dataset.action = spec.action;
    button.textContent = game.i18n.localize(spec.label ?? spec.action);
  }
  document.getElementById("dialogs").append(dialog);
  return { dialog, form, title };
}

/**
 * Foundry's default for `rejectClose`: v12 rejects when a dialog is dismissed, v13 resolves null
 * ("Flip default of DialogV2WaitOptions#rejectClose to false", foundryvtt/foundryvtt#11763).
 */
export function defaultRejectClose() {
  return game.release.generation < 13;
}

/**
 * What a button callback gets as its third argument: the `HTMLDialogElement` on v12, the
 * `DialogV2` application on v13 (foundry.DialogV2ButtonCallback).
 */
function callbackTarget(app, dialog) {
  return game.release.generation < 13 ? dialog : app;
}

/**
 * `DialogV2.wait(config)`: show the dialog, answer it from the script, resolve as Foundry does:
 * the button's callback result (its action when it has none); dismissed, null or (with
 * `rejectClose`, v12's default) a rejection. A callback that throws does not settle the promise:
 * Foundry's submit handler leaves an "Uncaught (in promise)" error in the console and the
 * dialog open, so the next scripted answer is for the same dialog; with none left the run is
 * stuck (`scriptedAnswers.stuck` settles and `runMacro` reports it), as the user would be.
 * @param {{window?: {title?: string}, content?: string, buttons?: object[], rejectClose?: boolean,
 *   position?: {width?: number|string}, classes?: string[]}} [config]
 * @param {object} [app]  the DialogV2 instance (v13's callback argument)
 */
export async function waitDialog({ window: config = {}, content = "", buttons = [], rejectClose = defaultRejectClose(), render = null, position = {}, classes = [] } = {}, app = null) {
  const { dialog, form, title } = build(config, content, buttons, classes);
  applyWidth(dialog, position);
  if (app) app.element = dialog;
  // DialogV2WaitOptions#render, "A synchronous function to invoke whenever the dialog is
  // rendered": (event, dialog), the HTMLDialogElement on v12, the DialogV2 on v13 (v12
  // https://foundryvtt.com/api/v12/interfaces/foundry.DialogV2WaitOptions.html, v13
  // https://foundryvtt.com/api/interfaces/foundry.DialogV2WaitOptions.html).
  if (render instanceof Function) render(new Event("render"), callbackTarget(app, dialog));
  const shown = { title, classes: [...classes], text: form.querySelector(".dialog-content").textContent, fields: describe(form) };
  record.dialogs.push(shown);
  let failed = false;
  try {
    for (;;) {
      const answer = scriptedAnswers.queue.shift();
      if (!answer && failed) return await scriptedAnswers.hang(title);
      if (!answer) throw new Error(`harness dialog: no scripted answer for "${title}"`);
      if (answer.hold) await scriptedAnswers.hold();
      for (const [name, value] of Object.entries(answer.fields ?? {})) fill(form, name, value);
      if (answer.action === null) {
        if (rejectClose) throw new Error("Dialog was dismissed without pressing a button.");
        return null;
      }
      const spec = buttons.find((b) => b.action === answer.action);
      if (!spec) throw new Error(`harness dialog: "${title}" has no button ${answer.action}`);
      const element = form.querySelector(`button[data-action="${CSS.escape(answer.action)}"]`);
      const event = new PointerEvent("click");
      try {
        return spec.callback ? await spec.callback(event, element, callbackTarget(app, dialog)) : spec.action;
      } catch (error) {
        failed = true;
        void Promise.reject(error);  // unhandled, as in Foundry's submit handler: a page error
      }
    }
  } finally {
    dialog.remove();
  }
}
