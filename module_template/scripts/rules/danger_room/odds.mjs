/**
 * The danger_room odds adapter: exact distributions of its rolls; mirror of
 * `compiler/rules/danger_room/odds.py`.
 *
 * Each query enumerates one of the ruleset's own rules through the harness (`enumeration.mjs`),
 * its d10s lumped as the rule can tell them apart: 6+ or not, and the natural 1 apart when a
 * Fumbling fighter rolls. A pool branches on its net successes (a score pool) when the rule
 * depends on that alone, else on the multiset. The d20 of crossing 0 branches on the runs of faces
 * that pass or fail alike against every target number the hit can give it (`crossingClasses`).
 */

import { DIE, SUCCESS_MIN_FACE } from "./attributes.mjs";
import { attributeBonus, has } from "./combatant.mjs";
import { TN_STEP, ZERO_TN } from "./health.mjs";
import { luck } from "./rolls.mjs";
import { enumerateCalls, lumping, partition, resolved, ruleCall } from "../enumeration.mjs";
import { caseOf } from "../odds.mjs";
import { dieLabel, faceRange } from "../queue.mjs";

export const RULESET = "danger_room";
/** DR-R25, DR-G34: the statuses a fighter is out of the fight in. */
export const DOWN = Object.freeze(["down", "obliterated"]);

/**
 * Whether `value` is a JSON object.
 * @param {unknown} value
 * @returns {value is Record<string, any>}
 */
function isObject(value) {
  return (value !== null) && (typeof value === "object") && !Array.isArray(value);
}

/**
 * DR-R05, DR-G14, DR-G16: [Fumbling, the flat successes] of `fighter` on a `kind` roll.
 * A malformed fighter counts as neither: the rule itself then refuses the input.
 * @param {any} fighter
 * @param {any} boost
 * @param {string} kind
 * @param {Record<string, any>} config
 * @returns {[boolean, number]}
 */
export function roller(fighter, boost, kind, config) {
  if ( !isObject(fighter) || !isObject(fighter.conditions) ) return [false, 0];
  const extra = Number.isInteger(boost) ? boost : 0;
  return [has(fighter, "fumbling"), extra + luck(fighter, kind, config)];
}

/**
 * DR-R04, DR-R05, DR-G14: how one fighter's d10 pool may branch.
 * Without Fumbling a d10 is a success (6+) or not; with it the 1 counts apart, and the pool's net
 * successes decide it unless negative flat successes come first (`flat_then_dice`), when the
 * multiset does.
 * @param {boolean} fumbling
 * @param {number} flat
 * @param {Record<string, any>} config
 * @returns {[import("../enumeration.mjs").FaceClass[], string]}
 */
export function d10Plan(fumbling, flat, config) {
  if ( !fumbling ) return [partition(DIE, [1, SUCCESS_MIN_FACE], [0, 1]), "score"];
  const counted = (config.fumble_order === "flat_then_dice") && (flat < 0);
  return [partition(DIE, [1, 2, SUCCESS_MIN_FACE], [-1, 0, 1]), counted ? "counts" : "score"];
}

/**
 * DR-R04, DR-R05, DR-G14: a rule's d10 pools, each planned for its roller, in the order the rule
 * draws them (catalogue §1.4); a pool past the list keeps every face, and so does a single die
 * `singles` does not class.
 * @param {Array<[boolean, number]>} rollers
 * @param {Record<string, any>} config
 * @param {Record<string, import("../enumeration.mjs").FaceClass[]>} [singles]
 * @returns {import("../enumeration.mjs").Lumping}
 */
