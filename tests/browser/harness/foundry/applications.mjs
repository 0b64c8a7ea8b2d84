/**
 * Stand-ins for the v12 application API the module touches at `init`: the ApplicationV2 sheet
 * classes it extends, `DocumentSheetConfig.registerSheet` (recorded in
 * `CONFIG[doc].sheetClasses`) and `TextEditor.enrichHTML`. Sheets are registered, not rendered:
 * the harness has no Handlebars, so `render` is deliberately absent and calling it fails loudly.
 * @module harness/foundry/applications
 */

import { defaultRejectClose, waitDialog } from "./dialogs.mjs";
import { Document } from "./documents.mjs";

export class ApplicationV2 {
  static DEFAULT_OPTIONS = {};

  constructor(options = {}) {
    this.options = { ...this.constructor.DEFAULT_OPTIONS, ...options };
  }

  async _prepareContext() {
    return {};
  }
}

export class DocumentSheetV2 extends ApplicationV2 {
  constructor(options = {}) {
    super(options);
    if (!(options.document instanceof Document)) throw new Error(`${this.constructor.name} needs a document`);
    this.document = options.document;
  }

  /** A GM may edit world documents; compendium packs are locked. */
  get isEditable() {
    return !this.document.pack && game.user.isGM;
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
  };
}

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
   *   rejectClose?: boolean}} [config]
   * @returns {Promise<unknown>}
   */
  static prompt({ window: frame = {}, content = "", ok = {}, rejectClose = defaultRejectClose() } = {}) {
    const dialog = document.createElement("dialog");
    dialog.open = true;
    dialog.className = "application dialog";
    const title = dialog.appendChild(document.createElement("header"));
    title.className = "window-title";
    title.textContent = game.i18n.localize(frame.title ?? "");
    const close = title.appendChild(document.createElement("button"));
    close.dataset.action = "close";
    close.textContent = "×";
    const body = dialog.appendChild(document.createElement("div"));
    body.className = "dialog-content";
    body.innerHTML = String(content);
    const button = dialog.appendChild(document.createElement("button"));
    button.dataset.action = "ok";
    button.textContent = game.i18n.localize(ok.label ?? "Confirm");
    document.getElementById("dialogs").append(dialog);
    const app = new this({ window: frame });
    app.element = dialog;
    return new Promise((resolve, reject) => {
      button.addEventListener("click", async (event) => {
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
