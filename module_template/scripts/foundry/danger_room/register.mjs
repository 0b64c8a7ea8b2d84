/**
 * The Danger Room's part of the module API (`game.modules.get(id).api.danger_room`), which the
 * shipped macros call, and the hooks that carry the Turn between clients: a player's client
 * publishes the Speeds of its own picks when the GM reveals them, every client checks each card
 * revealed against its commitment, and the GM's client orders the round once every Speed is in.
 * @module foundry/danger_room/register
 */

import { MODULE_ID } from "../../config.mjs";
import { aftermath } from "./aftermath.mjs";
import { registerKeybindings, registerTrackerControls } from "./controls.mjs";
import { entryFor, readFight } from "./fight.mjs";
import { orderRound, requeue } from "./order.mjs";
import { isActiveGm } from "../gm-requests.mjs";
import { playCard } from "./play.mjs";
import { registerRelay } from "./relay.mjs";
import { registerTrackerGuard } from "./tracker.mjs";
import { cardlessSave, contest, takeBlow } from "./rolls.mjs";
import { moduleItems } from "./sheet.mjs";
import { endTurn, pickCard, publishSpeeds, revealSpeeds, setVisibility, verifyReveal, wait } from "./turn.mjs";
import { report } from "./ui.mjs";

/**
 * What macros reach through `api.danger_room`.
 * @typedef {object} DangerRoomApi
 * @property {(combatant?: Combatant) => Promise<string|undefined>} pickCard  pick the fighter's card in secret
 *   (the given Combatant's, else the selected token's)
 * @property {() => Promise<boolean|undefined>} revealSpeeds GM: reveal the Speeds, order the round
 * @property {(card: string) => Promise<void>} playCard     play a card on the fighter's turn
 * @property {(combatant?: Combatant) => Promise<void>} wait  Wait: drop to the end of the order
 * @property {() => Promise<void>} endTurn                  GM: end the Turn, start the next round
 * @property {() => Promise<string|undefined>} setVisibility GM: the location's Visibility
 * @property {() => Promise<void>} cardlessSave             a save without a card
 * @property {() => Promise<void>} contest                  a contest with the targeted fighter
 * @property {() => Promise<void>} takeBlow                 Health lost outside the pipeline, the zero-Health roll
 * @property {() => Promise<JournalEntry|undefined>} aftermath  GM: the aftermath report
 */

/** @type {Readonly<DangerRoomApi>} */
export const DANGER_ROOM = Object.freeze({
  pickCard, revealSpeeds, playCard, wait, endTurn, setVisibility, cardlessSave, contest, takeBlow, aftermath
});

/**
 * Whether an update touched one of this module's flags.
 * @param {Record<string, any>} changes
 * @param {string} key
 * @returns {boolean}
 */
function touched(changes, key) {
  const flags = changes?.flags?.[MODULE_ID];
  return Boolean(flags && (key in flags));
}

/**
 * Run a hook's work; a problem is shown, never left as an unhandled rejection.
 * @param {() => Promise<unknown>} work
 */
function guarded(work) {
  work().catch((err) => {
    try {
      report(err);
    } catch(bug) {
      console.error(`${MODULE_ID} | Danger Room hook`, bug);
    }
  });
}

/**
 * Register the hooks that carry the Turn between clients (call once, on `init`). Each reacts only
 * to another client's change (its own client already did the work): every other client publishes
 * the Speeds of the picks it keeps when the GM reveals them (an Assistant GM's picks too); every
 * client checks a card another reveals; and the active GM's client alone (`game.users.activeGM`:
 * with a GM and an Assistant online, one of them) orders the round once the last Speed is in and
 * re-queues a player's Wait. The updates a player's card leaves arrive over the socket
 * (`relay.mjs`).
 */
export function registerDangerRoomHooks() {
  const remote = (/** @type {unknown} */ userId) => userId !== game.user?.id;
  Hooks.on("updateCombat", (/** @type {Combat} */ combat, /** @type {Record<string, any>} */ changes,
    /** @type {unknown} */ _options, /** @type {unknown} */ userId) => {
    if ( !remote(userId) || combat !== game.combat || !touched(changes, "phase") ) return;
    guarded(async () => publishSpeeds(readFight(combat, await moduleItems())));
  });
  Hooks.on("updateCombatant", (/** @type {Combatant} */ combatant, /** @type {Record<string, any>} */ changes,
    /** @type {unknown} */ _options, /** @type {unknown} */ userId) => {
    const combat = combatant.parent;
    if ( !combat || combat !== game.combat || !remote(userId) ) return;
    if ( touched(changes, "reveal") ) guarded(() => verifyReveal(combatant));
    if ( !isActiveGm() ) return;
    if ( touched(changes, "speed") ) guarded(async () => orderRound(readFight(combat, await moduleItems())));
    if ( touched(changes, "wait") ) {
      guarded(async () => {
        const fight = readFight(combat, await moduleItems());
        await requeue(fight, entryFor(fight, combatant).record.id);
      });
    }
  });
}

/** @typedef {DangerRoomApi} RulesetApi */

/**
 * This ruleset's part of the module API, with the hooks that keep every client's fight in step,
 * and the keys and tracker buttons of the Turn's steps (`controls.mjs`; called on `init`).
 * @param {import("../../main.mjs").CoreApi} _core
 * @returns {RulesetApi}
 */
export function register(_core) {
  registerDangerRoomHooks();
  registerRelay();
  registerTrackerGuard();
  registerKeybindings();
  registerTrackerControls();
  return DANGER_ROOM;
}
