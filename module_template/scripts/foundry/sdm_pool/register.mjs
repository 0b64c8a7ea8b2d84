/**
 * The SDM part of the module API, `game.modules.get(id).api.sdm_pool`: what the shipped macros
 * call (an attack per weapon, initiative), the turn lines of a sheet; and the hooks: the start of
 * each turn on the active GM's client, the Opportunity asked of the target's owner over the
 * module socket, the turn section of a fighter's sheet, and the GM's side of a player's attack
 * on a character the player does not own (`foundry/gm-writes.mjs`): only what the rules write
 * back is accepted (a character's HP and turn state, an armour piece's HP).
 * @module foundry/sdm_pool/register
 */

import { registerGmWrites } from "../gm-writes.mjs";
import { attack } from "./attack.mjs";
import { decideDeath, heal, stabilize } from "./care.mjs";
import { KIND, WRITABLE } from "./changes.mjs";
import { rollInitiative } from "./initiative.mjs";
import { registerOpportunity } from "./opportunity.mjs";
import { registerSheetTurn, sheetLines } from "./sheet.mjs";
import { registerTurns, startTurn } from "./turn.mjs";

/**
 * The attack macros (SDM-R08-R13), initiative (SDM-R02, SDM-R03), stabilising (SDM-G20), the
 * GM's heal (SDM-R16) and decision on death (SDM-R15), a turn's start, a sheet's turn.
 */
export const SDM_API = Object.freeze({ attack, rollInitiative, stabilize, heal, decideDeath, startTurn, sheetLines });

/** @typedef {typeof SDM_API} RulesetApi */

/**
 * Whether a relayed change is one the SDM rules make: a listed path of an Actor, or of an Item
 * embedded in one.
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
 * This ruleset's part of the module API, with its hooks.
 * @param {import("../../main.mjs").CoreApi} _core
 * @returns {RulesetApi}
 */
export function register(_core) {
  registerGmWrites(KIND, { allowed });
  registerOpportunity();
  registerTurns();
  registerSheetTurn();
  return SDM_API;
}
