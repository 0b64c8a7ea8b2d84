/**
 * The rules trace of the `danger_room` ruleset: how a chat card names each event type (its
 * catalogue item and a one-line label). Presentation only: the pure rules core and the Python
 * engine know nothing of it.
 * @module foundry/danger_room/trace
 */

/**
 * @typedef {import("../trace.mjs").TraceEntry} TraceEntry
 * @typedef {import("../trace.mjs").TraceFormat} TraceFormat
 */

import { wordOf, yesNo } from "../trace.mjs";
import { ATTRIBUTES, CONDITIONS, EFFECTS, MISSES, MODES, ROLLS, SHAPES, STATUSES } from "./words.mjs";

/** A list of ids or faces as text. */
const list = (/** @type {unknown[]} */ items) => items.join(", ");

/** The catalogue item of each kind of d10 pool roll. */
const ROLL_ITEMS = Object.freeze({
  damage: "DR-R17", save: "DR-R11", opposing: "DR-G07", contest: "DR-G42", cardless: "DR-R06",
  pool: "DR-R04", perception: "DR-R13", investigation: "DR-R13"
});

/**
 * A trace entry whose label formats one key with fields read off the event.
 * @param {string} id
 * @param {(event: any, format: TraceFormat) => string} label
 * @returns {TraceEntry}
 */
const entry = (id, label) => ({ id, label });

/**
 * The rules trace of this ruleset: event type -> catalogue id and label. Presentation only (the
 * Python engine has no mirror of it); `foundry/chat-card.mjs` renders one line per event.
 * @type {Readonly<Record<string, TraceEntry>>}
 */
