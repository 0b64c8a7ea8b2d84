/**
 * The module's one way to notify the user. Foundry renders a notification's message as HTML: v12
 * puts it unescaped in the notification's `<li>` (`Notifications#fetch`), v13 renders it after
 * `cleanHTML` (NotificationOptions `clean`). A message here is text that may carry document names
 * (actors, items, scenes, users, rule errors quoting them), so it is escaped whole and reads as
 * typed in both generations; no markup is meant in any message of the module.
 * @module foundry/notices
 */

import { escapeHtml } from "./html.mjs";

/**
 * An info notification of plain `text`.
 * @param {string} text
 * @returns {unknown}  what Foundry's `Notifications#info` returns
 */
export function info(text) {
  return ui.notifications.info(escapeHtml(text));
}

/**
 * A warning notification of plain `text`.
 * @param {string} text
 * @returns {unknown}
 */
export function warn(text) {
  return ui.notifications.warn(escapeHtml(text));
}

/**
 * An error notification of plain `text`.
 * @param {string} text
 * @returns {unknown}
 */
export function error(text) {
  return ui.notifications.error(escapeHtml(text));
}
