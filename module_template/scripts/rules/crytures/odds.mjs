/**
 * The crytures odds adapter: exact distributions of its attack rolls; mirror of
 * `compiler/rules/crytures/odds.py`.
 *
 * Each query enumerates one of the ruleset's own rules through the harness (`enumeration.mjs`).
 * A d10 of an attack pool matters to the rule only through what each reading of it makes of it:
 * a hit or not, a crit or not, against one target's difficulty with that target's roll modifier
 * (CR-R07, CR-R08, CR-G01, CR-G02). So a pool branches on the multiset of the classes those
 * readings tell apart. The readings are the rule's own: its `hits` events name the difficulty and
 * roll modifier each target read the faces with. They are found by enumerating, starting from
 * none (the whole d10 one class), and enumerating again with the classes of every reading met
 * until no leaf meets a new one. The readings can change with the dice: a Blast that defeats the
 * user's ally takes that ally's flanking off the next target (CR-R11, CR-G14), and the fixpoint
 * follows that too. The outcome keeps each reading, so its distribution is the rule's own.
 */

import { DIE, isCrit, isHit } from "./rolls.mjs";
import { TOO_MANY, enumerateCalls, lumping, resolved, ruleCall } from "../enumeration.mjs";
import { RuleError } from "../errors.mjs";
import { caseOf, faceRuns, facesOf } from "../odds.mjs";

export const RULESET = "crytures";
/**
 * Enumerations a query may take before its readings settle (each adds a reading; a target's roll
 * modifier, a sum of eight +2/-2 situations, takes at most nine values).
 */
export const ROUNDS = 16;

/**
 * A reading set: `"difficulty,roll_mod"` -> [difficulty, roll_mod].
 * @typedef {Map<string, [number, number]>} Readings
 */

/**
 * The readings of `found`, sorted as Python sorts its tuples.
 * @param {Iterable<[number, number]>} found
 * @returns {Array<[number, number]>}
 */
function sortedReadings(found) {
  return [...found].sort((a, b) => (a[0] - b[0]) || (a[1] - b[1]));
}

/**
 * CR-R07, CR-R08, CR-G01, CR-G02: the d10's classes: faces every reading (difficulty, roll
 * modifier) makes the same hit and the same crit of; no readings, one class.
 * @param {Array<[number, number]>} readings
 * @param {Record<string, any>} config
 * @returns {import("../enumeration.mjs").FaceClass[]}
 */
export function readingClasses(readings, config) {
  const ordered = sortedReadings(readings);
  const keys = facesOf(DIE).map(face => ordered.map(([difficulty, rollMod]) => {
    const hit = isHit(face + rollMod, difficulty, config);
    return [hit, isCrit(face, face + rollMod, hit, config)];
  }));
  return faceRuns(DIE, keys, keys.map(() => 0));
}

/**
 * CR-R07, CR-G15: the pools' classes: one pool every reading reads (`shared_faces`), or the n-th
 * pool read by the n-th reading alone (`per_target`); a pool no reading met yet is one class.
 * @param {Readings[]} readings
 * @param {boolean} shared
 * @param {Record<string, any>} config
 * @returns {import("../enumeration.mjs").Lumping}
 */
export function poolLumping(readings, shared, config) {
  const coarse = readingClasses([], config);
  if ( shared ) {
    const met = new Map(readings.flatMap(found => [...found]));
    return lumping({ d10: coarse }, 0, "counts", [[readingClasses([...met.values()], config), "counts"]]);
  }
  const plans = readings.map(found => [readingClasses([...found.values()], config), "counts"]);
  return lumping({ d10: coarse }, 0, "counts", plans);
}

/**
 * CR-R07, CR-R08: each `hits` event as the odds keep it, in the order the rule read them.
 * @param {any[]} events
 * @returns {Array<Record<string, any>>}
 */
export function hitsOf(events) {
  return events.filter(e => e.type === "hits").map(e => ({
    target: e.target, difficulty: e.difficulty, roll_mod: e.roll_mod, hits: e.hits, crits: e.crits,
    total_hits: e.total_hits
  }));
}

/**
 * CR-R07, CR-R08, CR-R10: an `attack_roll` as its pool's size and reading.
 * @param {any[]} events
 * @param {Record<string, any>} state
 * @returns {Record<string, any>}
 */
export function rollOutcome(events, state) {
  return { size: state.size, reads: hitsOf(events) };
}

/**
 * CR-R04-R08, CR-G14, CR-G20: a `use_power` as the odds show it: used or refused (why), and each
 * target's reading of the faces with the damage it took, its Health after and whether it is
 * defeated after.
 * @param {any[]} events
 * @param {Record<string, any>} state
 * @returns {Record<string, any>}
 */
