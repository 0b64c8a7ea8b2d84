/**
 * Stand-in for `game.keybindings` (ClientKeybindings) and the keyboard manager that runs them,
 * as Foundry v12/v13 do:
 * - `register(namespace, action, data)` only until the bindings are initialized after `init`
 *   ("You cannot register a Keybinding after the init hook"), with both a namespace and an action,
 *   `editable`/`uneditable` arrays of `{key, modifiers}` whose `key` is a `KeyboardEvent.code`,
 *   none of the protected keys, and modifiers among "Control", "Shift", "Alt"
 *   (v12 https://foundryvtt.com/api/v12/classes/client.ClientKeybindings.html,
 *   https://foundryvtt.com/api/v12/interfaces/foundry.types.KeybindingActionConfig.html,
 *   v12 https://foundryvtt.com/api/v12/classes/client.KeyboardManager.html `MODIFIER_KEYS`,
 *   `PROTECTED_KEYS`);
 * - a `keydown` on the window runs the actions bound to its `code` whose modifiers are exactly
 *   the ones held (Control counts the OS key too), skipping a `restricted` action for a user who
 *   is not a GM ("only a GM can edit and execute this Action") and a repeated key unless the
 *   action allows `repeat`; the first whose `onDown(context)` returns true consumes the event.
 * Not modelled: user-edited bindings (stored in the client setting `core.keybindings`),
 * precedence between actions, `onUp`, `reservedModifiers`.
 * @module harness/foundry/keybindings
 */

/** KeyboardManager.MODIFIER_KEYS values. */
const MODIFIERS = Object.freeze(["Control", "Shift", "Alt"]);
/** KeyboardManager.PROTECTED_KEYS: keys no binding may use. */
const PROTECTED = Object.freeze(["F5", "F11", "F12", "PrintScreen", "ScrollLock", "NumLock", "CapsLock"]);

function validBindings(values, label) {
  if (!Array.isArray(values)) throw new Error(`${label}: the keybindings must be an array`);
  return values.map((binding) => {
    if (!binding?.key || typeof binding.key !== "string") throw new Error("Each KeybindingActionBinding must contain a valid key designation");
    if (PROTECTED.includes(binding.key)) throw new Error(`The ${binding.key} key is protected and cannot be bound`);
    const modifiers = binding.modifiers ?? [];
    for (const modifier of modifiers) {
      if (!MODIFIERS.includes(modifier)) throw new Error(`Keybinding modifier ${modifier} is not one of ${MODIFIERS.join(", ")}`);
    }
    return { key: binding.key, modifiers: [...modifiers] };
  });
}

/** The modifiers a keyboard event holds, as KeyboardManager reads them. */
function heldModifiers(event) {
  const held = [];
  if (event.ctrlKey || event.metaKey) held.push("Control");
  if (event.shiftKey) held.push("Shift");
  if (event.altKey) held.push("Alt");
  return held;
}

export class ClientKeybindings {
  constructor() {
    /** @type {Map<string, object>} `<namespace>.<action>` → its config */
    this.actions = new Map();
    /** Null until `initialize`, as Foundry's: registering is refused once it is set. */
    this.bindings = null;
    this.listening = false;
  }

  register(namespace, action, data) {
    if (this.bindings) throw new Error("You cannot register a Keybinding after the init hook");
    if (!namespace || !action) throw new Error("You must specify both the namespace and action portion of the Keybinding action");
    const id = `${namespace}.${action}`;
    this.actions.set(id, {
      ...data, action: id, namespace, repeat: data.repeat ?? false, restricted: data.restricted ?? false,
      editable: validBindings(data.editable ?? [], id), uneditable: validBindings(data.uneditable ?? [], id),
    });
  }

  /** After `init`: the bindings by key; from now on `register` throws. Listens once per page. */
  initialize() {
    this.bindings = new Map();
    for (const config of this.actions.values()) {
      for (const binding of [...config.uneditable, ...config.editable]) {
        this.bindings.set(binding.key, [...(this.bindings.get(binding.key) ?? []), { ...binding, config }]);
      }
    }
    if (!this.listening) window.addEventListener("keydown", (event) => this.handle(event));
    this.listening = true;
  }

  /** KeyboardManager's dispatch of one key down (see the module comment). */
  handle(event) {
    if (!this.bindings) return;
    const held = heldModifiers(event);
    const context = { event, key: event.code, up: false, repeat: event.repeat, modifiers: held,
      isShift: held.includes("Shift"), isControl: held.includes("Control"), isAlt: held.includes("Alt") };
    const matching = (this.bindings.get(event.code) ?? []).filter((binding) => (
      binding.modifiers.length === held.length && binding.modifiers.every((m) => held.includes(m))));
    for (const { config } of matching) {
      if (config.restricted && !game.user?.isGM) continue;
      if (context.repeat && !config.repeat) continue;
      if (config.onDown?.({ ...context, action: config.action }) === true) {
        event.preventDefault();
        return;
      }
    }
  }
}
