/**
 * The Crytures part of the module API, `game.modules.get(id).api.crytures`: what the shipped
 * macros call (a power, initiative, summon and recall, the Battle Montage); the move and shift
 * steps a Combatant's token takes when it is moved on its turn (`movement.mjs`); and the GM's side of
 * a player's card that changes a Combatant the player does not own (`foundry/gm-writes.mjs`):
 * only the fight-state flags the rules write are accepted (`changes.mjs` `WRITABLE`).
 * @module foundry/crytures/register
 */

import { registerGmWrites } from "../gm-writes.mjs";
import { KIND, WRITABLE } from "./changes.mjs";
import { registerRoundHook, rollInitiative } from "./initiative.mjs";
import { battleMontage } from "./montage.mjs";
import { registerMovementHook } from "./movement.mjs";
import { usePower } from "./power.mjs";
import { recall, summon } from "./summon.mjs";

/** The power macro (CR-R04-R12), initiative (CR-R01-R03), summon and recall (CR-G19), the montage (CR-R13). */
export const CRYTURES_API = Object.freeze({ usePower, rollInitiative, summon, recall, battleMontage });

/** @typedef {typeof CRYTURES_API} RulesetApi */

/**
 * Whether a relayed change is one the Crytures rules make: a fight-state flag of a Combatant.
 * @param {foundry.abstract.Document} document
 * @param {string} path
 * @returns {boolean}
 */
function allowed(document, path) {
  const paths = /** @type {Record<string, readonly string[]>} */ (WRITABLE)[document.documentName] ?? [];
  return paths.includes(path);
}

/**
 * This ruleset's part of the module API, and the GM's side of its relayed writes.
 * @param {import("../../main.mjs").CoreApi} _core
 * @returns {RulesetApi}
 */
export function register(_core) {
  registerGmWrites(KIND, { allowed });
  registerRoundHook();
  registerMovementHook();
  return CRYTURES_API;
}
