/**
 * Document stand-ins: the data as stored, embedded collections as `Collection`s, and the few
 * methods module code calls (`getFlag`, `setFlag`, `update`, `uuid`, `toObject`). Updates are
 * recorded for the test. To support another document type, add a class and list it in
 * `DOCUMENT_CLASSES` (and its embedded fields in its `embedded`).
 * @module harness/foundry/documents
 */

import { Collection } from "./collection.mjs";
import { record } from "./record.mjs";
import { expandObject, getProperty, mergeInto, randomID } from "./utils.mjs";

/** Flag scopes Foundry accepts: core, world, the system and active modules. */
function checkScope(scope) {
  const valid = scope === "core" || scope === "world" || scope === game.system?.id
    || game.modules.get(scope)?.active === true;
  if (!valid) throw new Error(`Flag scope "${scope}" is not valid or not currently active`);
}

const OWNERSHIP_LEVELS = Object.freeze({ NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 });

export class Document {
  static documentName = "Document";
  /** @type {Record<string, string>} embedded field → document name */
  static embedded = {};

  /**
   * @param {object} data  the stored document (embedded documents inline, as the test sends them)
   * @param {{parent?: Document|null, pack?: string|null}} [context]
   */
  constructor(data, { parent = null, pack = null } = {}) {
    Object.assign(this, this.constructor.migrateData(structuredClone(data)));
    Object.defineProperty(this, "parent", { value: parent, enumerable: false });
    Object.defineProperty(this, "pack", { value: pack, enumerable: false });
    // A registered data model builds `system`, validating it, as Foundry does on load.
    const Model = CONFIG[this.documentName]?.dataModels?.[this.type];
    if (Model) this.system = new Model(this.system ?? {}, { parent: this });
    for (const [field, name] of Object.entries(this.constructor.embedded)) {
      const cls = DOCUMENT_CLASSES[name];
      const docs = (this[field] ?? []).map((d) => new cls(d, { parent: this, pack }));
      this[field] = new Collection(docs.map((d) => [d.id, d]));
    }
  }

  /** Foundry migrates stored data of older shapes on load; `source` is a copy to change. */
  static migrateData(source) {
    return source;
  }

  /** The configured class, as `CONFIG[name].documentClass` (what `X.implementation` returns). */
  static get implementation() {
    return CONFIG[this.documentName]?.documentClass ?? this;
  }

  get documentName() {
    return this.constructor.documentName;
  }

  get id() {
    return this._id ?? null;
  }

  /**
   * Foundry's ownership test: a GM passes; otherwise the user's own level, else `default`,
   * compared with the named level (NONE 0, LIMITED 1, OBSERVER 2, OWNER 3).
   * @param {{id: string, isGM?: boolean}} user
   * @param {string|number} permission
   */
  testUserPermission(user, permission) {
    if (user?.isGM) return true;
    const wanted = typeof permission === "number" ? permission : OWNERSHIP_LEVELS[permission];
    const ownership = this.ownership ?? {};
    return (ownership[user?.id] ?? ownership.default ?? 0) >= wanted;
  }

  get uuid() {
    if (this.parent) return `${this.parent.uuid}.${this.documentName}.${this.id}`;
    if (this.pack) return `Compendium.${this.pack}.${this.documentName}.${this.id}`;
    return `${this.documentName}.${this.id}`;
  }

  getFlag(scope, key) {
    checkScope(scope);
    return getProperty(this.flags?.[scope], key);
  }

  async setFlag(scope, key, value) {
    checkScope(scope);
    return this.update({ [`flags.${scope}.${key}`]: value });
  }

  async unsetFlag(scope, key) {
    checkScope(scope);
    return this.update({ [`flags.${scope}.-=${key}`]: null });
  }

  /** Record the change and apply it. Compendium packs are locked, as Foundry's module packs are. */
  async update(changes = {}) {
    if (this.pack) throw new Error(`You may not modify ${this.uuid}: its compendium is locked`);
    record.updates.push({ uuid: this.uuid, documentName: this.documentName, changes: structuredClone(changes) });
    mergeInto(this, deletions(expandObject(changes), this));
    return this;
  }

  /** @returns {object} the data, embedded collections as arrays */
  toObject() {
    const out = {};
    for (const [key, value] of Object.entries(this)) {
      out[key] = value instanceof Collection ? value.map((d) => d.toObject()) : structuredClone(value);
    }
    return out;
  }
}

/** Apply Foundry's `-=key` deletions to `target` and return the remaining changes. */
function deletions(changes, target) {
  const rest = {};
  for (const [key, value] of Object.entries(changes)) {
    if (key.startsWith("-=")) delete target?.[key.slice(2)];
    else if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      rest[key] = deletions(value, target?.[key]);
    } else rest[key] = value;
  }
  return rest;
}

export class Actor extends Document {
  static documentName = "Actor";
  static embedded = { items: "Item", effects: "ActiveEffect" };
}

export class Item extends Document {
  static documentName = "Item";
  static embedded = { effects: "ActiveEffect" };
}

export class ActiveEffect extends Document {
  static documentName = "ActiveEffect";
}

export class RollTable extends Document {
  static documentName = "RollTable";
  static embedded = { results: "TableResult" };
}

export class TableResult extends Document {
  static documentName = "TableResult";

  /**
   * v13 migrates a stored v12 result: `text` becomes the `description` of a text result and the
   * `name` of a document result (foundryvtt/foundryvtt#12049).
   */
  static migrateData(source) {
    if (game.release.generation < 13 || !("text" in source)) return source;
    const { text, ...rest } = source;
    if (rest.type === "text") return { name: "", ...rest, description: text };
    return { description: "", ...rest, name: text };
  }
}

export class JournalEntry extends Document {
  static documentName = "JournalEntry";
  static embedded = { pages: "JournalEntryPage" };

  /** `Document.create`: a new world entry (its pages too get ids), kept in `game.journal`. */
  static async create(data = {}) {
    const pages = (data.pages ?? []).map((p) => ({ _id: randomID(), ...p }));
    const entry = new this({ _id: randomID(), flags: {}, ...data, pages });
    game.journal.set(entry.id, entry);
    return entry;
  }
}

export class JournalEntryPage extends Document {
  static documentName = "JournalEntryPage";
}

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

export class User extends Document {
  static documentName = "User";

  /** Foundry's ASSISTANT role (3) and above count as GM. */
  get isGM() {
    return this.role >= 3;
  }
}

/** Document classes by document name; `ChatMessage` is added by chat.mjs. */
export const DOCUMENT_CLASSES = {
  Actor, Item, ActiveEffect, RollTable, TableResult, JournalEntry, JournalEntryPage, Macro, User,
};
