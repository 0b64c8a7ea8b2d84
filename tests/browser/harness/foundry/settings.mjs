/**
 * Stand-in for `game.settings`: registered settings only, as Foundry refuses unknown ones.
 * @module harness/foundry/settings
 */

export class ClientSettings {
  constructor() {
    /** @type {Map<string, {config: object, value: unknown}>} */
    this.settings = new Map();
  }

  register(namespace, key, config = {}) {
    this.settings.set(`${namespace}.${key}`, { config, value: structuredClone(config.default) });
  }

  #entry(namespace, key) {
    const entry = this.settings.get(`${namespace}.${key}`);
    if (!entry) throw new Error(`"${namespace}.${key}" is not a registered game setting`);
    return entry;
  }

  get(namespace, key) {
    return structuredClone(this.#entry(namespace, key).value);
  }

  async set(namespace, key, value) {
    const entry = this.#entry(namespace, key);
    entry.value = structuredClone(value);
    entry.config.onChange?.(entry.value);
    return entry.value;
  }
}
