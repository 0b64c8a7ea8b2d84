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
 * Everything the card shows is rebuilt from the message's flags (`flags[MODULE_ID]`: `card`,
 * `changes`, `undone`) each time it is rendered, so the list a GM reads is the list Undo restores.
 * All text is plain text until `escapeHtml`; records never go into HTML attributes. Document
 * changes and their undo live in `card-changes.mjs`, the YAML emitter in `yaml.mjs`.
 * @module foundry/chat-card
 */

import { MODULE_ID } from "../config.mjs";
import { applyChanges, changeLabel, changeText, changedSince, notOwnedBy, restoreChanges } from "./card-changes.mjs";
import { diceOf } from "./dice.mjs";
import { onRenderChatMessage } from "./compat.mjs";
import { escapeHtml } from "./html.mjs";
import { cardRollMode, cardVisibility } from "./settings.mjs";
import { traceLines } from "./card-trace.mjs";
import { toYaml } from "./yaml.mjs";

/**
 * @typedef {import("./trace.mjs").TraceEntry} TraceEntry
 * @typedef {Readonly<Record<string, TraceEntry>>} TraceTable  event type → catalogue id and label
 * @typedef {{d: number|string, v: number}} DieFace  one face of the dice queue (catalogue §0)
 * @typedef {import("../rules/harness.mjs").CaseResult} CaseResult
 * @typedef {import("./card-changes.mjs").ChangeRecord} ChangeRecord
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
 * One rules-trace line as stored: the catalogue id (null when the ruleset's TRACE has no entry
 * for the event type) and the localised plain text.
 * @typedef {{id: string|null, text: string}} TraceLine
 */

/**
 * The card as stored in `flags[MODULE_ID].card`.
 * @typedef {{title: string, summary: string[], call: RulesCall, result: {events: object[],
 *   state: Record<string, unknown>}, trace: TraceLine[]}} CardData
 */

/**
 * What a card shows: its stored data, changes and whether they were undone.
 * @typedef {{card: CardData, changes: ChangeRecord[], undone: boolean}} CardState
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

/**
 * The changes section, marked when undone; empty without changes.
 * @param {CardState} state
 * @returns {string}
 */
function changesHtml({ changes, undone }) {
  if ( !changes.length ) return "";
  const note = undone ? `<p class="rulepack-undone">${escapeHtml(game.i18n.localize("RULEPACK.Card.Undone"))}</p>` : "";
  return `<section class="rulepack-changes${undone ? " undone" : ""}">`
    + `<h4>${escapeHtml(game.i18n.localize("RULEPACK.Card.Changes"))}</h4>`
    + `<ul>${changes.map(changeItem).join("")}</ul>${note}</section>`;
}

/**
 * The trace section: one item per line, its catalogue id (when known) as a data attribute.
 * @param {TraceLine[]} trace
 * @returns {string}
 */
function traceHtml(trace) {
  const items = trace.map(({ id, text }) => {
    const attr = id ? ` data-catalogue-id="${escapeHtml(id)}"` : "";
    return `<li${attr}>${escapeHtml(text)}</li>`;
  });
  return `<section class="rulepack-trace"><h4>${escapeHtml(game.i18n.localize("RULEPACK.Card.Trace"))}</h4>`
    + `<ol>${items.join("")}</ol></section>`;
}

/**
 * The buttons: Undo while there is something to undo (and the viewer may), Copy as fixture.
 * @param {CardState} state
 * @param {boolean} mayUndo
 * @returns {string}
 */
function actionsHtml({ changes, undone }, mayUndo) {
  const button = (/** @type {string} */ action, /** @type {string} */ label) =>
    `<button type="button" data-rulepack-action="${action}">${escapeHtml(label)}</button>`;
  const undo = mayUndo && changes.length && !undone ? button("undo", game.i18n.localize("RULEPACK.Card.Undo")) : "";
  const copy = button("fixture", game.i18n.localize("RULEPACK.Card.CopyFixture"));
  return `<footer class="rulepack-actions">${undo}${copy}</footer>`;
}

/**
 * What the card says at a glance, from the stored state alone: the outcome (the first summary
 * line, on top), the other result lines and the changes (unless `changes` is false).
 * @param {CardState} state
 * @param {{changes?: boolean}} [shown]
 * @returns {string}
 */
