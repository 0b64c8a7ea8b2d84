/**
 * Stand-in for `ChatMessage`: `create` records the message and renders it into `#chat-log` (and
 * `update` renders it again in place, firing the render hook again) the way Foundry v12 does — its chat-message template puts `flavor` and `content` in with `{{{ }}}`
 * (raw HTML) and the sidebar appends the result with jQuery, so scripts in either would run.
 * That is deliberate: the page must be as unforgiving as Foundry for the XSS checks.
 *
 * Roll modes as each generation applies them (`ChatMessage.applyRollMode`): v12's `_preCreate`
 * applies `options.rollMode`, else `data.rollMode`, else the user's `core.rollMode` setting to a
 * message with rolls and no whisper yet (foundryvtt/foundryvtt#10278); v13 only when
 * `options.rollMode` is given (#11442), so a bare `create` is public there. A message without
 * rolls is left as its data says in both: only `applyRollMode` on the data makes it private. Only the author or a
 * GM may update a message.
 * @module harness/foundry/chat
 */

import { Document, DOCUMENT_CLASSES } from "./documents.mjs";
import { record } from "./record.mjs";
import { appendHTML, escapeHTML, randomID } from "./utils.mjs";

/** CONST.DICE_ROLL_MODES. */
export const ROLL_MODES = Object.freeze({ PUBLIC: "publicroll", PRIVATE: "gmroll", BLIND: "blindroll", SELF: "selfroll" });

/** The ids of the GM users (ASSISTANT and above), as `ChatMessage.getWhisperRecipients("GM")`. */
function gmIds() {
  return [...game.users].filter((u) => u.isGM).map((u) => u.id);
}

export class ChatMessage extends Document {
  static documentName = "ChatMessage";

  /**
   * Who speaks: the token's or actor's name, else the user's character, else the user.
   * @param {{scene?: string, actor?: object, token?: object, alias?: string}} [options]
   */
  static getSpeaker({ scene, actor, token, alias } = {}) {
    const speaker = { scene: scene ?? null, actor: null, token: null, alias: alias ?? null };
    const who = token?.actor ?? actor ?? game.user?.character ?? null;
    if (token) speaker.token = token.id ?? null;
    if (who) {
      speaker.actor = who.id;
      speaker.alias ??= token?.name ?? who.name;
    }
    speaker.alias ??= game.user?.name ?? null;
    return speaker;
  }

  /**
   * `ChatMessage.applyRollMode(chatData, rollMode)`: who sees the message. Public: everyone;
   * private (gmroll): the GMs and the roller; blind: the GMs only; self: the roller only;
   * `"roll"`: the user's current mode.
   * @param {object} chatData  changed in place and returned
   * @param {string} rollMode
   */
  static applyRollMode(chatData, rollMode) {
    const mode = rollMode === "roll" ? game.settings.get("core", "rollMode") : rollMode;
    if (!Object.values(ROLL_MODES).includes(mode)) throw new Error(`harness: no roll mode "${mode}"`);
    if (mode === ROLL_MODES.PUBLIC) Object.assign(chatData, { whisper: [], blind: false });
    else if (mode === ROLL_MODES.SELF) Object.assign(chatData, { whisper: [game.user.id], blind: false });
    else {
      const whisper = [...new Set([...(chatData.whisper ?? []), ...gmIds()])];
      Object.assign(chatData, { whisper, blind: mode === ROLL_MODES.BLIND });
    }
    return chatData;
  }

  /** Whether the current user may update the message: its author or a GM. */
  canUserModify(user) {
    return user?.isGM === true || (user?.id !== undefined && user.id === this.user);
  }

  /**
   * Create, record and render one message; `options.rollMode` (and on v12 the data's or the
   * user's roll mode, for a message with rolls) decides who sees it.
   * @param {{speaker?: object, flavor?: string, content?: unknown, rolls?: Roll[], [k: string]: unknown}} data
   * @param {{rollMode?: string}} [options]
   * @returns {Promise<ChatMessage>}
   */
  static async create(data = {}, options = {}) {
    const rolls = [...(data.rolls ?? [])];
    for (const roll of rolls) {
      if (!(roll instanceof Roll) || !roll._evaluated) throw new Error("ChatMessage.create: rolls must be evaluated Rolls");
    }
    const { rollMode: dataMode, ...rest } = data;
    const visibility = { whisper: [...(data.whisper ?? [])], blind: data.blind === true };
    // Only a message with rolls gets a roll mode applied: on v12 the given or the user's current
    // one unless it is whispered already, on v13 only one given in `options`.
    const mode = !rolls.length ? null : game.release.generation < 13
      ? (visibility.whisper.length ? null : (options.rollMode ?? dataMode ?? game.settings.get("core", "rollMode")))
      : options.rollMode;
    if (mode) this.applyRollMode(visibility, mode);
    const stored = {
      ...rest,
      ...visibility,
      _id: randomID(),
      user: game.user?.id ?? null,
      speaker: data.speaker ?? ChatMessage.getSpeaker(),
      flavor: String(data.flavor ?? ""),
      content: String(data.content ?? ""),
      rolls: rolls.map((r) => r.toJSON()),
    };
    const message = new this(stored);
    message.rolls = rolls;
    // `author` is the User document (v12 renamed `user` to `author`), kept for the tests' users.
    Object.defineProperty(message, "author", { value: game.user ?? null, enumerable: false });
    game.messages.set(message.id, message);
    record.messages.push(stored);
    const element = renderMessage(message);
    Hooks.callAll("createChatMessage", message, options, game.user?.id);
    callRenderHooks(message, element);
    return message;
  }

