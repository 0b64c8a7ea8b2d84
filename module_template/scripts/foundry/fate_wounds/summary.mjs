/**
 * The result lines of a fate_wounds card, from the rules' events (the rules trace lists every
 * event; these say what happened at the table): each side's roll with its terms and ladder
 * label (FW-R02, FW-R03, FW-R07), the outcome (FW-R04, FW-R05), the box checked and any overflow
 * (FW-R10, FW-R11, FW-G11), the Disadvantage or Incapacitated that follows (FW-R13), the
 * power bonuses left (FW-R06) or refilled (FW-G07), and boxes cleared (FW-G12). Plain text; the card escapes it.
 * @module foundry/fate_wounds/summary
 */

import { approachName, disadvantageText } from "./text.mjs";

/**
 * Display names: characters by engine id, wound columns by id.
 * @typedef {{characters: Record<string, string>, columns: Record<string, string>}} Names
 */

/**
 * A signed number: "+2", "0", "-1".
 * @param {number} value
 * @returns {string}
 */
export function signed(value) {
  return value > 0 ? `+${value}` : `${value}`;
}

/**
 * "Forceful +2 (Great)" for a term of a roll event.
 * @param {{id: string, value: number, label: string}} term
 * @param {string} name
 * @returns {string}
 */
function termText(term, name) {
  return game.i18n.format("RULEPACK.FateWounds.Rated", { name, value: signed(term.value), label: term.label });
}

/**
 * One side's roll line.
 * @param {any} e  a `roll` event
 * @param {Names} names
 * @param {Record<string, string>} powers  power id → name
 * @returns {string}
 */
function rollLine(e, names, powers) {
  const i18n = game.i18n;
  const terms = [termText(e.approach, approachName(e.approach.id))];
  if ( e.skill ) terms.push(termText(e.skill, e.skill.id));
  if ( e.power ) terms.push(termText(e.power, powers[e.power.id] ?? e.power.id));
  if ( e.power_bonuses ) terms.push(i18n.format("RULEPACK.FateWounds.Summary.Bonuses", { count: e.power_bonuses }));
  return i18n.format("RULEPACK.FateWounds.Summary.Roll", {
    name: names.characters[e.character] ?? e.character, dice: signed(e.dice), terms: terms.join(" + "),
    total: signed(e.total), label: e.label
  });
}

/**
 * The line of one event, or null for an event the summary leaves to the trace.
 * @param {any} e
 * @param {Names} names
 * @param {Record<string, string>} powers
 * @returns {string|null}
 */
function line(e, names, powers) {
  const format = (/** @type {string} */ key, /** @type {Record<string, unknown>} */ data = {}) => game.i18n.format(key, data);
  const who = names.characters[e.character] ?? e.character;
  const column = (/** @type {string} */ id) => names.columns[id] ?? id;
  switch ( e.type ) {
    case "roll": return rollLine(e, names, powers);
    case "no_defence": return format("RULEPACK.FateWounds.Summary.NoDefence", { name: who });
    case "compare": return e.winner === "attacker"
      ? format("RULEPACK.FateWounds.Summary.Hit", { attack: signed(e.attack), defence: signed(e.defence), damage: e.damage })
      : format("RULEPACK.FateWounds.Summary.Defended", { attack: signed(e.attack), defence: signed(e.defence) });
    case "overflow": return format("RULEPACK.FateWounds.Summary.Overflow", { from: column(e.from), to: column(e.to) });
    case "overflow_lost": return format("RULEPACK.FateWounds.Summary.Lost", { name: who, column: column(e.column) });
    case "overflow_after_out": return format("RULEPACK.FateWounds.Summary.AfterOut", { name: who });
    case "box_checked": return format("RULEPACK.FateWounds.Summary.Box", { name: who, column: column(e.column), checked: e.checked, boxes: e.boxes });
    case "condition": return e.incapacitated ? format("RULEPACK.FateWounds.Summary.Out", { name: who })
      : format("RULEPACK.FateWounds.Summary.Condition", { name: who, disadvantage: disadvantageText(e.disadvantage) });
    case "power_bonuses_refreshed": return format("RULEPACK.FateWounds.Summary.Refreshed", { name: who, left: e.remaining });
    case "wounds_cleared": return format("RULEPACK.FateWounds.Summary.Cleared", { name: who, column: column(e.column), boxes: e.boxes });
    default: return null;
  }
}

/**
 * The card's result lines for the rules' events: the exchange's outcome first (the card's
 * one-line headline), then the rest in event order. Bonuses spent are in each roll's line and
 * in the Changes, not repeated.
 * @param {object[]} events
 * @param {Names} names
 * @param {Record<string, string>} powers  power id → name
 * @returns {string[]}
 */
export function outcomeLines(events, names, powers) {
  const ordered = [...events.filter((e) => /** @type {any} */ (e).type === "compare"),
    ...events.filter((e) => /** @type {any} */ (e).type !== "compare")];
  return /** @type {string[]} */ (ordered.map((e) => line(e, names, powers)).filter((l) => l !== null));
}
