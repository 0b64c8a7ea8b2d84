/**
 * Escaping for text that ends up in chat-card HTML. Author text is never trusted as HTML here:
 * names and labels are plain text, so every one goes through `escapeHtml`.
 * @module foundry/html
 */

/** @type {Readonly<Record<string, string>>} */
const ENTITIES = Object.freeze({ "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;" });

/**
 * Escape the five HTML-significant characters.
 * @param {unknown} text
 * @returns {string}
 */
export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/**
 * Escape what is significant in element content (`&`, `<`, `>`), leaving quotes as typed: for
 * text that is also shown as given elsewhere (a notification is logged to the console too).
 * @param {unknown} text
 * @returns {string}
 */
export function escapeText(text) {
  return String(text).replace(/[&<>]/g, (c) => ENTITIES[c]);
}
