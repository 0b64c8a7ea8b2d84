/**
 * What a chat card stores on its message (`flags[MODULE_ID]`: `card`, `changes`, `undone` and,
 * for a card of several targets, `undoneParts`), read back the same way for rendering, Undo and
 * "Copy as fixture" (`chat-card.mjs`, `card-fixture.mjs`).
 *
 * A card of one rules call keeps the call, its result and trace on `card`. A card of one action
 * over several targets (issue 14: a Hazard blast, a Danger Room area attack) keeps, instead, one
 * part per target on `card.parts`, each a rules call of its own; each change record names the
 * part that made it (`part`), so a GM can undo one target alone.
 * @module foundry/card-state
 */

import { MODULE_ID } from "../config.mjs";

/**
 * @typedef {import("./card-changes.mjs").ChangeRecord} ChangeRecord
 * @typedef {{d: number|string, v: number}} DieFace  one face of the dice queue (catalogue §0)
 * @typedef {{id: string|null, text: string}} TraceLine  one stored rules-trace line
 */

/**
 * The rules-core call behind a card, exactly as `runCase` took it (and as a fixture holds it).
 * @typedef {object} RulesCall
 * @property {string} ruleset                  e.g. "primitives"
 * @property {string} rule                     snake_case, e.g. "table_lookup"
 * @property {Record<string, unknown>} config  overrides of the ruleset's config ({} for none)
 * @property {Record<string, unknown>} input
 * @property {DieFace[]} dice
 */

/**
 * One target of a card of several: its result lines (the first names the target), its rules
 * call with the result and the trace; and the changes it left for the GM's client, in words.
 * @typedef {{summary: string[], call: RulesCall, result: {events: object[], state: Record<string, unknown>},
 *   trace: TraceLine[], pending?: string[]}} CardPart
 */

/**
 * The card as stored in `flags[MODULE_ID].card`: one rules call (`call`, `result`), or one part
 * per target (`parts`; then `trace` is empty).
 * @typedef {{title: string, summary: string[], call?: RulesCall, result?: {events: object[],
 *   state: Record<string, unknown>}, trace: TraceLine[], parts?: CardPart[]}} CardData
 */

/**
 * What a card shows: its stored data, changes (each of a card of several naming its `part`),
 * whether they were all undone and which parts were.
 * @typedef {{card: CardData, changes: (ChangeRecord & {part?: number})[], undone: boolean,
 *   undoneParts: number[]}} CardState
 */

/**
 * Whether a stored part has the shape a card of several keeps.
 * @param {any} part
 * @returns {boolean}
 */
function isPart(part) {
  return Boolean(part) && Array.isArray(part.summary) && Array.isArray(part.trace) && Boolean(part.call) && Boolean(part.result)
    && ((part.pending === undefined) || Array.isArray(part.pending));
}

/**
 * The card state stored on a message; null for any other message.
 * @param {ChatMessage} message
 * @returns {CardState|null}
 */
export function readCard(message) {
  const card = message.getFlag(MODULE_ID, "card");
  const changes = message.getFlag(MODULE_ID, "changes");
  if ( !card || !Array.isArray(card.trace) || !Array.isArray(card.summary) || !Array.isArray(changes) ) return null;
  if ( (card.parts !== undefined) && !(Array.isArray(card.parts) && card.parts.every(isPart)) ) return null;
  const parts = message.getFlag(MODULE_ID, "undoneParts");
  const undoneParts = Array.isArray(parts) ? parts.filter((i) => Number.isInteger(i)) : [];
  return { card, changes, undone: message.getFlag(MODULE_ID, "undone") === true, undoneParts };
}

/**
 * The change records one part made (a card of several targets).
 * @param {CardState} state
 * @param {number} part
 * @returns {ChangeRecord[]}
 */
export function partRecords(state, part) {
  return state.changes.filter((record) => record.part === part);
}

/**
 * Whether a part's changes are undone (or the whole card's are).
 * @param {CardState} state
 * @param {number} part
 * @returns {boolean}
 */
export function partUndone(state, part) {
  return state.undone || state.undoneParts.includes(part);
}

/**
 * The records an Undo restores: one part's (`part`), or every record not yet undone.
 * @param {CardState} state
 * @param {number} [part]
 * @returns {ChangeRecord[]}
 */
export function recordsToUndo(state, part) {
  if ( state.undone ) return [];
  if ( part !== undefined ) return partUndone(state, part) ? [] : partRecords(state, part);
  return state.changes.filter((record) => (record.part === undefined) || !state.undoneParts.includes(record.part));
}

/**
 * The flags an Undo of `part` (or of the whole card) leaves: the parts undone so far, and
 * whether every change of the card now is.
 * @param {CardState} state
 * @param {number} [part]
 * @returns {{undone: boolean, undoneParts: number[]}}
 */
export function afterUndo(state, part) {
  const count = state.card.parts?.length ?? 0;
  if ( part === undefined ) return { undone: true, undoneParts: [...Array(count).keys()] };
  const undoneParts = [...new Set([...state.undoneParts, part])].sort((a, b) => a - b);
  const open = [...Array(count).keys()].filter((i) => !undoneParts.includes(i) && partRecords(state, i).length);
  return { undone: open.length === 0, undoneParts };
}

/**
 * The first change of a later target of the card, not undone, to a field `part` changed too:
 * undoing `part` would overwrite it, so it counts as a change made since (refused).
 * @param {CardState} state
 * @param {number} part
 * @returns {ChangeRecord|undefined}
 */
export function laterChange(state, part) {
  const fields = new Set(partRecords(state, part).map(({ uuid, path }) => JSON.stringify([uuid, path])));
  return state.changes.find((record) => (record.part !== undefined) && (record.part > part)
    && !state.undoneParts.includes(record.part) && fields.has(JSON.stringify([record.uuid, record.path])));
}