  /** Update as any document, then render the message again in place, as the chat log does. */
  async update(changes = {}, options = {}) {
    const updated = await super.update(changes, options);
    if (updated) this.render();
    return updated;
  }

  /** Render the message again in place, as a client's chat log does (firing the render hook). */
  render() {
    const old = document.querySelector(`#chat-log [data-message-id="${CSS.escape(this.id)}"]`);
    const element = renderMessage(this, old);
    callRenderHooks(this, element);
    return element;
  }

  /**
   * A message another client created, arriving here (the test relays it): kept and rendered
   * as this client's log does, unrecorded; `createChatMessage` fires with its author's id.
   * @param {object} data  the stored message (rolls as JSON)
   */
  static receive(data) {
    const message = new this(structuredClone(data));
    message.rolls = (data.rolls ?? []).map((r) => Roll.fromData(r));
    const author = game.users.get(data.user) ?? null;
    Object.defineProperty(message, "author", { value: author, enumerable: false });
    game.messages.set(message.id, message);
    const element = renderMessage(message);
    Hooks.callAll("createChatMessage", message, {}, data.user);
    callRenderHooks(message, element);
    return message;
  }
}

/**
 * The few jQuery members a v12 `renderChatMessage` handler may read: the elements by index and
 * `length` (Foundry passes `$(html)`; the harness has no jQuery).
 * @param {Element} element
 */
export function jQueryLike(element) {
  return Object.freeze({ 0: element, length: 1, jquery: "harness", [Symbol.iterator]: [][Symbol.iterator].bind([element]) });
}

/**
 * Fire the render hook of the running generation: v12 `renderChatMessage` with a jQuery-like
 * wrapper; v13 `renderChatMessageHTML` with the element, and the old hook only behind its
 * deprecation warning (a console warning, so a failure) when something still listens to it.
 * @param {ChatMessage} message
 * @param {Element} element
 */
function callRenderHooks(message, element) {
  const data = { message: { _id: message.id, flavor: message.flavor, content: message.content } };
  if (game.release.generation < 13) {
    Hooks.callAll("renderChatMessage", message, jQueryLike(element), data);
    return;
  }
  Hooks.callAll("renderChatMessageHTML", message, element, data);
  if (Hooks.counts().renderChatMessage) {
    console.warn("The renderChatMessage hook is deprecated in favor of renderChatMessageHTML"
      + " (Deprecated since Version 13, Backwards-compatible support will be removed in Version 15)");
    Hooks.callAll("renderChatMessage", message, jQueryLike(element), data);
  }
}

/**
 * Foundry v12 `_renderRollContent`: content without any element is replaced by the rolls' HTML;
 * content with elements is shown as written.
 * @param {ChatMessage} message
 */
function visibleContent(message) {
  const probe = document.createElement("div");
  probe.innerHTML = message.content;
  if (probe.childElementCount || !message.rolls.length) return message.content;
  return message.rolls.map((r) => r.renderHTML()).join("");
}

/**
 * Render one message: appended to the log, or in place of `old` when it was rendered before.
 * @param {ChatMessage} message
 * @param {Element|null} [old]
 * @returns {Element} the `li`
 */
function renderMessage(message, old = null) {
  const flavor = message.flavor ? `<span class="flavor-text">${message.flavor}</span>` : "";
  const html = `<li class="chat-message message flexcol" data-message-id="${escapeHTML(message.id)}">
  <header class="message-header flexrow">
    <h4 class="message-sender">${escapeHTML(message.speaker.alias)}</h4>
    <span class="message-metadata"><time class="message-timestamp">Now</time></span>
    ${flavor}
  </header>
  <div class="message-content">${visibleContent(message)}</div>
</li>`;
  const log = document.getElementById("chat-log");
  const [element] = appendHTML(log, html);
  if (old) old.replaceWith(element);
  return element;
}

DOCUMENT_CLASSES.ChatMessage = ChatMessage;
