/**
 * What differs between the two Foundry generations the modules support (v12 minimum, v13
 * verified), as far as the stand-ins go: v13 moved `DocumentSheetConfig` and `TextEditor` into
 * namespaces and keeps the old globals only behind a deprecation warning (which fails the tests,
 * like any console warning), and added `foundry.utils.fromUuid` beside the global. Data
 * migrations between them live on the document classes (`migrateData` in documents.mjs); the
 * chat render hook of each generation is fired in chat.mjs.
 * @module harness/foundry/release
 */

import { DocumentSheetConfig, TextEditor } from "./applications.mjs";
import { fromUuid } from "./uuid.mjs";

export const RELEASES = Object.freeze({
  12: Object.freeze({ generation: 12, build: 331 }),
  13: Object.freeze({ generation: 13, build: 345 }),
});

/** v12 globals that v13 namespaced: global name → [v13 path, the class]. */
const MOVED = Object.freeze({
  DocumentSheetConfig: ["foundry.applications.apps.DocumentSheetConfig", DocumentSheetConfig],
  TextEditor: ["foundry.applications.ux.TextEditor.implementation", TextEditor],
});

/**
 * The release's globals that moved: plain in v12; in v13 getters that warn like Foundry's shims.
 * @param {number} generation
 */
export function installMovedGlobals(generation) {
  for (const [name, [path, cls]] of Object.entries(MOVED)) {
    const get = generation < 13 ? () => cls : () => {
      console.warn(`You are accessing the global "${name}" which is now namespaced under ${path}`
        + " (Deprecated since Version 13, Backwards-compatible support will be removed in Version 15)");
      return cls;
    };
    Object.defineProperty(globalThis, name, { get, configurable: true });
  }
}

/**
 * Namespaces v13 added under `foundry.applications`.
 * @param {number} generation
 * @returns {object}
 */
export function applicationNamespaces(generation) {
  if (generation < 13) return {};
  return { apps: { DocumentSheetConfig }, ux: { TextEditor } };
}

/**
 * Members v13 added under `foundry.utils` (v12 has only the global `fromUuid`).
 * @param {number} generation
 * @returns {object}
 */
export function utilsNamespace(generation) {
  return generation < 13 ? {} : { fromUuid };
}
