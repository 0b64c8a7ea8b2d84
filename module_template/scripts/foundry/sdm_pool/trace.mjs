/**
 * The rules trace of the `sdm_pool` ruleset: how a chat card names each event of an attack,
 * initiative and a turn's start (its SDM catalogue item and a one-line label). Presentation
 * only: the Python engine has no mirror of it.
 * @module foundry/sdm_pool/trace
 */

/**
 * @typedef {import("../trace.mjs").TraceEntry} TraceEntry
 * @typedef {import("../trace.mjs").TraceFormat} TraceFormat
 */

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
 * An event's fields as a label's data: lists of faces, ids and an order joined.
 * @param {any} e
 * @returns {Record<string, unknown>}
 */
function data(e) {
  const joined = (/** @type {unknown} */ v) => (Array.isArray(v) ? facesText(v) : v);
  return { ...e, faces: joined(e.faces), ids: joined(e.ids), order: joined(e.order) };
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
  initiative: entry("SDM-R02", (e, format) => format("RULEPACK.Trace.Sdm.Initiative", data(e))),
  tie: {
    id: (e) => (e.decided_by === "dexterity" ? "SDM-R03" : "SDM-G15"),
    label: (e, format) => format("RULEPACK.Trace.Sdm.Tie", data(e))
  },
  order: entry("SDM-R02", (e, format) => format("RULEPACK.Trace.Sdm.Order", data(e))),
  opening: entry("SDM-R04", (e, format) => format("RULEPACK.Trace.Sdm.Opening", data(e))),
  joined: entry("SDM-G16", (e, format) => format("RULEPACK.Trace.Sdm.Joined", data(e))),
  allotment: entry("SDM-G04", (e, format) => format("RULEPACK.Trace.Sdm.Allotment", data(e))),
  movement: entry("SDM-G05", (e, format) => format("RULEPACK.Trace.Sdm.Movement", data(e))),
  turn_start: entry("SDM-R06", (e, format) => format("RULEPACK.Trace.Sdm.TurnStart", data(e))),
  no_turn: entry("SDM-G21", (e, format) => format("RULEPACK.Trace.Sdm.NoTurn", data(e))),
  recovery: entry("SDM-G20", (e, format) => format("RULEPACK.Trace.Sdm.Recovery", data(e))),
  recovered: entry("SDM-G20", (e, format) => format("RULEPACK.Trace.Sdm.Recovered", data(e))),
  spend: entry("SDM-R05", (e, format) => format("RULEPACK.Trace.Sdm.Spend", data(e))),
  reaction: entry("SDM-R06", (e, format) => format("RULEPACK.Trace.Sdm.Reaction", data(e))),
  refused: entry("SDM-G11", (e, format) => format("RULEPACK.Trace.Sdm.Refused", data(e))),
  attack_pool: entry("SDM-R09", (e, format) => format("RULEPACK.Trace.Sdm.AttackPool", data(e))),
  difficulty: entry("SDM-G02", (e, format) => format("RULEPACK.Trace.Sdm.Difficulty", data(e))),
  attack_roll: entry("SDM-G01", (e, format) => format("RULEPACK.Trace.Sdm.AttackRoll", data(e))),
  salvation: entry("SDM-G08", (e, format) => format("RULEPACK.Trace.Sdm.Salvation", data(e))),
  outcome: {
    id: (e) => (/** @type {Record<string, string>} */ (OUTCOMES))[String(e.result)] ?? "SDM-R10",
    label: (e, format) => format("RULEPACK.Trace.Sdm.Outcome", data(e))
  },
  opportunity: entry("SDM-R12", (e, format) => format("RULEPACK.Trace.Sdm.Opportunity", data(e))),
  dodge: entry("SDM-R12", (e, format) => format("RULEPACK.Trace.Sdm.Dodge", data(e))),
  damage: entry("SDM-G18", (e, format) => format("RULEPACK.Trace.Sdm.Damage", data(e))),
  armor: entry("SDM-G17", (e, format) => format("RULEPACK.Trace.Sdm.Armor", data(e))),
  armor_breaks: entry("SDM-R13", (e, format) => format("RULEPACK.Trace.Sdm.ArmorBreaks", data(e))),
  hp: entry("SDM-R14", (e, format) => format("RULEPACK.Trace.Sdm.Hp", data(e))),
  incapacitated: entry("SDM-R15", (e, format) => format("RULEPACK.Trace.Sdm.Incapacitated", data(e))),
  disengage: entry("SDM-G12", (e, format) => format("RULEPACK.Trace.Sdm.Disengage", data(e))),
  counter_pending: entry("SDM-G13", (e, format) => format("RULEPACK.Trace.Sdm.CounterPending", data(e))),
  stabilize: entry("SDM-G20", (e, format) => format("RULEPACK.Trace.Sdm.Stabilize", data(e))),
  stabilized: entry("SDM-G20", (e, format) => format("RULEPACK.Trace.Sdm.Stabilized", data(e))),
  heal: entry("SDM-R16", (e, format) => format("RULEPACK.Trace.Sdm.Heal", data(e))),
  death: entry("SDM-R15", (e, format) => format("RULEPACK.Trace.Sdm.Death", data(e))),
  round_start: entry("SDM-R01", (e, format) => format("RULEPACK.Trace.Sdm.RoundStart", data(e))),
  round_end: entry("SDM-R01", (e, format) => format("RULEPACK.Trace.Sdm.RoundEnd", data(e))),
  step: entry("SDM-R01", (e, format) => format("RULEPACK.Trace.Sdm.Step", data(e))),
  move: entry("SDM-R07", (e, format) => format("RULEPACK.Trace.Sdm.Move", data(e))),
  act: entry("SDM-R05", (e, format) => format("RULEPACK.Trace.Sdm.Act", data(e))),
  turn_end: entry("SDM-R01", (e, format) => format("RULEPACK.Trace.Sdm.TurnEnd", data(e))),
  counter: entry("SDM-G13", (e, format) => format("RULEPACK.Trace.Sdm.Counter", data(e))),
  counter_lost: entry("SDM-G13", (e, format) => format("RULEPACK.Trace.Sdm.CounterLost", data(e)))
});
