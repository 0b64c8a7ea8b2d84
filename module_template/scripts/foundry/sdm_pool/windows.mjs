/**
 * The windows of the SDM macros, each a `DialogV2.wait` form (all text escaped, values ids): the
 * attack window (SDM tier, cover, concealment, whether it is a Counter already paid, a claimed
 * Salvation when the config's trigger is the target's resource), the Opportunity window its
 * target's owner answers in their own client (SDM-R12), and the players' choice of order for an
 * initiative tie no rule breaks (SDM-R03, SDM-G15).
 * @module foundry/sdm_pool/windows
 */

import { escapeHtml } from "../html.mjs";
import { askForm } from "../forms.mjs";
import { oddsSlot } from "../odds-view.mjs";

/**
 * @typedef {{id: string, label: string}} Option
 */

/** The Opportunity choices, in the order the window offers them (SDM-R12, SDM-G11). */
export const CHOICES = Object.freeze(["none", "dodge", "disengage", "counter"]);

/** Each choice's label in the window, with what it costs and does. */
/** @type {Readonly<Record<string, () => string>>} */
const CHOICE_LABELS = Object.freeze({
  none: () => game.i18n.localize("RULEPACK.Sdm.Choice.none"),
  dodge: () => game.i18n.localize("RULEPACK.Sdm.Choice.dodge"),
  disengage: () => game.i18n.localize("RULEPACK.Sdm.Choice.disengage"),
  counter: () => game.i18n.localize("RULEPACK.Sdm.Choice.counter")
});

/**
 * `<option>`s, the first selected.
 * @param {Option[]} options
 * @returns {string}
 */
function optionsHtml(options) {
  return options.map(({ id, label }) => `<option value="${escapeHtml(id)}">${escapeHtml(label)}</option>`).join("");
}

/**
 * A labelled form row around `control`.
 * @param {string} label  localised
 * @param {string} control
 * @returns {string}
 */
function row(label, control) {
  return `<div class="form-group"><label>${escapeHtml(label)}</label><div class="form-fields">${control}</div></div>`;
}

/**
 * What the attack window shows.
 * @typedef {object} AttackWindowSpec
 * @property {string} heading
 * @property {Option[]} tiers          "" (the weapon's or the default) then every SDM tier
 * @property {Option[]} cover
 * @property {Option[]} concealment
 * @property {boolean} claimable       the config's Salvation is claimed by the target (SDM-G08)
 */

/**
 * The attack window, with the live odds of the attack when `render` fills them (`odds.mjs`);
 * its values, or null when it is closed.
 * @param {AttackWindowSpec} spec
 * @param {(event: Event, dialog: HTMLElement | foundry.applications.api.DialogV2) => void} [render]
 * @returns {Promise<Record<string, string[]>|null>}
 */
export function attackWindow(spec, render) {
  const i18n = game.i18n;
  const checkbox = (/** @type {string} */ name, /** @type {string} */ label) => row(label, `<input type="checkbox" name="${name}" value="1">`);
  const content = `<p class="rulepack-heading">${escapeHtml(spec.heading)}</p>`
    + row(i18n.localize("RULEPACK.Sdm.Tier"), `<select name="tier">${optionsHtml(spec.tiers)}</select>`)
    + row(i18n.localize("RULEPACK.Sdm.Cover"), `<select name="cover">${optionsHtml(spec.cover)}</select>`)
    + row(i18n.localize("RULEPACK.Sdm.Concealment"), `<select name="concealment">${optionsHtml(spec.concealment)}</select>`)
    + checkbox("counter", i18n.localize("RULEPACK.Sdm.AsCounter"))
    + (spec.claimable ? checkbox("salvation", i18n.localize("RULEPACK.Sdm.SalvationClaimed")) : "")
    + (render ? oddsSlot() : "");
  return askForm("rulepack-dialog-sdm_pool-attack", i18n.localize("RULEPACK.Sdm.AttackTitle"), content, i18n.localize("RULEPACK.Sdm.Attack"), render);
}

/**
 * The Opportunity window (SDM-R12): the four choices as radios, "none" checked; the chosen one,
 * or "none" when it is closed.
 * @param {string} heading  localised
 * @returns {Promise<string>}
 */
export async function opportunityWindow(heading) {
  const radios = CHOICES.map((choice, i) => `<li><label><input type="radio" name="choice" value="${choice}"${i === 0 ? " checked" : ""}> `
    + `${escapeHtml(CHOICE_LABELS[choice]())}</label></li>`).join("");
  const values = await askForm("rulepack-dialog-sdm_pool-opportunity", game.i18n.localize("RULEPACK.Sdm.OpportunityTitle"),
    `<p class="rulepack-heading">${escapeHtml(heading)}</p><ul class="rulepack-opportunity">${radios}</ul>`,
    game.i18n.localize("RULEPACK.Sdm.Choose"));
  const choice = values?.choice?.[0] ?? "none";
  return CHOICES.includes(choice) ? choice : "none";
}

/**
 * The players' order for one tie (SDM-G15): one select per place, each offering every tied
 * fighter, the roster order preselected. The ids top first, or null when closed.
 * @param {string} heading  localised
 * @param {Option[]} tied   roster order
 * @returns {Promise<string[]|null>}
 */
export async function tieWindow(heading, tied) {
  const places = tied.map((_, place) => {
    const options = tied.map(({ id, label }, i) => `<option value="${escapeHtml(id)}"${i === place ? " selected" : ""}>${escapeHtml(label)}</option>`).join("");
    return row(game.i18n.format("RULEPACK.Sdm.TiePlace", { place: place + 1 }), `<select name="place${place}">${options}</select>`);
  }).join("");
  const values = await askForm("rulepack-dialog-sdm_pool-tie", game.i18n.localize("RULEPACK.Sdm.TieTitle"),
    `<p class="rulepack-heading">${escapeHtml(heading)}</p>${places}`, game.i18n.localize("RULEPACK.Sdm.Order"));
  if ( !values ) return null;
  return tied.map((_, place) => values[`place${place}`]?.[0] ?? "");
}

/**
 * The GM's window of a heal (SDM-R16): the amount of HP, a whole number; null when closed or not
 * a number.
 * @param {string} heading  localised
 * @returns {Promise<number|null>}
 */
export async function healWindow(heading) {
  const values = await askForm("rulepack-dialog-sdm_pool-heal", game.i18n.localize("RULEPACK.Sdm.HealTitle"),
    `<p class="rulepack-heading">${escapeHtml(heading)}</p>`
    + row(game.i18n.localize("RULEPACK.Sdm.HealAmount"), `<input type="text" name="amount" value="">`),
    game.i18n.localize("RULEPACK.Sdm.Heal"));
  const text = values?.amount?.[0]?.trim() ?? "";
  return /^\d{1,6}$/.test(text) ? Number(text) : null;
}

/**
 * The window of the GM's and the player's decision (SDM-R15): dead or not; null when closed.
 * @param {string} heading  localised
 * @returns {Promise<boolean|null>}
 */
export async function deathWindow(heading) {
  const values = await askForm("rulepack-dialog-sdm_pool-death", game.i18n.localize("RULEPACK.Sdm.DeathTitle"),
    `<p class="rulepack-heading">${escapeHtml(heading)}</p>`
    + row(game.i18n.localize("RULEPACK.Sdm.Dead"), `<input type="checkbox" name="dead" value="1">`),
    game.i18n.localize("RULEPACK.Sdm.Decide"));
  return values === null ? null : "dead" in values;
}
