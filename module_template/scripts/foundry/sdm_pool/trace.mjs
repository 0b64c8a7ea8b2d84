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
 * An entry whose label is one lang key with the event's own fields (faces joined).
 * @param {string} id
 * @param {string} key  the part after `RULEPACK.Trace.Sdm.`
 * @returns {TraceEntry}
 */
function entry(id, key) {
  return {
    id,
    label: (e, format) => format(`RULEPACK.Trace.Sdm.${key}`, {
      ...e, faces: Array.isArray(e.faces) ? facesText(e.faces) : e.faces,
      ids: Array.isArray(e.ids) ? e.ids.join(", ") : e.ids, order: Array.isArray(e.order) ? e.order.join(", ") : e.order
    })
  };
}

/**
 * The rules trace of this ruleset's rules: event type → catalogue id and label.
 * @type {Readonly<Record<string, TraceEntry>>}
 */
export const TRACE = Object.freeze({
  initiative: entry("SDM-R02", "Initiative"),
  tie: { id: (e) => (e.decided_by === "dexterity" ? "SDM-R03" : "SDM-G15"), label: entry("", "Tie").label },
  order: entry("SDM-R02", "Order"),
  opening: entry("SDM-R04", "Opening"),
  joined: entry("SDM-G16", "Joined"),
  allotment: entry("SDM-G04", "Allotment"),
  movement: entry("SDM-G05", "Movement"),
  turn_start: entry("SDM-R06", "TurnStart"),
  no_turn: entry("SDM-G21", "NoTurn"),
  recovery: entry("SDM-G20", "Recovery"),
  recovered: entry("SDM-G20", "Recovered"),
  spend: entry("SDM-R05", "Spend"),
  reaction: entry("SDM-R06", "Reaction"),
  refused: entry("SDM-G11", "Refused"),
  attack_pool: entry("SDM-R09", "AttackPool"),
  difficulty: entry("SDM-G02", "Difficulty"),
  attack_roll: entry("SDM-G01", "AttackRoll"),
  salvation: entry("SDM-G08", "Salvation"),
  outcome: { id: (e) => OUTCOMES[/** @type {keyof OUTCOMES} */ (e.result)] ?? "SDM-R10", label: entry("", "Outcome").label },
  opportunity: entry("SDM-R12", "Opportunity"),
  dodge: entry("SDM-R12", "Dodge"),
  damage: entry("SDM-G18", "Damage"),
  armor: entry("SDM-G17", "Armor"),
  armor_breaks: entry("SDM-R13", "ArmorBreaks"),
  hp: entry("SDM-R14", "Hp"),
  incapacitated: entry("SDM-R15", "Incapacitated"),
  disengage: entry("SDM-G12", "Disengage"),
  counter_pending: entry("SDM-G13", "CounterPending"),
  stabilize: entry("SDM-G20", "Stabilize"),
  stabilized: entry("SDM-G20", "Stabilized"),
  heal: entry("SDM-R16", "Heal"),
  death: entry("SDM-R15", "Death"),
  round_start: entry("SDM-R01", "RoundStart"),
  round_end: entry("SDM-R01", "RoundEnd"),
  step: entry("SDM-R01", "Step"),
  move: entry("SDM-R07", "Move"),
  act: entry("SDM-R05", "Act"),
  turn_end: entry("SDM-R01", "TurnEnd"),
  counter: entry("SDM-G13", "Counter"),
  counter_lost: entry("SDM-G13", "CounterLost")
});
