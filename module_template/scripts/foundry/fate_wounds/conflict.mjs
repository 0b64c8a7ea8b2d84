/**
 * The GM's conflict macros (FW-G03, FW-G07, FW-G12): a new conflict refills every fighter's power
 * bonuses (`power_bonus_refresh: conflict`) and orders the turns (by Quick in a physical
 * conflict, Careful in a mental one); the end of a conflict applies the configured recovery
 * (`recovery: none` clears nothing). Both run the engine's rule (`start_conflict`,
 * `end_conflict`) over the fighters of the viewed Combat, write what it changed and post a card
 * with Undo. Only a GM may: they change every fighter's sheet.
 * @module foundry/fate_wounds/conflict
 */

import { MODULE_ID } from "../../config.mjs";
import { DIALOG_WIDTH } from "../forms.mjs";
import { escapeHtml } from "../html.mjs";
import { characterIds, readFighter } from "./actors.mjs";
import { applyAndPost, documentChanges } from "./changes.mjs";
import { readOrWarn, runRule } from "./engine.mjs";
import { outcomeLines } from "./summary.mjs";
import * as notices from "../notices.mjs";

/**
 * @typedef {import("./actors.mjs").Fighter} Fighter
 */

/**
 * Show a warning and stop.
 * @param {string} message  localised
 * @returns {undefined}
 */
function refuse(message) {
  notices.warn(message);
  return undefined;
}

/**
 * The fighters of the viewed Combat, each actor once, in the tracker's order; null (with a
 * warning) when there are none or this user is not a GM.
 * @returns {Fighter[]|null}
 */
function combatFighters() {
  const i18n = game.i18n;
  if ( !game.user?.isGM ) return refuse(i18n.localize("RULEPACK.FateWounds.GmOnly")) ?? null;
  /** @type {Actor[]} */
  const actors = [];
  for ( const combatant of game.combat?.combatants ?? [] ) {
    const actor = combatant.actor;
    if ( actor && (actor.type === `${MODULE_ID}.fighter`) && !actors.includes(actor) ) actors.push(actor);
  }
  if ( !actors.length ) return refuse(i18n.localize("RULEPACK.FateWounds.NoFighters")) ?? null;
  const ids = characterIds(actors);
  return readOrWarn(() => actors.map((actor, i) => readFighter(actor, ids[i])));
}

/**
 * Ask whether the conflict is physical or mental (FW-G03); null when closed.
 * @returns {Promise<string|null>}
 */
async function askConflict() {
  const i18n = game.i18n;
  const options = [["physical", i18n.localize("RULEPACK.FateWounds.Physical")], ["mental", i18n.localize("RULEPACK.FateWounds.Mental")]]
    .map(([value, label]) => `<option value="${value}">${escapeHtml(label)}</option>`).join("");
  const answer = await foundry.applications.api.DialogV2.wait({
    classes: ["rulepack-dialog-fate_wounds-conflict"], position: { width: DIALOG_WIDTH },
    window: { title: i18n.localize("RULEPACK.FateWounds.StartTitle") },
    content: `<div class="form-group"><label>${escapeHtml(i18n.localize("RULEPACK.FateWounds.ConflictKind"))}</label>`
      + `<div class="form-fields"><select name="conflict">${options}</select></div></div>`,
    buttons: [{
      action: "start", label: i18n.localize("RULEPACK.FateWounds.StartButton"), default: true,
      callback: async (/** @type {Event} */ _e, /** @type {HTMLButtonElement} */ button) => String(new FormData(button.form ?? undefined).get("conflict") ?? "")
    }],
    rejectClose: false
  });
  return typeof answer === "string" ? answer : null;
}

/**
 * Run a conflict rule over the fighters, write what it changed and post its card.
 * @param {Fighter[]} fighters
 * @param {string} rule
 * @param {Record<string, unknown>} input  without `characters`
 * @param {(state: any) => string[]} heading  the card's first lines
 * @param {string} title
 * @returns {Promise<ChatMessage|undefined>}
 */
async function post(fighters, rule, input, heading, title) {
  const { call, result } = runRule(rule, { ...input, characters: fighters.map((f) => f.character) });
  if ( result.error ) return refuse(game.i18n.format("RULEPACK.Error.RuleFailed", { message: result.error.message }));
  const state = /** @type {any} */ (result.state);
  /** @type {Record<string, string>} */
  const columns = {};
  for ( const f of fighters ) for ( const c of f.character.wound_track?.columns ?? [] ) columns[c.id] = c.label;
  const names = { characters: Object.fromEntries(fighters.map((f) => [f.character.id, f.name])), columns };
  const summary = [...heading(state), ...outcomeLines(result.events, names, {})];
  return applyAndPost(documentChanges(fighters, state.characters), { title, call, result, summary });
}

/**
 * GM: start a conflict among the viewed Combat's fighters.
 * @returns {Promise<ChatMessage|undefined>}
 */
export async function startConflict() {
  const fighters = combatFighters();
  if ( !fighters ) return undefined;
  const conflict = await askConflict();
  if ( !conflict ) return undefined;
  const name = (/** @type {string} */ id) => fighters.find((f) => f.character.id === id)?.name ?? id;
  const heading = (/** @type {any} */ state) => [game.i18n.format("RULEPACK.FateWounds.Summary.Order", { order: state.order.map(name).join(", ") })];
  return post(fighters, "start_conflict", { conflict, tie_order: null }, heading, game.i18n.localize("RULEPACK.FateWounds.StartCard"));
}

/**
 * GM: end the conflict of the viewed Combat's fighters (the configured recovery, FW-G12).
 * @returns {Promise<ChatMessage|undefined>}
 */
export async function endConflict() {
  const fighters = combatFighters();
  if ( !fighters ) return undefined;
  const heading = () => [game.i18n.localize("RULEPACK.FateWounds.Summary.Ended")];
  return post(fighters, "end_conflict", {}, heading, game.i18n.localize("RULEPACK.FateWounds.EndCard"));
}
