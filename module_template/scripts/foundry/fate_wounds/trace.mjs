/**
 * The rules trace of the `fate_wounds` ruleset: how a chat card names each event of its rules
 * (its FW catalogue item, or the shared primitive's, and a one-line label). Presentation only:
 * the Python engine has no mirror of it.
 */

/**
 * @typedef {import("../trace.mjs").TraceEntry} TraceEntry
 * @typedef {import("../trace.mjs").TraceFormat} TraceFormat
 */

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
    character: e.character, side: e.side, dice: signed(e.dice), approach: term(e.approach), skill: term(e.skill),
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
  return format("RULEPACK.Trace.FW.Disadvantage", { character: e.character, level: e.level, mode: e.mode, kept, dice: signed(e.dice) });
}

/**
 * An entry whose label is one lang key over the event's own fields.
 * @param {string | ((event: any, rule: string) => string | null)} id
 * @param {string} key
 * @returns {TraceEntry}
 */
function plain(id, key) {
  return { id, label: (e, format) => format(`RULEPACK.Trace.FW.${key}`, e) };
}

/**
 * The rules trace of this ruleset: event type -> catalogue id and label.
 * @type {Readonly<Record<string, TraceEntry>>}
 */
export const TRACE = Object.freeze({
  label: plain("FW-G05", "Label"),
  fate_dice: { id: "P4", label: (e, format) => format("RULEPACK.Trace.FW.FateDice", { character: e.character, faces: e.faces.map(signed).join(", "), total: signed(e.total) }) },
  disadvantage: { id: "FW-G01", label: disadvantageLabel },
  power_bonuses: plain("FW-R06", "PowerBonuses"),
  power_bonuses_refreshed: plain("FW-G07", "Refreshed"),
  roll: { id: (e) => (e.side === "attack" ? "FW-R02" : "FW-R03"), label: rollLabel },
  no_defence: plain("FW-G08", "NoDefence"),
  compare: { id: "FW-R04", label: (e, format) => format("RULEPACK.Trace.FW.Compare", { attack: signed(e.attack), defence: signed(e.defence), winner: e.winner, damage: e.damage }) },
  wound_column: plain("FW-R10", "WoundColumn"),
  overflow: plain("FW-R11", "Overflow"),
  overflow_lost: plain("FW-G11", "OverflowLost"),
  overflow_after_out: plain("FW-G11", "AfterOut"),
  box_checked: plain("FW-R10", "BoxChecked"),
  condition: plain("FW-R13", "Condition"),
  wounds_cleared: plain("FW-G12", "Cleared"),
  turn_order: { id: "FW-G03", label: (e, format) => format("RULEPACK.Trace.FW.TurnOrder", { order: (e.order ?? []).join(", ") }) },
  turn: plain("FW-R01", "Turn"),
  turn_skipped: plain("FW-R13", "TurnSkipped"),
  action: plain("FW-R01", "Action")
});
