/**
 * The fate_wounds odds adapter: exact distributions of its rolls; mirror of
 * `compiler/rules/fate_wounds/odds.py`.
 *
 * A roll depends on its dice only through their result, whose exact counts are the engine's own
 * `rolls.distribution` (FW-E09, FW-G01): `roll` runs the `roll` rule once per result, on faces
 * that give it, however many Disadvantage sets it rolls. `defence` is the exchange once the
 * attack is rolled: the defender's roll, each total compared with the attack's and its wound
 * marked by the engine's own steps (`exchange.compared`, `track.wound`), as
 * `exchange.resolve_attack` does; `attack` is the attacker's roll met by that. `fate_lumping` is
 * how the `roll` and `attack` rules enumerate die by die (each set by its sum, or by its multiset
 * where the lowest four are kept), which the tests compare them with.
 */

import { condition, fillCharacter } from "./characters.mjs";
import { compared } from "./exchange.mjs";
import { FATE_DICE, appliedLevel, distribution } from "./rolls.mjs";
import { wound } from "./track.mjs";
import { TOO_MANY, lumping, resolved, ruleCall } from "../enumeration.mjs";
import { QUEUE_EXHAUSTED, RuleError } from "../errors.mjs";
import { bind, fromLeaves, mapOutcomes, point } from "../exact.mjs";
import { readInput } from "../harness.mjs";
import { caseOf } from "../odds.mjs";
import { DiceQueue, FATE } from "../queue.mjs";
import { fail } from "../shapes.mjs";

export const RULESET = "fate_wounds";
/** The widest attack total a `defence` query takes (a ladder's reach, and then some). */
export const TOTAL_BOUND = 1000;
/** The most ways a roll's dice may fall for its odds: counted here in exact doubles. */
export const SAFE_WAYS = Number.MAX_SAFE_INTEGER;

/**
 * FW-R02, FW-G01, P4, P5: Fate dice by face; a pool by its sum, or by its multiset when the
 * lowest four of it are kept.
 * @param {Record<string, any>} config
 * @returns {import("../enumeration.mjs").Lumping}
 */
export function fateLumping(config) {
  return lumping({}, 0, config.disadvantage_mode === "extra_df_drop_highest" ? "counts" : "score");
}

/**
 * The rule's merged config.
 * @param {string} rule
 * @param {object} config
 * @returns {Record<string, any>}
 */
function merged(rule, config) {
  return resolved(RULESET, rule, config)[2];
}

/**
 * FW-R04, FW-R05, FW-R10-R13: an exchange as the odds show it: `result` is whether the attacker
 * wins (`hit`), the damage (the margin) and whether the totals tie (the defender's); then the
 * wound column checked (null: none, or the wound lost to a full track) and whether the defender
 * is out after it.
 * @param {Record<string, any>} defender
 * @param {[boolean, number, boolean]} result
 * @param {string|null} column
 * @param {Record<string, any>} config
 * @returns {Record<string, any>}
 */
export function exchangeOutcome(defender, [hit, damage, tie], column, config) {
  return { hit, tie, damage, column, out: condition(defender, config).incapacitated };
}

/**
 * FW-R04, FW-R05, FW-R10-R13: an `attack` run as `exchangeOutcome` (merged config).
 * @param {Record<string, any>} config
 * @returns {(events: any[], state: Record<string, any>) => any}
 */
export function attackProjection(config) {
  return (events, state) => {
    const compare = events.find(e => e.type === "compare");
    const boxes = events.filter(e => e.type === "box_checked").map(e => e.column);
    const tie = compare.attack === compare.defence;
    return exchangeOutcome(state.defender, [state.hit, state.damage, tie], boxes[0] ?? null, config);
  };
}

/**
 * FW-R02-R06, FW-R10-R13, FW-G01, FW-G08: one attack and its defence, both rolled: the
 * attacker's `roll` odds, each total met by the `defence` odds (or by no defence, total 0). The
 * rule itself runs first on no dice, then on one fall of the attacker's, so it refuses what it
 * would refuse, in its own words.
 * @param {any} params
 * @param {object} config
 * @returns {import("../exact.mjs").Dist}
 */
export function attackOdds(params, config) {
  const [engine, , found] = resolved(RULESET, "attack", config);
  const call = ruleCall(caseOf(RULESET, "attack", config, params), attackProjection(found));
  const fields = readInput(engine, "attack", params);
  const side = { character: fields.attacker, side: "attack", declaration: fields.attack };
  const attacker = fillCharacter(fields.attacker, "input.attacker", found);
  const [level, mode] = [appliedLevel(attacker, "attack", found), found.disadvantage_mode];
  const lowest = Math.min(...[...distribution(level, mode)].filter(([, ways]) => ways).map(([result]) => result));
  for ( const faces of [[], facesFor(lowest, level, mode)] ) {
    try {
      call(new DiceQueue(faces.map(v => ({ d: FATE, v }))));
    } catch(err) {
      if ( !(err instanceof RuleError) || (err.code !== QUEUE_EXHAUSTED) ) throw err;
    }
  }
  const defence = fields.defence;
  if ( defence === null ) {
    const defender = fillCharacter(fields.defender, "input.defender", found);
    return mapOutcomes(rollOdds(side, config), (rolled) => struck(defender, rolled.total, 0, found));
  }
  return bind(rollOdds(side, config), (rolled) => defenceOdds({ defender: fields.defender, defence, attack_total: rolled.total }, config));
}

