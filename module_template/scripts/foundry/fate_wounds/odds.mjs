/**
 * The live odds of the two declaration windows (issue 16, FW-R02-R06, FW-R10-R13), computed by
 * the shipped odds engine (`rules/fate_wounds/odds.mjs`) with the config the attack runs with:
 * the attacker's window shows the whole exchange (the `attack` rule) against the defence the
 * defender's window starts at (the best Approach, no skill or power, no bonus); the defence
 * window the exchange once the attack is rolled (the `defence` query: the attack's total
 * against the declaration on the form). Each shows hit, tie (the defender's) and miss, the
 * expected damage, the defender taken out, and the wound column a hit checks, in the ladder's
 * and the track's own labels.
 * @module foundry/fate_wounds/odds
 */

import { configOverrides, engineSettings } from "./engine.mjs";
import { bestFirst, declarationOf, formValues } from "./windows.mjs";
import { liveOdds, summarize } from "../odds-view.mjs";
import { attackOdds, defenceOdds, summary } from "../../rules/fate_wounds/odds.mjs";

/**
 * @typedef {import("./windows.mjs").Declaration} Declaration
 * @typedef {(event: Event, dialog: HTMLElement | foundry.applications.api.DialogV2) => void} Render
 */

/**
 * The defence the defender's window starts at: its first Approach (the best rated), no skill,
 * no power, no bonus.
 * @param {Record<string, any>} defender  the engine character
 * @returns {Declaration}
 */
export function defaultDefence(defender) {
  const [approach] = bestFirst(/** @type {string[]} */ (engineSettings().approaches), defender.approaches);
  return { approach, skill: null, power: null, power_bonuses: 0 };
}

/**
 * The panel of an exchange against `defender`.
 * @param {string} heading  localised
 * @param {Record<string, any>} defender
 * @returns {import("../odds-view.mjs").PanelSpec}
 */
function panel(heading, defender) {
  const i18n = game.i18n;
  const names = Object.fromEntries(defender.wound_track.columns.map((/** @type {any} */ c) => [c.id, c.label ?? c.id]));
  return {
    heading, figures: ["hit", "tie", "miss", "damage", "down"], names,
    labels: { tie: i18n.localize("RULEPACK.FateWounds.OddsTie"), down: i18n.localize("RULEPACK.FateWounds.OddsOut") },
    spreadHeading: i18n.localize("RULEPACK.FateWounds.OddsColumn")
  };
}

/**
 * The attacker's window's `render` callback.
 * @param {Record<string, any>} attacker  the engine characters
 * @param {Record<string, any>} defender
 * @param {string} target  the defender's name
 * @returns {Render}
 */
export function attackOddsRender(attacker, defender, target) {
  const heading = game.i18n.format("RULEPACK.FateWounds.OddsAttack", { target });
  return liveOdds((form) => {
    const input = { attacker, defender, attack: declarationOf(formValues(form)), defence: defaultDefence(defender) };
    return summarize(attackOdds(input, configOverrides()), summary);
  }, panel(heading, defender));
}

/**
 * The defence window's `render` callback, the attack rolled to `total`.
 * @param {Record<string, any>} defender  the engine character
 * @param {number} total
 * @returns {Render}
 */
export function defenceOddsRender(defender, total) {
  const heading = game.i18n.localize("RULEPACK.FateWounds.OddsDefence");
  return liveOdds((form) => {
    const input = { defender, defence: declarationOf(formValues(form)), attack_total: total };
    return summarize(defenceOdds(input, configOverrides()), summary);
  }, panel(heading, defender));
}
