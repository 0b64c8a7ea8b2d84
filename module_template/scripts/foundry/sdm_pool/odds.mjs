/**
 * The live odds of the SDM attack window (issue 16, SDM-R08-R15): the exact distribution of the
 * `attack` rule for the input the window's answer would build now, against the targeted
 * fighter, the target taking no Opportunity on a shortfall (the Opportunity window's first
 * choice, asked only after the roll), and the config the attack runs with. Computed by the
 * shipped odds engine (`rules/sdm_pool/odds.mjs`) and summed up in the panel's words: a success
 * (the tier met), the damage through armour to HP, the target incapacitated.
 * @module foundry/sdm_pool/odds
 */

import { configOverrides } from "./engine.mjs";
import { liveOdds, summarize } from "../odds-view.mjs";
import { attackOdds, summary } from "../../rules/sdm_pool/odds.mjs";

/**
 * The attack window's `render` callback: the odds panel, refreshed as the form changes.
 * @param {(values: Record<string, string[]>) => Record<string, any>} build  the `attack` input
 *   of the form's values
 * @param {(form: HTMLFormElement) => Record<string, string[]>} read  the form's values
 * @returns {(event: Event, dialog: HTMLElement | foundry.applications.api.DialogV2) => void}
 */
export function attackOddsRender(build, read) {
  const i18n = game.i18n;
  return liveOdds((form) => summarize(attackOdds(build(read(form)), configOverrides()), summary), {
    heading: i18n.localize("RULEPACK.Sdm.OddsHeading"), figures: ["hit", "damage", "down"], names: {},
    labels: { hit: i18n.localize("RULEPACK.Sdm.OddsSuccess"), damage: i18n.localize("RULEPACK.Sdm.OddsDamage") }
  });
}
