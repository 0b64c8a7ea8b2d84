/**
 * The Hazard Dice part of the module API, `game.modules.get(id).api.hazard_location`: what the
 * shipped Attack and Blast macros call; and the GM's side of a player's attack on a character
 * the player does not own (`foundry/gm-writes.mjs`): only what the attack and blast rules write
 * back is accepted (Current Stamina and Injuries of an Actor, Current AV and Current DV of its
 * Items); and each client's part of an attack another client began (`rollers.mjs`: the defence
 * and the dice of the character struck, the GM's table).
 * @module foundry/hazard_location/register
 */

import { registerGmWrites } from "../gm-writes.mjs";
import { attack } from "./attack.mjs";
import { blast } from "./blast.mjs";
import { KIND, WRITABLE } from "./changes.mjs";
import { registerRollers } from "./rollers.mjs";
import { registerHazardSettings } from "./settings.mjs";

/** The attack macro (HZ-R01, HZ-R16) and the blast macro (HZ-R25-R27). */
export const HAZARD_API = Object.freeze({ attack, blast });

/** @typedef {typeof HAZARD_API} RulesetApi */

/**
 * Whether a relayed change is one the attack and blast rules make.
 * @param {foundry.abstract.Document} document
 * @param {string} path
 * @returns {boolean}
 */
function allowed(document, path) {
  const paths = WRITABLE[document.documentName] ?? [];
  const embedded = document.documentName !== "Item" || /** @type {any} */ (document).parent?.documentName === "Actor";
  return embedded && paths.includes(path);
}

/**
 * This ruleset's part of the module API, the GM's side of its relayed writes and the world's
 * metres per hex (`settings.mjs`; called on `init`).
 * @param {import("../../main.mjs").CoreApi} _core
 * @returns {RulesetApi}
 */
export function register(_core) {
  registerHazardSettings();
  registerGmWrites(KIND, { allowed });
  registerRollers();
  return HAZARD_API;
}
