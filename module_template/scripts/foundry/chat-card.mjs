/**
 * The one chat card every ruleset adapter posts, read at a glance: the outcome on top (the first
 * result line), the other result lines, every document change it made (in words, before → after,
 * with a GM-only Undo); then, collapsed until opened, the dice as Foundry renders them and the
 * rules trace (one line per rules-core event, each naming its catalogue item); and "Copy as
 * fixture", which exports the roll as a golden-fixture YAML the Python engine replays.
 *
 * An adapter rolls with Foundry's `Roll`, runs the pure rules core, applies what the result
 * changes and posts:
 *
 *     const roll = await new Roll("2d6").evaluate();
 *     const call = { ruleset: "primitives", rule: "sum_faces", config: {},
 *                    input: { die: 6, count: 2 }, dice: diceOf(roll) };
 *     const result = runCase(call.ruleset, call.rule, call.config, call.input, call.dice);
 *     if ( result.error ) ...;
 *     const changes = await applyChanges([{ document: actor, path: "system.health.value", value: 3 }]);
 *     await postCard({ title, rolls: [roll], call, result, summary: [line], changes });
 *
 * One action over several targets (a blast, an area attack) posts one card of its own with
 * `postPartsCard`: the outcome line, then a section per target (one rules call each) with its
 * own Undo (`card-parts.mjs`), an Undo of the whole card, and one fixture per target.
 *
 * Everything the card shows is rebuilt from the message's flags (`card-state.mjs`) each time it
 * is rendered, so the list a GM reads is the list Undo restores. All text is plain text until
 * `escapeHtml`; records never go into HTML attributes. Document changes and their undo live in
 * `card-changes.mjs`, the fixture in `card-fixture.mjs`.
 * @module foundry/chat-card
 */

import { MODULE_ID } from "../config.mjs";
import { applyChanges, changeLabel, changeText, changedSince, notOwnedBy, restoreChanges } from "./card-changes.mjs";
import { copyFixture, fixtureYaml } from "./card-fixture.mjs";
import { partHeading, partsHtml } from "./card-parts.mjs";
import { afterUndo, laterChange, readCard, recordsToUndo } from "./card-state.mjs";
import { diceOf } from "./dice.mjs";
import { onRenderChatMessage } from "./compat.mjs";
import { escapeHtml } from "./html.mjs";
import { cardRollMode, cardVisibility } from "./settings.mjs";
import { traceLines } from "./card-trace.mjs";
import * as notices from "./notices.mjs";

/**
 * @typedef {import("./trace.mjs").TraceEntry} TraceEntry
 * @typedef {Readonly<Record<string, TraceEntry>>} TraceTable  event type → catalogue id and label
 * @typedef {import("./card-state.mjs").DieFace} DieFace
 * @typedef {import("./card-state.mjs").RulesCall} RulesCall
 * @typedef {import("./card-state.mjs").TraceLine} TraceLine
 * @typedef {import("./card-state.mjs").CardData} CardData
 * @typedef {import("./card-state.mjs").CardPart} CardPart
 * @typedef {import("./card-state.mjs").CardState} CardState
 * @typedef {import("../rules/harness.mjs").CaseResult} CaseResult
 * @typedef {import("./card-changes.mjs").ChangeRecord} ChangeRecord
 */

/**
 * What `postCard` takes.
 * @typedef {object} CardSpec
 * @property {string} title               plain text; shown as the message flavor
 * @property {RulesCall} call
 * @property {CaseResult} result          `runCase`'s result for `call` (an error is refused)
 * @property {Roll[]} [rolls]             evaluated rolls, rendered into the card
 * @property {string[]} [summary]         plain-text result lines
 * @property {ChangeRecord[]} [changes]   what `applyChanges` returned
 * @property {TraceTable} [trace]         defaults to the engine's `TRACE` (`traces.mjs`)
 * @property {ChatSpeakerData} [speaker]  defaults to `ChatMessage.getSpeaker()`
 */

/**
 * One target of `postPartsCard`: its rules call and what it gave, as `CardSpec` has them (its
 * first summary line names the target), and the changes it left for the GM's client, in words.
 * @typedef {Omit<CardSpec, "title"|"speaker"> & {pending?: string[]}} PartSpec
 */

