/**
 * Document stand-ins: the data as stored, embedded collections as `Collection`s, and the methods
 * module code calls (`getFlag`, `setFlag`, `update`, `create`, `uuid`, `toObject`). Updates are
 * recorded for the test.
 *
 * As strict as Foundry's server where a module can go wrong: every update and create made on this
 * client is checked against the user's permission first (`canUserModify`; refused with Foundry's
 * "User <name> lacks permission to update <Document> [<id>]" as an error notification and a
 * rejected promise, the document unchanged), `preUpdate<Document>` hooks may cancel it, a
 * registered data model validates the `system` an update or a create leaves (clean, then
 * validate), and `update<Document>` hooks fire after it. A change another client made reaches
 * this one with `{remote: true, userId}` (the server already accepted it): applied unchecked.
 *
 * To support another document type, add a class and list it in `DOCUMENT_CLASSES` (and its
 * embedded fields in its `embedded`).
 * @module harness/foundry/documents
 */

import { Collection } from "./collection.mjs";
import { CREATE_ROLE, OWNERSHIP_LEVELS, permissionError, USER_ROLES } from "./permissions.mjs";
import { record } from "./record.mjs";
import { expandObject, getProperty, mergeInto, randomID } from "./utils.mjs";

/** Flag scopes Foundry accepts: core, world, the system and active modules. */
function checkScope(scope) {
  const valid = scope === "core" || scope === "world" || scope === game.system?.id
    || game.modules.get(scope)?.active === true;
  if (!valid) throw new Error(`Flag scope "${scope}" is not valid or not currently active`);
}

