/**
 * The few Foundry classes whose home moved between v12 and v13. Each helper reads the v13
 * namespace first and falls back to the v12 global, so v13 never touches a deprecated global
 * (which logs a warning there and is removed in v15).
 * @module foundry/compat
 */

/**
 * The sheet registry: `foundry.applications.apps.DocumentSheetConfig` (v13) or the global
 * `DocumentSheetConfig` (v12).
 * @returns {foundry.applications.apps.DocumentSheetConfigClass}
 */
export function sheetConfig() {
  const found = foundry.applications.apps?.DocumentSheetConfig ?? globalThis.DocumentSheetConfig;
  if ( !found ) throw new Error("DocumentSheetConfig is not available in this Foundry version");
  return found;
}

/**
 * The rich-text helper: `foundry.applications.ux.TextEditor.implementation` (v13) or the global
 * `TextEditor` (v12).
 * @returns {foundry.applications.ux.TextEditorClass}
 */
export function textEditor() {
  const found = foundry.applications.ux?.TextEditor?.implementation ?? globalThis.TextEditor;
  if ( !found ) throw new Error("TextEditor is not available in this Foundry version");
  return found;
}

/**
 * Client-side HTML cleaning where the core offers it (`foundry.utils.cleanHTML`, v13.335+);
 * elsewhere the text is returned as stored. Stored HTML was sanitised with an allow-list at
 * build time, and the server sanitises every edit of a declared `htmlFields` path.
 * @param {string} html
 * @returns {string}
 */
export function cleanHtml(html) {
  const clean = foundry.utils.cleanHTML;
  return clean ? clean(html) : html;
}

/**
 * Call `fn(message, element)` each time a chat message is rendered, through the one hook the
 * running core offers: `renderChatMessageHTML` (v13, an HTMLElement) or `renderChatMessage`
 * (v12, a jQuery object). Only one is registered, so v13 never logs the deprecation of the v12
 * hook.
 * @param {(message: ChatMessage, element: HTMLElement) => void} fn
 * @returns {number}  the hook id
 */
export function onRenderChatMessage(fn) {
  if ( game.release.generation >= 13 ) {
    return Hooks.on("renderChatMessageHTML", (/** @type {ChatMessage} */ message, /** @type {HTMLElement} */ html) => {
      fn(message, html);
    });
  }
  return Hooks.on("renderChatMessage", (/** @type {ChatMessage} */ message, /** @type {JQueryLike} */ html) => {
    const element = html[0];
    if ( element ) fn(message, element);
  });
}

/**
 * A document by its uuid: `foundry.utils.fromUuid` (v13) or the global `fromUuid` (v12).
 * @param {string} uuid
 * @returns {Promise<foundry.abstract.Document|null>}
 */
export function documentFromUuid(uuid) {
  const find = foundry.utils.fromUuid ?? globalThis.fromUuid;
  if ( !find ) throw new Error("fromUuid is not available in this Foundry version");
  return find(uuid);
}

/**
 * Call `fn(combat, element)` each time the Combat tracker renders, with the Combat it shows
 * (`viewed`) and its element: the `renderCombatTracker` hook passes a jQuery object on v12
 * (Application V1, `(app, html, data)`) and an HTMLElement on v13 (ApplicationV2,
 * `(app, element, context, options)`; foundry.applications.sidebar.tabs.CombatTracker).
 * @param {(combat: Combat|null, element: HTMLElement) => void} fn
 * @returns {number}  the hook id
 */
export function onRenderCombatTracker(fn) {
  return Hooks.on("renderCombatTracker", (/** @type {{viewed?: Combat|null}} */ app, /** @type {HTMLElement|JQueryLike} */ html) => {
    const element = html instanceof HTMLElement ? html : html[0];
    if ( element ) fn(app?.viewed ?? null, element);
  });
}
