/**
 * The rules trace of the `hazard_location` ruleset: how a chat card names each event of an
 * attack, a blast and their single steps (its HZ catalogue item and a one-line label).
 * Presentation only: the Python engine has no mirror of it, and `hazard_location.mjs` re-exports
 * it as its `TRACE`.
 */

/**
 * @typedef {import("../trace.mjs").TraceEntry} TraceEntry
 * @typedef {import("../trace.mjs").TraceFormat} TraceFormat
 */

import { wordOf, yesNo } from "../trace.mjs";
import { ACTIONS, DEFENCES, MODES, REASONS, SIDES, SOURCES, STEPS } from "./words.mjs";

/**
 * A quantity of the engine (an int or a reduced `{num, den}`) as text: "30", "61/2".
 * @param {any} q
 * @returns {string}
 */
function quantity(q) {
  if ( (q !== null) && (typeof q === "object") ) return q.den === 1 ? `${q.num}` : `${q.num}/${q.den}`;
  return String(q);
}

/**
 * A pool's modifiers as "range -1, attacker_moved -1"; "none" when there are none.
 * @param {{source: string, dice: number}[]} modifiers
 * @returns {string}
 */
function modifierList(modifiers) {
  return modifiers.length ? modifiers.map((m) => `${m.source} ${m.dice > 0 ? "+" : ""}${m.dice}`).join(", ") : "none";
}

/**
 * A pool's fields as the attack and defence pool lines show them.
 * @param {any} e
 * @param {TraceFormat} format
 * @returns {Record<string, unknown>}
 */
function poolData(e, format) {
  return {
    kind: e.type === "defence_pool" ? wordOf(DEFENCES, e.kind, format) : e.kind, attribute: e.attribute, skill: e.skill, base: e.base,
    modifiers: modifierList(e.modifiers), size: e.size
  };
}

/**
 * The Stamina line, or the Massive Damage line.
 * @param {any} e
 * @param {TraceFormat} format
 * @returns {string}
 */
function staminaLabel(e, format) {
  return format("RULEPACK.Trace.Hazard.Stamina", {
    character: e.character, before: e.before, damage: e.damage, after: e.after, total: e.total
  });
}

/**
 * The struck location: called, rolled for the hit, or rolled for one Injury of several.
 * @param {any} e
 * @param {TraceFormat} format
 * @returns {string}
 */
function locationLabel(e, format) {
  if ( e.called ) return format("RULEPACK.Trace.Hazard.CalledLocation", { table: e.table, location: e.location });
  const data = { table: e.table, face: e.face, location: e.location, injury: e.injury };
  if ( e.injury !== undefined ) return format("RULEPACK.Trace.Hazard.InjuryLocation", data);
  return format("RULEPACK.Trace.Hazard.RolledLocation", data);
}

/**
 * The hit line: against the defence's successes, or uncontested (HZ-R08, HZ-R21).
 * @param {any} e
 * @param {TraceFormat} format
 * @returns {string}
 */
function hitLabel(e, format) {
  const data = { a: e.a, d: e.d, mos: e.mos, dv: e.dv, damage: e.damage };
  // The attack names the weapon's DV; the hit step alone (`resolve_hit`) gives the Damage only.
  if ( e.dv === undefined ) {
    return e.d === null ? format("RULEPACK.Trace.Hazard.HitUncontestedNoDv", data) : format("RULEPACK.Trace.Hazard.HitNoDv", data);
  }
  if ( e.d === null ) return format("RULEPACK.Trace.Hazard.HitUncontested", data);
  return format("RULEPACK.Trace.Hazard.Hit", data);
}

/**
 * The Armor Roll line.
 * @param {any} e
 * @param {TraceFormat} format
 * @returns {string}
 */
function armorLabel(e, format) {
  return format("RULEPACK.Trace.Hazard.ArmorRoll", {
    location: e.location, pieces: e.pieces.join(", "), combined: e.combined_av, pen: e.pen,
    effective: e.effective_av, faces: e.faces.join(", ") || "-", sixes: e.sixes,
    stopped: e.stopped, damage: e.damage, through: e.through
  });
}

/**
 * The blast's Damage at the target's distance.
 * @param {any} e
 * @param {TraceFormat} format
 * @returns {string}
 */
function blastLabel(e, format) {
  const data = {
    explosive: e.explosive, severity: e.severity, listed: e.listed, radius: quantity(e.radius_m),
    distance: quantity(e.distance_m), damage: e.damage
  };
  if ( e.within_radius ) return format("RULEPACK.Trace.Hazard.BlastWithin", data);
  return format("RULEPACK.Trace.Hazard.BlastBeyond", data);
}

/**
 * The rules trace of this ruleset's attack, blast and single-step rules: event type ->
 * catalogue id and label. `foundry/chat-card.mjs` renders one line per event and an event type
 * missing here generically.
 * @type {Readonly<Record<string, TraceEntry>>}
 */
