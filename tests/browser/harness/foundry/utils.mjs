/**
 * Small helpers with the semantics of their `foundry.utils` namesakes, for the stand-ins.
 * @module harness/foundry/utils
 */

/**
 * Read a dotted property path ("flags.x.key"); an exact own key wins, as in Foundry.
 * @param {object|undefined} object
 * @param {string} key
 * @returns {unknown}
 */
export function getProperty(object, key) {
  if (!object || !key) return undefined;
  if (key in object) return object[key];
  let target = object;
  for (const part of key.split(".")) {
    if (target === null || typeof target !== "object" || !(part in target)) return undefined;
    target = target[part];
  }
  return target;
}

/**
 * Write a dotted property path, creating plain objects on the way.
 * @param {object} object
 * @param {string} key
 * @param {unknown} value
 */
export function setProperty(object, key, value) {
  const parts = key.split(".");
  const last = parts.pop();
  let target = object;
  for (const part of parts) {
    if (target[part] === null || typeof target[part] !== "object") target[part] = {};
    target = target[part];
  }
  target[last] = value;
}

/**
 * `{"a.b": 1}` → `{a: {b: 1}}` (how Foundry reads update data).
 * @param {object} flat
 * @returns {object}
 */
export function expandObject(flat) {
  const out = {};
  for (const [key, value] of Object.entries(flat)) {
    const plain = value !== null && typeof value === "object" && !Array.isArray(value);
    setProperty(out, key, plain ? expandObject(value) : value);
  }
  return out;
}

/**
 * Merge `changes` into `target` in place: objects recursively, everything else replaced.
 * @param {object} target
 * @param {object} changes
 */
export function mergeInto(target, changes) {
  for (const [key, value] of Object.entries(changes)) {
    const plain = value !== null && typeof value === "object" && !Array.isArray(value);
    const into = target[key] !== null && typeof target[key] === "object" && !Array.isArray(target[key]);
    if (plain && into) mergeInto(target[key], value);
    else target[key] = structuredClone(value);
  }
}

/**
 * `{a: {b: 1}}` → `{"a.b": 1}`: language files may be nested or flat, lookups are flat.
 * @param {object} object
 * @param {string} prefix
 * @returns {Record<string, unknown>}
 */
export function flattenObject(object, prefix = "") {
  const out = {};
  for (const [key, value] of Object.entries(object)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      Object.assign(out, flattenObject(value, path));
    } else out[path] = value;
  }
  return out;
}

const ENTITIES = Object.freeze({ "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;" });

/**
 * What Handlebars `{{ }}` does to a value: the harness's own template text is escaped this way.
 * @param {unknown} text
 * @returns {string}
 */
export function escapeHTML(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

let counter = 0;
let prefix = "harness";

/**
 * A 16-character document id; deterministic so that screenshots and records are stable, and
 * distinct between clients (`idsFor`), as Foundry's random ids are.
 * @returns {string}
 */
export function randomID() {
  counter += 1;
  return `${prefix}${String(counter).padStart(9, "0")}`;
}

/**
 * Make this client's new ids its own: seven characters from the logged-in user's id, so two
 * clients of one table never mint the same id.
 * @param {string} userId
 */
export function idsFor(userId) {
  let hash = 7;
  for (const c of String(userId)) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  prefix = `c${hash.toString(36).padStart(6, "0").slice(-6)}`;
}

/**
 * Parse `html` and append it to `parent` the way Foundry v12's jQuery `.append(html)` does:
 * `<script>` elements in it run. A plain `innerHTML` would leave them inert and hide the leak.
 * @param {Element} parent
 * @param {string} html
 * @returns {Element[]} the inserted top-level elements
 */
export function appendHTML(parent, html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  const fragment = document.importNode(template.content, true);
  const scripts = [...fragment.querySelectorAll("script")];
  const elements = [...fragment.children];
  parent.append(fragment);
  for (const old of scripts) {
    const live = document.createElement("script");
    for (const { name, value } of old.attributes) live.setAttribute(name, value);
    live.textContent = old.textContent;
    old.replaceWith(live);
  }
  return elements;
}

/**
 * `foundry.utils.getRoute` (v12 and v13, common/utils/helpers.mjs): the path with its leading and
 * trailing slashes stripped, under the server's route prefix (`ROUTE_PREFIX`) when one is set.
 * https://foundryvtt.com/api/v12/functions/foundry.utils.getRoute.html
 */
export function getRoute(path, { prefix } = {}) {
  const chosen = prefix === undefined ? globalThis.ROUTE_PREFIX : prefix || null;
  const paths = [path.replace(/(^[/]+)|([/]+$)/g, "")];
  if (chosen) paths.unshift(chosen);
  return `/${paths.join("/")}`;
}