/** The registered data model of a document's sub-type, if any. */
function modelOf(documentName, type) {
  return CONFIG[documentName]?.dataModels?.[type];
}

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
    this.constructor.checkType(this);
    // A registered data model builds `system`, validating it, as Foundry does on load.
    const Model = modelOf(this.documentName, this.type);
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

  /** A hook for the world's system to refuse a document (pf2e refuses module sub-types). */
  static checkType(doc) {
    globalThis.game?.world?.checkType?.(doc);
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

  /** Whether the document sits inside another (an Item in an Actor, a Token in a Scene). */
  get isEmbedded() {
    return this.parent !== null;
  }

  /**
   * Foundry's ownership level of a user: a GM owns everything; an embedded document's level is
   * its parent's (an Item in an Actor, a Combatant through its actor); otherwise the user's own
   * level, else `default`.
   * @param {{id: string, isGM?: boolean}} user
   * @returns {number}
   */
  getUserLevel(user) {
    if (user?.isGM) return OWNERSHIP_LEVELS.OWNER;
    if (this.parent) return this.parent.getUserLevel(user);
    const ownership = this.ownership ?? {};
    const own = ownership[user?.id];
    const level = own === undefined || own === OWNERSHIP_LEVELS.INHERIT ? ownership.default : own;
    return level ?? OWNERSHIP_LEVELS.NONE;
  }

  /**
   * @param {{id: string, isGM?: boolean}} user
   * @param {string|number} permission  a level or its name (NONE, LIMITED, OBSERVER, OWNER)
   */
  testUserPermission(user, permission) {
    const wanted = typeof permission === "number" ? permission : OWNERSHIP_LEVELS[permission];
    return this.getUserLevel(user) >= wanted;
  }

  get isOwner() {
    return this.testUserPermission(game.user, "OWNER");
  }

  /**
   * Whether `user` may make this operation, as the server checks it: a GM may; otherwise an
   * owner may update (subclasses narrow what). Creation is checked by `create`.
   * @param {User} user
   * @param {"update"|"delete"} _action
   * @param {object} [_data]  the expanded changes
   */
  canUserModify(user, _action, _data) {
    return user?.isGM === true || this.testUserPermission(user, "OWNER");
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

  /**
   * Update as Foundry does. On the initiating client: refused without permission, cancelled by
   * a `preUpdate<Document>` hook returning false (resolving undefined), refused when the data
   * model rejects the result; then recorded and applied, and `update<Document>` fires. With
   * `options.remote` (another client's change, relayed by the test) none of the checks run and
   * nothing is recorded.
   * @param {object} changes
   * @param {{remote?: boolean, userId?: string, [key: string]: unknown}} [options]
   */
  async update(changes = {}, options = {}) {
    if (this.pack) throw new Error(`You may not modify ${this.uuid}: its compendium is locked`);
    const expanded = expandObject(changes);
    const userId = options.userId ?? game.user?.id;
    if (!options.remote) {
      if (!this.canUserModify(game.user, "update", expanded)) throw permissionError("update", this);
      if (Hooks.call(`preUpdate${this.documentName}`, this, expanded, options, userId) === false) return undefined;
    }
    const next = this.#validated(expanded);
    if (!options.remote) {
      record.updates.push({ uuid: this.uuid, documentName: this.documentName, changes: structuredClone(changes) });
    }
    const own = deletions(expandObject(changes), this);
    for (const [field, name] of Object.entries(this.constructor.embedded)) {
      if (!Array.isArray(own[field])) continue;
      // Embedded documents in a parent's update (`resetAll`'s combatants): each merged into its own.
      for (const { _id, ...fields } of own[field]) mergeInto(embeddedCollection(this, name).get(_id, { strict: true }), fields);
      delete own[field];
    }
    mergeInto(this, own);
    if (next) this.system = next;
    this._onUpdate(expanded, options, userId);
    Hooks.callAll(`update${this.documentName}`, this, expanded, options, userId);
    return this;
  }

  /** Subclasses react to their own change before the hooks (a synthetic actor's delta). */
  _onUpdate(_changes, _options, _userId) {}

  /**
   * The `system` an update leaves, built (cleaned and validated) by the data model; undefined
   * when the update does not touch `system` or the type has no model. Invalid: an error
   * notification and the error thrown, as Foundry refuses an update its model rejects.
   */
  #validated(expanded) {
    const Model = modelOf(this.documentName, this.type);
    if (!Model || !("system" in expanded)) return undefined;
    const trial = { system: structuredClone({ ...this.system }) };
    mergeInto(trial, deletions(structuredClone({ system: expanded.system }), trial));
    try {
      return new Model(trial.system, { parent: this });
    } catch (error) {
      ui.notifications.error(error.message);
      throw error;
    }
  }

  /** @returns {object} the data, embedded collections as arrays */
  toObject() {
    const out = {};
    for (const [key, value] of Object.entries(this)) {
      out[key] = value instanceof Collection ? value.map((d) => d.toObject()) : structuredClone(value);
    }
    return out;
  }

  /** The world collection documents of this type are kept in (`game.actors`, …), if any. */
  static get worldCollection() {
    return undefined;
  }

  /**
   * `Document.create`: one document, as the sidebar's Create and module code make them.
   * @param {object} data
   * @param {{keepId?: boolean, parent?: Document|null}} [options]
   */
  static async create(data = {}, options = {}) {
    const [created] = await this.createDocuments([data], options);
    return created;
  }

  /**
   * `Document.createDocuments`: permission (the user's role for a world document, the parent's
   * ownership for an embedded one), then each source cleaned and validated by its data model as
   * Foundry's `_preCreateDocumentArray` does; nothing is created unless every one is valid. New
   * ids unless `keepId`; a kept id that exists already is refused.
   * @param {object[]} data
   * @param {{keepId?: boolean, parent?: Document|null}} [options]
   * @returns {Promise<Document[]>}
   */
  static async createDocuments(data = [], { keepId = false, parent = null } = {}) {
    const collection = parent ? embeddedCollection(parent, this.documentName) : this.worldCollection;
    if (!collection) throw new Error(`harness: ${this.documentName} documents cannot be created here`);
    const allowed = parent ? parent.canUserModify(game.user, "update", {})
      : (game.user?.role ?? 0) >= (CREATE_ROLE[this.documentName] ?? USER_ROLES.GAMEMASTER);
    const made = data.map((source) => {
      const id = keepId && source._id ? source._id : randomID();
      if (collection.has(id)) throw new Error(`The ${this.documentName} id [${id}] already exists within the parent collection`);
      const doc = new this(this.initialData({ ...structuredClone(source), _id: id }), { parent });
      if (!allowed) throw permissionError("create", doc);
      return doc;
    });
    for (const doc of made) {
      collection.set(doc.id, doc);
      record.created.push({ uuid: doc.uuid, documentName: this.documentName, data: doc.toObject() });
      Hooks.callAll(`create${this.documentName}`, doc, {}, game.user?.id);
    }
    return made;
  }

  /** The fields Foundry fills in a new document before validating it. */
  static initialData(source) {
    return { flags: {}, ...source };
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

/** The embedded collection of `parent` holding documents named `documentName`, if any. */
export function embeddedCollection(parent, documentName) {
  if (typeof parent.embeddedCollection === "function") {
    const special = parent.embeddedCollection(documentName);
    if (special) return special;
  }
  const field = Object.entries(parent.constructor.embedded).find(([, name]) => name === documentName)?.[0];
  return field ? parent[field] : undefined;
}

/** CONST.TOKEN_DISPOSITIONS.HOSTILE: a new actor's prototype token, unless told otherwise. */
const HOSTILE = -1;

export class Actor extends Document {
  static documentName = "Actor";
  static embedded = { items: "Item", effects: "ActiveEffect" };

  static get worldCollection() {
    return game.actors;
  }

  /**
   * A new actor's prototype token is Foundry's default, unlinked and Hostile, for what the data
   * does not set (the GM's "Default Token Configuration" is not modelled).
   */
  static initialData(source) {
    const token = { actorLink: false, disposition: HOSTILE, ...(source.prototypeToken ?? {}) };
    return { items: [], effects: [], ownership: { default: 0 }, ...super.initialData(source), prototypeToken: token };
  }

  /** Whether this is a token's synthetic actor (an unlinked token's own copy). */
  get isToken() {
    return this.parent?.documentName === "Token";
  }

  /** The TokenDocument of a synthetic actor, else null. */
  get token() {
    return this.isToken ? this.parent : null;
  }

  /** A synthetic actor's permissions are its token's, which are the base actor's. */
  getUserLevel(user) {
    if (this.isToken) return this.parent.getUserLevel(user);
    return super.getUserLevel(user);
  }

  /** A synthetic actor's changes land in its token's delta, never on the base actor. */
  _onUpdate(changes) {
    if (this.isToken) mergeInto(this.parent.delta, structuredClone(changes));
  }
}

export class Item extends Document {
  static documentName = "Item";
  static embedded = { effects: "ActiveEffect" };

  static get worldCollection() {
    return game.items;
  }

  static initialData(source) {
    return { effects: [], ownership: { default: 0 }, ...super.initialData(source) };
  }
}

export class ActiveEffect extends Document {
  static documentName = "ActiveEffect";
}

export class Folder extends Document {
  static documentName = "Folder";

  static get worldCollection() {
    return game.folders;
  }
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

  static get worldCollection() {
    return game.journal;
  }

  /** A new entry's pages get ids too. */
  static initialData(source) {
    const pages = (source.pages ?? []).map((p) => ({ _id: randomID(), ...p }));
    return { ...super.initialData(source), pages };
  }
}

export class JournalEntryPage extends Document {
  static documentName = "JournalEntryPage";
}

/** Document classes by document name; `ChatMessage`, `Combat`, `Scene`, `User`, `Macro` … are added by their files. */
export const DOCUMENT_CLASSES = {
  Actor, Item, ActiveEffect, Folder, RollTable, TableResult, JournalEntry, JournalEntryPage,
};

export { OWNERSHIP_LEVELS, permissionError, USER_ROLES };
