/**
 * The windows of a Hazard Dice attack (HZ-R16): the attack window (weapon, distance, movement,
 * cover, complications, and the target's species when the target has none recorded), whose
 * buttons are Attack and Called Shot; the Called Shot window, which shows the species and every
 * hit location with its called-shot penalty and attacks at the selected one; the defence window,
 * on the defender's client (HZ-R13); and the GM's table window for a species without a table
 * (HZ-G30). All are `DialogV2.wait` forms; all text is escaped, values are ids.
 * @module foundry/hazard_location/windows
 */

import { escapeHtml } from "../html.mjs";
import { DIALOG_WIDTH, formValues } from "../forms.mjs";
import { oddsSlot } from "../odds-view.mjs";

/**
 * @typedef {{id: string, label: string}} Option
 */

/**
 * What the attack window shows (the defence is the defender's to choose: `defenceWindow`).
 * @typedef {object} AttackWindowSpec
 * @property {string} attacker        attacker's name
 * @property {string} target          target's name
 * @property {Option[]} weapons       the attacker's weapons, labels with their range at the distance
 * @property {string} distance        the measured distance in hexes ("" when not measured)
 * @property {string} distanceNote    how the distance was found
 * @property {Option[]|null} species  species to choose from, or null when the target's is recorded
 * @property {string} speciesLabel    the recorded species (shown when there is no chooser)
 * @property {Option[]} complications the rules_config complications (HZ-G12)
 */

/**
 * What the attack window answers: the button and the form's values by field name.
 * @typedef {{action: "attack" | "called", values: Record<string, string[]>}} AttackAnswer
 */

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
  return `<div class="form-group"><label>${escapeHtml(label)}</label>`
    + `<div class="form-fields">${control}</div></div>`;
}

/**
 * A checkbox row.
 * @param {string} name
 * @param {string} label  localised
 * @returns {string}
 */
function checkbox(name, label) {
  return row(label, `<input type="checkbox" name="${name}" value="1">`);
}

/**
 * The species row: the recorded species, or a chooser (HZ-R16).
 * @param {AttackWindowSpec} spec
 * @returns {string}
 */
function speciesRow(spec) {
  if ( spec.species === null ) {
    return row(game.i18n.localize("RULEPACK.Hazard.Species"), `<span class="rulepack-species">${escapeHtml(spec.speciesLabel)}</span>`);
  }
  return row(game.i18n.localize("RULEPACK.Hazard.ChooseSpecies"), `<select name="species">${optionsHtml(spec.species)}</select>`);
}

/**
 * The attack window's form.
 * @param {AttackWindowSpec} spec
 * @returns {string}
 */
export function attackWindowHtml(spec) {
  const i18n = game.i18n;
  const heading = i18n.format("RULEPACK.Hazard.AttackHeading", { attacker: spec.attacker, target: spec.target });
  const cover = [
    { id: "none", label: i18n.localize("RULEPACK.Hazard.CoverNone") },
    { id: "partial", label: i18n.localize("RULEPACK.Hazard.CoverPartial") },
    { id: "full", label: i18n.localize("RULEPACK.Hazard.CoverFull") },
    { id: "protective", label: i18n.localize("RULEPACK.Hazard.CoverProtective") }
  ];
  const units = [
    { id: "hex", label: i18n.localize("RULEPACK.Hazard.UnitHex") },
    { id: "m", label: i18n.localize("RULEPACK.Hazard.UnitMetre") }
  ];
  const complications = spec.complications.map(({ id, label }) => `<label class="checkbox">`
    + `<input type="checkbox" name="complication" value="${escapeHtml(id)}"> ${escapeHtml(label)}</label>`).join("");
  return `<p class="rulepack-heading">${escapeHtml(heading)}</p>`
    + row(i18n.localize("RULEPACK.Hazard.Weapon"), `<select name="weapon">${optionsHtml(spec.weapons)}</select>`)
    + row(i18n.localize("RULEPACK.Hazard.Distance"), `<input type="text" name="distance" value="${escapeHtml(spec.distance)}">`
      + `<select name="distance_unit">${optionsHtml(units)}</select>`)
    + `<p class="hint">${escapeHtml(spec.distanceNote)}</p>`
    + checkbox("attacker_moved", i18n.localize("RULEPACK.Hazard.AttackerMoved"))
    + checkbox("target_moved", i18n.localize("RULEPACK.Hazard.TargetMoved"))
    + row(i18n.localize("RULEPACK.Hazard.Cover"), `<select name="cover">${optionsHtml(cover)}</select>`)
    + row(i18n.localize("RULEPACK.Hazard.CoverAv"), `<input type="text" name="cover_av" value="">`)
    + (complications ? row(i18n.localize("RULEPACK.Hazard.Complications"), complications) : "")
    + speciesRow(spec);
}

