/**
 * Stand-in for `navigator.clipboard` on a page that is a secure context: `writeText` records the
 * text in `record.clipboard` (a headless page's real clipboard may refuse it). On an insecure page
 * (the harness's default origin, as self-hosted Foundry over plain http) the browser offers no
 * `navigator.clipboard`, and none is added: the real browser decides.
 * @module harness/foundry/clipboard
 */

import { record } from "./record.mjs";

export const clipboard = {
  /** @param {string} text */
  async writeText(text) {
    record.clipboard.push(String(text));
  },
};

/** Replace the secure page's clipboard with the recording stand-in; leave an insecure page alone. */
export function installClipboard() {
  if (!window.isSecureContext) return;
  Object.defineProperty(navigator, "clipboard", { configurable: true, get: () => clipboard });
}
