/**
 * Dice on demand, for every ruleset: run a rule of the pure rules core with the faces rolled so
 * far; while it stops with `queue_exhausted`, roll the die it names (or the whole pool it is
 * taking) with Foundry's `Roll` (so the players see every die), append the faces and run it again. The core never sees Foundry, and the
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
 * @property {Roll[]} rolls  the evaluated Foundry rolls behind those faces, in the same order: one
 *   per face, or with `pools` one per pool the rule took at once (`6d6`)
 */

/** No rule of any ruleset asks for this many dice; a rule that does is looping. */
const MAX_DICE = 10000;

/**
 * The Foundry formula of `count` dice of `die` sides ("F": Fate dice).
 * @param {number|string} die
 * @param {number} [count]
 * @returns {string}
 */
export function dieFormula(die, count = 1) {
  return die === "F" ? `${count}dF` : `${count}d${die}`;
}

/**
 * Roll `count` dice of `die` in one Foundry `Roll` and read their faces.
 * @param {number|string} die
 * @param {number} count
 * @returns {Promise<{roll: Roll, faces: number[]}>}
 */
async function rollDice(die, count) {
  const roll = await new Roll(dieFormula(die, count)).evaluate();
  const faces = roll.dice.flatMap((term) => term.results.map((r) => r.result));
  if ( (faces.length !== count) || !faces.every(Number.isInteger) ) throw new Error(`${roll.formula} gave no faces`);
  return { roll, faces };
}

/**
 * Run `rule` with dice rolled on demand: stop on success or on any error but `queue_exhausted`.
 * By default each die the rule asks for is one Foundry roll; with `pools`, each pool it takes at
 * once (`queue_exhausted`'s `count`: the hazard test's 6d6, a damage pool's 9d10) is one roll of
 * that many dice, so the card and Dice So Nice show one throw of the pool. The faces, and so the
 * dice queue, are the same either way: a pool's faces in the order the rule takes them.
 * @param {string} ruleset  the engine, e.g. "primitives" or the module's own ruleset
 * @param {string} rule     snake_case, e.g. "resolve_hit"
 * @param {object} config   the config the rule runs with (overrides of the engine's defaults)
 * @param {object} input    the rule's input
 * @param {{pools?: boolean, dice?: {d: number|string, v: number}[], rolls?: Roll[]}} [options]
 *   `dice` and `rolls`: what was rolled for this rule before (a pool rolled before a choice was
 *   made), which the rule takes first; the result lists them too
 * @returns {Promise<RolledRule>}
 */
export async function rollRule(ruleset, rule, config, input, { pools = false, dice: before = [], rolls: made = [] } = {}) {
  const dice = [...before];
  const rolls = [...made];
  for ( ;; ) {
    const result = runCase(ruleset, rule, config, input, dice);
    const asked = result.error?.code === "queue_exhausted" ? result.error.die : undefined;
    if ( asked === undefined ) return { result, dice, rolls };
    const count = pools ? Math.max(1, result.error?.count ?? 1) : 1;
    if ( dice.length + count > MAX_DICE ) throw new Error(`${ruleset}.${rule} asked for more than ${MAX_DICE} dice`);
    const { roll, faces } = await rollDice(asked, count);
    dice.push(...faces.map((v) => ({ d: asked, v })));
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
