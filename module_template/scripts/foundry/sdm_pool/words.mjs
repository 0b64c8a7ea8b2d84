/**
 * The SDM words as a card names them: each engine key with its lang key (`wordOf` in
 * `../trace.mjs`), so a card reads "a Minor Action" where the engine says `minor`. No Foundry
 * globals.
 * @module foundry/sdm_pool/words
 */

/** @typedef {import("../trace.mjs").WordTable} WordTable */

/** What an act costs and what paid for it (SDM-R05, SDM-G14). @type {WordTable} */
export const COSTS = Object.freeze({
  action: { label: "RULEPACK.Sdm.Word.Cost.Action" },
  minor: { label: "RULEPACK.Sdm.Word.Cost.Minor" },
  none: { label: "RULEPACK.Sdm.Word.Cost.None" }
});
/** What a character does with an action or a reaction (SDM-R05, SDM-R06, SDM-R12). @type {WordTable} */
export const ACTS = Object.freeze({
  attack: { label: "RULEPACK.Sdm.Word.Act.Attack" },
  move: { label: "RULEPACK.Sdm.Word.Act.Move" },
  stabilize: { label: "RULEPACK.Sdm.Word.Act.Stabilize" },
  dodge: { label: "RULEPACK.Sdm.Word.Act.Dodge" },
  counter: { label: "RULEPACK.Sdm.Word.Act.Counter" },
  disengage: { label: "RULEPACK.Sdm.Word.Act.Disengage" },
  heal: { label: "RULEPACK.Sdm.Word.Act.Heal" },
  action: { label: "RULEPACK.Sdm.Word.Act.Action" },
  minor: { label: "RULEPACK.Sdm.Word.Act.Minor" }
});
/** What a target takes as its Opportunity (SDM-R12). @type {WordTable} */
export const CHOICES = Object.freeze({
  none: { label: "RULEPACK.Sdm.Word.Choice.None" },
  dodge: { label: "RULEPACK.Sdm.Word.Choice.Dodge" },
  disengage: { label: "RULEPACK.Sdm.Word.Choice.Disengage" },
  counter: { label: "RULEPACK.Sdm.Word.Choice.Counter" }
});
/** Why an act is refused or a turn not taken (SDM-R05, SDM-R06, SDM-R15, SDM-G20, SDM-G21). @type {WordTable} */
export const REASONS = Object.freeze({
  no_action_left: { label: "RULEPACK.Sdm.Word.Reason.NoActionLeft" },
  no_minor_action_left: { label: "RULEPACK.Sdm.Word.Reason.NoMinorActionLeft" },
  next_turn_has_no_action: { label: "RULEPACK.Sdm.Word.Reason.NextTurnHasNoAction" },
  next_turn_has_no_minor_action: { label: "RULEPACK.Sdm.Word.Reason.NextTurnHasNoMinorAction" },
  dead: { label: "RULEPACK.Sdm.Word.Reason.Dead" },
  incapacitated: { label: "RULEPACK.Sdm.Word.Reason.Incapacitated" },
  not_incapacitated: { label: "RULEPACK.Sdm.Word.Reason.NotIncapacitated" },
  target_dead: { label: "RULEPACK.Sdm.Word.Reason.TargetDead" }
});
/** The kinds of attack (SDM-R09). @type {WordTable} */
export const ATTACK_KINDS = Object.freeze({
  melee: { label: "RULEPACK.Sdm.Word.AttackKind.Melee" },
  vectored: { label: "RULEPACK.Sdm.Word.AttackKind.Vectored" },
  firearm: { label: "RULEPACK.Sdm.Word.AttackKind.Firearm" },
  bow: { label: "RULEPACK.Sdm.Word.AttackKind.Bow" },
  unarmed: { label: "RULEPACK.Sdm.Word.AttackKind.Unarmed" },
  magic: { label: "RULEPACK.Sdm.Word.AttackKind.Magic" }
});
/** What lets a Salvation be claimed (SDM-G08). @type {WordTable} */
export const TRIGGERS = Object.freeze({
  zero_successes: { label: "RULEPACK.Sdm.Word.Trigger.ZeroSuccesses" },
  all_ones: { label: "RULEPACK.Sdm.Word.Trigger.AllOnes" },
  target_resource: { label: "RULEPACK.Sdm.Word.Trigger.TargetResource" }
});
/** What breaks an initiative tie (SDM-R03, SDM-G15). @type {WordTable} */
export const TIE_BREAKS = Object.freeze({
  total: { label: "RULEPACK.Sdm.Word.TieBreak.Total" },
  dexterity: { label: "RULEPACK.Sdm.Word.TieBreak.Dexterity" },
  side: { label: "RULEPACK.Sdm.Word.TieBreak.Side" },
  tie_order: { label: "RULEPACK.Sdm.Word.TieBreak.TieOrder" },
  roster_order: { label: "RULEPACK.Sdm.Word.TieBreak.RosterOrder" }
});