/**
 * What `postPartsCard` takes: the title, the outcome line(s) on top, one part per target.
 * @typedef {{title: string, summary: string[], parts: PartSpec[], speaker?: ChatSpeakerData}} PartsSpec
 */

/** Ids of messages whose Undo is running: a double click restores once. */
const undoing = new Set();

/* -------------------------------------------- */
/*  Rendering                                   */
/* -------------------------------------------- */

/**
 * One change as a list item: "name: label before → after" (`changeText`).
 * @param {ChangeRecord} record
 * @returns {string}
 */
function changeItem(record) {
  return `<li>${escapeHtml(changeText(record))}</li>`;
}

/** Changes listed open on a card; a longer list folds under its count (issue 14: a card stays under 900 px). */
const CHANGES_SHOWN = 5;

/**
 * The changes section, marked when undone; empty without changes.
 * @param {CardState} state
 * @returns {string}
 */
function changesHtml({ changes, undone }) {
  if ( !changes.length ) return "";
  const note = undone ? `<p class="rulepack-undone">${escapeHtml(game.i18n.localize("RULEPACK.Card.Undone"))}</p>` : "";
  const list = `<ul>${changes.map(changeItem).join("")}</ul>`;
  const open = `<section class="rulepack-changes${undone ? " undone" : ""}">`;
  if ( changes.length <= CHANGES_SHOWN ) {
    return `${open}<h4>${escapeHtml(game.i18n.localize("RULEPACK.Card.Changes"))}</h4>${list}${note}</section>`;
  }
  // A long list (a montage, a blast) folds under its count, so the card stays short in the log.
  const heading = game.i18n.format("RULEPACK.Card.ChangesCount", { count: changes.length });
  return `${open}<details class="rulepack-changes-list"><summary>${escapeHtml(heading)}</summary>${list}</details>${note}</section>`;
}

/**
 * The trace section: one item per line, its catalogue id (when known) as a data attribute;
 * headed by the target it is about on a card of several.
 * @param {TraceLine[]} trace
 * @param {string} [about]
 * @returns {string}
 */
function traceHtml(trace, about) {
  const items = trace.map(({ id, text }) => {
    const attr = id ? ` data-catalogue-id="${escapeHtml(id)}"` : "";
    return `<li${attr}>${escapeHtml(text)}</li>`;
  });
  const heading = game.i18n.localize("RULEPACK.Card.Trace") + (about ? `: ${about}` : "");
  return `<section class="rulepack-trace"><h4>${escapeHtml(heading)}</h4><ol>${items.join("")}</ol></section>`;
}

/**
 * The buttons: Undo while there is something to undo (and the viewer may), Copy as fixture.
 * @param {CardState} state
 * @param {boolean} mayUndo
 * @returns {string}
 */
function actionsHtml(state, mayUndo) {
  const button = (/** @type {string} */ action, /** @type {string} */ label) =>
    `<button type="button" data-rulepack-action="${action}">${escapeHtml(label)}</button>`;
  const label = state.card.parts ? game.i18n.localize("RULEPACK.Card.UndoAll") : game.i18n.localize("RULEPACK.Card.Undo");
  const undo = mayUndo && recordsToUndo(state).length ? button("undo", label) : "";
  const copy = button("fixture", game.i18n.localize("RULEPACK.Card.CopyFixture"));
  return `<footer class="rulepack-actions">${undo}${copy}</footer>`;
}

/**
 * What the card says at a glance, from the stored state alone: the outcome (the first summary
 * line, on top), the other result lines and the changes (unless `changes` is false); on a card
 * of several targets, a section per target (with its Undo when `mayUndo`).
 * @param {CardState} state
 * @param {{changes?: boolean, mayUndo?: boolean}} [shown]
 * @returns {string}
 */
function bodyHtml(state, { changes = true, mayUndo = false } = {}) {
  const summary = state.card.summary.map((line, i) => {
    const outcome = i === 0 ? " rulepack-outcome" : "";
    return `<p class="rulepack-summary${outcome}">${escapeHtml(line)}</p>`;
  });
  if ( state.card.parts ) return summary.join("") + partsHtml(state, { changes, mayUndo });
  return summary.join("") + (changes ? changesHtml(state) : "");
}

