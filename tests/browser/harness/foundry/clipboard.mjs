/**
 * Stand-in for `navigator.clipboard`: `writeText` records the text in `record.clipboard`. Set
 * `clipboard.available = false` to stand in for a page that is not a secure context (Foundry
 * served over plain http), where `navigator.clipboard` is undefined.
 * @module harness/foundry/clipboard
 */

import { record } from "./record.mjs";

export const clipboard = {
  available: true,

  /** @param {string} text */
  async writeText(text) {
    record.clipboard.push(String(text));
  },
};

/** Replace the browser's clipboard (which a headless page may not grant) with the stand-in. */
export function installClipboard() {
  Object.defineProperty(navigator, "clipboard", {
    configurable: true,
    get: () => (clipboard.available ? clipboard : undefined),
  });
}
