/**
 * The live odds of an attack card's BOOST form (issue 16; DR-R11, DR-R17-R20, DR-R25): the exact
 * distribution of `resolve_hit` on each targeted fighter (a panel each), for the request the hit
 * would make with the BOOSTs the form holds now, in the fight as it stands and with the fight's
 * config; those of the card selected in the pick window, with no BOOST (the one window a play
 * shows the odds in when no BOOST form opens); and those of the cardless save and contest forms (DR-R06, DR-R11, DR-G42: the `save`
 * and `contest` queries, for the input the form's values make).
 * There is no roll to hit in Danger Room (a card that reaches its target lands: Reach, an armed
 * defence and the landing decide that, before any die), so the odds are those of the card once
 * it lands: the Health it takes, the target down, and the save where the card has one. Computed
 * by the shipped odds engine (`rules/danger_room/odds.mjs` `hitOdds`).
 * @module foundry/danger_room/odds
 */

import { ATTACKS, cardAsItHits, hitRequest, penalties } from "./attack.mjs";
import { entryFor, nameOf, readFight } from "./fight.mjs";
import { turnSpeed } from "./order.mjs";
import { fightConfig } from "./settings.mjs";
import { PlayError } from "./errors.mjs";
import { fighterCard } from "./sheet.mjs";
import { answerOf, speakerOf, targetedCombatants } from "./ui.mjs";
import { liveOdds, liveOddsParts, summarize } from "../odds-view.mjs";
import { summary } from "../../rules/danger_room/matchups.mjs";
import { contestOdds, hitOdds, saveOdds } from "../../rules/danger_room/odds.mjs";

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
 * The BOOST form's `render` callback: the odds of the hit on each of `targets`, a panel each,
 * refreshed as the BOOSTs change.
 * @param {Fight} fight
 * @param {Attack} attack
 * @param {string[]} targets
 * @param {FormField[]} fields  the form's BOOST fields, one per hit
 * @returns {(event: Event, dialog: HTMLElement | foundry.applications.api.DialogV2) => void}
 */
export function hitOddsRender(fight, attack, targets, fields) {
  const sight = penalties(fight);
  return liveOddsParts(targets.map((target) => ({
    compute: (/** @type {HTMLFormElement} */ form) => {
      const boost = boostsIn(form, fields);
      if ( boost === null ) return { note: game.i18n.localize("RULEPACK.DangerRoom.OddsBadBoost") };
      return hitSummary(fight, attack, target, boost, sight);
    },
    spec: hitSpec(fight, target)
  })));
}

/**
/**
 * The odds panel of one target in the BOOST form, and in the pick window (the same heading and lines).
 * @param {Fight} fight
 * @param {string} target
 * @returns {import("../odds-view.mjs").PanelSpec}
 */
function hitSpec(fight, target) {
  return { heading: game.i18n.format("RULEPACK.DangerRoom.OddsIfLands", { target: nameOf(fight, target) }), figures: ["damage", "down", "saved"], names: {} };
}

/**
 * The summary of `attack` landing on `target` with `boost`, as the BOOST form and the pick window show it.
 * @param {Fight} fight
 * @param {Attack} attack
 * @param {string} target
 * @param {number[]} boost
 * @param {Record<string, number>} sight
 * @returns {import("../odds-view.mjs").Summary}
 */
function hitSummary(fight, attack, target, boost, sight) {
  const dist = hitOdds(hitInput(fight, attack, target, boost, sight), fightConfig());
  return summarize(dist, (outcome) => ({ ...summary("resolve_hit", outcome), saved: outcome.saved }));
}

/**
 * The pick window's odds (DR-R07 step 1, DR-R19): the card selected in the window, played with no
 * BOOST, landing on each fighter the user targets, in the fight as it stands at the pick (a panel
 * each, refreshed as the selection changes). Where the play opens no BOOST form (BOOST not allowed
 * on damage, or no Stamina for one) this is the one window that shows a card's odds. Null when
 * the fight cannot be read yet (the fighter has not joined, no hex grid): the window then shows no odds.
 * @param {Combat} combat
 * @param {Combatant} combatant  the fighter picking
 * @param {Map<string, Item>} items
 * @returns {{render: (event: Event, dialog: HTMLElement | foundry.applications.api.DialogV2) => void, panels: number}|null}
 */
