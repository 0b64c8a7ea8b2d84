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
