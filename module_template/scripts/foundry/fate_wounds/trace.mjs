/**
 * The rules trace of the `fate_wounds` ruleset: how a chat card names each event of its rules
 * (its FW catalogue item, or the shared primitive's, and a one-line label). Presentation only:
 * the Python engine has no mirror of it.
 */

/**
 * @typedef {import("../trace.mjs").TraceEntry} TraceEntry
 * @typedef {import("../trace.mjs").TraceFormat} TraceFormat
 */

import { wordOf, yesNo } from "../trace.mjs";
import { ACTIONS, MODES, REASONS, SCALES, SIDES } from "./words.mjs";

/**
 * A signed number: "+2", "0", "-1".
 * @param {number} value
 * @returns {string}
 */
function signed(value) {
  return value > 0 ? `+${value}` : `${value}`;
}

/**
 * A term of a roll as "forceful +2 (Great)", or "-" when there is none.
 * @param {{id: string, value: number, label: string}|null} term
 * @returns {string}
 */
function term(term) {
  return term ? `${term.id} ${signed(term.value)} (${term.label})` : "-";
}

/**
 * The line of one side's roll.
 * @param {any} e
 * @param {TraceFormat} format
 * @returns {string}
 */
function rollLabel(e, format) {
  return format("RULEPACK.Trace.FW.Roll", {
    character: e.character, side: wordOf(SIDES, e.side, format), dice: signed(e.dice), approach: term(e.approach), skill: term(e.skill),
    power: term(e.power), bonuses: e.power_bonuses, modifier: signed(e.modifier), total: signed(e.total), label: e.label
  });
}

/**
 * The Disadvantage line: the level, the mode, and what was kept.
 * @param {any} e
 * @param {TraceFormat} format
 * @returns {string}
 */
function disadvantageLabel(e, format) {
  let kept = "";
  if ( "kept_set" in e ) kept = `set ${e.kept_set + 1}`;
  else if ( "kept_faces" in e ) kept = e.kept_faces.join(", ");
  else kept = `-${e.penalty}`;
  return format("RULEPACK.Trace.FW.Disadvantage", { character: e.character, level: e.level, mode: wordOf(MODES, e.mode, format), kept, dice: signed(e.dice) });
}


/**
 * The rules trace of this ruleset: event type -> catalogue id and label.
 * @type {Readonly<Record<string, TraceEntry>>}
 */
export const TRACE = Object.freeze({
  label: { id: "FW-G05", label: (e, format) => format("RULEPACK.Trace.FW.Label", { ...e, scale: wordOf(SCALES, e.scale, format) }) },
  fate_dice: { id: "P4", label: (e, format) => format("RULEPACK.Trace.FW.FateDice", { character: e.character, faces: e.faces.map(signed).join(", "), total: signed(e.total) }) },
  disadvantage: { id: "FW-G01", label: disadvantageLabel },
  power_bonuses: { id: "FW-R06", label: (e, format) => format("RULEPACK.Trace.FW.PowerBonuses", e) },
  power_bonuses_refreshed: { id: "FW-G07", label: (e, format) => format("RULEPACK.Trace.FW.Refreshed", e) },
  roll: { id: (e) => (e.side === "attack" ? "FW-R02" : "FW-R03"), label: rollLabel },
  no_defence: { id: "FW-G08", label: (e, format) => format("RULEPACK.Trace.FW.NoDefence", e) },
  compare: { id: "FW-R04", label: (e, format) => format("RULEPACK.Trace.FW.Compare", { attack: signed(e.attack), defence: signed(e.defence), winner: e.winner, damage: e.damage }) },
  wound_column: { id: "FW-R10", label: (e, format) => format("RULEPACK.Trace.FW.WoundColumn", e) },
  overflow: { id: "FW-R11", label: (e, format) => format("RULEPACK.Trace.FW.Overflow", e) },
  overflow_lost: { id: "FW-G11", label: (e, format) => format("RULEPACK.Trace.FW.OverflowLost", e) },
  overflow_after_out: { id: "FW-G11", label: (e, format) => format("RULEPACK.Trace.FW.AfterOut", e) },
  box_checked: { id: "FW-R10", label: (e, format) => format("RULEPACK.Trace.FW.BoxChecked", e) },
  condition: { id: "FW-R13", label: (e, format) => format("RULEPACK.Trace.FW.Condition", { ...e, incapacitated: yesNo(e.incapacitated, format) }) },
  wounds_cleared: { id: "FW-G12", label: (e, format) => format("RULEPACK.Trace.FW.Cleared", e) },
  turn_order: { id: "FW-G03", label: (e, format) => format("RULEPACK.Trace.FW.TurnOrder", { order: (e.order ?? []).join(", ") }) },
  turn: { id: "FW-R01", label: (e, format) => format("RULEPACK.Trace.FW.Turn", e) },
  turn_skipped: { id: "FW-R13", label: (e, format) => format("RULEPACK.Trace.FW.TurnSkipped", { ...e, reason: wordOf(REASONS, e.reason, format) }) },
  action: { id: "FW-R01", label: (e, format) => format("RULEPACK.Trace.FW.Action", { ...e, kind: wordOf(ACTIONS, e.kind, format) }) }
});
