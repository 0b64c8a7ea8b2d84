/**
 * The live odds of an attack card's BOOST form (issue 16; DR-R11, DR-R17-R20, DR-R25): the exact
 * distribution of `resolve_hit` on the first targeted fighter, for the request the hit would
 * make with the BOOSTs the form holds now, in the fight as it stands and with the fight's config.
 * There is no roll to hit in Danger Room (a card that reaches its target lands: Reach, an armed
 * defence and the landing decide that, before any die), so the odds are those of the card once
 * it lands: the Health it takes, the target down, and the save where the card has one. Computed
 * by the shipped odds engine (`rules/danger_room/odds.mjs` `hitOdds`).
 * @module foundry/danger_room/odds
 */

import { cardAsItHits, hitRequest, penalties } from "./attack.mjs";
import { nameOf } from "./fight.mjs";
import { fightConfig } from "./settings.mjs";
import { liveOdds, summarize } from "../odds-view.mjs";
import { summary } from "../../rules/danger_room/matchups.mjs";
import { hitOdds } from "../../rules/danger_room/odds.mjs";

/**
 * @typedef {import("./fight.mjs").Fight} Fight
 * @typedef {import("./attack.mjs").Attack} Attack
 * @typedef {import("./ui.mjs").FormField} FormField
 */

/**
 * The BOOSTs the form holds, or null while one is not a whole number within its bounds.
 * @param {HTMLFormElement} form
 * @param {FormField[]} fields
 * @returns {number[]|null}
 */
function boostsIn(form, fields) {
  const found = [];
  for ( const field of fields ) {
    const control = /** @type {HTMLInputElement|null} */ (form.elements.namedItem(field.name));
    const text = control?.value ?? "";
    const value = text.trim() === "" ? NaN : Number(text);
    const low = field.min ?? 0;
    if ( !Number.isInteger(value) || (value < low) || ((field.max !== undefined) && (value > field.max)) ) return null;
    found.push(value);
  }
  return found;
}

/**
 * The `resolve_hit` input of `attack` landing on `target` with `boost`.
 * @param {Fight} fight
 * @param {Attack} attack
 * @param {string} target
 * @param {number[]} boost
 * @param {Record<string, number>} sight
 * @returns {{state: object, request: object}}
 */
export function hitInput(fight, attack, target, boost, sight) {
  const landing = { ...attack, card: cardAsItHits(attack), boost };
  return { state: fight.state, request: hitRequest(fight, landing, target, sight) };
}

/**
 * The BOOST form's `render` callback: the odds of the hit on `target`, refreshed as the BOOSTs
 * change.
 * @param {Fight} fight
 * @param {Attack} attack
 * @param {string} target
 * @param {FormField[]} fields  the form's BOOST fields, one per hit
 * @returns {(event: Event, dialog: HTMLElement | foundry.applications.api.DialogV2) => void}
 */
export function hitOddsRender(fight, attack, target, fields) {
  const sight = penalties(fight);
  const name = nameOf(fight, target);
  return liveOdds((form) => {
    const boost = boostsIn(form, fields);
    if ( boost === null ) return { note: game.i18n.localize("RULEPACK.DangerRoom.OddsBadBoost") };
    const dist = hitOdds(hitInput(fight, attack, target, boost, sight), fightConfig());
    return summarize(dist, (outcome) => ({ ...summary("resolve_hit", outcome), saved: outcome.saved }));
  }, { heading: game.i18n.format("RULEPACK.DangerRoom.OddsIfLands", { target: name }), figures: ["damage", "down", "saved"], names: {} });
}
