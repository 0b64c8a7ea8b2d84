/**
 * Stand-in for `ui.notifications`. Like Foundry's (option `console`, default true), an error
 * notification is also logged with `console.error`, so an unexpected one fails the test.
 *
 * A message is HTML in both generations, as in Foundry:
 * - v12 (`client/apps/ui/notifications.js`, `Notifications#fetch`) builds the notification as
 *   ``$(`<li class="${cls}" data-id="${next.id}">${next.message}<i class="close …"></i></li>`)``
 *   and prepends it to `ol#notifications`: the message is parsed as live HTML, so an
 *   `<img onerror>` in it runs. This stand-in does the same.
 * - v13 (`foundry.applications.ui.Notifications`, NotificationOptions `clean`, default true)
 *   renders the message as HTML after `cleanHTML` strips scripts and handlers. This stand-in
 *   parses it in an inert `<template>` (markup read, nothing runs): no script runs, as in v13,
 *   and markup still does not read as typed.
 * What is recorded is the text a user reads (the notification's `textContent`).
 * @module harness/foundry/notifications
 */

import { record } from "./record.mjs";

const CONSOLE = Object.freeze({ info: "info", warning: "warn", error: "error" });

export class Notifications {
  /** @param {number} generation  the Foundry generation stood in for (12 or 13) */
  constructor(generation) {
    this.generation = generation;
  }

  notify(message, type = "info", { localize = false, console: log = true } = {}) {
    const html = localize ? game.i18n.localize(message) : String(message);
    const text = this.generation < 13 ? this.#show(html, type) : this.#parse(html);
    record.notifications.push({ type, message: text });
    if (log) console[CONSOLE[type] ?? "info"](html);
    return record.notifications.length;
  }

  /** v12: a live `<li>` in `ol#notifications`, the message its HTML. */
  #show(html, type) {
    let list = document.getElementById("notifications");
    if (!list) {
      list = document.createElement("ol");
      list.id = "notifications";
      list.hidden = true;  // off screen: no layout shift, no click intercepted; still live HTML
      document.body.append(list);
    }
    const item = document.createElement("li");
    item.className = `notification ${type}`;
    item.innerHTML = `${html}<i class="close fas fa-times-circle"></i>`;
    list.prepend(item);
    return item.textContent ?? "";
  }

  /** v13: the message's markup read, nothing run. */
  #parse(html) {
    const template = document.createElement("template");
    template.innerHTML = html;
    return template.content.textContent ?? "";
  }

  info(message, options) {
    return this.notify(message, "info", options);
  }

  warn(message, options) {
    return this.notify(message, "warning", options);
  }

  error(message, options) {
    return this.notify(message, "error", options);
  }
}
