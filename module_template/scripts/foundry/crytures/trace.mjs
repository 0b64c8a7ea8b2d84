/**
 * The rules trace of the `crytures` ruleset: how a chat card names each event of its rules (the
 * CR catalogue item and a one-line label). Presentation only: the Python engine has no mirror
 * of it; `foundry/traces.mjs` (generated) gives it to the chat card.
 * @module foundry/crytures/trace
 */

/**
 * @typedef {import("../trace.mjs").TraceEntry} TraceEntry
 * @typedef {import("../trace.mjs").TraceFormat} TraceFormat
 * @typedef {import("../trace.mjs").WordTable} WordTable
 */

import { wordOf, yesNo } from "../trace.mjs";
import { OUTCOMES, RANGES, RESOURCES, SLOTS, STEPS } from "./words.mjs";

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
 * An entry whose label formats `fields` of the event (lists as text, null as "-").
 * @param {string | ((event: any, rule: string) => string | null)} id
 * @param {string[]} fields
 * @param {(data: Record<string, unknown>, format: TraceFormat) => string} label
 * @returns {TraceEntry}
 */
function entry(id, fields, label) {
  return {
    id,
    label: (e, format) => label(Object.fromEntries(fields.map((f) => {
      const value = e[f];
      if ( Array.isArray(value) ) return [f, listText(value.map((item) => shown(e, f, item, format)))];
      return [f, value === null ? "-" : shown(e, f, value, format)];
    })), format)
  };
}

/**
 * Which rules' words an event field holds (`words.mjs`), by field; a `kind` is a range's or
 * a step's, by the event.
 * @type {Readonly<Record<string, (event: any) => WordTable>>}
 */
const FIELD_WORDS = Object.freeze({
  kind: (e) => (e.type === "step" ? STEPS : RANGES),
  slot: () => SLOTS,
  action: () => SLOTS,
  resource: () => RESOURCES,
  triggers: () => STEPS,
  outcome: () => OUTCOMES
});

/**
 * A field's value as a card shows it: a true or false as yes or no, a rules' word by its label.
 * @param {any} event
 * @param {string} field
 * @param {unknown} value
 * @param {TraceFormat} format
 * @returns {unknown}
 */