/**
 * The details, collapsed until a reader opens them: Foundry's own roll HTML, then the trace
 * (one per target on a card of several).
 * @param {CardState} state
 * @param {string[]} dice  each roll's rendered HTML
 * @returns {string}
 */
function detailsHtml(state, dice) {
  const label = escapeHtml(game.i18n.localize("RULEPACK.Card.Details"));
  const { parts } = state.card;
  const traces = parts ? parts.map((part) => traceHtml(part.trace, partHeading(part))).join("") : traceHtml(state.card.trace);
  return `<details class="rulepack-details"><summary>${label}</summary>`
    + `<div class="rulepack-dice">${dice.join("")}</div>${traces}</details>`;
}

/**
 * The stored message content: the outcome and changes, the details (dice and trace, collapsed),
 * the buttons. The body and the buttons are rebuilt for each viewer (`activateCard`).
 * @param {CardState} state
 * @param {Roll[]} rolls
 * @returns {Promise<string>}
 */
async function cardContent(state, rolls) {
  const dice = await Promise.all(rolls.map((roll) => roll.render()));
  return `<div class="rulepack-card"><div class="rulepack-body">${bodyHtml(state, { mayUndo: true })}</div>`
    + `${detailsHtml(state, dice)}${actionsHtml(state, true)}</div>`;
}

/* -------------------------------------------- */
/*  Posting, Undo                               */
/* -------------------------------------------- */

/**
 * Create the card's message: who sees it follows the user's roll mode (public, GM only, blind,
 * self).
 * @param {CardState} state
 * @param {Roll[]} rolls
 * @param {{title: string, speaker?: ChatSpeakerData}} shown
 * @returns {Promise<ChatMessage|undefined>}
 */
async function createCard(state, rolls, { title, speaker }) {
  /** @type {ChatMessageData} */
  const data = {
    speaker: speaker ?? ChatMessage.getSpeaker(),
    flavor: escapeHtml(title),
    content: await cardContent(state, rolls),
    rolls,
    flags: { [MODULE_ID]: state }
  };
  // The roll mode of the module's setting, else the one the user chose in the chat log: v13
  // applies none to a bare create, v12 none to a message without rolls, so the card applies it
  // itself, as dnd5e's do.
  ChatMessage.applyRollMode(data, cardRollMode());
  return ChatMessage.create(data);
}

/**
 * A rules call's stored copy: the call, its result and trace; an error is refused.
 * @param {PartSpec} spec
 * @returns {CardPart}
 */
function storedCall(spec) {
  const { result } = spec;
  if ( result.error ) throw new Error(`${MODULE_ID} | a card needs a result, not the error ${result.error.code}`);
  const call = structuredClone(spec.call);
  return {
    summary: [...(spec.summary ?? [])], call,
    result: structuredClone({ events: result.events, state: result.state }),
    trace: traceLines(call, result, spec.trace)
  };
}

/**
 * Post a card: the rolls rendered as Foundry does, the summary, the changes, the rules trace.
 * @param {CardSpec} spec
 * @returns {Promise<ChatMessage|undefined>}
 */
export async function postCard(spec) {
  /** @type {CardData} */
  const card = { title: spec.title, ...storedCall(spec) };
  const state = { card, changes: structuredClone(spec.changes ?? []), undone: false, undoneParts: [] };
  return createCard(state, spec.rolls ?? [], spec);
}

/**
 * Post one card for an action over several targets: the outcome lines on top, a section per
 * target (its rules call, changes and Undo), the rolls of every target in the details, one
 * fixture per target. Each change record keeps the index of its target (`part`).
 * @param {PartsSpec} spec
 * @returns {Promise<ChatMessage|undefined>}
 */
export async function postPartsCard(spec) {
  const parts = spec.parts.map((part) => (part.pending?.length ? { ...storedCall(part), pending: [...part.pending] } : storedCall(part)));
  const changes = spec.parts.flatMap((part, i) => structuredClone(part.changes ?? []).map((record) => ({ ...record, part: i })));
  /** @type {CardData} */
  const card = { title: spec.title, summary: [...spec.summary], trace: [], parts };
  const state = { card, changes, undone: false, undoneParts: [] };
  return createCard(state, spec.parts.flatMap((part) => part.rolls ?? []), spec);
}

export { readCard };

