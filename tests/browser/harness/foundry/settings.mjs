/**
 * Stand-in for `game.settings`: registered settings only, as Foundry refuses unknown ones. A
 * setting's scope is "world" or "client" (v13 adds "user"); a `world` setting is kept in the
 * world and only a user with SETTINGS_MODIFY (by default an Assistant GM or GM) may change it
 * (v12 https://foundryvtt.com/api/v12/classes/client.ClientSettings.html, `Setting` documents'
 * permission); a setting with `choices` takes one of them.
 * @module harness/foundry/settings
 */

/** CONST.USER_ROLES.ASSISTANT: the default role of the SETTINGS_MODIFY permission. */
const SETTINGS_MODIFY_ROLE = 3;

export class ClientSettings {
  constructor(generation = 12) {
    /** @type {Map<string, {config: object, value: unknown}>} */
    this.settings = new Map();
    this.scopes = generation >= 13 ? ["world", "client", "user"] : ["world", "client"];
  }

  register(namespace, key, config = {}) {
    const scope = config.scope ?? "client";
    if (!this.scopes.includes(scope)) throw new Error(`Invalid scope "${scope}" for setting ${namespace}.${key}`);
    this.settings.set(`${namespace}.${key}`, { config: { ...config, scope }, value: structuredClone(config.default) });
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
    const { scope, choices } = entry.config;
    if ((scope === "world") && ((globalThis.game?.user?.role ?? 0) < SETTINGS_MODIFY_ROLE)) {
      throw new Error(`User ${globalThis.game?.user?.name} lacks permission to modify the world setting ${namespace}.${key}`);
    }
    if (choices && !Object.hasOwn(choices, String(value))) {
      throw new Error(`${namespace}.${key}: ${JSON.stringify(value)} is not one of its choices`);
    }
    entry.value = structuredClone(value);
    // Foundry calls it as the Setting document changes: (value, options, userId).
    entry.config.onChange?.(structuredClone(entry.value), {}, globalThis.game?.user?.id ?? null);
    return entry.value;
  }
}
