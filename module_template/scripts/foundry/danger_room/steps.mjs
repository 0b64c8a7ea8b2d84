/**
 * One step of a Danger Room play: one rule of the rules core, run with dice rolled on demand
 * (`foundry/dice.mjs`), its new state applied to the fight (`fight.mjs`) and one chat card posted
 * through the shared builder (`foundry/chat-card.mjs`), so every card is a single rules call that
 * "Copy as fixture" replays exactly; the steps of an attack over an area go on one card of
 * several (`postSteps`), each step a part of its own with its fixture and Undo.
 * @module foundry/danger_room/steps
 */

import { changeText } from "../card-changes.mjs";
import { postCard, postPartsCard } from "../chat-card.mjs";
import { rollRule } from "../dice.mjs";
import { PlayError } from "./errors.mjs";
import { applyState } from "./fight.mjs";
import { fightConfig } from "./settings.mjs";

/**
 * @typedef {Record<string, any>} Json
 * @typedef {import("./fight.mjs").Fight} Fight
 * @typedef {import("./fight.mjs").Change} Change
 * @typedef {import("./fight.mjs").Applied} Applied
 * @typedef {import("../chat-card.mjs").RulesCall} RulesCall
 * @typedef {{call: RulesCall, result: {events: Json[], state: Json}, rolls: Roll[]}} Step
 *   a rule that ran: its call (dice included), its result and the Foundry rolls behind its dice
 * @typedef {{step: Step, changes: Applied}} Ran  a step applied to the fight, not posted yet
 * @typedef {Ran & {line: string}} Part  a step of a card of several: the line that names it
 */


/**
 * Run one rule of the Danger Room engine with the module's config, rolling dice as it asks.
 * @param {string} rule   snake_case
 * @param {Json} input
 * @returns {Promise<Step>}
 */
export async function runStep(rule, input) {
  const { result, dice, rolls } = await rollRule("danger_room", rule, fightConfig(), input, { pools: true });
  if ( result.error ) {
    throw new PlayError(game.i18n.format("RULEPACK.Error.RuleFailed", { message: result.error.message }));
  }
  const call = { ruleset: "danger_room", rule, config: { ...fightConfig() }, input: structuredClone(input), dice };
  return { call, result: { events: result.events, state: result.state }, rolls };
}

/**
 * Post the card of a step: its dice, the given lines, the changes it made (before → after, with
 * the GM's Undo) and those left for the GM's client (summary lines; the updates take the card's
 * title and rules call along, for the card the GM's client posts), its rules trace.
 * @param {Step} step
 * @param {{title: string, lines?: string[], changes?: Applied, speaker?: ChatSpeakerData}} shown
 * @returns {Promise<ChatMessage|undefined>}
 */
export function postStep(step, { title, lines = [], changes = { records: [], relayed: [], pending: [] }, speaker }) {
  // Those left for the GM's client are worded as the card's own changes (`changeText`).
  const summary = [...lines, ...changes.relayed.map(changeText)];
  const { call, result, rolls } = step;
  for ( const write of changes.pending ) write.card = { title, call, result };
  return postCard({ title, call, result, rolls, summary, changes: changes.records, speaker });
}

/**
 * Run a rule on the fight, apply the fight state it returns and post its card.
 * @param {Fight} fight
 * @param {string} rule
 * @param {Json} input
 * @param {{title: string, lines?: string[], speaker?: ChatSpeakerData,
 *   stateOf?: (state: Json) => Json, linesOf?: (state: Json, events: Json[]) => string[],
 *   onlyIfEvents?: boolean}} shown  `stateOf` picks the new fight state out of the rule's state
 *   (default: the rule's state is the fight state); `linesOf` adds result lines read off it
 *   and the rule's events;
 *   `onlyIfEvents`: post no card when the rule said and changed nothing
 * @returns {Promise<Step>}
 */
export async function fightStep(fight, rule, input, { stateOf = (s) => s, linesOf, onlyIfEvents = false, ...shown }) {
  const step = await runStep(rule, input);
  const lines = [...(shown.lines ?? []), ...(linesOf ? linesOf(step.result.state, step.result.events) : [])];
  const changes = await applyState(fight, stateOf(step.result.state));
  const changed = changes.records.length + changes.relayed.length;
  if ( !onlyIfEvents || step.result.events.length || changed ) await postStep(step, { ...shown, lines, changes });
  return step;
}

/**
 * Run a rule on the fight and apply the fight state it returns, posting nothing yet: the step
 * and what it changed (`postStep` or, for an attack over an area, `postSteps` posts it).
 * @param {Fight} fight
 * @param {string} rule
 * @param {Json} input
 * @param {(state: Json) => Json} [stateOf]  the new fight state out of the rule's state
 * @returns {Promise<Ran>}
 */
export async function appliedStep(fight, rule, input, stateOf = (s) => s) {
  const step = await runStep(rule, input);
  return { step, changes: await applyState(fight, stateOf(step.result.state)) };
}

/**
 * Post one card for the steps of an action over several targets (an attack over an area,
 * DR-G22): the outcome line on top, then each step as a part of its own (its line, the changes
 * it made with their Undo, those left for the GM's client named too; `postPartsCard`). The
 * updates left for the GM's client take the card's title, their own step's rules call and
 * line, and the card's outcome, so that the GM's client lists them on one card too.
 * @param {{title: string, summary: string[], speaker?: ChatSpeakerData}} shown
 * @param {Part[]} parts
 * @returns {Promise<ChatMessage|undefined>}
 */
export function postSteps({ title, summary, speaker }, parts) {
  for ( const { step: { call, result }, changes, line } of parts ) {
    for ( const write of changes.pending ) Object.assign(write, { card: { title, call, result, summary: [line] }, group: { title, summary } });
  }
  return postPartsCard({
    title, summary, speaker,
    parts: parts.map(({ step, changes, line }) => ({
      call: step.call, result: step.result, rolls: step.rolls,
      summary: [line], pending: changes.relayed.map(changeText), changes: changes.records
    }))
  });
}
