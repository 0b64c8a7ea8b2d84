/**
 * The Crytures words as a card names them: each engine key with its lang key (`wordOf` in
 * `../trace.mjs`), so a card reads "Ranged Blast" where the engine says `ranged_blast`. No Foundry
 * globals.
 * @module foundry/crytures/words
 */

/** @typedef {import("../trace.mjs").WordTable} WordTable */

/** The ranges and areas of a power (CR-R06, CR-G07). @type {WordTable} */
export const RANGES = Object.freeze({
  melee: { label: "RULEPACK.Crytures.Word.Range.Melee" },
  ranged: { label: "RULEPACK.Crytures.Word.Range.Ranged" },
  personal: { label: "RULEPACK.Crytures.Word.Range.Personal" },
  personal_blast: { label: "RULEPACK.Crytures.Word.Range.PersonalBlast" },
  ranged_blast: { label: "RULEPACK.Crytures.Word.Range.RangedBlast" },
  melee_blast: { label: "RULEPACK.Crytures.Word.Range.MeleeBlast" }
});
/** The steps of a turn (CR-R04). @type {WordTable} */
export const STEPS = Object.freeze({
  move: { label: "RULEPACK.Crytures.Word.Step.Move" },
  shift: { label: "RULEPACK.Crytures.Word.Step.Shift" },
  power: { label: "RULEPACK.Crytures.Word.Step.Power" },
  basic_attack: { label: "RULEPACK.Crytures.Word.Step.BasicAttack" },
  summon: { label: "RULEPACK.Crytures.Word.Step.Summon" },
  recall: { label: "RULEPACK.Crytures.Word.Step.Recall" },
  swap_weapons: { label: "RULEPACK.Crytures.Word.Step.SwapWeapons" }
});
/** The action slots (CR-R04). @type {WordTable} */
export const SLOTS = Object.freeze({
  major: { label: "RULEPACK.Crytures.Word.Slot.Major" },
  minor: { label: "RULEPACK.Crytures.Word.Slot.Minor" }
});
/** The resources a power costs (CR-G20). @type {WordTable} */
export const RESOURCES = Object.freeze({
  stamina: { label: "RULEPACK.Crytures.Word.Resource.Stamina" },
  mana: { label: "RULEPACK.Crytures.Word.Resource.Mana" }
});
/** How an enemy leaves a Battle Montage (CR-G28, CR-G29). @type {WordTable} */
export const OUTCOMES = Object.freeze({
  killed: { label: "RULEPACK.Crytures.Word.Outcome.Killed" },
  routed: { label: "RULEPACK.Crytures.Word.Outcome.Routed" },
  bound: { label: "RULEPACK.Crytures.Word.Outcome.Bound" }
});
