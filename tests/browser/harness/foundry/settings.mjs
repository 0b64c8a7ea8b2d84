/**
 * Stand-in for `game.settings`: registered settings only, as Foundry refuses unknown ones.
 *
 * As Foundry's `ClientSettings`: `register(namespace, key, config)` takes the SettingConfig
 * (`scope` "world" or "client", `choices`, `default`, `onChange`); `get` of an unregistered key
 * throws; `set` stores the value and calls `onChange(value, options, userId)`. A world setting is
 * a `Setting` document on the server: a user without the SETTINGS_MODIFY permission (a player:
 * Foundry grants it to Assistant GMs and up) is refused by the server, so `set` rejects and
 * nothing changes. A value outside `choices` is refused as the setting's field validation does.
 * v12 https://foundryvtt.com/api/v12/classes/client.ClientSettings.html
 * v13 https://foundryvtt.com/api/classes/foundry.helpers.ClientSettings.html
 * https://foundryvtt.com/api/v13/interfaces/foundry.SettingConfig.html
 * @module harness/foundry/settings
 */

/** Foundry's `CONST.USER_ROLES.ASSISTANT`: the least role with SETTINGS_MODIFY by default. */
const ASSISTANT = 3;

export class ClientSettings {
  constructor() {
    /** Foundry's `settings`: each registered SettingConfig by "namespace.key". @type {Map<string, object>} */
    this.settings = new Map();
    /** The stored values (the world's Setting documents, this client's storage). */
    this.values = new Map();
  }

  register(namespace, key, config = {}) {
    const scope = config.scope ?? "client";
    if (!["world", "client", "user"].includes(scope)) throw new Error(`setting ${namespace}.${key}: bad scope ${scope}`);
    const id = `${namespace}.${key}`;
    this.settings.set(id, { ...config, key, namespace, scope });
    this.values.set(id, structuredClone(config.default));
  }

  #entry(namespace, key) {
    const id = `${namespace}.${key}`;
    const config = this.settings.get(id);
    if (!config) throw new Error(`"${id}" is not a registered game setting`);
    return { id, config };
  }

  get(namespace, key) {
    return structuredClone(this.values.get(this.#entry(namespace, key).id));
  }

  async set(namespace, key, value) {
    const { id, config } = this.#entry(namespace, key);
    const { scope, choices, onChange } = config;
    if (scope === "world" && !((game.user?.role ?? 0) >= ASSISTANT)) {
      throw new Error(`User ${game.user?.name} lacks permission to update Setting [${namespace}.${key}]`);
    }
    if (choices && !Object.hasOwn(choices, String(value))) {
      throw new Error(`${namespace}.${key}: ${value} is not a valid choice`);
    }
    this.values.set(id, structuredClone(value));
    onChange?.(structuredClone(value), {}, game.user?.id ?? null);
    return structuredClone(value);
  }

}
