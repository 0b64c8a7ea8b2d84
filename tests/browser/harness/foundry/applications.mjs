/**
 * Stand-ins for the application API the module touches: the ApplicationV2 sheet classes it
 * extends, rendered as Foundry renders them (below), `DocumentSheetConfig.registerSheet`
 * (recorded in `CONFIG[doc].sheetClasses`, which `Document#sheet` reads), `TextEditor.enrichHTML`
 * and `DialogV2`.
 *
 * Rendering (v12 and v13 alike; https://foundryvtt.com/api/v12/classes/foundry.applications.api.ApplicationV2.html):
 * options are each class's `DEFAULT_OPTIONS` merged from the base down (`classes` added
 * together); `render({force: true})` (or `render(true)`) checks `_canRender` (a refusal is a
 * warning and nothing renders), prepares the context (`_prepareContext`), renders the HTML
 * (`_renderHTML`), builds the window the first time (`<tag class="application …">`: a header
 * with the title, a `section.window-content`, the width of `position.width`) in `#sheets`, puts
 * the parts in (`_replaceHTML`) and fires `render<Class>` for each class of the chain with the
 * element. Without `force`, an application not rendered yet is not rendered. A
 * HandlebarsApplicationMixin application renders each of its `PARTS` with its template
 * (`templates.mjs`), which must give exactly one element ("Template part … must render a single
 * HTML element"), marked `data-application-part`.
 *
 * A DocumentSheetV2 renders for a user with `viewPermission` (LIMITED) over its document and is
 * editable (`isEditable`) when the document is not in a locked pack and the user has its
 * `editPermission` (OWNER; a GM always has). Its form submits as ApplicationV2's does (on
 * `submit`, and on `change` with `form.submitOnChange`): the named fields not disabled, as
 * FormDataExtended reads them, expanded into the document's `update`, which the server's checks
 * (`documents.mjs`) may refuse (an error notification).
 * @module harness/foundry/applications
 */

import { applyWidth, defaultRejectClose, frame as dialogFrame, waitDialog } from "./dialogs.mjs";
import { Document } from "./documents.mjs";
import { renderTemplate } from "./templates.mjs";
import { expandObject } from "./utils.mjs";

/** `inheritanceChain`: `cls` and each class it extends, up to ApplicationV2. */
function chainOf(cls) {
  const chain = [];
  for (let c = cls; c && (c !== Object.getPrototypeOf(ApplicationV2)); c = Object.getPrototypeOf(c)) chain.push(c);
  return chain;
}

function isPlain(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Foundry's merge of DEFAULT_OPTIONS: objects merged deeply, `classes` added together. */
function mergeOptions(base, over) {
  const out = { ...base };
  for (const [key, value] of Object.entries(over ?? {})) {
    if (key === "classes") out.classes = [...(base.classes ?? []), ...value];
    else out[key] = isPlain(value) && isPlain(base[key]) ? mergeOptions(base[key], value) : value;
  }
  return out;
}

/** The area sheets open in (Foundry's `#interface`), made on first use. */
function sheetsArea() {
  let area = document.getElementById("sheets");
  if (!area) {
    area = document.createElement("section");
    area.id = "sheets";
    document.body.append(area);
  }
  return area;
}

export class ApplicationV2 {
  static DEFAULT_OPTIONS = { tag: "div", classes: [], window: { title: "" }, position: {} };

  constructor(options = {}) {
    let merged = {};
    for (const cls of chainOf(this.constructor).reverse()) {
      if (Object.hasOwn(cls, "DEFAULT_OPTIONS")) merged = mergeOptions(merged, cls.DEFAULT_OPTIONS);
    }
    this.options = mergeOptions(merged, options);
    this.element = null;
    this.rendered = false;
  }

  get title() {
    return game.i18n.localize(this.options.window?.title ?? "");
  }

  async _prepareContext() {
    return {};
  }

  /** May this render? Throw (or return false) to refuse. */
  _canRender() {}

  async _renderHTML() {
    return {};
  }

  _replaceHTML(result, content) {
    for (const [part, element] of Object.entries(result)) {
      const old = content.querySelector(`:scope > [data-application-part="${part}"]`);
      if (old) old.replaceWith(element);
      else content.append(element);
    }
  }

  async _onRender() {}

  _renderFrame() {
    const frame = document.createElement(this.options.tag ?? "div");
    frame.className = ["application", ...(this.options.classes ?? [])].join(" ");
    const width = this.options.position?.width;
    if (typeof width === "number") frame.style.width = `${width}px`;
    const header = frame.appendChild(document.createElement("header"));
    header.className = "window-header";
    const title = header.appendChild(document.createElement("h1"));
    title.className = "window-title";
    title.textContent = this.title;
    const content = frame.appendChild(document.createElement("section"));
    content.className = "window-content";
    return frame;
  }

  /** @param {boolean|{force?: boolean}} [options] */
  async render(options = {}) {
    const opts = typeof options === "boolean" ? { force: options } : { ...options };
    if (!this.rendered && !opts.force) return this;
    try {
      if (this._canRender(opts) === false) return this;
    } catch (error) {
      ui.notifications.warn(error.message);
      return this;
    }
    const context = await this._prepareContext(opts);
    const result = await this._renderHTML(context, opts);
    if (!this.element) {
      this.element = sheetsArea().appendChild(this._renderFrame());
      if (this.options.tag === "form") this.#listenToForm(this.element);
    }
    this._replaceHTML(result, this.element.querySelector(".window-content"), opts);
    this.rendered = true;
    await this._onRender(context, opts);
    for (const cls of chainOf(this.constructor)) Hooks.callAll(`render${cls.name}`, this, this.element, context, opts);
    return this;
  }

  /** ApplicationV2's form listeners: `submit`, and `change` when `form.submitOnChange`. */
  #listenToForm(form) {
    const config = this.options.form ?? {};
    form.addEventListener("submit", (event) => this._onSubmitForm(config, event));
    form.addEventListener("change", (event) => {
      if (config.submitOnChange) this._onSubmitForm(config, event);
    });
  }

  /** The form's handler on its data (a failure is an error notification, as Foundry's). */
  async _onSubmitForm(config, event) {
    event.preventDefault();
    try {
      await config.handler?.call(this, event, this.element, formDataObject(this.element));
    } catch (error) {
      ui.notifications.error(error.message);
      return;
    }
    if (config.closeOnSubmit) await this.close();
  }

  async close() {
    this.element?.remove();
    this.element = null;
    this.rendered = false;
    return this;
  }
}