export function pickOdds(combat, combatant, items) {
  /** @type {Fight} */
  let fight;
  /** @type {import("./fight.mjs").Entry} */
  let entry;
  /** @type {string[]} */
  let targets;
  try {
    fight = readFight(combat, items);
    entry = entryFor(fight, combatant);
    targets = targetedCombatants(combat).map((c) => entryFor(fight, c).record.id).filter((id) => id !== entry.record.id);
  } catch(err) {
    if ( err instanceof PlayError ) return null;
    throw err;
  }
  const i18n = game.i18n;
  if ( !targets.length ) {
    const spec = { heading: i18n.localize("RULEPACK.DangerRoom.OddsPick"), figures: [], names: {} };
    return { render: liveOdds(() => ({ note: i18n.localize("RULEPACK.DangerRoom.OddsTargetFirst") }), spec), panels: 1 };
  }
  const sight = penalties(fight);
  const render = liveOddsParts(targets.map((target) => ({
    compute: (/** @type {HTMLFormElement} */ form) => {
      const key = String(/** @type {HTMLSelectElement|null} */ (form.elements.namedItem("card"))?.value ?? "");
      const name = items.get(key)?.name ?? key;
      /** @type {Record<string, any>} */
      let card;
      try {
        card = fighterCard(entry.actor, key, items);
      } catch(err) {
        if ( err instanceof PlayError ) return { note: err.message };
        throw err;
      }
      const attack = { entry, card, name, speaker: speakerOf(entry.combatant), speed: turnSpeed(entry.record, card), aim: {}, boost: [] };
      if ( !ATTACKS.includes(card.kind) || (cardAsItHits(attack).damage === null) ) {
        return { note: i18n.format("RULEPACK.DangerRoom.OddsNoDamage", { card: name }) };
      }
      return hitSummary(fight, attack, target, Array(card.hits).fill(0), sight);
    },
    spec: hitSpec(fight, target)
  })));
  return { render, panels: targets.length };
}

/**
 * The form's answers as its OK button reads them, or null while one is refused.
 * @param {HTMLFormElement} form
 * @param {FormField[]} fields
 * @returns {Record<string, string|number>|null}
 */
function answersIn(form, fields) {
  try {
    return Object.fromEntries(fields.map((f) => [f.name, answerOf(form, f)]));
  } catch(err) {
    if ( err instanceof PlayError ) return null;
    throw err;
  }
}

/**
 * The cardless save form's `render` callback: whether the fighter saves (DR-R11).
 * @param {FormField[]} fields
 * @param {(answer: Record<string, string|number>) => object} build  the `save` input of the answers
 * @returns {(event: Event, dialog: HTMLElement | foundry.applications.api.DialogV2) => void}
 */
export function saveOddsRender(fields, build) {
  return liveOdds((form) => {
    const answer = answersIn(form, fields);
    if ( answer === null ) return { note: game.i18n.localize("RULEPACK.DangerRoom.BadAnswer") };
    return summarize(saveOdds(build(answer), fightConfig()), (o) => ({ hit: false, damage: 0, down: false, location: null, saved: o.saved }));
  }, { heading: game.i18n.localize("RULEPACK.DangerRoom.OddsSave"), figures: ["saved"], names: {}, labels: { saved: game.i18n.localize("RULEPACK.DangerRoom.OddsSaves") } });
}

/**
 * The contest form's `render` callback: who wins (DR-G42).
 * @param {FormField[]} fields
 * @param {(answer: Record<string, string|number>) => Record<string, any>} build  the `contest` input
 * @param {{challenger: string, defender: string}} names
 * @returns {(event: Event, dialog: HTMLElement | foundry.applications.api.DialogV2) => void}
 */
export function contestOddsRender(fields, build, names) {
  const i18n = game.i18n;
  return liveOdds((form) => {
    const answer = answersIn(form, fields);
    if ( answer === null ) return { note: i18n.localize("RULEPACK.DangerRoom.BadAnswer") };
    const input = build(answer);
    const won = (/** @type {any} */ o) => ({ hit: o.winner === input.challenger.id, tie: false, damage: 0, down: false, location: null });
    return summarize(contestOdds(input, fightConfig()), won);
  }, {
    heading: i18n.localize("RULEPACK.DangerRoom.OddsContest"), figures: ["hit", "miss"], names: {},
    labels: { hit: i18n.format("RULEPACK.DangerRoom.OddsWins", { name: names.challenger }), miss: i18n.format("RULEPACK.DangerRoom.OddsWins", { name: names.defender }) }
  });
}
