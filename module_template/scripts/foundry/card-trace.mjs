/**
 * A card's rules trace: one line per rules-core event, naming its catalogue item, from the
 * ruleset's TRACE table (`traces.mjs`, generated); an event type without an entry is shown
 * generically. Plain text: the card escapes each line (`chat-card.mjs`).
 * @module foundry/card-trace
 */

import { MODULE_ID } from "../config.mjs";
import { TRACES } from "./traces.mjs";

/**
 * @typedef {import("./trace.mjs").TraceEntry} TraceEntry
 * @typedef {Readonly<Record<string, TraceEntry>>} TraceTable  event type → catalogue id and label
 * @typedef {import("./chat-card.mjs").RulesCall} RulesCall
 * @typedef {import("./chat-card.mjs").TraceLine} TraceLine
 */

/**
 * The TRACE table of an engine of this module (`traces.mjs`), or none.
 * @param {string} ruleset
 * @returns {TraceTable}
 */
function rulesetTrace(ruleset) {
  return Object.hasOwn(TRACES, ruleset) ? TRACES[ruleset] : {};
}

/**
 * One trace line; an event type without an entry (or whose label fails) is shown generically.
 * @param {any} event
 * @param {string} rule
 * @param {TraceTable} trace
 * @returns {TraceLine}
 */
function traceLine(event, rule, trace) {
  const entry = Object.hasOwn(trace, event?.type) ? trace[event.type] : undefined;
  /** @type {import("./trace.mjs").TraceFormat} */
  const format = (key, data) => game.i18n.format(key, data);
  try {
    const id = entry ? (typeof entry.id === "function" ? entry.id(event, rule) : entry.id) : null;
    if ( entry && id ) return { id, text: game.i18n.format("RULEPACK.Card.TraceLine", { id, text: entry.label(event, format) }) };
  } catch(err) {
    console.warn(`${MODULE_ID} | trace label for ${event?.type} failed`, err);
  }
  const { type, ...fields } = event ?? {};
  return { id: null, text: game.i18n.format("RULEPACK.Card.TraceGeneric", { type, fields: JSON.stringify(fields) }) };
}

/**
 * The rules trace of a result: one line per event.
 * @param {RulesCall} call
 * @param {{events: object[]}} result
 * @param {TraceTable} [trace]  defaults to the ruleset's `TRACE`
 * @returns {TraceLine[]}
 */
export function traceLines(call, result, trace = rulesetTrace(call.ruleset)) {
  return result.events.map((event) => traceLine(event, call.rule, trace));
}
