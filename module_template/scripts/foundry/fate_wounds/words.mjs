/**
 * The Fate Wounds words as a card names them: each engine key with its lang key (`wordOf` in
 * `../trace.mjs`), so a card reads "Attack" where the engine says `attack`. No Foundry globals.
 * @module foundry/fate_wounds/words
 */

/** @typedef {import("../trace.mjs").WordTable} WordTable */

/** The two sides of an exchange (FW-R02, FW-R03). @type {WordTable} */
export const SIDES = Object.freeze({
  attack: { label: "RULEPACK.FateWounds.Word.Side.Attack" },
  defence: { label: "RULEPACK.FateWounds.Word.Side.Defence" }
});
/** The actions a character takes on its turn (FW-R01). @type {WordTable} */
export const ACTIONS = Object.freeze({
  attack: { label: "RULEPACK.FateWounds.Word.Action.Attack" },
  other: { label: "RULEPACK.FateWounds.Word.Action.Other" }
});
/** The two ladders (FW-G05, FW-G06). @type {WordTable} */
export const SCALES = Object.freeze({
  result: { label: "RULEPACK.FateWounds.Word.Scale.Result" },
  skill: { label: "RULEPACK.FateWounds.Word.Scale.Skill" }
});
/** How Disadvantage is rolled (FW-G01, config disadvantage_mode). @type {WordTable} */
export const MODES = Object.freeze({
  reroll_keep_lowest: { label: "RULEPACK.FateWounds.Word.Mode.RerollKeepLowest" },
  extra_df_drop_highest: { label: "RULEPACK.FateWounds.Word.Mode.ExtraDfDropHighest" },
  flat: { label: "RULEPACK.FateWounds.Word.Mode.Flat" }
});
/** Why a character loses its turn (FW-R13). @type {WordTable} */
export const REASONS = Object.freeze({
  incapacitated: { label: "RULEPACK.FateWounds.Word.Reason.Incapacitated" }
});
