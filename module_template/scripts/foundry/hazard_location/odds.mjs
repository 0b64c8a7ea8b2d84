/**
 * The live odds of the attack window (issue 16, HZ-R01): the exact distribution of the `attack`
 * rule for the input the window's answer would build now, with the defence the defender gets
 * when the defence window is left at its default ("auto": the engine's per-mode default, HZ-G14),
 * and the config the attack runs with. Computed by the shipped odds engine
 * (`rules/hazard_location/attack_odds.mjs`) and summed up in the report's words (`matchups.mjs`
 * `summary`: hit, Stamina taken, down at Current Stamina 0, the location struck).
 * @module foundry/hazard_location/odds
 */

import { configOverrides } from "./engine.mjs";
import { defenceFields } from "./rollers.mjs";
import { formValues } from "../forms.mjs";
import { liveOdds, summarize } from "../odds-view.mjs";
import { attackOdds } from "../../rules/hazard_location/attack_odds.mjs";
import { summary } from "../../rules/hazard_location/matchups.mjs";

/**
 * @typedef {{error: string} | {input: Record<string, any>, distanceText: string}} Built
 */

/**
 * The `attack` input the rule gets for the form's values, the defence left at "auto".
 * @param {Built} built
 * @returns {Record<string, any>|null}  null when the window's values build no attack yet
 */
export function oddsInput(built) {
  if ( "error" in built ) return null;
  return { ...built.input, ...defenceFields("auto", built.input.defender) };
}

/**
 * The attack window's `render` callback: the odds panel, refreshed as the form changes.
 * @param {(values: Record<string, string[]>) => Built} build  the input from the form's values
 * @param {Record<string, string>} names  location labels
 * @returns {(event: Event, dialog: HTMLElement | foundry.applications.api.DialogV2) => void}
 */
export function attackOddsRender(build, names) {
  return liveOdds((form) => {
    const built = build(formValues(form));
    const input = oddsInput(built);
    if ( input === null ) return { note: "error" in built ? built.error : "" };
    return summarize(attackOdds(input, configOverrides()), (outcome) => summary("attack", outcome));
  }, { heading: game.i18n.localize("RULEPACK.Hazard.OddsHeading"), figures: ["hit", "damage", "down"], names });
}
