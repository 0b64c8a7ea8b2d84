/**
 * The module's one way to notify the user. Foundry renders a notification's message as HTML: v12
 * puts it unescaped in the notification's `<li>` (`Notifications#fetch`), v13 renders it after
 * `cleanHTML` (NotificationOptions `clean`). A message here is text that may carry document names
 * (actors, items, scenes, users, rule errors quoting them), so it is escaped whole and reads as
 * typed in both generations; no markup is meant in any message of the module.
 *
 * The message is element content, never an attribute value, so `&`, `<` and `>` are all that
 * need escaping; quotes stay as typed, because Foundry also logs the message to the console
 * as given (`Notifications#fetch`, option `console`), where `&#39;` would misread.
 * @module foundry/notices
 */

import { escapeText } from "./html.mjs";

/**
 * An info notification of plain `text`.
 * @param {string} text
 * @returns {unknown}  what Foundry's `Notifications#info` returns
 */
export function info(text) {
  return ui.notifications.info(escapeText(text));
}

/**
 * A warning notification of plain `text`.
 * @param {string} text
 * @returns {unknown}
 */
export function warn(text) {
  return ui.notifications.warn(escapeText(text));
}

/**
 * An error notification of plain `text`.
 * @param {string} text
 * @returns {unknown}
 */
export function error(text) {
  return ui.notifications.error(escapeText(text));
}
