/**
 * Dice on demand, for every ruleset: run a rule of the pure rules core with the faces rolled so
 * far; while it stops with `queue_exhausted`, roll the die it names with Foundry's `Roll` (so the
 * players see every die), append the face and run it again. The core never sees Foundry, and the
 * faces it used are exactly the dice queue a golden fixture would hold (catalogue §0 C1); and the
 * dice queue of rolls made some other way (`diceOf`).
 * @module foundry/dice
 */

import { runCase } from "../rules/harness.mjs";

/**
 * A rule's outcome with the dice behind it.
 * @typedef {object} RolledRule
 * @property {import("../rules/harness.mjs").CaseResult} result  the rule's last run
 * @property {{d: number|string, v: number}[]} dice  the faces it took, in canonical order
 * @property {Roll[]} rolls  one evaluated Foundry roll per face, in the same order
 */

/** No rule of any ruleset asks for this many dice; a rule that does is looping. */
const MAX_DICE = 10000;

/**
 * The Foundry formula of one die of `die` sides ("F": a Fate die).
 * @param {number|string} die
 * @returns {string}
 */
export function dieFormula(die) {
  return die === "F" ? "1dF" : `1d${die}`;
}

/**
 * Roll one die with Foundry's `Roll` and read its face.
 * @param {number|string} die
 * @returns {Promise<{roll: Roll, face: number}>}
 */
async function rollDie(die) {
  const roll = await new Roll(dieFormula(die)).evaluate();
  const face = roll.dice[0]?.results[0]?.result;
  if ( !Number.isInteger(face) ) throw new Error(`${roll.formula} gave no face`);
  return { roll, face: /** @type {number} */ (face) };
}

/**
 * Run `rule` with dice rolled on demand: stop on success or on any error but `queue_exhausted`.
 * @param {string} ruleset  the engine, e.g. "primitives" or the module's own ruleset
 * @param {string} rule     snake_case, e.g. "resolve_hit"
 * @param {object} config   the config the rule runs with (overrides of the engine's defaults)
 * @param {object} input    the rule's input
 * @returns {Promise<RolledRule>}
 */
export async function rollRule(ruleset, rule, config, input) {
  /** @type {{d: number|string, v: number}[]} */
  const dice = [];
  /** @type {Roll[]} */
  const rolls = [];
  for ( ;; ) {
    const result = runCase(ruleset, rule, config, input, dice);
    const asked = result.error?.code === "queue_exhausted" ? result.error.die : undefined;
    if ( asked === undefined ) return { result, dice, rolls };
    if ( dice.length >= MAX_DICE ) throw new Error(`${ruleset}.${rule} asked for more than ${MAX_DICE} dice`);
    const { roll, face } = await rollDie(asked);
    dice.push({ d: asked, v: face });
    rolls.push(roll);
  }
}

/**
 * The size a die term records in the dice queue: its faces, or "F" for a Fate die. A Fate die
 * has `faces` 3 like a d3 but shows -1, 0 or +1, so it is told by its denomination ("f"), never
 * by its faces (`foundry.dice.terms.FateDie`).
 * @param {foundry.dice.terms.DiceTerm} term
 * @returns {number|string}
 */
function dieSize(term) {
  const denomination = /** @type {{DENOMINATION?: string}} */ (term.constructor).DENOMINATION;
  return String(denomination).toLowerCase() === "f" ? "F" : term.faces;
}

/**
 * The dice queue of evaluated rolls: every result of every die term, in order.
 * @param {...Roll} rolls  plain `NdX` and `NdF` rolls (modifiers are the rules core's business)
 * @returns {{d: number|string, v: number}[]}
 */
export function diceOf(...rolls) {
  return rolls.flatMap((roll) => roll.dice.flatMap((term) => term.results.map((r) => ({ d: dieSize(term), v: r.result }))));
}