/**
 * FormDataExtended's object: every named field not disabled (FormData skips those), a checkbox
 * as its checked state, a number as a Number (empty: null), anything else as its text.
 * @param {HTMLFormElement} form
 * @returns {Record<string, unknown>}
 */
function formDataObject(form) {
  const data = {};
  for (const field of form.elements) {
    if (!field.name || field.disabled || !("value" in field)) continue;
    if (field.type === "checkbox") data[field.name] = field.checked;
    else if (["number", "range"].includes(field.type)) data[field.name] = field.value === "" ? null : Number(field.value);
    else data[field.name] = field.value;
  }
  return data;
}

/** CONST.DOCUMENT_OWNERSHIP_LEVELS */
const LIMITED = 1;
const OWNER = 3;

export class DocumentSheetV2 extends ApplicationV2 {
  static DEFAULT_OPTIONS = {
    tag: "form", viewPermission: LIMITED, editPermission: OWNER,
    form: { handler: DocumentSheetV2.#onSubmitDocumentForm, submitOnChange: false, closeOnSubmit: false },
  };

  /** The document's update from the form's data, expanded (`_prepareSubmitData`, `_processSubmitData`). */
  static async #onSubmitDocumentForm(_event, _form, data) {
    await this.document.update(expandObject(data));
  }

  constructor(options = {}) {
    super(options);
    if (!(options.document instanceof Document)) throw new Error(`${this.constructor.name} needs a document`);
    this.document = options.document;
  }

  get title() {
    const { documentName, name, id } = this.document;
    return `${documentName}: ${name ?? id}`;
  }

  /** Not in a locked pack, and the user has `editPermission` over the document. */
  get isEditable() {
    if (this.document.pack && (game.packs.get(this.document.pack)?.locked !== false)) return false;
    return this.document.testUserPermission(game.user, this.options.editPermission);
  }

  _canRender() {
    if (!this.document.testUserPermission(game.user, this.options.viewPermission)) {
      throw new Error(`You do not have permission to view this ${this.document.documentName} sheet.`);
    }
  }

  async _prepareContext(options) {
    return {
      ...(await super._prepareContext(options)),
      document: this.document,
      source: this.document.toObject(),
      editable: this.isEditable,
      user: game.user,
    };
  }
}

export class ItemSheetV2 extends DocumentSheetV2 {
  get item() {
    return this.document;
  }
}

export class ActorSheetV2 extends DocumentSheetV2 {
  get actor() {
    return this.document;
  }
}