function bodyHtml(state, { changes = true } = {}) {
  const summary = state.card.summary.map((line, i) => {
    const outcome = i === 0 ? " rulepack-outcome" : "";
    return `<p class="rulepack-summary${outcome}">${escapeHtml(line)}</p>`;
  });
  return summary.join("") + (changes ? changesHtml(state) : "");
}

/**
 * The details, collapsed until a reader opens them: Foundry's own roll HTML, then the trace.
 * @param {CardState} state
 * @param {string[]} dice  each roll's rendered HTML
 * @returns {string}
 */
function detailsHtml(state, dice) {
  const label = escapeHtml(game.i18n.localize("RULEPACK.Card.Details"));
  return `<details class="rulepack-details"><summary>${label}</summary>`
    + `<div class="rulepack-dice">${dice.join("")}</div>${traceHtml(state.card.trace)}</details>`;
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
  return `<div class="rulepack-card"><div class="rulepack-body">${bodyHtml(state)}</div>`
    + `${detailsHtml(state, dice)}${actionsHtml(state, true)}</div>`;
}

/* -------------------------------------------- */
/*  Posting, Undo and fixtures                  */
/* -------------------------------------------- */

/**
 * Post a card: the rolls rendered as Foundry does, the summary, the changes, the rules trace; who
 * sees it follows the user's roll mode (public, GM only, blind, self).
 * @param {CardSpec} spec
 * @returns {Promise<ChatMessage|undefined>}
 */
