/**
 * The module's settings (Game Settings → Configure Settings → the module): what players see of
 * a card, and the roll mode cards post with. Registered on `init`, read when a card is posted or
 * rendered. Foundry keeps `world` settings in the world (only a GM or Assistant may change them)
 * and `client` settings in each browser.
 * @module foundry/settings
 */

import { MODULE_ID } from "../config.mjs";

/** The setting keys, as `game.settings.get(MODULE_ID, key)` reads them. */
export const SETTINGS = Object.freeze({
  playerTrace: "playerTrace",
  playerChanges: "playerChanges",
  cardRollMode: "cardRollMode"
});

/**
 * The roll modes a card may post with ("" follows the chat log's roll-mode selector), each with
 * the lang key Foundry's settings window localizes as its label.
 * @type {ReadonlyArray<{value: string, label: string}>}
 */
const ROLL_MODES = Object.freeze([
  { value: "", label: "RULEPACK.Settings.RollMode.Chat" },
  { value: "publicroll", label: "RULEPACK.Settings.RollMode.Public" },
  { value: "gmroll", label: "RULEPACK.Settings.RollMode.Gm" },
  { value: "blindroll", label: "RULEPACK.Settings.RollMode.Blind" },
  { value: "selfroll", label: "RULEPACK.Settings.RollMode.Self" }
]);

/**
 * Register the settings (once, on `init`; Foundry localizes each `name`, `hint` and choice).
 */
export function registerSettings() {
  game.settings.register(MODULE_ID, SETTINGS.playerTrace, {
    name: "RULEPACK.Settings.PlayerTrace.Name", hint: "RULEPACK.Settings.PlayerTrace.Hint",
    scope: "world", config: true, type: Boolean, default: true
  });
  game.settings.register(MODULE_ID, SETTINGS.playerChanges, {
    name: "RULEPACK.Settings.PlayerChanges.Name", hint: "RULEPACK.Settings.PlayerChanges.Hint",
    scope: "world", config: true, type: Boolean, default: true
  });
  game.settings.register(MODULE_ID, SETTINGS.cardRollMode, {
    name: "RULEPACK.Settings.RollMode.Name", hint: "RULEPACK.Settings.RollMode.Hint",
    scope: "client", config: true, type: String, default: "",
    choices: Object.fromEntries(ROLL_MODES.map(({ value, label }) => [value, label]))
  });
}

/**
 * Whether this user sees a card's rules trace and its Changes list: a GM always, a player as
 * the world's settings say. (What a player may see is a matter of reading: the message's flags
 * hold both either way, as every client's copy of a message does.)
 * @returns {{trace: boolean, changes: boolean}}
 */
export function cardVisibility() {
  if ( game.user?.isGM ) return { trace: true, changes: true };
  return {
    trace: game.settings.get(MODULE_ID, SETTINGS.playerTrace) !== false,
    changes: game.settings.get(MODULE_ID, SETTINGS.playerChanges) !== false
  };
}

/**
 * The roll mode this user's cards post with: the module's setting, else the chat log's.
 * @returns {string}
 */
export function cardRollMode() {
  const chosen = String(game.settings.get(MODULE_ID, SETTINGS.cardRollMode) ?? "");
  if ( chosen && ROLL_MODES.some(({ value }) => value === chosen) ) return chosen;
  return String(game.settings.get("core", "rollMode") ?? "roll");
}