export function useOutcome(events, state) {
  const refused = events.filter(e => e.type === "refused").map(e => e.reason);
  const after = new Map(state.combatants.map(c => [c.id, c]));
  const damage = new Map(events.filter(e => e.type === "damage").map(e => [e.target, e.damage]));
  const reads = hitsOf(events).map(read => ({
    ...read, damage: damage.get(read.target), health: after.get(read.target).health,
    defeated: after.get(read.target).defeated
  }));
  return { used: state.used, refused: refused[0] ?? null, reads };
}

/**
 * The readings each leaf of `dist` met, by the order the rule read them in.
 * @param {import("../exact.mjs").Dist} dist
 * @returns {Readings[]}
 */
export function readingsMet(dist) {
  /** @type {Readings[]} */
  const found = [];
  for ( const outcome of dist.outcomes.values() ) {
    outcome.reads.forEach((read, index) => {
      if ( index === found.length ) found.push(new Map());
      found[index].set(`${read.difficulty},${read.roll_mod}`, [read.difficulty, read.roll_mod]);
    });
  }
  return found;
}

/**
 * Whether every reading of `found` is one of `known`.
 * @param {Readings} found
 * @param {Readings|undefined} known
 * @returns {boolean}
 */
function within(found, known) {
  return known !== undefined && [...found.keys()].every(key => known.has(key));
}

/**
 * C1, C3: `rule` enumerated with its pools lumped by the readings it meets, again until no leaf
 * meets a reading the classes were not made from.
 * @param {string} rule
 * @param {any} params
 * @param {object} config
 * @param {(events: any[], state: Record<string, any>) => any} project
 * @returns {import("../exact.mjs").Dist}
 */
export function settled(rule, params, config, project) {
  const merged = resolved(RULESET, rule, config)[2];
  // An `attack_roll` rolls one pool, read once: either lumping is the same for it.
  const shared = merged.blast_roll === "shared_faces";
  // The rules move and damage the combatants they read (their own copy of the input), so each
  // run of the enumeration gets a fresh copy.
  const call = ruleCall(caseOf(RULESET, rule, config, params), project, true);
  /** @type {Readings[]} */
  let readings = [];
  for ( let round = 0; round < ROUNDS; round++ ) {
    const dist = enumerateCalls(call, poolLumping(readings, shared, merged));
    const met = readingsMet(dist);
    if ( met.every((found, index) => within(found, readings[index])) ) return dist;
    readings = met.map((found, i) => new Map([...(readings[i] ?? new Map()), ...found]));
  }
  throw new RuleError(TOO_MANY, `the readings of a pool did not settle in ${ROUNDS} rounds`);
}

/**
 * CR-R07, CR-R08, CR-R10, CR-G01, CR-G02, CR-G03: one pool's hits, crits and total hits against
 * a difficulty with a roll modifier.
 * @param {any} params
 * @param {object} config
 * @returns {import("../exact.mjs").Dist}
 */
export function attackRollOdds(params, config) {
  return settled("attack_roll", params, config, rollOutcome);
}

/**
 * CR-R04-R12, CR-G01-G03, CR-G05, CR-G14, CR-G15, CR-G20, CR-G21, CR-G22: one power used whole:
 * each target's hits, crits, damage (total hits times the damage per hit, the type relation and
 * the situations in its roll modifier), Health after and defeat.
 * @param {any} params
 * @param {object} config
 * @returns {import("../exact.mjs").Dist}
 */
export function usePowerOdds(params, config) {
  return settled("use_power", params, config, useOutcome);
}

/**
 * A use in the odds panel's words, for `target` (null: the first target read): a hit is one
 * total hit or more, the damage is what it took, down is defeated.
 * @param {Record<string, any>} outcome
 * @param {string|null} [target=null]
 * @returns {{hit: boolean, damage: number, down: boolean, location: null}}
 */
export function summary(outcome, target = null) {
  const read = outcome.reads.find(r => (target === null) || (r.target === target));
  if ( read === undefined ) return { hit: false, damage: 0, down: false, location: null };
  return { hit: read.total_hits >= 1, damage: read.damage, down: read.defeated, location: null };
}

/**
 * CR-R04-R12: the rule a query enumerates, projected as its outcomes: one run draws one way the
 * dice fall (a fight's Monte Carlo runs it with random faces).
 * @param {string} query
 * @param {any} params
 * @param {object} config
 * @returns {(queue: import("../queue.mjs").DiceQueue) => any}
 */
export function outcomeCall(query, params, config) {
  const project = { attack_roll: rollOutcome, use_power: useOutcome }[query];
  return ruleCall(caseOf(RULESET, query, config, params), project, true);
}

/** The rolls of the ruleset with exact odds, by the rule they enumerate. */
export const QUERIES = Object.freeze({
  attack_roll: attackRollOdds,
  use_power: usePowerOdds
});
