/**
 * The declaration window of one side's roll (FW-R02, FW-R03, FW-R06, FW-G07, FW-G09): the
 * Approach, the skill and the Supernatural Power used, and how many power bonuses to spend,
 * declared before the dice are rolled. The attacker answers it on their client; the defender's
 * owner answers the defence on theirs (`defence.mjs`). A `DialogV2.wait` form; all text is
 * escaped, values are ids.
 * @module foundry/fate_wounds/windows
 */

import { DIALOG_WIDTH } from "../forms.mjs";
import { escapeHtml } from "../html.mjs";
import { oddsSlot } from "../odds-view.mjs";
import { scaleLabel } from "../../rules/fate_wounds/ladder.mjs";
import { engineSettings } from "./engine.mjs";
import { signed } from "./summary.mjs";
import { approachName, disadvantageText } from "./text.mjs";

/**
 * What the window shows.
 * @typedef {object} DeclareSpec
 * @property {"attack"|"defence"} side
 * @property {string} heading            localised, plain text
 * @property {Record<string, any>} character  the engine character declaring
 * @property {number} disadvantage       the character's Disadvantage level (FW-R13)
 */

/**
 * A declaration as the rules take it (FW-R06, FW-G09), or null for no defence.
 * @typedef {{approach: string, skill: string|null, power: string|null, power_bonuses: number}} Declaration
 */

/**
 * `<option>`s of (value, label) pairs.
 * @param {[string, string][]} options
 * @returns {string}
 */
function optionsHtml(options) {
  return options.map(([value, label]) => `<option value="${escapeHtml(value)}">${escapeHtml(label)}</option>`).join("");
}

/**
 * A labelled form row around a select.
 * @param {string} name
 * @param {string} label  localised
 * @param {[string, string][]} options
 * @returns {string}
 */
function selectRow(name, label, options) {
  return `<div class="form-group"><label>${escapeHtml(label)}</label>`
    + `<div class="form-fields"><select name="${name}">${optionsHtml(options)}</select></div></div>`;
}

/**
 * The approaches with the character's best first (the one most rolls use), then the rest in the
 * config's order.
 * @param {string[]} approaches
 * @param {Record<string, number>} rated
 * @returns {string[]}
 */
export function bestFirst(approaches, rated) {
  const best = approaches.reduce((top, id) => ((rated[id] ?? 0) > (rated[top] ?? 0) ? id : top), approaches[0]);
  return [best, ...approaches.filter((id) => id !== best)];
}

/**
 * "Forceful +2 (Great)": a rated term with its ladder label.
 * @param {string} name
 * @param {number} value
 * @param {"result"|"skill"} scale
 * @returns {string}
 */
export function rated(name, value, scale) {
  return game.i18n.format("RULEPACK.FateWounds.Rated", { name, value: signed(value), label: scaleLabel(engineSettings(), scale, value) });
}

/**
 * The window's form: approach, skill, power, bonuses.
 * @param {DeclareSpec} spec
 * @returns {string}
 */
function formHtml(spec) {
  const { character } = spec;
  const i18n = game.i18n;
  const approaches = bestFirst(/** @type {string[]} */ (engineSettings().approaches), character.approaches).map((id) => {
    const value = character.approaches[id] ?? 0;
    return /** @type {[string, string]} */ ([id, rated(approachName(id), value, "result")]);
  });
  const none = /** @type {[string, string]} */ (["", i18n.localize("RULEPACK.FateWounds.None")]);
  const skills = Object.entries(character.skills).map(([id, value]) => /** @type {[string, string]} */ ([id, rated(id, Number(value), "skill")]));
  const powers = character.powers.map((/** @type {any} */ p) => /** @type {[string, string]} */ ([p.id, rated(p.name ?? p.id, p.rating, "skill")]));
  const left = character.power_bonus_remaining ?? character.power_bonus_pool ?? engineSettings().power_bonus_pool;
  const bonuses = Array.from({ length: left + 1 }, (_, n) => /** @type {[string, string]} */ ([String(n), String(n)]));
  const state = i18n.format("RULEPACK.FateWounds.DeclareState", {
    left, disadvantage: disadvantageText(spec.disadvantage)
  });
  return `<p class="rulepack-heading">${escapeHtml(spec.heading)}</p><p class="rulepack-note">${escapeHtml(state)}</p>`
    + selectRow("approach", i18n.localize("RULEPACK.FateWounds.ApproachLabel"), approaches)
    + (skills.length ? selectRow("skill", i18n.localize("RULEPACK.FateWounds.Skill"), [none, ...skills]) : "")
    + (powers.length ? selectRow("power", i18n.localize("RULEPACK.FateWounds.Power"), [none, ...powers]) : "")
    + selectRow("power_bonuses", i18n.localize("RULEPACK.FateWounds.Bonuses"), bonuses);
}

/**
 * A form's first value of each field.
 * @param {HTMLFormElement|null} form
 * @returns {Record<string, string>}
 */
export function formValues(form) {
  /** @type {Record<string, string>} */
  const values = {};
  if ( !form ) return values;
  for ( const [name, value] of new FormData(form) ) values[name] ??= String(value);
  return values;
}

/**
 * The declaration of the form's values.
 * @param {Record<string, string>} values
 * @returns {Declaration}
 */
export function declarationOf(values) {
  return {
    approach: values.approach ?? "", skill: values.skill || null, power: values.power || null,
    power_bonuses: Number(values.power_bonuses ?? 0)
  };
}

/**
 * Ask for one side's declaration. The attack window's one button rolls; the defence window's
 * Defend rolls and No defence declines (null, FW-G08: total 0). Closed: undefined. `render`
 * fills the window's live odds once shown (`odds.mjs`).
 * @param {DeclareSpec} spec
 * @param {(event: Event, dialog: HTMLElement | foundry.applications.api.DialogV2) => void} [render]
 * @returns {Promise<Declaration|null|undefined>}
 */
export async function declareWindow(spec, render) {
  const i18n = game.i18n;
  const answer = (/** @type {string} */ action) => async (/** @type {Event} */ _e, /** @type {HTMLButtonElement} */ button) =>
    ({ action, values: formValues(button.form) });
  const buttons = [{ action: "roll", label: spec.side === "attack" ? i18n.localize("RULEPACK.FateWounds.RollAttack") : i18n.localize("RULEPACK.FateWounds.Defend"), default: true, callback: answer("roll") }];
  if ( spec.side === "defence" ) buttons.push({ action: "none", label: i18n.localize("RULEPACK.FateWounds.NoDefence"), default: false, callback: answer("none") });
  const title = spec.side === "attack" ? i18n.localize("RULEPACK.FateWounds.AttackTitle") : i18n.localize("RULEPACK.FateWounds.DefenceTitle");
  const name = spec.side === "attack" ? "rulepack-dialog-fate_wounds-attack" : "rulepack-dialog-fate_wounds-defence";
  const result = /** @type {{action: string, values: Record<string, string>}|null} */ (await foundry.applications.api.DialogV2.wait({
    classes: [name], position: { width: DIALOG_WIDTH }, window: { title }, content: formHtml(spec) + (render ? oddsSlot() : ""), render, buttons, rejectClose: false
  }));
  if ( !result ) return undefined;
  return result.action === "none" ? null : declarationOf(result.values);
}
