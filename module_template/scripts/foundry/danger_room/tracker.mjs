/**
 * The Combat tracker of a fight the Danger Room runs: the acting order comes from the engine's
 * `turn_order` on the published Speeds and the Waits (`order.mjs`), written as initiative
 * values, and the round ends with "End the Turn" (conditions and defences run out). The
 * tracker's own controls would bypass both: Roll All and a combatant's Roll rewrite initiative
 * with random d20s, Reset clears it, Next Round skips the end of the Turn, and a player's End
 * Turn moves on a fighter that neither played its card nor Waited. So, for a combat the module
 * has ordered, those updates are refused on the client that makes them (`preUpdateCombat` and
 * `preUpdateCombatant` returning false, with a warning), unless the module makes them itself
 * (its updates carry `OWN_UPDATE`). The GM may still move the tracker from one fighter's turn to
 * the next.
 * @module foundry/danger_room/tracker
 */

import { MODULE_ID } from "../../config.mjs";
import * as notices from "../notices.mjs";

/** The update option that marks the module's own order, Wait and end-of-Turn updates. */
export const OWN_UPDATE = Object.freeze({ [MODULE_ID]: true });

/**
 * Whether the Danger Room runs this combat's order (it has ordered a round of it).
 * @param {Combat|null} combat
 * @returns {boolean}
 */
function run(combat) {
  return Boolean(combat?.getFlag(MODULE_ID, "order"));
}

/**
 * Whether an update is the module's own.
 * @param {Record<string, unknown>|undefined} options
 * @returns {boolean}
 */
function own(options) {
  return options?.[MODULE_ID] === true;
}

/**
 * Refuse a tracker change, saying what to use instead.
 * @returns {false}
 */
function refuse() {
  notices.warn(game.i18n.localize("RULEPACK.DangerRoom.TrackerGuarded"));
  return false;
}

/**
 * Whether a Combat update would change the order or the round behind the module's back: any
 * initiative in it, another round, or (for a player) another turn. (Next Turn sends the round
 * it stays in.)
 * @param {Combat} combat
 * @param {Record<string, any>} changes
 * @returns {boolean}
 */
function overrides(combat, changes) {
  const initiative = Array.isArray(changes.combatants) && changes.combatants.some((c) => c && ("initiative" in c));
  const round = ("round" in changes) && (changes.round !== combat.round);
  const turn = ("turn" in changes) && (changes.turn !== combat.turn) && !game.user?.isGM;
  return initiative || round || turn;
}

/**
 * Guard the tracker of the fights the module runs (call once, on `init`).
 */
export function registerTrackerGuard() {
  Hooks.on("preUpdateCombat", (/** @type {Combat} */ combat, /** @type {Record<string, any>} */ changes,
    /** @type {Record<string, unknown>} */ options) => {
    if ( !run(combat) || own(options) || !overrides(combat, changes) ) return true;
    return refuse();
  });
  Hooks.on("preUpdateCombatant", (/** @type {Combatant} */ combatant, /** @type {Record<string, any>} */ changes,
    /** @type {Record<string, unknown>} */ options) => {
    if ( !run(combatant.parent) || own(options) || !("initiative" in changes) ) return true;
    return refuse();
  });
}
