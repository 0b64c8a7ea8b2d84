/**
 * Hazard Dice's world setting (Game Settings → Configure Settings → the module): how many metres
 * one hex of the scene's grid is. The range code counts the hexes between two tokens
 * (`canvas.mjs`) and the engine turns them into metres with `metres_per_hex` (HZ-G32: 10 m by
 * default, the module's rules_config may say otherwise); a GM whose hex map is drawn at another
 * scale sets it here, for every rule that reads a hex length (range, blast radius, the window's
 * "3 hexes (30 m)"). The value runs as the engine's `metres_per_hex`, so every card's "Copy as
 * fixture" carries it and replays exactly. Only a GM or Assistant may change it (a `world`
 * setting), and only to a whole number of metres of at least 1 (catalogue C2).
 * @module foundry/hazard_location/settings
 */

import { MODULE_ID, RULES_CONFIG, RULES_DATA } from "../../config.mjs";
import { engineConfig } from "../../rules/hazard_location/shipped.mjs";
import { RULESETS } from "../../rules/rulesets.mjs";

/** The setting key, as `game.settings.get(MODULE_ID, key)` reads it. */
export const METRES_PER_HEX = "metresPerHex";

/**
 * The module's own `metres_per_hex` (its rules_config, else the engine's default).
 * @returns {number}
 */
function contentMetresPerHex() {
  const own = engineConfig(/** @type {Record<string, any>} */ (RULES_CONFIG), RULES_DATA).metres_per_hex;
  return Number(own ?? RULESETS.hazard_location.CONFIG.metres_per_hex);
}

/**
 * Register the setting (once, on `init`; Foundry localizes its name and hint).
 */
export function registerHazardSettings() {
  game.settings.register(MODULE_ID, METRES_PER_HEX, {
    name: "RULEPACK.Hazard.Settings.MetresPerHex.Name", hint: "RULEPACK.Hazard.Settings.MetresPerHex.Hint",
    scope: "world", config: true, type: Number, default: contentMetresPerHex(),
    range: { min: 1, max: 100, step: 1 }
  });
}

/**
 * Metres per hex for this world: the setting when it is a whole number of at least 1 (the
 * settings window's range keeps it one; a value set through the API may not be), else the
 * module's own.
 * @returns {number}
 */
export function metresPerHex() {
  const value = Number(game.settings.get(MODULE_ID, METRES_PER_HEX));
  return (Number.isSafeInteger(value) && (value >= 1)) ? value : contentMetresPerHex();
}
