/**
 * Stand-in for `CompendiumCollection` (`game.packs.get(id)`). Documents come from the module's
 * LevelDB packs, decoded by the test and served as JSON. As in Foundry, `get(id)` only returns
 * documents already loaded by `getDocuments`/`getDocument`.
 * @module harness/foundry/packs
 */

import { Collection } from "./collection.mjs";
import { getProperty, setProperty } from "./utils.mjs";

const INDEX_FIELDS = ["name", "img", "type", "sort", "folder"];

/** Foundry's query form: `{field: value}` and `{field__in: [values]}` on top-level fields. */
function matches(source, query) {
  return Object.entries(query).every(([key, wanted]) => {
    if (key.endsWith("__in")) return wanted.includes(source[key.slice(0, -4)]);
    return source[key] === wanted;
  });
}

export class CompendiumCollection extends Collection {
  /**
   * @param {object} metadata  the module.json pack entry plus `id`, `packageName`, `packageType`
   * @param {object[]} sources  the stored documents, embedded ones inline
   */
  constructor(metadata, sources) {
    super();
    this.metadata = Object.freeze({ ...metadata });
    this.locked = true;
    this.index = new Collection();
    this.sources = sources;
  }

  get collection() {
    return this.metadata.id;
  }

  get documentName() {
    return this.metadata.type;
  }

  get documentClass() {
    return CONFIG[this.documentName].documentClass;
  }

  #load(source) {
    let doc = super.get(source._id);
    if (!doc) {
      doc = new this.documentClass(source, { pack: this.collection });
      this.set(doc.id, doc);
    }
    return doc;
  }

  /** @param {{fields?: string[]}} [options]  extra dotted fields to index */
  async getIndex({ fields = [] } = {}) {
    for (const source of this.sources) {
      const entry = { _id: source._id, uuid: `Compendium.${this.collection}.${this.documentName}.${source._id}` };
      for (const field of [...INDEX_FIELDS, ...fields]) {
        const value = getProperty(source, field);
        if (value !== undefined) setProperty(entry, field, structuredClone(value));
      }
      this.index.set(entry._id, entry);
    }
    return this.index;
  }

  async getDocuments(query = {}) {
    return this.sources.filter((s) => matches(s, query)).map((s) => this.#load(s));
  }

  async getDocument(id) {
    const source = this.sources.find((s) => s._id === id);
    return source ? this.#load(source) : undefined;
  }
}
