/**
 * Stand-in for `game.i18n`, backed by the module's real language files.
 * `format` substitutes like Foundry's: `{name}` → `String(data.name)`, once, with no escaping.
 * @module harness/foundry/i18n
 */

import { flattenObject } from "./utils.mjs";

export class Localization {
  constructor(lang = "en") {
    this.lang = lang;
    /** @type {Record<string, unknown>} flat keys → strings */
    this.translations = {};
  }

  /**
   * Load language files in order (later ones override earlier keys, as Foundry merges them).
   * @param {string[]} urls
   */
  async load(urls) {
    for (const url of urls) {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`i18n: ${url} answered ${response.status}`);
      Object.assign(this.translations, flattenObject(await response.json()));
    }
  }

  has(key) {
    return typeof this.translations[key] === "string";
  }

  /** @returns {string} the translation, or the key itself when there is none (as Foundry) */
  localize(key) {
    return this.has(key) ? this.translations[key] : key;
  }

  format(key, data = {}) {
    return this.localize(key).replace(/{[^}]+}/g, (k) => data[k.slice(1, -1)]);
  }
}