/**
 * A button that answers with its action and the form's values.
 * @param {string} action
 * @param {string} label  localised
 * @param {boolean} [isDefault]
 * @returns {foundry.applications.api.DialogV2Button}
 */
function button(action, label, isDefault = false) {
  return {
    action, label, default: isDefault,
    callback: async (event, element) => ({ action, values: formValues(element.form) })
  };
}

/**
 * Show the attack window, with the live odds of the attack when `render` fills them
 * (`odds.mjs`); null when it is closed without an answer.
 * @param {AttackWindowSpec} spec
 * @param {(event: Event, dialog: HTMLElement | foundry.applications.api.DialogV2) => void} [render]
 * @returns {Promise<AttackAnswer|null>}
 */
export async function attackWindow(spec, render) {
  const answer = await foundry.applications.api.DialogV2.wait({
    classes: ["rulepack-dialog-hazard_location-attack"], position: { width: DIALOG_WIDTH },
    window: { title: game.i18n.localize("RULEPACK.Hazard.AttackTitle") },
    content: attackWindowHtml(spec) + (render ? oddsSlot() : ""),
    render,
    buttons: [
      button("attack", game.i18n.localize("RULEPACK.Hazard.Attack"), true),
      button("called", game.i18n.localize("RULEPACK.Hazard.CalledShot"))
    ],
    rejectClose: false
  });
  return /** @type {AttackAnswer|null} */ (answer ?? null);
}

/**
 * One called-shot option as the window lists it: "Head: −2 dice (7%)".
 * @param {{location: string, label: string, percent: number, penalty: number}} option
 * @param {number} index
 * @returns {string}
 */
function locationItem(option, index) {
  const text = game.i18n.format("RULEPACK.Hazard.CalledOption", {
    location: option.label, penalty: option.penalty, percent: option.percent
  });
  const checked = index === 0 ? " checked" : "";
  return `<li><label><input type="radio" name="location" value="${escapeHtml(option.location)}"${checked}> `
    + `${escapeHtml(text)}</label></li>`;
}

/**
 * The Called Shot window: the species and every location with its penalty (HZ-R16, HZ-R19),
 * with the live odds of the attack at the location selected when `render` fills them
 * (`odds.mjs`); the selected location, or null when it is closed.
 * @param {string} species  the species' name
 * @param {{location: string, label: string, percent: number, penalty: number}[]} options
 * @param {(event: Event, dialog: HTMLElement | foundry.applications.api.DialogV2) => void} [render]
 * @returns {Promise<string|null>}
 */
export async function calledShotWindow(species, options, render) {
  const heading = game.i18n.format("RULEPACK.Hazard.CalledHeading", { species });
  const answer = await foundry.applications.api.DialogV2.wait({
    classes: ["rulepack-dialog-hazard_location-called-shot"], position: { width: DIALOG_WIDTH },
    window: { title: game.i18n.localize("RULEPACK.Hazard.CalledShot") },
    content: `<p class="rulepack-heading">${escapeHtml(heading)}</p>`
      + `<ol class="rulepack-called-shot">${options.map(locationItem).join("")}</ol>`
      + (render ? oddsSlot() : ""),
    render,
    buttons: [button("attack", game.i18n.localize("RULEPACK.Hazard.Attack"), true)],
    rejectClose: false
  });
  const values = /** @type {AttackAnswer|null} */ (answer ?? null)?.values;
  return values?.location?.[0] ?? null;
}

/**
 * The blast window: the explosive to detonate and the targets it will reach with their distances.
 * The selected explosive's id, or null when it is closed.
 * @param {{explosives: Option[], targets: string[]}} spec
 * @returns {Promise<string|null>}
 */