/** @param {typeof ApplicationV2} Base */
export function HandlebarsApplicationMixin(Base) {
  return class HandlebarsApplication extends Base {
    static PARTS = {};

    async _renderHTML(context) {
      const parts = {};
      for (const [id, part] of Object.entries(this.constructor.PARTS)) {
        const template = document.createElement("template");
        template.innerHTML = await renderTemplate(part.template, context);
        if (template.content.children.length !== 1) throw new Error(`Template part "${id}" must render a single HTML element.`);
        const element = template.content.firstElementChild;
        element.dataset.applicationPart = id;
        parts[id] = element;
      }
      return parts;
    }
  };
}

/**
 * `Document#sheet`: "Lazily obtain a FormApplication instance used to configure this Document",
 * the default sheet registered for its type (`DocumentSheetConfig.registerSheet`), kept once made;
 * with none registered the harness throws (Foundry would fall back to the system's sheet).
 */
Object.defineProperty(Document.prototype, "sheet", {
  configurable: true,
  get() {
    if (this._sheet) return this._sheet;
    const entries = Object.values(CONFIG[this.documentName]?.sheetClasses?.[this.type] ?? {});
    const entry = entries.find((e) => e.default) ?? entries[0];
    if (!entry) throw new Error(`harness: no sheet is registered for ${this.documentName} type ${this.type}`);
    Object.defineProperty(this, "_sheet", { value: new entry.cls({ document: this }), configurable: true });
    return this._sheet;
  },
});

export class DocumentSheetConfig {
  /**
   * @param {typeof Document} documentClass
   * @param {string} scope
   * @param {Function} sheetClass
   * @param {{types?: string[], makeDefault?: boolean, label?: string}} [options]
   */
  static registerSheet(documentClass, scope, sheetClass, { types = [], makeDefault = false, label } = {}) {
    if (!(documentClass.prototype instanceof Document)) throw new Error("registerSheet: not a Document class");
    if (typeof sheetClass !== "function") throw new Error("registerSheet: the sheet is not a class");
    const config = CONFIG[documentClass.documentName];
    for (const type of types) {
      const id = `${scope}.${sheetClass.name}`;
      config.sheetClasses[type] = { ...config.sheetClasses[type], [id]: { id, cls: sheetClass, default: makeDefault, label } };
    }
  }
}

export class TextEditor {
  /** v13: the configured class (`CONFIG.ux.TextEditor`), this one here. */
  static get implementation() {
    return this;
  }

  /** Enrichment (`@UUID`, inline rolls) is not modelled: the HTML comes back as given. */
  static async enrichHTML(content) {
    return String(content ?? "");
  }
}

/**
 * `DialogV2`: `wait` answered from the run's script (dialogs.mjs); `prompt` shown in `#dialogs`
 * with its content inserted as HTML, as v12 does (v13 cleans string content first; the harness
 * does not, to stay unforgiving). A prompt resolves its OK button's callback result ("ok"
 * without one) when clicked; closed (its header's close button), it rejects when `rejectClose`
 * (v12's default) or resolves null (v13's).
 */
export class DialogV2 extends ApplicationV2 {
  /** `DialogV2.wait`: answered from the run's script (dialogs.mjs). */
  static wait(config) {
    return waitDialog(config, new this(config));
  }

  /**
   * @param {{window?: {title?: string}, content?: string, ok?: {label?: string, callback?: Function},
   *   rejectClose?: boolean, position?: {width?: number|string}, classes?: string[]}} [config]
   * @returns {Promise<unknown>}
   */
  static prompt({ window: frame = {}, content = "", ok = {}, rejectClose = defaultRejectClose(), position = {}, classes = [] } = {}) {
    const { dialog, form, body, footer } = dialogFrame(game.i18n.localize(frame.title ?? ""), classes, true);
    // v13 merges `{position: {width: 400}}` under the config; v12 passes it as given (dialogs.mjs applyWidth).
    applyWidth(dialog, game.release.generation < 13 ? position : { width: 400, ...position });
    const close = dialog.querySelector(".window-header [data-action=close]");
    body.innerHTML = String(content);
    const button = footer.appendChild(document.createElement("button"));
    button.type = "submit";
    button.dataset.action = "ok";
    button.textContent = game.i18n.localize(ok.label ?? "Confirm");
    document.getElementById("dialogs").append(dialog);
    const app = new this({ window: frame });
    app.element = dialog;
    return new Promise((resolve, reject) => {
      // DialogV2 answers its form's `submit` (`_onSubmit(event.submitter, event)`), not a click.
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        dialog.remove();
        resolve(ok.callback ? await ok.callback(event, button, game.release.generation < 13 ? dialog : app) : "ok");
      }, { once: true });
      close.addEventListener("click", () => {
        dialog.remove();
        if (rejectClose) reject(new Error("Dialog was dismissed without pressing a button."));
        else resolve(null);
      }, { once: true });
    });
  }
}
