/**
 * Stand-in for `Macro`: how Foundry v12/v13 runs a chat or script macro.
 * @module harness/foundry/macro
 */

import { Document, DOCUMENT_CLASSES } from "./documents.mjs";

export class Macro extends Document {
  static documentName = "Macro";

  /**
   * Run the macro as Foundry v12/v13 does: a chat macro posts its text; a script macro's command
   * is the body of an async function of `speaker, actor, token, character, scope` and the
   * scope's own keys, called with the macro as `this`.
   * @param {{actor?: Actor, token?: object, [key: string]: unknown}} [scope]
   */
  async execute(scope = {}) {
    if (this.type === "chat") {
      return ChatMessage.implementation.create({ content: this.command, speaker: ChatMessage.getSpeaker(scope) });
    }
    const { actor = null, token = null, ...rest } = scope;
    const speaker = ChatMessage.implementation.getSpeaker({ actor, token });
    const character = game.user.character ?? null;
    const names = Object.keys(rest);
    if (names.some((k) => /^\d+$/.test(k))) throw new Error("Illegal numeric Macro parameter passed to execution scope.");
    const AsyncFunction = (async function () {}).constructor;
    const fn = new AsyncFunction("speaker", "actor", "token", "character", "scope", ...names, `{${this.command}\n}`);
    return fn.call(this, speaker, actor, token, character, rest, ...Object.values(rest));
  }
}

DOCUMENT_CLASSES.Macro = Macro;
