/**
 * The turn on a character's sheet (SDM-R05, SDM-R06, SDM-R13, SDM-G21): the Actions and Minor
 * actions left this turn, what reactions borrowed from the next, damage recorded past 0 HP, and
 * each armour piece's DR and HP, or that it is Broken. The module's actor sheet renders every
 * `system` field generically; this adds the lines a player reads at a glance, as plain text, on
 * every render of a fighter's sheet (`renderActorSheetV2`, which ApplicationV2 calls with the
 * sheet and its element on v12 and v13).
 * @module foundry/sdm_pool/sheet
 */

import { ITEM_TYPES } from "./actors.mjs";
import { MODULE_ID } from "../../config.mjs";

/** The class of the section this adds to the sheet. */
const SECTION = "rulepack-sdm-turn";

/**
 * A sheet's count: the stored value, or 0 when the field was never written.
 * @param {unknown} value
 * @returns {number}
 */
function count(value) {
  return Number.isInteger(value) ? Number(value) : 0;
}

/**
 * The lines of the turn section of `actor`'s sheet.
 * @param {Actor} actor
 * @returns {string[]}
 */
export function sheetLines(actor) {
  const system = /** @type {Record<string, unknown>} */ (actor.system);
  const format = game.i18n.format.bind(game.i18n);
  const lines = [
    format("RULEPACK.Sdm.Sheet.Actions", { actions: count(system.actions_left), minor: count(system.minor_actions_left) }),
    format("RULEPACK.Sdm.Sheet.Borrowed", { actions: count(system.owed_actions), minor: count(system.owed_minor_actions) })
  ];
  if ( count(system.unapplied_damage) > 0 ) lines.push(format("RULEPACK.Sdm.Sheet.Unapplied", { amount: count(system.unapplied_damage) }));
  for ( const item of actor.items ) {
    if ( item.type !== ITEM_TYPES.armor ) continue;
    const armor = /** @type {Record<string, unknown>} */ (item.system);
    const max = count(armor.hp_max);
    const hp = Number.isInteger(armor.hp) ? Number(armor.hp) : max;
    lines.push(hp <= 0 ? format("RULEPACK.Sdm.Sheet.Broken", { name: item.name, max }) : format("RULEPACK.Sdm.Sheet.Armor", { name: item.name, dr: count(armor.dr), hp, max }));
  }
  return lines;
}

/**
 * Put the turn section into a rendered sheet's element (replacing the one of a previous render).
 * @param {Actor} actor
 * @param {HTMLElement} element
 */
export function showTurn(actor, element) {
  element.querySelector(`.${SECTION}`)?.remove();
  const section = document.createElement("section");
  section.className = SECTION;
  const heading = section.appendChild(document.createElement("h3"));
  heading.className = "rulepack-group";
  heading.textContent = game.i18n.localize("RULEPACK.Sdm.Sheet.Heading");
  const list = section.appendChild(document.createElement("ul"));
  for ( const text of sheetLines(actor) ) list.appendChild(document.createElement("li")).textContent = text;
  (element.querySelector(".rulepack-sheet-body") ?? element).append(section);
}

/**
 * Add the turn section to every fighter's sheet as it renders (call once, on `init`).
 */
export function registerSheetTurn() {
  Hooks.on("renderActorSheetV2", (/** @type {any} */ app, /** @type {HTMLElement} */ element) => {
    const actor = app?.document;
    if ( (actor?.type === `${MODULE_ID}.fighter`) && (element instanceof HTMLElement) ) showTurn(actor, element);
  });
}