/**
 * Undo a card (GM only): restore every `before` in reverse order, then mark the message undone;
 * on a card of several targets, with `part`, only that target's (the others stay). Refused,
 * changing nothing, when the viewer is not a GM, there is nothing left to undo, its author (not
 * a GM) does not own a changed document, or a document no longer holds the card's `after`
 * (someone changed it since, another target of the same card included).
 * @param {ChatMessage} message
 * @param {number} [part]  a target of a card of several
 * @returns {Promise<boolean>}  whether the documents were restored
 */
export async function undoCard(message, part) {
  const state = readCard(message);
  const id = message.id;
  const records = state ? recordsToUndo(state, part) : [];
  if ( !game.user?.isGM || !state || !records.length || undoing.has(id) ) return false;
  undoing.add(id);
  try {
    const foreign = await notOwnedBy(records, message.author);
    if ( foreign ) {
      notices.warn(game.i18n.format("RULEPACK.Card.UndoForeign", { name: foreign.name }));
      return false;
    }
    // A later target of the same card that changed the same field, still applied, is a later change too.
    const stale = (part === undefined ? undefined : laterChange(state, part)) ?? await changedSince(records);
    if ( stale ) {
      notices.warn(game.i18n.format("RULEPACK.Card.UndoConflict", { name: stale.name, label: changeLabel(stale) }));
      return false;
    }
    await restoreChanges(records);
    const flags = state.card.parts ? afterUndo(state, part) : { undone: true, undoneParts: [] };
    const content = await cardContent({ ...state, ...flags }, message.rolls);
    /** @type {Record<string, unknown>} */
    const update = { [`flags.${MODULE_ID}.undone`]: flags.undone, content };
    if ( state.card.parts ) update[`flags.${MODULE_ID}.undoneParts`] = flags.undoneParts;
    await message.update(update);
    return true;
  } finally {
    undoing.delete(id);
  }
}

/* -------------------------------------------- */
/*  Rendering hook                              */
/* -------------------------------------------- */

/**
 * Run a card button; failures are shown, not thrown into the void of an event handler.
 * @param {ChatMessage} message
 * @param {HTMLElement} button
 */
async function runAction(message, button) {
  const action = button.dataset.rulepackAction;
  try {
    if ( action === "undo" ) await undoCard(message);
    else if ( action === "undo-target" ) await undoCard(message, Number(button.dataset.rulepackPart));
    else if ( action === "fixture" ) await copyFixture(message);
  } catch(err) {
    notices.error(game.i18n.format("RULEPACK.Card.ActionFailed", { message: String(err) }));
  }
}

/**
 * Rebuild a rendered card's body and buttons from the message's flags (the viewer's own Undo
 * buttons, only for a GM; the Changes and the trace for a player as the settings say) and wire
 * the buttons. Messages that are not cards are left alone.
 * @param {ChatMessage} message
 * @param {HTMLElement} element
 */
export function activateCard(message, element) {
  const state = readCard(message);
  const body = element.querySelector(".rulepack-card .rulepack-body");
  const footer = element.querySelector(".rulepack-card > .rulepack-actions");
  if ( !state || !body || !footer ) return;
  const shown = cardVisibility();
  const mayUndo = game.user?.isGM === true;
  body.innerHTML = bodyHtml(state, { ...shown, mayUndo });
  if ( !shown.trace ) element.querySelectorAll(".rulepack-card .rulepack-trace").forEach((trace) => trace.remove());
  footer.outerHTML = actionsHtml(state, mayUndo);
  for ( const button of element.querySelectorAll(".rulepack-card button[data-rulepack-action]") ) {
    button.addEventListener("click", (event) => {
      event.preventDefault();
      runAction(message, /** @type {HTMLElement} */ (button));
    });
  }
}

/**
 * Wire every rendered card (call once, on `init`).
 * @returns {number}  the hook id
 */
export function registerCardHooks() {
  return onRenderChatMessage(activateCard);
}

export { applyChanges, diceOf, traceLines, copyFixture, fixtureYaml };

/** What rulesets reach through `game.modules.get(MODULE_ID).api.cards`. */
export const CARDS = Object.freeze({
  postCard, postPartsCard, applyChanges, diceOf, traceLines, undoCard, copyFixture, fixtureYaml, readCard
});
