/**
 * The Hazard Dice words as a card names them: each engine key with its lang key (`wordOf` in
 * `../trace.mjs`), so a card reads "Full-round move" where the engine says `full_round_move`. No
 * Foundry globals.
 * @module foundry/hazard_location/words
 */

/** @typedef {import("../trace.mjs").WordTable} WordTable */

/** The steps of an attack (HZ-R01). @type {WordTable} */
export const STEPS = Object.freeze({
  attack: { label: "RULEPACK.Hazard.Word.Step.Attack" },
  defence: { label: "RULEPACK.Hazard.Word.Step.Defence" },
  hit_location: { label: "RULEPACK.Hazard.Word.Step.HitLocation" },
  armor: { label: "RULEPACK.Hazard.Word.Step.Armor" },
  damage: { label: "RULEPACK.Hazard.Word.Step.Damage" }
});
/** Who rolls a test (HZ-R02). @type {WordTable} */
export const SIDES = Object.freeze({
  attacker: { label: "RULEPACK.Hazard.Word.Side.Attacker" },
  defender: { label: "RULEPACK.Hazard.Word.Side.Defender" }
});
/** The defences against an attack (HZ-R13). @type {WordTable} */
export const DEFENCES = Object.freeze({
  parry: { label: "RULEPACK.Hazard.Word.Defence.Parry" },
  evade: { label: "RULEPACK.Hazard.Word.Defence.Evade" },
  other: { label: "RULEPACK.Hazard.Word.Defence.Other" }
});
/** What a character does on its turn (HZ-R04, HZ-R05). @type {WordTable} */
export const ACTIONS = Object.freeze({
  attack: { label: "RULEPACK.Hazard.Word.Action.Attack" },
  move: { label: "RULEPACK.Hazard.Word.Action.Move" },
  full_round_move: { label: "RULEPACK.Hazard.Word.Action.FullRoundMove" }
});
/** Why a step or a repair is refused (HZ-R04, HZ-R05, HZ-R30). @type {WordTable} */
export const REASONS = Object.freeze({
  action_used: { label: "RULEPACK.Hazard.Word.Reason.ActionUsed" },
  over_allowance: { label: "RULEPACK.Hazard.Word.Reason.OverAllowance" },
  incompatible_material: { label: "RULEPACK.Hazard.Word.Reason.IncompatibleMaterial" }
});
/** How far a character moves in a turn (HZ-R05). @type {WordTable} */
export const MODES = Object.freeze({
  normal: { label: "RULEPACK.Hazard.Word.Mode.Normal" },
  full_round: { label: "RULEPACK.Hazard.Word.Mode.FullRound" }
});
/** What restores Stamina (HZ-R32). @type {WordTable} */
export const SOURCES = Object.freeze({
  rest_shift: { label: "RULEPACK.Hazard.Word.Source.RestShift" },
  rule: { label: "RULEPACK.Hazard.Word.Source.Rule" }
});
