/**
 * The rules trace of the `sdm_pool` ruleset: how a chat card names each event of an attack,
 * initiative and a turn's start (its SDM catalogue item and a one-line label). Presentation
 * only: the Python engine has no mirror of it.
 * @module foundry/sdm_pool/trace
 */

/**
 * @typedef {import("../trace.mjs").TraceEntry} TraceEntry
 * @typedef {import("../trace.mjs").TraceFormat} TraceFormat
 * @typedef {import("../trace.mjs").WordTable} WordTable
 */

import { wordOf, yesNo } from "../trace.mjs";
import { ACTS, ATTACK_KINDS, CHOICES, COSTS, REASONS, TIE_BREAKS, TRIGGERS } from "./words.mjs";

/** The catalogue item behind each attack outcome. */
const OUTCOMES = Object.freeze({ hit: "SDM-R10", shortfall: "SDM-R11", salvation: "SDM-G08" });

/**
 * Faces as "5, 6, 2" ("-" for none).
 * @param {number[]} faces
 * @returns {string}
 */
function facesText(faces) {
  return faces.length ? faces.join(", ") : "-";
}

/**
 * Which rules' words an event field holds (`words.mjs`), by field.
 * @type {Readonly<Record<string, WordTable>>}
 */
const FIELD_WORDS = Object.freeze({
  cost: COSTS, paid: COSTS, what: ACTS, kind: ACTS, choice: CHOICES, reason: REASONS,
  attack_kind: ATTACK_KINDS, trigger: TRIGGERS, decided_by: TIE_BREAKS
});

/**
 * An event's fields as a label's data: lists of faces, ids and an order joined, a true or false
 * as yes or no, the rules' words by their labels.
 * @param {any} e
 * @param {TraceFormat} format
 * @returns {Record<string, unknown>}
 */
function data(e, format) {
  const joined = (/** @type {unknown} */ v) => (Array.isArray(v) ? facesText(v) : v);
  /** @type {Record<string, unknown>} */
  const out = { ...e, faces: joined(e.faces), ids: joined(e.ids), order: joined(e.order) };
  for ( const [field, value] of Object.entries(e) ) {
    if ( typeof value === "boolean" ) out[field] = yesNo(value, format);
    else if ( Object.hasOwn(FIELD_WORDS, field) ) out[field] = wordOf(FIELD_WORDS[field], value, format);
  }
  return out;
}

/**
 * An entry of a fixed catalogue id.
 * @param {string} id
 * @param {(e: any, format: TraceFormat) => string} label
 * @returns {TraceEntry}
 */
function entry(id, label) {
  return { id, label };
}

/**
 * The rules trace of this ruleset's rules: event type → catalogue id and label.
 * @type {Readonly<Record<string, TraceEntry>>}
 */