export async function postCard(spec) {
  const { result } = spec;
  if ( result.error ) throw new Error(`${MODULE_ID} | a card needs a result, not the error ${result.error.code}`);
  const call = structuredClone(spec.call);
  /** @type {CardData} */
  const card = {
    title: spec.title, summary: [...(spec.summary ?? [])], call,
    result: structuredClone({ events: result.events, state: result.state }),
    trace: traceLines(call, result, spec.trace)
  };
  const state = { card, changes: structuredClone(spec.changes ?? []), undone: false };
  const rolls = spec.rolls ?? [];
  /** @type {ChatMessageData} */
  const data = {
    speaker: spec.speaker ?? ChatMessage.getSpeaker(),
    flavor: escapeHtml(spec.title),
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
 * The card state stored on a message; null for any other message.
 * @param {ChatMessage} message
 * @returns {CardState|null}
 */
export function readCard(message) {
  const card = message.getFlag(MODULE_ID, "card");
  const changes = message.getFlag(MODULE_ID, "changes");
  if ( !card || !Array.isArray(card.trace) || !Array.isArray(card.summary) || !Array.isArray(changes) ) return null;
  return { card, changes, undone: message.getFlag(MODULE_ID, "undone") === true };
}

/**
 * Undo a card (GM only): restore every `before` in reverse order, then mark the message undone.
 * Refused, changing nothing, when the viewer is not a GM, the card has no changes or was already
 * undone, its author (not a GM) does not own a changed document, or a document no longer holds
 * the card's `after` (someone changed it since).
 * @param {ChatMessage} message
 * @returns {Promise<boolean>}  whether the documents were restored
 */
export async function undoCard(message) {
  const state = readCard(message);
  const id = message.id;
  if ( !game.user?.isGM || !state || state.undone || !state.changes.length || undoing.has(id) ) return false;
  undoing.add(id);
  try {
    const foreign = await notOwnedBy(state.changes, message.author);
    if ( foreign ) {
      ui.notifications.warn(game.i18n.format("RULEPACK.Card.UndoForeign", { name: foreign.name }));
      return false;
    }
    const stale = await changedSince(state.changes);
    if ( stale ) {
      ui.notifications.warn(game.i18n.format("RULEPACK.Card.UndoConflict", { name: stale.name, label: changeLabel(stale) }));
      return false;
    }
    await restoreChanges(state.changes);
    const content = await cardContent({ ...state, undone: true }, message.rolls);
    await message.update({ [`flags.${MODULE_ID}.undone`]: true, content });
    return true;
  } finally {
    undoing.delete(id);
  }
}

/**
 * The golden fixture of a card (tests/golden/README.md): its rules call, dice and result, `covers`
 * the trace's catalogue ids. The ruleset (the fixture's folder) is named in a leading comment.
 * @param {CardData} card
 * @returns {string}
 */
export function fixtureYaml(card) {
  const { call, result } = card;
  const dice = call.dice.map(({ d, v }) => ({ d, v }));
  const faces = dice.map(({ d, v }) => `d${d}=${v}`).join(" ");
  const fixture = {
    name: `${card.title}: ${call.ruleset}.${call.rule}, dice ${faces}`.trim(),
    covers: [...new Set(card.trace.map((line) => line.id).filter(Boolean))],
    rule: call.rule, config: call.config, input: call.input, dice,
    expected: { events: result.events, state: result.state }
  };
  const folder = /^[a-z][a-z0-9_]*$/.test(call.ruleset) ? call.ruleset : "<ruleset>";
  return toYaml(fixture, { comment: [`ruleset: ${folder}`, `save as tests/golden/${folder}/<name>.yaml`] });
}

/**
 * Copy a card's fixture to the clipboard, or show it in a dialog where the clipboard is refused
 * (Foundry served over plain http is not a secure context, so `navigator.clipboard` is missing).
 * @param {ChatMessage} message
 * @returns {Promise<string|null>}  the YAML, or null for a message that is not a card
 */
export async function copyFixture(message) {
  const state = readCard(message);
  if ( !state ) return null;
  const text = fixtureYaml(state.card);
  try {
    if ( !navigator.clipboard ) throw new Error("no clipboard");
    await navigator.clipboard.writeText(text);
    ui.notifications.info(game.i18n.localize("RULEPACK.Card.FixtureCopied"));
  } catch {
    foundry.applications.api.DialogV2.prompt({
      window: { title: game.i18n.localize("RULEPACK.Card.FixtureTitle") },
      content: `<textarea class="rulepack-fixture" readonly rows="16">${escapeHtml(text)}</textarea>`,
      rejectClose: false
    }).catch((err) => console.error(`${MODULE_ID} | fixture dialog`, err));
    ui.notifications.info(game.i18n.localize("RULEPACK.Card.FixtureShown"));
  }
  return text;
}

/* -------------------------------------------- */
/*  Rendering hook                              */
/* -------------------------------------------- */

/**
 * Run a card button; failures are shown, not thrown into the void of an event handler.
 * @param {ChatMessage} message
 * @param {string|undefined} action
 */
async function runAction(message, action) {
  try {
    if ( action === "undo" ) await undoCard(message);
    else if ( action === "fixture" ) await copyFixture(message);
  } catch(err) {
    ui.notifications.error(game.i18n.format("RULEPACK.Card.ActionFailed", { message: String(err) }));
  }
}

/**
 * Rebuild a rendered card's body and buttons from the message's flags (the viewer's own Undo
 * button, only for a GM; the Changes and the trace for a player as the settings say) and wire
 * the buttons. Messages that are not cards are left alone.
 * @param {ChatMessage} message
 * @param {HTMLElement} element
 */
export function activateCard(message, element) {
  const state = readCard(message);
  const body = element.querySelector(".rulepack-card .rulepack-body");
  const footer = element.querySelector(".rulepack-card .rulepack-actions");
  if ( !state || !body || !footer ) return;
  const shown = cardVisibility();
  body.innerHTML = bodyHtml(state, shown);
  if ( !shown.trace ) element.querySelector(".rulepack-card .rulepack-trace")?.remove();
  footer.outerHTML = actionsHtml(state, game.user?.isGM === true);
  for ( const button of element.querySelectorAll(".rulepack-card .rulepack-actions button[data-rulepack-action]") ) {
    const action = /** @type {HTMLElement} */ (button).dataset.rulepackAction;
    button.addEventListener("click", (event) => {
      event.preventDefault();
      runAction(message, action);
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

export { applyChanges, diceOf, traceLines };

/** What rulesets reach through `game.modules.get(MODULE_ID).api.cards`. */
export const CARDS = Object.freeze({ postCard, applyChanges, diceOf, traceLines, undoCard, copyFixture, fixtureYaml, readCard });
