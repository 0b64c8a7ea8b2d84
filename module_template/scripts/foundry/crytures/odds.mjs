/**
 * The live odds of the power window (issue 16, CR-R04-R12): the exact distribution of the
 * `use_power` rule for the input the window's answer would build now, with the config the power
 * runs with. Computed by the shipped odds engine (`rules/crytures/odds.mjs`) and summed up for
 * the targeted fighter (`summary`: a hit is one total hit or more, the damage it takes, down is
 * defeated at its current Health; a fighter the power does not reach is not hit). With no
 * fighter targeted (a Personal power, a Personal Blast) the panel asks for one: the odds are
 * always against someone the user chose.
 * @module foundry/crytures/odds
 */

import { configOverrides } from "./engine.mjs";
import { formValues } from "../forms.mjs";
import { liveOdds, summarize } from "../odds-view.mjs";
import { summary, usePowerOdds } from "../../rules/crytures/odds.mjs";

/**
 * @typedef {{input: Record<string, unknown>} | {error: string}} Built
 */

/**
 * The power window's `render` callback: the odds panel, refreshed as the form changes.
 * @param {(values: Record<string, string[]>) => Built} build  the input from the form's values
 * @param {string|null} target  the targeted fighter's engine id (null: none targeted)
 * @returns {(event: Event, dialog: HTMLElement | foundry.applications.api.DialogV2) => void}
 */
export function powerOddsRender(build, target) {
  return liveOdds((form) => {
    if ( target === null ) return { note: game.i18n.localize("RULEPACK.Crytures.OddsNeedTarget") };
    const built = build(formValues(form));
    if ( "error" in built ) return { note: built.error };
    return summarize(usePowerOdds(built.input, configOverrides()), (outcome) => summary(outcome, target));
  }, { heading: game.i18n.localize("RULEPACK.Crytures.OddsHeading"), figures: ["hit", "damage", "down"], names: {} });
}