export function d10Lumping(rollers, config, singles = {}) {
  return lumping(singles, 0, "counts", rollers.map(([f, flat]) => d10Plan(f, flat, config)));
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
 * Enumerate one rule of the ruleset.
 * @param {string} rule
 * @param {any} params
 * @param {object} config
 * @param {(events: any[], state: Record<string, any>) => any} project
 * @param {import("../enumeration.mjs").Lumping} lumped
 * @returns {import("../exact.mjs").Dist}
 */
function odds(rule, params, config, project, lumped) {
  return enumerateCalls(ruleCall(caseOf(RULESET, rule, config, params), project), lumped);
}

/**
 * `params[key]`, or null when `params` lacks it (the rule refuses such input itself).
 * @param {any} params
 * @param {string} key
 * @returns {any}
 */
function field(params, key) {
  return isObject(params) ? (params[key] ?? null) : null;
}

/**
 * A pool rule's [Fumbling, flat successes].
 * @param {any} params
 * @returns {[boolean, number]}
 */
function flatOf(params) {
  const values = ["boost", "luck"].map(key => field(params, key));
  return [field(params, "fumbling") === true, values.filter(v => Number.isInteger(v)).reduce((a, b) => a + b, 0)];
}

/**
 * The outcome of a pool rule.
 * @param {any[]} events
 * @param {Record<string, any>} state
 * @returns {object}
 */
function poolState(events, state) {
  return { successes: state.successes, botch: state.botch };
}

/**
 * DR-R04, DR-R05, DR-G14, C3: the successes and botch of the `pool_roll` rule's pool.
 * @param {any} params
 * @param {object} config
 * @returns {import("../exact.mjs").Dist}
 */
export function poolRollOdds(params, config) {
  return odds("pool_roll", params, config, poolState, d10Lumping([flatOf(params)], merged("pool_roll", config)));
}

/**
 * DR-R06, DR-R04, DR-R05: the successes and botch of a `cardless_roll`.
 * @param {any} params
 * @param {object} config
 * @returns {import("../exact.mjs").Dist}
 */
export function cardlessRollOdds(params, config) {
  return odds("cardless_roll", params, config, poolState, d10Lumping([flatOf(params)], merged("cardless_roll", config)));
}

/**
 * DR-R11, DR-G14, DR-G15, DR-G16, P12: whether the `save` rule's target saves.
 * @param {any} params
 * @param {object} config
 * @returns {import("../exact.mjs").Dist}
 */
export function saveOdds(params, config) {
  const read = merged("save", config);
  const rollers = [roller(field(params, "target"), field(params, "boost"), "save", read)];
  return odds("save", params, config, (events, state) => ({ saved: state.saved }), d10Lumping(rollers, read));
}

/**
 * DR-R06, DR-G42, P12: who wins the `contest` rule's cardless contest.
 * @param {any} params
 * @param {object} config
 * @returns {import("../exact.mjs").Dist}
 */
export function contestOdds(params, config) {
  const read = merged("contest", config);
  const rollers = ["challenger", "defender"].map(side => roller(field(params, side), field(params, `${side}_boost`), "contest", read));
  return odds("contest", params, config, (events, state) => ({ winner: state.winner }), d10Lumping(rollers, read));
}

/**
 * DR-R25, DR-G33, DR-E10: the Health and status `take_blow` leaves (the d20 of crossing 0).
 * @param {any} params
 * @param {object} config
 * @returns {import("../exact.mjs").Dist}
 */
export function blowOdds(params, config) {
  const project = (events, state) => ({ health: state.fighter.health, status: state.fighter.status });
  const lumped = lumping(crossingClasses(field(params, "fighter"), merged("take_blow", config)), 0, "score");
  return odds("take_blow", params, config, project, lumped);
}

/**
 * DR-R11, DR-R19, DR-R25: the projection of a `resolve_hit` kept by the odds of a hit.
 * The target's Health lost, Health, status, Shield points and conditions after the card, whether
 * a Dizzy came of it, whether the save succeeded (null: no save), and the attacker's Stamina after
 * its BOOSTs.
 * @param {any} target
 * @param {any} attacker
 * @returns {(events: any[], state: Record<string, any>) => object}
 */
export function hitOutcome(target, attacker) {
  return (events, state) => {
    const before = target.health;
    const after = state.fighters[target.id];
    const saves = events.filter(e => e.type === "save").map(e => e.saved);
    return {
      lost: before - after.health, health: after.health,
      status: after.status, shield_points: after.shield_points,
      conditions: { ...after.conditions },
      dizzy: events.some(e => e.type === "dizzy"),
      saved: saves.length ? saves[0] : null,
      stamina: state.fighters[attacker].stamina
    };
  };
}

/**
 * DR-G07, catalogue §1.4: who rolls each pool of a `resolve_hit`, in its dice order: every hit's
 * damage pool, the attacker's opposing pool (a save under `separate_roll`, or a card without
 * Damage), then the target's save.
 * @param {any} attacker
 * @param {any} target
 * @param {any} request
 * @param {Record<string, any>} config
 * @returns {Array<[boolean, number]>}
 */
export function hitRollers(attacker, target, request, config) {
  const card = field(request, "card");
  const boosts = field(request, "boost");
  const rollers = (Array.isArray(boosts) ? boosts : []).map(boost => roller(attacker, boost, "damage", config));
  if ( field(card, "save") === null ) return rollers;
  if ( (config.save_opposed_by === "separate_roll") || (field(card, "damage") === null) ) {
    rollers.push(roller(attacker, 0, "opposing", config));
  }
  return [...rollers, roller(target, field(request, "save_boost"), "save", config)];
}

/**
 * DR-R25, DR-G33: the crossing-0 die's classes: faces that pass or fail alike against every target
 * number the roll can have (10 + 1 per 5 past 0, with the target's End bonus and Bulk). In a live
 * fight the roll is made only while the damage past 0 is below max Health (obliteration is checked
 * first), so those numbers are few. Every face is kept where they cannot be read (a malformed
 * target: the rule refuses it), in training (no roll), and when the die is the pools' d10.
 * @param {any} target
 * @param {Record<string, any>} config
 * @returns {Record<string, import("../enumeration.mjs").FaceClass[]>}
 */
export function crossingClasses(target, config) {
  const die = config.zero_health_die;
  const readable = isObject(target) && isObject(target.attributes)
    && [target.bulk, target.max_health, target.attributes.endurance].every((v) => Number.isInteger(v));
  if ( (die === DIE) || (config.mode !== "live") || !readable ) return {};
  const mods = attributeBonus(target, "endurance", config) + target.bulk;
  const lift = config.zero_health_pass === "meet" ? 0 : 1;
  const [lo, hi] = faceRange(die);
  const cuts = new Set();
  for ( let past = 0; past < target.max_health; past++ ) cuts.add(ZERO_TN + Math.floor(past / TN_STEP) - mods + lift);
  const starts = [lo, ...[...cuts].filter((c) => (c > lo) && (c <= hi)).sort((a, b) => a - b)];
  return { [dieLabel(die)]: partition(die, starts, starts) };
}

/**
 * DR-R11, DR-R17, DR-R19, DR-R20, DR-R25, DR-G07, DR-G33: a card landing on a target.
 * The whole `resolve_hit`: every hit's damage pool (Soak, Vulnerable/Resist, Immune, the floor),
 * BOOST and luck, the save for half, Toughness, Shield, Dizzy and crossing 0.
 * @param {any} params
 * @param {object} config
 * @returns {import("../exact.mjs").Dist}
 */
export function hitOdds(params, config) {
  const read = merged("resolve_hit", config);
  const request = field(params, "request");
  let fighters = field(field(params, "state"), "fighters");
  fighters = isObject(fighters) ? fighters : {};
  const attacker = fighters[field(request, "attacker")] ?? null;
  const target = fighters[field(request, "target")] ?? null;
  const rollers = hitRollers(attacker, target, request, read);
  const lumped = d10Lumping(rollers, read, crossingClasses(target, read));
  return odds("resolve_hit", params, config, hitOutcome(target, field(request, "attacker")), lumped);
}

/**
 * DR-R19: the rule the `resolve_hit` query enumerates, projected as its outcomes: one run draws
 * one way the dice fall (a fight's Monte Carlo runs it with random faces).
 * @param {string} query
 * @param {any} params
 * @param {object} config
 * @returns {(queue: import("../queue.mjs").DiceQueue) => any}
 */
export function outcomeCall(query, params, config) {
  const target = field(params, "state").fighters[params.request.target];
  const project = hitOutcome(target, params.request.attacker);
  return ruleCall(caseOf(RULESET, query, config, params), project);
}

/** The rolls of the ruleset with exact odds, by the rule they enumerate. */
export const QUERIES = Object.freeze({
  pool_roll: poolRollOdds,
  cardless_roll: cardlessRollOdds,
  save: saveOdds,
  contest: contestOdds,
  take_blow: blowOdds,
  resolve_hit: hitOdds
});
