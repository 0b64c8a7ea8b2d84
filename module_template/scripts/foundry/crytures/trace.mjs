/**
 * The rules trace of the `crytures` ruleset: how a chat card names each event of its rules (the
 * CR catalogue item and a one-line label). Presentation only: the Python engine has no mirror
 * of it; `foundry/traces.mjs` (generated) gives it to the chat card.
 * @module foundry/crytures/trace
 */

/**
 * @typedef {import("../trace.mjs").TraceEntry} TraceEntry
 * @typedef {import("../trace.mjs").TraceFormat} TraceFormat
 */

/** Where the labels live in lang/crytures/en.json. */
const KEY = "RULEPACK.Trace.Crytures.";

/** The catalogue item behind each reason a use or a step is refused. */
const REFUSALS = Object.freeze({
  defeated: "CR-G14", off_grid: "CR-G19", not_basic: "CR-G13", oa_spent: "CR-G10", no_action: "CR-R04",
  cannot_pay: "CR-G20", out_of_range: "CR-R06", too_far: "CR-R04", occupied: "CR-R04",
  not_adjacent: "CR-G19", second_move: "CR-R04", not_your_cryture: "CR-G19", cryture_active: "CR-G19",
  cryture_inactive: "CR-G19", too_many_crytures: "CR-G19"
});

/**
 * A list as text: "a, b"; "none" when empty.
 * @param {unknown[]} list
 * @returns {string}
 */
function listText(list) {
  return list.length ? list.map((x) => (Array.isArray(x) ? `[${x.join(", ")}]` : String(x))).join(", ") : "none";
}

/**
 * An entry whose label formats `fields` of the event (lists as text) under `KEY + name`.
 * @param {string | ((event: any, rule: string) => string | null)} id
 * @param {string} name
 * @param {string[]} fields
 * @returns {TraceEntry}
 */
function entry(id, name, fields) {
  return {
    id,
    label: (e, format) => format(KEY + name, Object.fromEntries(fields.map((f) => {
      const value = e[f];
      return [f, Array.isArray(value) ? listText(value) : (value === null ? "-" : value)];
    })))
  };
}

/**
 * The situations of a roll modifier as "flanking +2, cover -2".
 * @param {{situation: string, modifier: number}[]} situations
 * @returns {string}
 */
function situationText(situations) {
  return listText(situations.map((s) => `${s.situation} ${s.modifier > 0 ? "+" : ""}${s.modifier}`));
}

/**
 * The rules trace of this ruleset: event type -> catalogue id and label.
 * @type {Readonly<Record<string, TraceEntry>>}
 */
export const TRACE = Object.freeze({
  initiative: entry("CR-R01", "Initiative", ["combatant", "pool", "faces", "total"]),
  roll_off: entry((e, rule) => (rule === "late_entrant" ? "CR-G16" : (e.group.length > 2 ? "CR-G17" : "CR-R02")), "RollOff", ["total", "round", "group", "faces"]),
  order: entry((e, rule) => (rule === "late_entrant" ? "CR-R03" : "CR-R01"), "Order", ["order"]),
  inserted: entry("CR-R03", "Inserted", ["combatant", "index", "acts_now"]),
  range: entry((e) => (e.extension > 0 ? "CR-G08" : "CR-R06"), "Range", ["kind", "x", "distance", "in_range", "extension", "die_mod"]),
  area: entry("CR-G07", "Area", ["kind", "y", "origin", "count"]),
  type_relation: entry("CR-R12", "TypeRelation", ["attack_type", "defender_types", "weak_via", "resists_via", "modifier"]),
  roll_modifier: {
    id: "CR-R11",
    label: (e, format) => format(`${KEY}RollModifier`, {
      attacker: e.attacker, target: e.target, situations: situationText(e.situations), total: e.total
    })
  },
  attack_pool: entry((e) => (e.size === 0 ? "CR-G03" : "CR-R10"), "AttackPool", ["base", "die_mods", "size"]),
  roll: entry("CR-R07", "Roll", ["faces"]),
  hits: entry((e) => (e.crits > 0 ? "CR-R08" : "CR-R07"), "Hits", ["target", "difficulty", "roll_mod", "results", "hits", "crits", "extra_hits", "total_hits"]),
  damage: entry((e, rule) => (rule === "battle_montage" ? "CR-G26" : "CR-R07"), "Damage", ["target", "damage", "health"]),
  defeated: entry("CR-G14", "Defeated", ["combatant"]),
  declare: entry("CR-R05", "Declare", ["user", "power", "action"]),
  refused: entry((e) => /** @type {Record<string, string>} */ (REFUSALS)[e.reason] ?? "CR-R04", "Refused", ["reason"]),
  action: entry((e) => (e.converted ? "CR-G18" : "CR-R04"), "Action", ["slot", "converted"]),
  cost: entry("CR-G20", "Cost", ["resource", "amount", "before", "after"]),
  targets: entry("CR-G15", "Targets", ["targets"]),
  provoked: entry("CR-R09", "Provoked", ["triggers", "by"]),
  status: entry("CR-R05", "Status", ["combatant", "status", "count", "line"]),
  turn_start: entry("CR-R04", "TurnStart", ["actor"]),
  turn_end: entry("CR-R04", "TurnEnd", ["actor"]),
  step: entry("CR-R04", "Step", ["index", "kind"]),
  move: entry("CR-G11", "Move", ["combatant", "from", "to", "cost"]),
  shift: entry("CR-R09", "Shift", ["combatant", "from", "to"]),
  summon: entry("CR-G19", "Summon", ["summoner", "cryture", "to"]),
  recall: entry("CR-G19", "Recall", ["summoner", "cryture"]),
  swap_weapons: entry("CR-R04", "SwapWeapons", ["combatant", "from", "to"]),
  complexity: entry("CR-G23", "Complexity", ["enemy", "health", "complexity"]),
  summons: entry("CR-G30", "Summons", ["summoner", "crytures", "extra", "mana_spent"]),
  ranks: entry("CR-R13", "Ranks", ["ranks"]),
  square_up: entry("CR-G25", "SquareUp", ["member", "enemy"]),
  spend: entry("CR-G30", "Spend", ["member", "stamina", "mana", "dice"]),
  montage_roll: entry("CR-G24", "MontageRoll", ["member", "enemy", "size", "faces", "roll_mod", "difficulty", "successes"]),
  tasks: entry((e) => (e.attacked_by.length ? "CR-G24" : "CR-G27"), "Tasks", ["enemy", "complexity", "successes", "failures", "attacked_by"]),
  montage_damage: entry("CR-G26", "MontageDamage", ["enemy", "member", "failures", "per_failure", "damage"]),
  binding: entry("CR-G29", "Binding", ["member", "enemy", "bound"]),
  outcome: entry((e) => (e.outcome === "bound" ? "CR-G29" : "CR-G28"), "Outcome", ["enemy", "remaining", "complexity", "outcome"])
});