/**
 * FW-R04, FW-R05, FW-R10-R13: `attack` against `against`, a hit marked on `defender`.
 * @param {Record<string, any>} defender
 * @param {number} attack
 * @param {number} against
 * @param {Record<string, any>} config
 * @returns {Record<string, any>}
 */
export function struck(defender, attack, against, config) {
  const [, hit, damage] = compared(attack, against);
  let [marked, column] = [defender, null];
  if ( hit ) [, marked, column] = wound(defender, damage, config);
  return exchangeOutcome(marked, [hit, damage, attack === against], column, config);
}

/**
 * FW-R02, FW-R06: a `roll` run as its total and the character after it.
 * @param {any[]} events
 * @param {Record<string, any>} state
 * @returns {Record<string, any>}
 */
export function rollState(events, state) {
  return { total: state.total, character: state.character };
}

/**
 * FW-R02: four Fate faces that add up to `total` (-4..4): its +1s or -1s, then blanks.
 * @param {number} total
 * @returns {number[]}
 */
export function setOf(total) {
  return [...Array(Math.abs(total)).fill(total > 0 ? 1 : -1), ...Array(FATE_DICE - Math.abs(total)).fill(0)];
}

/**
 * FW-G01: faces that make the dice of a roll at Disadvantage `level` give `result`: every set
 * the same (`reroll_keep_lowest` keeps one of them), the extra dice +1s (the highest, dropped),
 * or 4dF adding up to `result + level` (`flat`).
 * @param {number} result
 * @param {number} level
 * @param {string} mode
 * @returns {number[]}
 */
export function facesFor(result, level, mode) {
  if ( level === 0 ) return setOf(result);
  if ( mode === "reroll_keep_lowest" ) return Array.from({ length: level + 1 }, () => setOf(result)).flat();
  if ( mode === "extra_df_drop_highest" ) return [...setOf(result), ...Array(level).fill(1)];
  return setOf(result + level);
}

/**
 * FW-R02, FW-R03, FW-R06, FW-G01, FW-G02: one side's total, and the character after it (its
 * power bonuses spent). The rule depends on its dice only through their result, whose exact
 * counts are `rolls.distribution` (FW-E09, FW-G01); the rule then runs once per result, on
 * faces that give it, so a roll at Disadvantage costs no more than one without.
 * @param {any} params
 * @param {object} config
 * @returns {import("../exact.mjs").Dist}
 */
export function rollOdds(params, config) {
  const [engine, , found] = resolved(RULESET, "roll", config);
  const call = ruleCall(caseOf(RULESET, "roll", config, params), rollState);
  try {
    return point(call(new DiceQueue([])));
  } catch(err) {
    if ( !(err instanceof RuleError) || (err.code !== QUEUE_EXHAUSTED) ) throw err;
  }
  const fields = readInput(engine, "roll", params);
  const character = fillCharacter(fields.character, "input.character", found);
  const level = appliedLevel(character, fields.side, found);
  const mode = found.disadvantage_mode;
  const counts = [...distribution(level, mode)].sort(([a], [b]) => a - b).filter(([, ways]) => ways);
  const total = counts.reduce((sum, [, ways]) => sum + ways, 0);
  if ( total > SAFE_WAYS ) throw new RuleError(TOO_MANY, `more than ${SAFE_WAYS} ways for the dice to fall`);
  return fromLeaves(counts.map(([result, ways]) => [
    call(new DiceQueue(facesFor(result, level, mode).map(v => ({ d: FATE, v })))), BigInt(ways), BigInt(total)]));
}

/**
 * The `defence` query's attack total, checked.
 * @param {any} params
 * @returns {number}
 */
function attackTotal(params) {
  const total = (params !== null) && (typeof params === "object") && !Array.isArray(params) ? params.attack_total : undefined;
  if ( !Number.isInteger(total) || (Math.abs(total) > TOTAL_BOUND) ) {
    throw fail("input", `input.attack_total must be an integer in ${-TOTAL_BOUND}..${TOTAL_BOUND}`);
  }
  return total;
}

/**
 * FW-R03-R05, FW-R10-R13: the defence against an attack already rolled to `attack_total`:
 * `{defender, defence, attack_total}`, the defence a declaration (the `roll` rule reads it).
 * @param {any} params
 * @param {object} config
 * @returns {import("../exact.mjs").Dist}
 */
export function defenceOdds(params, config) {
  const total = attackTotal(params);
  const found = merged("roll", config);
  const side = { character: params.defender ?? null, side: "defence", declaration: params.defence ?? null };
  return mapOutcomes(rollOdds(side, config), (rolled) => struck(rolled.character, total, rolled.total, found));
}

/**
 * An exchange in the odds panel's words: the attack hits, ties or misses; its damage; the
 * defender out; the wound column checked as the spread.
 * @param {Record<string, any>} outcome
 * @returns {{hit: boolean, tie: boolean, damage: number, down: boolean, location: string|null}}
 */
export function summary(outcome) {
  return { hit: outcome.hit, tie: outcome.tie, damage: outcome.damage, down: outcome.out, location: outcome.column };
}

/**
 * The rolls of the ruleset with exact odds, by the rule they stand for (`defence`: the rest of
 * an `attack` once its attacker has rolled).
 */
export const QUERIES = Object.freeze({
  roll: rollOdds,
  attack: attackOdds,
  defence: defenceOdds
});
