/**
 * The rules trace of the `primitives` ruleset: how a chat card names each event type (its
 * catalogue item P1-P14 and a one-line label), and the types every ruleset's trace table uses.
 * Presentation only: the pure rules core and the Python engine know nothing of it.
 */

/**
 * Localise one trace line: Foundry's i18n `format`, passed in so the core stays free of Foundry
 * globals. Values are plain text; the chat card escapes the finished line.
 * @callback TraceFormat
 * @param {string} key                       A key of lang/en.json (the Trace group).
 * @param {Record<string, unknown>} [data]   Its `{placeholder}` values.
 * @returns {string}
 */

/**
 * How the chat card names one event type in its rules trace: the catalogue id (a string, or a
 * function of the event and the snake_case rule name when one event type serves several items;
 * null when none applies) and a label in plain text.
 * @typedef {object} TraceEntry
 * @property {string | ((event: any, rule: string) => string | null)} id
 * @property {(event: any, format: TraceFormat) => string} label
 */

/**
 * A table of the rules' words (an engine's keys: conditions, statuses, shapes), each with its
 * lang key, as a ruleset's trace names them.
 * @typedef {Readonly<Record<string, {label: string}>>} WordTable
 */

/**
 * A word of the rules as lang names it ("dizzy" → "Dizzy"); a key the table lacks is data (an
 * author's id) and stays as it is.
 * @param {WordTable} table
 * @param {unknown} key
 * @param {TraceFormat} format
 * @returns {string}
 */
export function wordOf(table, key, format) {
  const known = (typeof key === "string") && Object.hasOwn(table, key) ? table[key] : null;
  return known ? format(known.label) : String(key);
}

/**
 * A true or false of an event as the words lang gives them ("yes", "no").
 * @param {unknown} value
 * @param {TraceFormat} format
 * @returns {string}
 */
export function yesNo(value, format) {
  return format((value ? YES_NO.yes : YES_NO.no).label);
}

/** The words of a true and a false. */
const YES_NO = Object.freeze({ yes: { label: "RULEPACK.Card.Yes" }, no: { label: "RULEPACK.Card.No" } });

/** The catalogue item behind each rule's `pool` event (P1-P5, P8, P9). */
const POOL_ITEMS = Object.freeze({
  count_at_least: "P1",
  cancel_ones: "P2",
  sum_faces: "P3",
  fate: "P4",
  keep_lowest_set: "P5",
  keep_lowest: "P5",
  count_natural: "P8",
  hazard: "P9"
});

/**
 * The pool line: its dice, faces and whatever the rule counted.
 * @param {any} event
 * @param {TraceFormat} format
 * @returns {string}
 */
function poolLabel(event, format) {
  const data = { count: event.faces.length, die: event.die, faces: event.faces.join(", ") };
  if ( "successes" in event ) return format("RULEPACK.Trace.PoolSuccesses", { ...data, successes: event.successes });
  if ( "naturals" in event ) return format("RULEPACK.Trace.PoolNaturals", { ...data, naturals: event.naturals });
  if ( "total" in event ) return format("RULEPACK.Trace.PoolTotal", { ...data, total: event.total });
  return format("RULEPACK.Trace.Pool", data);
}

/**
 * A dice-free result line (P13, P14): the rule's name and its value.
 * @param {string} id
 * @returns {TraceEntry}
 */
function valueEntry(id) {
  return { id, label: (e, format) => format("RULEPACK.Trace.Value", { name: e.type, value: e.value }) };
}

/**
 * The rules trace of this ruleset: event type -> catalogue id and label. Presentation only (the
 * Python engine has no mirror of it); `foundry/chat-card.mjs` renders one line per event and
 * shows an event type missing here generically.
 * @type {Readonly<Record<string, TraceEntry>>}
 */
export const TRACE = Object.freeze({
  pool: { id: (e, rule) => /** @type {Record<string, string>} */ (POOL_ITEMS)[rule] ?? null, label: poolLabel },
  cancel_ones: {
    id: "P2",
    label: (e, format) => format("RULEPACK.Trace.CancelOnes", { ones: e.ones, net: e.net, botch: yesNo(e.botch, format) })
  },
  fate: {
    id: "P4",
    label: (e, format) => format("RULEPACK.Trace.Fate", { dice: e.dice, modifier: e.modifier, total: e.total })
  },
  keep_lowest_set: {
    id: "P5",
    label: (e, format) => format("RULEPACK.Trace.KeepLowestSet", { set: e.kept + 1, total: e.total })
  },
  keep_lowest: {
    id: "P5",
    label: (e, format) => format("RULEPACK.Trace.KeepLowest", { kept: e.kept.join(", "), total: e.total })
  },
  table: {
    id: "P6",
    label: (e, format) => format("RULEPACK.Trace.Table", { die: e.die, face: e.face, row: e.index + 1, key: e.key })
  },
  check: {
    id: "P7",
    label: (e, format) => format("RULEPACK.Trace.Check", {
      die: e.die, face: e.face, total: e.total, tn: e.tn, passed: yesNo(e.passed, format)
    })
  },
  mishap: { id: "P9", label: (e, format) => format("RULEPACK.Trace.Mishap", { faces: e.faces.join(", ") }) },
  roll_off: {
    id: "P10",
    label: (e, format) => format("RULEPACK.Trace.RollOff", {
      round: e.round, group: e.group.join(", "), faces: e.faces.join(", ")
    })
  },
  order: { id: "P10", label: (e, format) => format("RULEPACK.Trace.Order", { order: e.order.join(", ") }) },
  pool_size: { id: "P11", label: (e, format) => format("RULEPACK.Trace.PoolSize", { size: e.size }) },
  opposed: {
    id: "P12",
    label: (e, format) => format("RULEPACK.Trace.Opposed", { a: e.a, d: e.d, margin: e.margin, winner: e.winner })
  },
  margin: valueEntry("P13"),
  margin_of_success: valueEntry("P13"),
  halve: valueEntry("P13"),
  floor_div: valueEntry("P14"),
  ceil_div: valueEntry("P14"),
  ceil_sqrt: valueEntry("P14"),
  compare_fractions: valueEntry("P14")
});