export const TRACE = Object.freeze({
  turn_start: entry("DR-R08", (e, format) => format("RULEPACK.Trace.DR.TurnStart", { turn: e.turn, mode: wordOf(MODES, e.mode, format) })),
  speed: entry("DR-R07", (e, format) => format("RULEPACK.Trace.DR.Speed", { fighter: e.fighter, speed: e.speed })),
  speeds: entry("DR-R07", (e, format) => format("RULEPACK.Trace.DR.Speeds", {
    speeds: list(e.speeds.map((/** @type {any} */ s) => `${s.fighter} ${s.speed}`))
  })),
  roll_off: entry("DR-G19", (e, format) => format("RULEPACK.Trace.DR.RollOff", {
    speed: e.speed, round: e.round, group: list(e.group), faces: list(e.faces)
  })),
  order: entry("DR-R07", (e, format) => format("RULEPACK.Trace.DR.Order", { order: list(e.order) })),
  wait: entry("DR-G20", (e, format) => format("RULEPACK.Trace.DR.Wait", { fighter: e.fighter })),
  acting_order: entry("DR-G20", (e, format) => format("RULEPACK.Trace.DR.ActingOrder", { order: list(e.order) })),
  reveal: entry("DR-R07", (e, format) => format("RULEPACK.Trace.DR.Reveal", { fighter: e.fighter, card: e.card })),
  move: entry("DR-R07", (e, format) => format("RULEPACK.Trace.DR.Move", {
    fighter: e.fighter, from: list(e.from), to: list(e.to), steps: e.steps
  })),
  reach: entry("DR-R09", (e, format) => format("RULEPACK.Trace.DR.Reach", {
    attacker: e.attacker, target: e.target, distance: e.distance, in_reach: yesNo(e.in_reach, format)
  })),
  // The Reach step names the fighters caught; the geometry rule alone (`reach_area`) the hexes.
  area: entry("DR-G22", (e, format) => (e.targets
    ? format("RULEPACK.Trace.DR.Area", { attacker: e.attacker, shape: wordOf(SHAPES, e.shape, format), origin: list(e.origin), targets: list(e.targets) })
    : format("RULEPACK.Trace.DR.AreaHexes", { shape: wordOf(SHAPES, e.shape, format), origin: list(e.origin), hexes: e.hexes.length }))),
  hex_distance: entry("DR-G22", (e, format) => format("RULEPACK.Trace.DR.HexDistance", { distance: e.distance })),
  confused: entry("DR-G05", (e, format) => format("RULEPACK.Trace.DR.Confused", {
    attacker: e.attacker, face: e.face, to: e.redirected_to ?? "-"
  })),
  dazzled: entry("DR-G04", (e, format) => format("RULEPACK.Trace.DR.Dazzled", { attacker: e.attacker, face: e.face, hit: yesNo(e.hit, format) })),
  miss: entry("DR-G03", (e, format) => format("RULEPACK.Trace.DR.Miss", { attacker: e.attacker, target: e.target, reason: wordOf(MISSES, e.reason, format) })),
  landed: entry("DR-R09", (e, format) => format("RULEPACK.Trace.DR.Landed", { attacker: e.attacker, targets: list(e.targets) })),
  immune: entry("DR-R19", (e, format) => format("RULEPACK.Trace.DR.Immune", { fighter: e.fighter, type: e.damage_type })),
  // `hit` numbers the blows of a multi-hit card; a single blow has none.
  damage_pool: entry("DR-R19", (e, format) => {
    const data = {
      hit: e.hit, target: e.target, damage: e.card_damage, bonus: e.bonus, soak: e.soak,
      relation: e.relation, relation_dice: e.relation_dice, penalty: e.penalty_dice, size: e.size
    };
    return e.hit === undefined ? format("RULEPACK.Trace.DR.DamagePoolOne", data) : format("RULEPACK.Trace.DR.DamagePool", data);
  }),
  attribute_bonus: entry("DR-R03", (e, format) => format("RULEPACK.Trace.DR.AttributeBonus", {
    score: e.score, bonus: e.bonus, pool: e.cardless_pool
  })),
  wield: entry("DR-R23", (e, format) => format("RULEPACK.Trace.DR.Wield", { fighter: e.fighter, weapons: list(e.weapons), hands: e.hands })),
  recovery: entry("DR-G40", (e, format) => format("RULEPACK.Trace.DR.Recovery", { nights: e.nights, per_night: e.per_night, health: e.health })),
  roll: {
    id: (e) => /** @type {Record<string, string>} */ (ROLL_ITEMS)[e.kind] ?? "DR-R04",
    label: (e, format) => format("RULEPACK.Trace.DR.Roll", {
      fighter: e.fighter, kind: wordOf(ROLLS, e.kind, format), faces: list(e.faces), dice: e.dice_successes, ones: e.ones,
      boost: e.boost, luck: e.luck, successes: e.successes
    })
  },
  botch: entry("DR-R05", (e, format) => format("RULEPACK.Trace.DR.Botch", { fighter: e.fighter, kind: wordOf(ROLLS, e.kind, format) })),
  save: entry("DR-R11", (e, format) => format("RULEPACK.Trace.DR.Save", {
    fighter: e.fighter, successes: e.successes, against: e.against, saved: yesNo(e.saved, format)
  })),
  damage: entry("DR-R19", (e, format) => format("RULEPACK.Trace.DR.Damage", {
    fighter: e.fighter, hit: e.hit, rolled: e.rolled, after_save: e.after_save, toughness: e.toughness,
    after_toughness: e.after_toughness, shield: e.shield_absorbed, lost: e.health_lost, health: e.health
  })),
  dizzy: entry("DR-G18", (e, format) => format("RULEPACK.Trace.DR.Dizzy", {
    fighter: e.fighter, lost: e.health_lost, pool: e.endurance_pool, turn: e.loses_turn
  })),
  zero_health: entry("DR-R25", (e, format) => format("RULEPACK.Trace.DR.ZeroHealth", {
    fighter: e.fighter, die: e.die, face: e.face, total: e.total, tn: e.tn, passed: yesNo(e.passed, format)
  })),
  status: entry("DR-R25", (e, format) => format("RULEPACK.Trace.DR.Status", { fighter: e.fighter, from: wordOf(STATUSES, e.from, format), to: wordOf(STATUSES, e.to, format) })),
  condition: entry("DR-R29", (e, format) => format("RULEPACK.Trace.DR.Condition", {
    fighter: e.fighter, condition: wordOf(CONDITIONS, e.condition, format), turn: e.ends_after_turn ?? "-"
  })),
  condition_ended: entry("DR-G17", (e, format) => format("RULEPACK.Trace.DR.ConditionEnded", { fighter: e.fighter, condition: wordOf(CONDITIONS, e.condition, format) })),
  defence_armed: entry("DR-R16", (e, format) => format("RULEPACK.Trace.DR.DefenceArmed", {
    owner: e.owner, card: e.card, protects: e.protects, left: e.uses_left ?? "-"
  })),
  defence_caught: entry("DR-G26", (e, format) => format("RULEPACK.Trace.DR.DefenceCaught", {
    owner: e.owner, card: e.card, attack: e.attack, protects: e.protects, effect: wordOf(EFFECTS, e.effect, format)
  })),
  defence_expired: entry("DR-G26", (e, format) => format("RULEPACK.Trace.DR.DefenceExpired", { owner: e.owner, card: e.card })),
  shield: entry("DR-G11", (e, format) => format("RULEPACK.Trace.DR.Shield", { fighter: e.fighter, points: e.shield_points })),
  heal: entry("DR-R16", (e, format) => format("RULEPACK.Trace.DR.Heal", { fighter: e.fighter, health: e.health })),
  empower: entry("DR-R16", (e, format) => format("RULEPACK.Trace.DR.Empower", { fighter: e.fighter, stamina: e.stamina })),
  contest: entry("DR-G42", (e, format) => format("RULEPACK.Trace.DR.Contest", {
    challenger: e.challenger, defender: e.defender, winner: e.winner
  })),
  save_pool: entry("DR-R11", (e, format) => format("RULEPACK.Trace.DR.SavePool", { attribute: wordOf(ATTRIBUTES, e.attribute, format), pool: e.pool })),
  shot: entry("DR-R23", (e, format) => format("RULEPACK.Trace.DR.Shot", { fighter: e.fighter, weapon: e.weapon, loaded: e.loaded })),
  thrown: entry("DR-R23", (e, format) => format("RULEPACK.Trace.DR.Thrown", { fighter: e.fighter, weapon: e.weapon })),
  reload: entry("DR-R23", (e, format) => format("RULEPACK.Trace.DR.Reload", { fighter: e.fighter, weapon: e.weapon, loaded: e.loaded })),
  weapon_change: entry("DR-G36", (e, format) => {
    const data = { fighter: e.fighter, weapons: e.wielded.length ? list(e.wielded) : "-" };
    return e.costs_turn ? format("RULEPACK.Trace.DR.WeaponChangeTurn", data) : format("RULEPACK.Trace.DR.WeaponChange", data);
  }),
  take_off: entry("DR-R24", (e, format) => format("RULEPACK.Trace.DR.TakeOff", { fighter: e.fighter })),
  land: entry("DR-R24", (e, format) => format("RULEPACK.Trace.DR.Land", { fighter: e.fighter })),
  senses: entry("DR-R12", (e, format) => format("RULEPACK.Trace.DR.Senses", {
    fighter: e.fighter, sensorial_class: e.sensorial_class, acuity: e.acuity
  })),
  visibility: entry("DR-R13", (e, format) => format("RULEPACK.Trace.DR.Visibility", {
    fighter: e.fighter, visibility: e.visibility, penalty: e.penalty
  })),
  unreactable: entry("DR-R15", (e, format) => format("RULEPACK.Trace.DR.Unreactable", {
    target: e.target, speed: e.speed, limit: e.limit ?? "-", unreactable: yesNo(e.unreactable, format)
  })),
  skipped: entry("DR-G34", (e, format) => format("RULEPACK.Trace.DR.Skipped", { fighter: e.fighter, status: wordOf(STATUSES, e.status, format) })),
  card_disabled: entry("DR-G41", (e, format) => format("RULEPACK.Trace.DR.CardDisabled", { fighter: e.fighter, card: e.card })),
  action_lost: entry("DR-G18", (e, format) => format("RULEPACK.Trace.DR.ActionLost", { fighter: e.fighter })),
  utility: entry("DR-R07", (e, format) => format("RULEPACK.Trace.DR.Utility", { fighter: e.fighter, card: e.card })),
  turn_end: entry("DR-R07", (e, format) => format("RULEPACK.Trace.DR.TurnEnd", { turn: e.turn })),
  aftermath: entry("DR-R26", (e, format) => format("RULEPACK.Trace.DR.Aftermath", {
    queue: list(e.resurrection_queue), total: e.xp.total, share: e.xp.share
  })),
  recovered: entry("DR-R27", (e, format) => format("RULEPACK.Trace.DR.Recovered", { fighter: e.fighter, health: e.health })),
  vitals: entry("DR-R21", (e, format) => format("RULEPACK.Trace.DR.Vitals", { health: e.max_health, stamina: e.stamina_max })),
  profile: entry("DR-R03", (e, format) => format("RULEPACK.Trace.DR.Profile", { fighter: e.fighter }))
});
