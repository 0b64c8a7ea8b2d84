/**
 * The Danger Room's words as a card names them: each engine key with its lang key (`wordOf` in
 * `../trace.mjs`), so a card reads "Dizzy" where the engine says `dizzy`. No Foundry globals.
 * @module foundry/danger_room/words
 */

/** @typedef {import("../trace.mjs").WordTable} WordTable */

/** The conditions cards inflict and the states a fighter is in (DR-R29), by engine id. @type {WordTable} */
export const CONDITIONS = Object.freeze({
  fumbling: { label: "RULEPACK.DangerRoom.Word.Condition.Fumbling" },
  dazzled: { label: "RULEPACK.DangerRoom.Word.Condition.Dazzled" },
  confused: { label: "RULEPACK.DangerRoom.Word.Condition.Confused" },
  lucky: { label: "RULEPACK.DangerRoom.Word.Condition.Lucky" },
  jinxed: { label: "RULEPACK.DangerRoom.Word.Condition.Jinxed" },
  dizzy: { label: "RULEPACK.DangerRoom.Word.Condition.Dizzy" },
  dampened: { label: "RULEPACK.DangerRoom.Word.Condition.Dampened" },
  "on-fumes": { label: "RULEPACK.DangerRoom.Word.Condition.OnFumes" },
  down: { label: "RULEPACK.DangerRoom.Word.Condition.Down" },
  obliterated: { label: "RULEPACK.DangerRoom.Word.Condition.Obliterated" },
  airborne: { label: "RULEPACK.DangerRoom.Word.Condition.Airborne" }
});
/** A fighter's status (DR-R25), by engine name. @type {WordTable} */
export const STATUSES = Object.freeze({
  fighting: { label: "RULEPACK.DangerRoom.Word.Status.Fighting" },
  on_fumes: { label: "RULEPACK.DangerRoom.Word.Status.OnFumes" },
  down: { label: "RULEPACK.DangerRoom.Word.Status.Down" },
  obliterated: { label: "RULEPACK.DangerRoom.Word.Status.Obliterated" }
});
/** Why an attack misses a target, by engine name. @type {WordTable} */
export const MISSES = Object.freeze({
  active_defence_caught: { label: "RULEPACK.DangerRoom.Word.Miss.ActiveDefenceCaught" },
  dazzled: { label: "RULEPACK.DangerRoom.Word.Miss.Dazzled" },
  target_out_of_reach: { label: "RULEPACK.DangerRoom.Word.Miss.TargetOutOfReach" }
});
/** The kinds of d10 pool roll. @type {WordTable} */
export const ROLLS = Object.freeze({
  damage: { label: "RULEPACK.DangerRoom.Word.Roll.Damage" },
  save: { label: "RULEPACK.DangerRoom.Word.Roll.Save" },
  opposing: { label: "RULEPACK.DangerRoom.Word.Roll.Opposing" },
  contest: { label: "RULEPACK.DangerRoom.Word.Roll.Contest" },
  cardless: { label: "RULEPACK.DangerRoom.Word.Roll.Cardless" },
  pool: { label: "RULEPACK.DangerRoom.Word.Roll.Pool" },
  perception: { label: "RULEPACK.DangerRoom.Word.Roll.Perception" },
  investigation: { label: "RULEPACK.DangerRoom.Word.Roll.Investigation" }
});
/** The shapes of a card's reach (DR-G22). @type {WordTable} */
export const SHAPES = Object.freeze({
  adjacent: { label: "RULEPACK.DangerRoom.Word.Shape.Adjacent" },
  hexes: { label: "RULEPACK.DangerRoom.Word.Shape.Hexes" },
  line: { label: "RULEPACK.DangerRoom.Word.Shape.Line" },
  cone: { label: "RULEPACK.DangerRoom.Word.Shape.Cone" },
  burst: { label: "RULEPACK.DangerRoom.Word.Shape.Burst" }
});
/** What an active defence does to the attack it catches (DR-G26). @type {WordTable} */
export const EFFECTS = Object.freeze({
  negate: { label: "RULEPACK.DangerRoom.Word.Effect.Negate" },
  shield_points: { label: "RULEPACK.DangerRoom.Word.Effect.ShieldPoints" }
});
/** The five attributes (DR-R02). @type {WordTable} */
export const ATTRIBUTES = Object.freeze({
  brawn: { label: "RULEPACK.DangerRoom.Word.Attribute.Brawn" },
  agility: { label: "RULEPACK.DangerRoom.Word.Attribute.Agility" },
  endurance: { label: "RULEPACK.DangerRoom.Word.Attribute.Endurance" },
  intellect: { label: "RULEPACK.DangerRoom.Word.Attribute.Intellect" },
  perception: { label: "RULEPACK.DangerRoom.Word.Attribute.Perception" }
});
/** The fight modes (DR-R08). @type {WordTable} */
export const MODES = Object.freeze({
  live: { label: "RULEPACK.DangerRoom.Word.Mode.Live" },
  training: { label: "RULEPACK.DangerRoom.Word.Mode.Training" }
});