export const TRACE = Object.freeze({
  initiative: entry("SDM-R02", (e, format) => format("RULEPACK.Trace.Sdm.Initiative", data(e, format))),
  tie: {
    id: (e) => (e.decided_by === "dexterity" ? "SDM-R03" : "SDM-G15"),
    label: (e, format) => format("RULEPACK.Trace.Sdm.Tie", data(e, format))
  },
  order: entry("SDM-R02", (e, format) => format("RULEPACK.Trace.Sdm.Order", data(e, format))),
  opening: entry("SDM-R04", (e, format) => format("RULEPACK.Trace.Sdm.Opening", data(e, format))),
  joined: entry("SDM-G16", (e, format) => format("RULEPACK.Trace.Sdm.Joined", data(e, format))),
  allotment: entry("SDM-G04", (e, format) => format("RULEPACK.Trace.Sdm.Allotment", data(e, format))),
  movement: entry("SDM-G05", (e, format) => format("RULEPACK.Trace.Sdm.Movement", data(e, format))),
  turn_start: entry("SDM-R06", (e, format) => format("RULEPACK.Trace.Sdm.TurnStart", data(e, format))),
  no_turn: entry("SDM-G21", (e, format) => format("RULEPACK.Trace.Sdm.NoTurn", data(e, format))),
  recovery: entry("SDM-G20", (e, format) => format("RULEPACK.Trace.Sdm.Recovery", data(e, format))),
  recovered: entry("SDM-G20", (e, format) => format("RULEPACK.Trace.Sdm.Recovered", data(e, format))),
  spend: entry("SDM-R05", (e, format) => format("RULEPACK.Trace.Sdm.Spend", data(e, format))),
  reaction: entry("SDM-R06", (e, format) => format("RULEPACK.Trace.Sdm.Reaction", data(e, format))),
  refused: entry("SDM-G11", (e, format) => format("RULEPACK.Trace.Sdm.Refused", data(e, format))),
  attack_pool: entry("SDM-R09", (e, format) => format("RULEPACK.Trace.Sdm.AttackPool", data(e, format))),
  difficulty: entry("SDM-G02", (e, format) => format("RULEPACK.Trace.Sdm.Difficulty", data(e, format))),
  attack_roll: entry("SDM-G01", (e, format) => format("RULEPACK.Trace.Sdm.AttackRoll", data(e, format))),
  salvation: entry("SDM-G08", (e, format) => format("RULEPACK.Trace.Sdm.Salvation", data(e, format))),
  outcome: {
    id: (e) => (/** @type {Record<string, string>} */ (OUTCOMES))[String(e.result)] ?? "SDM-R10",
    label: (e, format) => format("RULEPACK.Trace.Sdm.Outcome", data(e, format))
  },
  opportunity: entry("SDM-R12", (e, format) => format("RULEPACK.Trace.Sdm.Opportunity", data(e, format))),
  dodge: entry("SDM-R12", (e, format) => format("RULEPACK.Trace.Sdm.Dodge", data(e, format))),
  damage: entry("SDM-G18", (e, format) => format("RULEPACK.Trace.Sdm.Damage", data(e, format))),
  armor: entry("SDM-G17", (e, format) => format("RULEPACK.Trace.Sdm.Armor", data(e, format))),
  armor_breaks: entry("SDM-R13", (e, format) => format("RULEPACK.Trace.Sdm.ArmorBreaks", data(e, format))),
  hp: entry("SDM-R14", (e, format) => format("RULEPACK.Trace.Sdm.Hp", data(e, format))),
  incapacitated: entry("SDM-R15", (e, format) => format("RULEPACK.Trace.Sdm.Incapacitated", data(e, format))),
  disengage: entry("SDM-G12", (e, format) => format("RULEPACK.Trace.Sdm.Disengage", data(e, format))),
  counter_pending: entry("SDM-G13", (e, format) => format("RULEPACK.Trace.Sdm.CounterPending", data(e, format))),
  stabilize: entry("SDM-G20", (e, format) => format("RULEPACK.Trace.Sdm.Stabilize", data(e, format))),
  stabilized: entry("SDM-G20", (e, format) => format("RULEPACK.Trace.Sdm.Stabilized", data(e, format))),
  heal: entry("SDM-R16", (e, format) => format("RULEPACK.Trace.Sdm.Heal", data(e, format))),
  death: entry("SDM-R15", (e, format) => format("RULEPACK.Trace.Sdm.Death", data(e, format))),
  round_start: entry("SDM-R01", (e, format) => format("RULEPACK.Trace.Sdm.RoundStart", data(e, format))),
  round_end: entry("SDM-R01", (e, format) => format("RULEPACK.Trace.Sdm.RoundEnd", data(e, format))),
  step: entry("SDM-R01", (e, format) => format("RULEPACK.Trace.Sdm.Step", data(e, format))),
  move: entry("SDM-R07", (e, format) => format("RULEPACK.Trace.Sdm.Move", data(e, format))),
  act: entry("SDM-R05", (e, format) => format("RULEPACK.Trace.Sdm.Act", data(e, format))),
  turn_end: entry("SDM-R01", (e, format) => format("RULEPACK.Trace.Sdm.TurnEnd", data(e, format))),
  counter: entry("SDM-G13", (e, format) => format("RULEPACK.Trace.Sdm.Counter", data(e, format))),
  counter_lost: entry("SDM-G13", (e, format) => format("RULEPACK.Trace.Sdm.CounterLost", data(e, format)))
});