export const TRACE = Object.freeze({
  step: {
    id: "HZ-R01",
    label: (e, format) => format("RULEPACK.Trace.Hazard.Step", { step: e.step, name: wordOf(STEPS, e.name, format), target: e.target })
  },
  range: {
    id: "HZ-R10",
    label: (e, format) => format("RULEPACK.Trace.Hazard.Range", {
      distance: quantity(e.distance_m), optimal: quantity(e.optimal_range_m), maximum: quantity(e.max_range_m),
      penalty: e.penalty
    })
  },
  out_of_range: {
    id: "HZ-G31",
    label: (e, format) => format("RULEPACK.Trace.Hazard.OutOfRange", {
      distance: quantity(e.distance_m), maximum: quantity(e.max_range_m)
    })
  },
  attack_pool: { id: "HZ-R09", label: (e, format) => format("RULEPACK.Trace.Hazard.AttackPool", poolData(e, format)) },
  defence_pool: { id: "HZ-R13", label: (e, format) => format("RULEPACK.Trace.Hazard.DefencePool", poolData(e, format)) },
  test: {
    id: "HZ-R02",
    label: (e, format) => format("RULEPACK.Trace.Hazard.Test", {
      side: wordOf(SIDES, e.side, format), pool: e.pool, die: e.die, faces: e.faces.join(", ") || "-", successes: e.successes
    })
  },
  mishap: {
    id: "HZ-G03",
    label: (e, format) => format("RULEPACK.Trace.Hazard.Mishap", { side: wordOf(SIDES, e.side, format), faces: e.faces.join(", ") })
  },
  initiative: {
    id: "HZ-R03",
    label: (e, format) => format("RULEPACK.Trace.Hazard.Initiative", { id: e.id, faces: e.faces.join(", "), successes: e.successes })
  },
  order: {
    id: "HZ-R03",
    label: (e, format) => format("RULEPACK.Trace.Hazard.Order", {
      order: e.groups.map((/** @type {string[]} */ group) => group.join(" = ")).join(", ")
    })
  },
  acts: {
    id: "HZ-G16",
    label: (e, format) => format("RULEPACK.Trace.Hazard.Acts", { id: e.id, downs: e.incapacitates.length ? e.incapacitates.join(", ") : "-" })
  },
  skipped: { id: "HZ-G16", label: (e, format) => format("RULEPACK.Trace.Hazard.Skipped", { id: e.id }) },
  incapacitated: { id: "HZ-G16", label: (e, format) => format("RULEPACK.Trace.Hazard.Incapacitated", { ids: e.ids.join(", ") }) },
  turn_start: {
    id: "HZ-R04",
    label: (e, format) => (e.moved
      ? format("RULEPACK.Trace.Hazard.TurnStartMoved", { character: e.character })
      : format("RULEPACK.Trace.Hazard.TurnStart", { character: e.character }))
  },
  move: {
    id: "HZ-R05",
    label: (e, format) => format("RULEPACK.Trace.Hazard.Move", {
      kind: wordOf(ACTIONS, e.kind, format), distance: quantity(e.distance_m), total: quantity(e.total_m), allowance: quantity(e.allowance_m)
    })
  },
  action: {
    id: "HZ-R04",
    label: (e, format) => (e.attacker_moved
      ? format("RULEPACK.Trace.Hazard.ActionMoved", { name: wordOf(ACTIONS, e.name, format) })
      : format("RULEPACK.Trace.Hazard.Action", { name: wordOf(ACTIONS, e.name, format) }))
  },
  refused: {
    id: "HZ-R04",
    label: (e, format) => format("RULEPACK.Trace.Hazard.Refused", { what: wordOf(ACTIONS, e.kind ?? e.name ?? "-", format), reason: wordOf(REASONS, e.reason, format) })
  },
  movement_allowance: {
    id: "HZ-R05",
    label: (e, format) => format("RULEPACK.Trace.Hazard.MovementAllowance", {
      mode: wordOf(MODES, e.mode, format), metres: quantity(e.metres), hexes: quantity(e.hexes),
      factors: e.factors.length ? e.factors.map(quantity).join(" × ") : "-"
    })
  },
  derived: {
    id: (e, rule) => (rule === "restore_attribute" ? "HZ-R24" : rule === "attribute_damage" ? "HZ-R23" : "HZ-G27"),
    label: (e, format) => format("RULEPACK.Trace.Hazard.Derived", { stamina: e.stamina_total, movement: e.movement, initiative: e.initiative })
  },
  attribute_damage: {
    id: "HZ-R23",
    label: (e, format) => format("RULEPACK.Trace.Hazard.AttributeDamage", { attribute: e.attribute, from: e.from, to: e.to })
  },
  stamina_clamped: { id: "HZ-R31", label: (e, format) => format("RULEPACK.Trace.Hazard.StaminaClamped", { from: e.from, to: e.to }) },
  permanently_lost: {
    id: "HZ-R23",
    label: (e, format) => format("RULEPACK.Trace.Hazard.PermanentlyLost", { character: e.character, attribute: e.attribute })
  },
  restore: {
    id: "HZ-R24",
    label: (e, format) => format("RULEPACK.Trace.Hazard.Restore", { attribute: e.attribute, from: e.from, to: e.to, cost: e.cost })
  },
  advancements_spent: { id: "HZ-R24", label: (e, format) => format("RULEPACK.Trace.Hazard.AdvancementsSpent", { cost: e.cost, left: e.left }) },
  restoration_refused: {
    id: "HZ-R24",
    label: (e, format) => format("RULEPACK.Trace.Hazard.RestorationRefused", { attribute: e.attribute, cost: e.cost, have: e.advancements })
  },
  repair: {
    id: "HZ-R30",
    label: (e, format) => format("RULEPACK.Trace.Hazard.Repair", {
      item: e.item, from: e.from, to: e.to, share: quantity(e.share_of_mass), mass: quantity(e.mass_kg)
    })
  },
  incidental: { id: "HZ-R04", label: (e, format) => format("RULEPACK.Trace.Hazard.Incidental", { name: e.name }) },
  massive_damage_check: {
    id: "HZ-R22",
    label: (e, format) => (e.massive
      ? format("RULEPACK.Trace.Hazard.Massive", { injuries: e.injuries })
      : format("RULEPACK.Trace.Hazard.NotMassive"))
  },
  repair_refused: { id: "HZ-R30", label: (e, format) => format("RULEPACK.Trace.Hazard.RepairRefused", { item: e.item, reason: wordOf(REASONS, e.reason, format) }) },
  stamina_restored: {
    id: "HZ-R32",
    label: (e, format) => format("RULEPACK.Trace.Hazard.StaminaRestored", { source: wordOf(SOURCES, e.source, format), from: e.from, to: e.to, total: e.total })
  },
  no_defence: { id: "HZ-G14", label: (e, format) => format("RULEPACK.Trace.Hazard.NoDefence") },
  blocked_by_cover: { id: "HZ-G18", label: (e, format) => format("RULEPACK.Trace.Hazard.Blocked") },
  hit: { id: "HZ-R08", label: hitLabel },
  miss: {
    id: "HZ-R08",
    label: (e, format) => (e.d === null
      ? format("RULEPACK.Trace.Hazard.MissUncontested", { a: e.a })
      : format("RULEPACK.Trace.Hazard.Miss", { a: e.a, d: e.d }))
  },
  riposte: {
    id: "HZ-R14",
    label: (e, format) => (e.dv === undefined
      ? format("RULEPACK.Trace.Hazard.RiposteNoDv", { margin: e.margin, damage: e.damage })
      : format("RULEPACK.Trace.Hazard.Riposte", { margin: e.margin, dv: e.dv, damage: e.damage }))
  },
  table: {
    id: (e) => (e.fallback ? "HZ-G30" : "HZ-R15"),
    label: (e, format) => (e.fallback
      ? format("RULEPACK.Trace.Hazard.TableFallback", { table: e.table, species: e.species ?? "-" })
      : format("RULEPACK.Trace.Hazard.Table", { table: e.table, species: e.species }))
  },
  hit_location: { id: (e) => (e.called ? "HZ-R19" : "HZ-R15"), label: locationLabel },
  called_shot_window: {
    id: "HZ-R16",
    label: (e, format) => format("RULEPACK.Trace.Hazard.CalledShotWindow", {
      locations: e.locations.map((/** @type {any} */ o) => `${o.label} -${o.penalty}`).join(", ")
    })
  },
  called_shot_penalty: {
    id: "HZ-R19",
    label: (e, format) => format("RULEPACK.Trace.Hazard.CalledShotPenalty", {
      percent: e.percent, root: e.ceil_sqrt, penalty: e.penalty
    })
  },
  coverage_check: {
    id: "HZ-G20",
    label: (e, format) => format("RULEPACK.Trace.Hazard.CoverageCheck", {
      piece: e.piece, location: e.location, percent: e.percent, face: e.face, covers: yesNo(e.covers, format)
    })
  },
  armor_roll: { id: "HZ-R28", label: armorLabel },
  ablation: {
    id: "HZ-R29",
    label: (e, format) => format("RULEPACK.Trace.Hazard.Ablation", { piece: e.piece, from: e.from, to: e.to })
  },
  unarmored: {
    id: "HZ-R28",
    label: (e, format) => format("RULEPACK.Trace.Hazard.Unarmored", { location: e.location, damage: e.damage })
  },
  stamina: { id: "HZ-R21", label: staminaLabel },
  massive_damage: {
    id: "HZ-R22",
    label: (e, format) => format("RULEPACK.Trace.Hazard.Massive", {
      damage: e.damage, total: e.total, injuries: e.injuries
    })
  },
  injury: {
    id: "HZ-R31",
    label: (e, format) => format("RULEPACK.Trace.Hazard.Injury", {
      index: e.index, location: e.location, source: e.source_id
    })
  },
  injury_roll: {
    id: "HZ-G11",
    label: (e, format) => format("RULEPACK.Trace.Hazard.InjuryRoll", {
      table: e.table, die: e.die, face: e.face, result: e.result
    })
  },
  blast_damage: { id: "HZ-R26", label: blastLabel },
  weapon_damage: {
    id: "HZ-R30",
    label: (e, format) => format("RULEPACK.Trace.Hazard.WeaponDamage", { weapon: e.weapon, from: e.from, to: e.to })
  }
});
