/**
 * The Hazard Dice part of the module API, `game.modules.get(id).api.hazard_location` (present in
 * hazard_location modules only): what the shipped Attack and Blast macros call.
 * @module foundry/hazard/api
 */

import { attack } from "./attack.mjs";
import { blast } from "./blast.mjs";

/** The attack macro (HZ-R01, HZ-R16) and the blast macro (HZ-R25-R27). */
export const HAZARD_API = Object.freeze({ attack, blast });