export async function blastWindow(spec) {
  const targets = spec.targets.map((line) => `<li>${escapeHtml(line)}</li>`).join("");
  const answer = await foundry.applications.api.DialogV2.wait({
    classes: ["rulepack-dialog-hazard_location-blast"], position: { width: DIALOG_WIDTH },
    window: { title: game.i18n.localize("RULEPACK.Hazard.BlastTitle") },
    content: row(game.i18n.localize("RULEPACK.Hazard.Explosive"), `<select name="explosive">${optionsHtml(spec.explosives)}</select>`)
      + `<p class="rulepack-heading">${escapeHtml(game.i18n.localize("RULEPACK.Hazard.BlastTargets"))}</p>`
      + `<ul class="rulepack-blast-targets">${targets}</ul>`,
    buttons: [button("attack", game.i18n.localize("RULEPACK.Hazard.Detonate"), true)],
    rejectClose: false
  });
  const values = /** @type {AttackAnswer|null} */ (answer ?? null)?.values;
  return values?.explosive?.[0] ?? null;
}

/**
 * Each defence a defender may choose, with its label (HZ-R13, HZ-G14, HZ-G15).
 * @returns {Record<string, string>}
 */
export function defenceLabels() {
  const i18n = game.i18n;
  return {
    auto: i18n.localize("RULEPACK.Hazard.DefenceAuto"), none: i18n.localize("RULEPACK.Hazard.DefenceNone"),
    evade: i18n.localize("RULEPACK.Hazard.DefenceEvade"), parry: i18n.localize("RULEPACK.Hazard.DefenceParry")
  };
}

/**
 * The defence window, on the client of the defender's player (the GM's for an NPC): the attack
 * and its successes, and the defence to roll (HZ-R13, HZ-G14, HZ-G15). The choice, or null when
 * the window is closed.
 * @param {{attacker: string, target: string, successes: number}} spec
 * @returns {Promise<string|null>}
 */
export async function defenceWindow(spec) {
  const i18n = game.i18n;
  const labels = defenceLabels();
  const defence = Object.keys(labels).map((id) => ({ id, label: labels[id] }));
  const heading = i18n.format("RULEPACK.Hazard.DefenceHeading", spec);
  const answer = await foundry.applications.api.DialogV2.wait({
    classes: ["rulepack-dialog-hazard_location-defence"], position: { width: DIALOG_WIDTH },
    window: { title: i18n.format("RULEPACK.Hazard.DefenceTitle", { target: spec.target }) },
    content: `<p class="rulepack-heading">${escapeHtml(heading)}</p>`
      + row(i18n.localize("RULEPACK.Hazard.Defence"), `<select name="defence">${optionsHtml(defence)}</select>`),
    buttons: [button("defend", i18n.localize("RULEPACK.Hazard.Defend"), true)],
    rejectClose: false
  });
  const values = /** @type {AttackAnswer|null} */ (answer ?? null)?.values;
  return values?.defence?.[0] ?? null;
}

/**
 * The GM's window for a target whose species has no hit-location table (HZ-G30): which table
 * the attack strikes on. The table's id, or null when the window is closed.
 * @param {{target: string, species: string, tables: Option[]}} spec
 * @returns {Promise<string|null>}
 */
export async function tableWindow(spec) {
  const i18n = game.i18n;
  const heading = i18n.format("RULEPACK.Hazard.TableHeading", { target: spec.target, species: spec.species });
  const answer = await foundry.applications.api.DialogV2.wait({
    classes: ["rulepack-dialog-hazard_location-table"], position: { width: DIALOG_WIDTH },
    window: { title: i18n.localize("RULEPACK.Hazard.TableTitle") },
    content: `<p class="rulepack-heading">${escapeHtml(heading)}</p>`
      + row(i18n.localize("RULEPACK.Hazard.Table"), `<select name="table">${optionsHtml(spec.tables)}</select>`),
    buttons: [button("choose", i18n.localize("RULEPACK.Hazard.ChooseTable"), true)],
    rejectClose: false
  });
  const values = /** @type {AttackAnswer|null} */ (answer ?? null)?.values;
  return values?.table?.[0] ?? null;
}
