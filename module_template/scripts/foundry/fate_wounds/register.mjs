/**
 * The fate_wounds part of the module API, `game.modules.get(id).api.fate_wounds`: what the
 * shipped Attack, Take an action, New conflict and End conflict macros call; the defender's side of an attack over the
 * module socket (`defence.mjs`); the GM's side of a player's changes to documents the player
 * does not own (`foundry/gm-writes.mjs`: only wound boxes, power bonuses left and the round's
 * action counts are accepted); and the fighter sheet's wound track (`sheet.mjs`).
 * @module foundry/fate_wounds/register
 */

import { registerGmWrites } from "../gm-writes.mjs";
import { act } from "./act.mjs";
import { attack, resolveHere } from "./attack.mjs";
import { endConflict, startConflict } from "./conflict.mjs";
import { KIND, allowed, storeDefaults } from "./changes.mjs";
import { registerDefence } from "./defence.mjs";
import { registerSheet, trackHtml } from "./sheet.mjs";

/**
 * The attack macro (FW-R01-R06, FW-R10-R13), the action macro (FW-R01), the GM's conflict
 * macros (FW-G03, FW-G07, FW-G12) and the sheet section.
 */
export const FATE_WOUNDS_API = Object.freeze({ attack, act, startConflict, endConflict, trackHtml });

/** @typedef {typeof FATE_WOUNDS_API} RulesetApi */

/**
 * This ruleset's part of the module API, its socket handlers and its sheet hook.
 * @param {import("../../main.mjs").CoreApi} _core
 * @returns {RulesetApi}
 */
export function register(_core) {
  registerGmWrites(KIND, { allowed, prepare: storeDefaults });
  registerDefence(resolveHere);
  registerSheet();
  return FATE_WOUNDS_API;
}
