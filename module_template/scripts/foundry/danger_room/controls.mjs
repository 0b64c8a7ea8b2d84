/**
 * The Danger Room's Turn steps (DR-R07) off the macro bar: keys (`game.keybindings`, Game
 * Settings → Configure Controls) and buttons in the Combat tracker. Both call the very API
 * methods the shipped macros call (`register.mjs` `DANGER_ROOM`), which check who may do what;
 * the macros stay for hotbars. Keys act, as the macros do, for the selected token's fighter; a
 * tracker row's buttons for that row's Combatant.
 *
 * Who sees which button: a row's Pick (until its card is revealed) and Wait (on its turn, once
 * the round is ordered, until it has Waited) to the Combatant's owners; Reveal Speeds and End
 * the Turn to a GM. Their keys are `restricted` ("only a GM can edit and execute this Action").
 * @module foundry/danger_room/controls
 */

import { MODULE_ID } from "../../config.mjs";
import { onRenderCombatTracker } from "../compat.mjs";
import { roundFlag } from "./commit.mjs";
import { endTurn, pickCard, revealSpeeds, wait } from "./turn.mjs";

/**
 * One Turn step: the action name of its key (and button), its lang keys (the key's name and hint
 * in Configure Controls, the button's label), its default key (a `KeyboardEvent.code`, with Shift
 * so that none of Foundry's own bindings is shadowed), whether only a GM may use it, and the API
 * method it runs for a Combatant (none: the selected token's).
 * @typedef {{action: string, name: string, hint: string, label: string, key: string,
 *   restricted: boolean, run: (combatant?: Combatant) => Promise<unknown>}} Step
 */

/** @type {ReadonlyArray<Readonly<Step>>} */
export const STEPS = Object.freeze([
  {
    action: "pickCard", key: "KeyP", restricted: false, run: pickCard,
    name: "RULEPACK.DangerRoom.Control.Pick.Name", hint: "RULEPACK.DangerRoom.Control.Pick.Hint",
    label: "RULEPACK.DangerRoom.Control.Pick.Button"
  },
  {
    action: "revealSpeeds", key: "KeyR", restricted: true, run: () => revealSpeeds(),
    name: "RULEPACK.DangerRoom.Control.Reveal.Name", hint: "RULEPACK.DangerRoom.Control.Reveal.Hint",
    label: "RULEPACK.DangerRoom.Control.Reveal.Button"
  },
  {
    action: "wait", key: "KeyH", restricted: false, run: wait,
    name: "RULEPACK.DangerRoom.Control.Wait.Name", hint: "RULEPACK.DangerRoom.Control.Wait.Hint",
    label: "RULEPACK.DangerRoom.Control.Wait.Button"
  },
  {
    action: "endTurn", key: "KeyE", restricted: true, run: () => endTurn(),
    name: "RULEPACK.DangerRoom.Control.EndTurn.Name", hint: "RULEPACK.DangerRoom.Control.EndTurn.Hint",
    label: "RULEPACK.DangerRoom.Control.EndTurn.Button"
  }
].map((step) => Object.freeze(step)));

/**
 * A step by its action name.
 * @param {string} action
 * @returns {Readonly<Step>}
 */
function stepOf(action) {
  const found = STEPS.find((step) => step.action === action);
  if ( !found ) throw new Error(`${MODULE_ID} | no Danger Room step ${action}`);
  return found;
}

/* -------------------------------------------- */
/*  Keys                                        */
/* -------------------------------------------- */

/**
 * Register one key per step (on `init`: Foundry refuses a keybinding registered later). A key
 * runs its step for the selected token, as the macro does; the API method reports its own
 * refusals, so the key always counts as handled.
 */
export function registerKeybindings() {
  for ( const step of STEPS ) {
    game.keybindings.register(MODULE_ID, step.action, {
      name: step.name,
      hint: step.hint,
      editable: [{ key: step.key, modifiers: ["Shift"] }],
      restricted: step.restricted,
      onDown: () => {
        void step.run();
        return true;
      }
    });
  }
}

/* -------------------------------------------- */
/*  Combat tracker                              */
/* -------------------------------------------- */

/**
 * A control button of the tracker, labelled from lang (text, never HTML).
 * @param {string} action
 * @param {string} [combatantId]
 * @returns {HTMLButtonElement}
 */
function button(action, combatantId) {
  const { label, hint } = stepOf(action);
  const element = document.createElement("button");
  element.type = "button";
  element.className = "rulepack-tracker-control";
  element.dataset.rulepackStep = action;
  if ( combatantId ) element.dataset.combatantId = combatantId;
  element.textContent = game.i18n.localize(label);
  element.title = game.i18n.localize(hint);
  // On the button itself: v13 keeps the tracker's element across renders, v12 replaces it.
  element.addEventListener("click", (event) => onClick(event, action, combatantId));
  return element;
}

/**
 * The steps a row's owner may take for its Combatant now: Pick until the card is revealed, Wait
 * on its turn of an ordered round until it has Waited.
 * @param {Combat} combat
 * @param {Combatant} combatant
 * @returns {string[]}
 */
export function rowSteps(combat, combatant) {
  if ( !combatant.isOwner ) return [];
  const steps = [];
  if ( !roundFlag(combat, combatant, "reveal") ) steps.push("pickCard");
  const ordered = combat.getFlag(MODULE_ID, "order")?.round === combat.round;
  if ( ordered && (combat.combatant === combatant) && !roundFlag(combat, combatant, "wait") ) steps.push("wait");
  return steps;
}

/**
 * Add the controls to one render of the tracker (Foundry re-renders it whole on every change,
 * so they are added each time): a bar of the GM's steps before the list, and each row's own.
 * @param {Combat} combat
 * @param {HTMLElement} root
 */
function addControls(combat, root) {
  for ( const old of root.querySelectorAll(".rulepack-tracker-controls") ) old.remove();
  if ( game.user?.isGM ) {
    const bar = document.createElement("div");
    bar.className = "rulepack-tracker-controls rulepack-tracker-turn";
    bar.append(button("revealSpeeds"), button("endTurn"));
    const list = root.querySelector("li.combatant")?.parentElement;
    if ( list ) list.before(bar);
    else root.append(bar);
  }
  for ( const row of root.querySelectorAll("li.combatant[data-combatant-id]") ) {
    const id = /** @type {HTMLElement} */ (row).dataset.combatantId ?? "";
    const combatant = combat.combatants.get(id);
    const steps = combatant ? rowSteps(combat, combatant) : [];
    if ( !steps.length ) continue;
    const controls = document.createElement("div");
    controls.className = "rulepack-tracker-controls";
    controls.append(...steps.map((action) => button(action, id)));
    row.append(controls);
  }
}

/**
 * Run a control's step for its row's Combatant (none for the GM's bar); the API method reports
 * its own refusals.
 * @param {MouseEvent} event
 * @param {string} action
 * @param {string} [combatantId]
 */
function onClick(event, action, combatantId) {
  event.preventDefault();
  event.stopPropagation();
  const combatant = combatantId ? game.combat?.combatants.get(combatantId) : undefined;
  if ( combatantId && !combatant ) return;
  void stepOf(action).run(combatant);
}

/**
 * Show the controls in the tracker of a started Combat, on every render (call once, on `init`).
 */
export function registerTrackerControls() {
  onRenderCombatTracker((combat, root) => {
    if ( !combat || (combat !== game.combat) || !combat.started ) return;
    addControls(combat, root);
  });
}
