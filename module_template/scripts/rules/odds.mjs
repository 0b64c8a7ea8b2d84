/**
 * Odds queries: the exact distribution of a roll, by name; mirror of `compiler/rules/odds.py`.
 *
 * A ruleset's odds adapter is a module `odds.mjs` beside its engine exporting `QUERIES`: query
 * name -> `(params, config) => Dist`, `config` being overrides of the ruleset's rules_config as a
 * fixture gives them. Each query enumerates the ruleset's own rule functions (`enumeration.mjs`).
 * This module holds the helpers every adapter uses, and the shared primitives' own adapter: one
 * query per P1-P9 rule that takes dice, each the rule's final state. No Foundry globals: a roll
 * dialog calls `runQuery(QUERIES, name, params, config)` and displays the exact fractions.
 */

import { RULE_NOT_IMPLEMENTED, RuleError } from "./errors.mjs";
import { enumerateCalls, lumping, resolved, ruleCall, stateOf } from "./enumeration.mjs";
import { readInput } from "./harness.mjs";
import { FATE, dieLabel, faceRange } from "./queue.mjs";

export const PRIMITIVES = "primitives";

/**
 * @callback Query
 * @param {any} params
 * @param {object} config
 * @returns {import("./exact.mjs").Dist}
 */

/**
 * C1: classes of `die` from each face's key and score (face order): neighbouring faces with the
 * same key and score are one class, shown as its lowest face.
 * @param {number|string} die
 * @param {any[]} keys
 * @param {number[]} scores
 * @returns {import("./enumeration.mjs").FaceClass[]}
 */
export function faceRuns(die, keys, scores) {
  const [lo] = faceRange(die);
  const found = [];
  let previous = null;
  keys.forEach((key, index) => {
    const current = JSON.stringify([key, scores[index]]);
    if ( previous === current ) found.at(-1).weight += 1;
    else found.push({ face: lo + index, weight: 1, score: scores[index] });
    previous = current;
  });
  return found;
}

/**
 * C1: every face of `die`, lowest first.
 * @param {number|string} die
 * @returns {number[]}
 */
export function facesOf(die) {
  const [lo, hi] = faceRange(die);
  const found = [];
  for ( let face = lo; face <= hi; face++ ) found.push(face);
  return found;
}

/**
 * P1: the faces that reach `minFace` once `rollMod` is added (score 1) and the rest.
 * @param {number|string} die
 * @param {number} minFace
 * @param {number} rollMod
 * @returns {import("./enumeration.mjs").FaceClass[]}
 */
export function successClasses(die, minFace, rollMod) {
  const hits = facesOf(die).map(face => Number(face + rollMod >= minFace));
  return faceRuns(die, hits, hits);
}

/**
 * P1, P2: the natural 1s, the blanks and the successes; a die scores success - one.
 * @param {number|string} die
 * @param {number} minFace
 * @returns {import("./enumeration.mjs").FaceClass[]}
 */
export function fumbleClasses(die, minFace) {
  const keys = facesOf(die).map(face => [face === 1, face >= minFace]);
  return faceRuns(die, keys, keys.map(([one, hit]) => Number(hit) - Number(one)));
}

/**
 * P1-P9: how the dice of a primitives rule branch, from its read input and merged config.
 * Counting rules branch on the number of successes (score pools), sums on the sum, the lowest
 * kept on the multiset, a table on the faces that give another row; a check (P7) keeps every
 * face, its total being part of its state.
 * @param {string} rule
 * @param {Record<string, any>} fields
 * @param {Record<string, any>} config
 * @returns {import("./enumeration.mjs").Lumping}
 */
export function primitiveLumping(rule, fields, config) {
  const die = fields.die ?? FATE;
  const label = dieLabel(die);
  if ( rule === "count_at_least" ) {
    return lumping({ [label]: successClasses(die, fields.min_face, fields.roll_mod) }, 0, "score");
  }
  if ( rule === "cancel_ones" ) return lumping({ [label]: fumbleClasses(die, fields.min_face) }, 0, "score");
  if ( rule === "count_natural" ) {
    const keys = facesOf(die).map(face => Number(face === fields.natural));
    return lumping({ [label]: faceRuns(die, keys, keys) }, 0, "score");
  }
  if ( rule === "hazard" ) {
    const keys = facesOf(die).map(face => [face === config.mishap_on_face, face + fields.roll_mod >= fields.min_face]);
    const classes = faceRuns(die, keys, keys.map(([, hit]) => Number(hit)));
    return lumping({ [label]: classes }, config.hazard_count, "score");
  }
  if ( rule === "table_lookup" ) {
    const rows = fields.table.map(e => [e.lo, e.hi]);
    const keys = facesOf(die).map(f => rows.findIndex(([lo, hi]) => (lo <= f) && (f <= hi)));
    return lumping({ [label]: faceRuns(die, keys, keys.map(() => 0)) });
  }
  const mode = rule === "keep_lowest" ? "counts" : "score";
  return lumping({}, 0, mode);
}

/**
 * P1-P9: the primitives rules that take dice; P10's roll-off repeats ties without bound, so its
 * outcomes cannot be listed (its enumeration stops with `too_many_outcomes`).
 */
export const DICE_RULES = Object.freeze([
  "count_at_least", "cancel_ones", "sum_faces", "fate", "keep_lowest_set", "keep_lowest",
  "table_lookup", "d20_vs", "count_natural", "hazard"
]);

/**
 * C1: the case (a fixture without its dice) running `rule` of `ruleset` on `params`.
 * @param {string} ruleset
 * @param {string} rule
 * @param {object} config
 * @param {any} params
 * @returns {{ruleset: string, rule: string, config: object, input: any}}
 */
export function caseOf(ruleset, rule, config, params) {
  return { ruleset, rule, config: { ...config }, input: params };
}

/**
 * P1-P9: the exact distribution of a primitives rule's final state for input `params`.
 * @param {string} rule
 * @param {any} params
 * @param {object} config
 * @returns {import("./exact.mjs").Dist}
 */
export function primitiveOdds(rule, params, config) {
  const [engine, , merged] = resolved(PRIMITIVES, rule, config);
  const fields = readInput(engine, rule, params);
  const call = ruleCall(caseOf(PRIMITIVES, rule, config, params), stateOf);
  return enumerateCalls(call, primitiveLumping(rule, fields, merged));
}

/** @type {Readonly<Record<string, Query>>} */
export const QUERIES = Object.freeze(Object.fromEntries(
  DICE_RULES.map(rule => [rule, (params, config) => primitiveOdds(rule, params, config)])));

/**
 * C5: the query `name` of an adapter's `queries`; a missing one is `rule_not_implemented`.
 * @param {Record<string, Query>} queries
 * @param {string} name
 * @param {any} params
 * @param {object} config
 * @returns {import("./exact.mjs").Dist}
 */
export function runQuery(queries, name, params, config) {
  if ( !Object.hasOwn(queries, name) ) throw new RuleError(RULE_NOT_IMPLEMENTED, `odds query ${name} is not implemented`);
  return queries[name](params, config);
}
