/**
 * Stand-in for `ui.notifications`. Like Foundry's (option `console`, default true), an error
 * notification is also logged with `console.error`, so an unexpected one fails the test.
 * @module harness/foundry/notifications
 */

import { record } from "./record.mjs";

const CONSOLE = Object.freeze({ info: "info", warning: "warn", error: "error" });

export class Notifications {
  notify(message, type = "info", { localize = false, console: log = true } = {}) {
    const text = localize ? game.i18n.localize(message) : String(message);
    record.notifications.push({ type, message: text });
    if (log) console[CONSOLE[type] ?? "info"](text);
    return record.notifications.length;
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
