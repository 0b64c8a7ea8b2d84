/**
 * "Copy as fixture": a card's rules call, dice and result as a golden fixture
 * (tests/golden/README.md) the Python engine replays exactly. A card of several targets gives
 * one fixture per target, as a YAML stream (one document per target, each a fixture file).
 * @module foundry/card-fixture
 */

import { MODULE_ID } from "../config.mjs";
import { readCard } from "./card-state.mjs";
import { DIALOG_WIDTH } from "./forms.mjs";
import { escapeHtml } from "./html.mjs";
import { toYaml } from "./yaml.mjs";
import * as notices from "./notices.mjs";

/**
 * @typedef {import("./card-state.mjs").CardData} CardData
 * @typedef {import("./card-state.mjs").RulesCall} RulesCall
 * @typedef {import("./card-state.mjs").TraceLine} TraceLine
 * @typedef {{title: string, call: RulesCall, result: {events: object[], state: Record<string, unknown>},
 *   trace: TraceLine[]}} Fixed  one rules call of a card, with the name its fixture takes
 */

/**
 * The folder a fixture of `ruleset` goes in (a placeholder for a name that could not be one).
 * @param {string} ruleset
 * @returns {string}
 */
function folderOf(ruleset) {
  return /^[a-z][a-z0-9_]*$/.test(ruleset) ? ruleset : "<ruleset>";
}

/**
 * One rules call as a fixture document, `covers` the trace's catalogue ids; the ruleset (the
 * fixture's folder) in the leading comment, and `note` after it.
 * @param {Fixed} fixed
 * @param {string} note
 * @returns {string}
 */
function fixtureDocument({ title, call, result, trace }, note) {
  const dice = call.dice.map(({ d, v }) => ({ d, v }));
  const faces = dice.map(({ d, v }) => `d${d}=${v}`).join(" ");
  const fixture = {
    name: `${title}: ${call.ruleset}.${call.rule}, dice ${faces}`.trim(),
    covers: [...new Set(trace.map((line) => line.id).filter(Boolean))],
    rule: call.rule, config: call.config, input: call.input, dice,
    expected: { events: result.events, state: result.state }
  };
  return toYaml(fixture, { comment: [`ruleset: ${folderOf(call.ruleset)}`, note] });
}

/**
 * The golden fixture of a card; of a card of several targets, one document per target (its
 * name the card's title and the target's first line).
 * @param {CardData} card
 * @returns {string}
 */
export function fixtureYaml(card) {
  if ( card.parts ) {
    const count = card.parts.length;
    return card.parts.map((part, i) => fixtureDocument({ ...part, title: `${card.title}, ${part.summary[0] ?? i + 1}` },
      `${i + 1} of ${count}: save each document as its own tests/golden/${folderOf(part.call.ruleset)}/<name>.yaml`)).join("---\n");
  }
  if ( !card.call || !card.result ) throw new Error(`${MODULE_ID} | the card ${card.title} has no rules call`);
  const note = `save as tests/golden/${folderOf(card.call.ruleset)}/<name>.yaml`;
  return fixtureDocument({ title: card.title, call: card.call, result: card.result, trace: card.trace }, note);
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
    notices.info(game.i18n.localize("RULEPACK.Card.FixtureCopied"));
  } catch {
    foundry.applications.api.DialogV2.prompt({
      classes: ["rulepack-dialog-card-fixture"], position: { width: DIALOG_WIDTH },
      window: { title: game.i18n.localize("RULEPACK.Card.FixtureTitle") },
      content: `<textarea class="rulepack-fixture" readonly rows="16">${escapeHtml(text)}</textarea>`,
      rejectClose: false
    }).catch((err) => console.error(`${MODULE_ID} | fixture dialog`, err));
    notices.info(game.i18n.localize("RULEPACK.Card.FixtureShown"));
  }
  return text;
}
