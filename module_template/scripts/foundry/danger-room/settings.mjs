/**
 * The module's rules_config as the Danger Room adapters read it. The same scripts ship in every
 * module, whose generated `RULES_CONFIG` has another engine's keys, so the Danger Room keys are
 * read off a plain record (the rules core checks every one of them when it runs).
 * @module foundry/danger-room/settings
 */

import { RULES_CONFIG } from "../../config.mjs";

/** @type {Readonly<Record<string, any>>} */
export const DR_CONFIG = RULES_CONFIG;
