/**
 * The config every Danger Room rule runs with: the module's rules_config with the ruleset's
 * sizes and Visibility levels tables in (`rulesConfig` of the engine's content adapter, DR-G23,
 * DR-G32). The same scripts ship in every module, whose generated `RULES_CONFIG` has another
 * engine's keys, so it is typed as a plain record and built on first use, in Danger Room modules
 * only (the rules core checks every key when it runs).
 * @module foundry/danger_room/settings
 */

import { RULES_CONFIG, RULES_DATA } from "../../config.mjs";
import { rulesConfig } from "../../rules/danger_room/content.mjs";

/** @type {Readonly<Record<string, any>>|null} */
let built = null;

/**
 * The fight's config.
 * @returns {Readonly<Record<string, any>>}
 */
export function fightConfig() {
  built ??= Object.freeze(rulesConfig(RULES_CONFIG, RULES_DATA));
  return built;
}
