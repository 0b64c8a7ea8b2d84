/**
 * The Hazard Dice part of the module API, `game.modules.get(id).api.hazard_location`: what the
 * shipped Attack and Blast macros call.
 * @module foundry/hazard_location/register
 */

import { attack } from "./attack.mjs";
import { blast } from "./blast.mjs";

/** The attack macro (HZ-R01, HZ-R16) and the blast macro (HZ-R25-R27). */
export const HAZARD_API = Object.freeze({ attack, blast });

/** @typedef {typeof HAZARD_API} RulesetApi */

/**
 * This ruleset's part of the module API (it adds no hooks).
 * @param {import("../../main.mjs").CoreApi} _core
 * @returns {RulesetApi}
 */
export function register(_core) {
  return HAZARD_API;
}