function shown(event, field, value, format) {
  if ( typeof value === "boolean" ) return yesNo(value, format);
  const words = Object.hasOwn(FIELD_WORDS, field) && (typeof value === "string");
  return words ? wordOf(FIELD_WORDS[field](event), value, format) : value;
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
  initiative: entry("CR-R01", ["combatant", "pool", "faces", "total"], (d, format) => format("RULEPACK.Trace.Crytures.Initiative", d)),
  roll_off: entry((e, rule) => (rule === "late_entrant" ? "CR-G16" : (e.group.length > 2 ? "CR-G17" : "CR-R02")), ["total", "round", "group", "faces"], (d, format) => format("RULEPACK.Trace.Crytures.RollOff", d)),
  order: entry((e, rule) => (rule === "late_entrant" ? "CR-R03" : "CR-R01"), ["order"], (d, format) => format("RULEPACK.Trace.Crytures.Order", d)),
  inserted: entry("CR-R03", ["combatant", "index", "acts_now"], (d, format) => format("RULEPACK.Trace.Crytures.Inserted", d)),
  range: entry((e) => (e.extension > 0 ? "CR-G08" : "CR-R06"), ["kind", "x", "distance", "in_range", "extension", "die_mod"], (d, format) => format("RULEPACK.Trace.Crytures.Range", d)),
  area: entry("CR-G07", ["kind", "y", "origin", "count"], (d, format) => format("RULEPACK.Trace.Crytures.Area", d)),
  type_relation: entry("CR-R12", ["attack_type", "defender_types", "weak_via", "resists_via", "modifier"], (d, format) => format("RULEPACK.Trace.Crytures.TypeRelation", d)),
  roll_modifier: {
    id: "CR-R11",
    label: (e, format) => format("RULEPACK.Trace.Crytures.RollModifier", {
      attacker: e.attacker, target: e.target, situations: situationText(e.situations), total: e.total
    })
  },
  attack_pool: entry((e) => (e.size === 0 ? "CR-G03" : "CR-R10"), ["base", "die_mods", "size"], (d, format) => format("RULEPACK.Trace.Crytures.AttackPool", d)),
  roll: entry("CR-R07", ["faces"], (d, format) => format("RULEPACK.Trace.Crytures.Roll", d)),
  hits: entry((e) => (e.crits > 0 ? "CR-R08" : "CR-R07"), ["target", "difficulty", "roll_mod", "results", "hits", "crits", "extra_hits", "total_hits"], (d, format) => format("RULEPACK.Trace.Crytures.Hits", d)),
  damage: entry((e, rule) => (rule === "battle_montage" ? "CR-G26" : "CR-R07"), ["target", "damage", "health"], (d, format) => format("RULEPACK.Trace.Crytures.Damage", d)),
  defeated: entry("CR-G14", ["combatant"], (d, format) => format("RULEPACK.Trace.Crytures.Defeated", d)),
  declare: entry("CR-R05", ["user", "power", "action"], (d, format) => format("RULEPACK.Trace.Crytures.Declare", d)),
  refused: entry((e) => /** @type {Record<string, string>} */ (REFUSALS)[e.reason] ?? "CR-R04", ["reason"], (d, format) => format("RULEPACK.Trace.Crytures.Refused", d)),
  action: entry((e) => (e.converted ? "CR-G18" : "CR-R04"), ["slot", "converted"], (d, format) => format("RULEPACK.Trace.Crytures.Action", d)),
  cost: entry("CR-G20", ["resource", "amount", "before", "after"], (d, format) => format("RULEPACK.Trace.Crytures.Cost", d)),
  targets: entry("CR-G15", ["targets"], (d, format) => format("RULEPACK.Trace.Crytures.Targets", d)),
  provoked: entry("CR-R09", ["triggers", "by"], (d, format) => format("RULEPACK.Trace.Crytures.Provoked", d)),
  status: entry("CR-R05", ["combatant", "status", "count", "line"], (d, format) => format("RULEPACK.Trace.Crytures.Status", d)),
  turn_start: entry("CR-R04", ["actor"], (d, format) => format("RULEPACK.Trace.Crytures.TurnStart", d)),
  turn_end: entry("CR-R04", ["actor"], (d, format) => format("RULEPACK.Trace.Crytures.TurnEnd", d)),
  step: entry("CR-R04", ["index", "kind"], (d, format) => format("RULEPACK.Trace.Crytures.Step", d)),
  move: entry("CR-G11", ["combatant", "from", "to", "cost"], (d, format) => format("RULEPACK.Trace.Crytures.Move", d)),
  shift: entry("CR-R09", ["combatant", "from", "to"], (d, format) => format("RULEPACK.Trace.Crytures.Shift", d)),
  summon: entry("CR-G19", ["summoner", "cryture", "to"], (d, format) => format("RULEPACK.Trace.Crytures.Summon", d)),
  recall: entry("CR-G19", ["summoner", "cryture"], (d, format) => format("RULEPACK.Trace.Crytures.Recall", d)),
  swap_weapons: entry("CR-R04", ["combatant", "from", "to"], (d, format) => format("RULEPACK.Trace.Crytures.SwapWeapons", d)),
  complexity: entry("CR-G23", ["enemy", "health", "complexity"], (d, format) => format("RULEPACK.Trace.Crytures.Complexity", d)),
  summons: entry("CR-G30", ["summoner", "crytures", "extra", "mana_spent"], (d, format) => format("RULEPACK.Trace.Crytures.Summons", d)),
  ranks: entry("CR-R13", ["ranks"], (d, format) => format("RULEPACK.Trace.Crytures.Ranks", d)),
  square_up: entry("CR-G25", ["member", "enemy"], (d, format) => format("RULEPACK.Trace.Crytures.SquareUp", d)),
  spend: entry("CR-G30", ["member", "stamina", "mana", "dice"], (d, format) => format("RULEPACK.Trace.Crytures.Spend", d)),
  montage_roll: entry("CR-G24", ["member", "enemy", "size", "faces", "roll_mod", "difficulty", "successes"], (d, format) => format("RULEPACK.Trace.Crytures.MontageRoll", d)),
  tasks: entry((e) => (e.attacked_by.length ? "CR-G24" : "CR-G27"), ["enemy", "complexity", "successes", "failures", "attacked_by"], (d, format) => format("RULEPACK.Trace.Crytures.Tasks", d)),
  montage_damage: entry("CR-G26", ["enemy", "member", "failures", "per_failure", "damage"], (d, format) => format("RULEPACK.Trace.Crytures.MontageDamage", d)),
  binding: entry("CR-G29", ["member", "enemy", "bound"], (d, format) => format("RULEPACK.Trace.Crytures.Binding", d)),
  outcome: entry((e) => (e.outcome === "bound" ? "CR-G29" : "CR-G28"), ["enemy", "remaining", "complexity", "outcome"], (d, format) => format("RULEPACK.Trace.Crytures.Outcome", d))
});
