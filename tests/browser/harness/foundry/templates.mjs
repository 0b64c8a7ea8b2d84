/**
 * Foundry's Handlebars, for the sheets the harness renders (`applications.mjs`):
 * - the real library, the repo's locked npm `handlebars` (Foundry v12 and v13 ship Handlebars
 *   4.7), served at `/vendor/handlebars/` by the test that renders sheets and loaded once as
 *   Foundry loads it, as the global `Handlebars`; not served, rendering fails;
 * - of Foundry's helpers (HandlebarsHelpers, registered at start-up), `localize`: "Translate a
 *   provided string key by using the loaded dictionary of localization strings" (with hash
 *   arguments, `format`), its result escaped by `{{ }}` like any string. A template that calls
 *   another of Foundry's helpers fails here ("Missing helper"): stricter than Foundry, on purpose;
 * - `getTemplate(path)` / `renderTemplate(path, data)`: a path is resolved against the server's
 *   root as Foundry resolves it ("modules/<id>/templates/x.hbs"), fetched once, compiled and kept
 *   as a partial under its path; a template the server lacks fails the render; data is rendered
 *   with `allowProtoPropertiesByDefault` and `allowProtoMethodsByDefault`, as Foundry's
 *   `renderTemplate` does (a context holds documents with getters).
 * v12 https://foundryvtt.com/api/v12/functions/client.renderTemplate.html
 * v12 https://foundryvtt.com/api/v12/classes/client.HandlebarsHelpers.html
 * v13 https://foundryvtt.com/api/functions/foundry.applications.handlebars.renderTemplate.html
 * @module harness/foundry/templates
 */

/** Where the sheet test serves the library (`tests/browser/test_sheets.py`). */
export const HANDLEBARS_URL = "/vendor/handlebars/handlebars.min.js";

/** @type {Promise<any>|null} */
let loading = null;
/** @type {Map<string, Promise<Function>>} */
const compiled = new Map();

function registerHelpers(Handlebars) {
  Handlebars.registerHelper("localize", (value, options) => {
    const key = value instanceof Handlebars.SafeString ? value.toString() : value;
    const data = options?.hash ?? {};
    return Object.keys(data).length ? game.i18n.format(key, data) : game.i18n.localize(key);
  });
}

/** The global `Handlebars`, loaded on first use. */
export function loadHandlebars() {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = HANDLEBARS_URL;
    script.addEventListener("load", () => {
      registerHelpers(globalThis.Handlebars);
      resolve(globalThis.Handlebars);
    });
    script.addEventListener("error", () => reject(new Error(`harness: Handlebars is not served at ${HANDLEBARS_URL}`)));
    document.head.append(script);
  });
  return loading;
}

/**
 * @param {string} path  relative to the server's root, as Foundry's template paths are
 * @returns {Promise<Function>}
 */
export async function getTemplate(path) {
  const Handlebars = await loadHandlebars();
  if (!compiled.has(path)) {
    compiled.set(path, (async () => {
      const response = await fetch(new URL(path, `${location.origin}/`));
      if (!response.ok) throw new Error(`Failed to load template ${path}: ${response.status}`);
      const template = Handlebars.compile(await response.text());
      Handlebars.registerPartial(path, template);
      return template;
    })());
  }
  return compiled.get(path);
}

/**
 * @param {string} path
 * @param {object} [data]
 * @returns {Promise<string>}
 */
export async function renderTemplate(path, data = {}) {
  const template = await getTemplate(path);
  return template(data, { allowProtoMethodsByDefault: true, allowProtoPropertiesByDefault: true });
}
