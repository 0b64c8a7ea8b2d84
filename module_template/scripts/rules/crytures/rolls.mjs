/**
 * Attack pools, hits, natural-10 crits and damage (CR-R07, CR-R08, CR-R10, CR-G01-G03,
 * CR-G14); mirror of `compiler/rules/crytures/rolls.py`.
 *
 * A roll modifier is added to each die, a die modifier adds or removes dice (CR-R10); a die hits
 * when it meets the target's difficulty stat (CR-G01) and a natural 10 is a crit whose Crit line
 * adds to the hits, once per 10 (CR-R08, CR-G02).
 */

import * as dice from "../dice.mjs";

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 */

export const DIE = 10;
export const CRIT_FACE = 10;

/**
 * CR-R10, CR-G03, P11: the pool size after die modifiers (none below `pool_floor`).
 * @param {number} base
 * @param {number[]} dieMods
 * @param {object} config
 * @returns {[number, object]}
 */
export function poolEvent(base, dieMods, config) {
  const size = dice.poolSize(base, dieMods, config.pool_floor);
  return [size, { type: "attack_pool", base, die_mods: [...dieMods], size }];
}

/**
 * CR-G01: a hit meets the difficulty (`modified_face_gte_difficulty`) or exceeds it.
 * @param {number} result
 * @param {number} difficulty
 * @param {object} config
 * @returns {boolean}
 */
export function isHit(result, difficulty, config) {
  if ( config.hit_test === "modified_face_gt_difficulty" ) return result > difficulty;
  return result >= difficulty;
}

/**
 * CR-R08, CR-G02: a natural 10 (`modified_10`: a result of 10 or more), hit or not unless
 * `crit_requires_hit`.
 * @param {number} face
 * @param {number} result
 * @param {boolean} hit
 * @param {object} config
 * @returns {boolean}
 */
export function isCrit(face, result, hit, config) {
  const crit = config.crit_on === "modified_10" ? result >= CRIT_FACE : face === CRIT_FACE;
  return crit && (hit || !config.crit_requires_hit);
}

/**
 * CR-R07, CR-R08, CR-R10, P1, P8: each die's result, the hits, crits and total hits.
 * @param {number[]} faces
 * @param {number} rollMod
 * @param {number} difficulty
 * @param {number} extraHits
 * @param {object} config
 * @returns {{difficulty: number, roll_mod: number, results: number[], hits: number, crits: number, extra_hits: number, total_hits: number}}
 */
export function evaluate(faces, rollMod, difficulty, extraHits, config) {
  const results = faces.map(face => face + rollMod);
  const hit = results.map(result => isHit(result, difficulty, config));
  const crits = faces.filter((face, i) => isCrit(face, results[i], hit[i], config)).length;
  const hits = hit.filter(h => h).length;
  return {
    difficulty, roll_mod: rollMod, results, hits, crits, extra_hits: crits * extraHits,
    total_hits: hits + (crits * extraHits)
  };
}

/**
 * CR-R07: the `hits` event of one target's reading of the faces.
 * @param {string|null} target
 * @param {object} found
 * @returns {object}
 */
export function hitsEvent(target, found) {
  return { type: "hits", target, ...found };
}

/**
 * CR-R07, CR-R08, CR-R10, CR-G01, CR-G02, CR-G03, CR-E01, CR-E02, CR-E09: one pool
 * rolled against a difficulty with a roll modifier and a Crit line's extra hits.
 * @type {Rule}
 */
export function attackRoll(inp, config, queue) {
  const [size, pool] = poolEvent(inp.pool, inp.die_mods, config);
  const faces = queue.takeMany(DIE, size);
  const found = evaluate(faces, inp.roll_mod, inp.difficulty, inp.crit_extra_hits, config);
  const events = [pool, { type: "roll", faces }, hitsEvent(null, found)];
  const state = {
    size: pool.size, faces, results: found.results, hits: found.hits, crits: found.crits,
    total_hits: found.total_hits
  };
  return [events, state];
}

/**
 * CR-G14: take `damage` off Health (never below `health_floor`); at or below
 * `defeated_at_health` a combatant is defeated. Updates `target` in place.
 * @param {Record<string, any>} target
 * @param {number} damage
 * @param {object} config
 * @returns {object[]}
 */
export function damageTarget(target, damage, config) {
  const health = Math.max(config.health_floor, target.health - damage);
  target.health = health;
  const events = [{ type: "damage", target: target.id, damage, health }];
  if ( !target.defeated && (health <= config.defeated_at_health) ) {
    target.defeated = true;
    events.push({ type: "defeated", combatant: target.id });
  }
  return events;
}

/**
 * CR-G14: damage on one combatant: Health floored, defeat at 0.
 * @type {Rule}
 */
export function applyDamage(inp, config, queue) {
  const target = { ...inp.target };
  const events = damageTarget(target, inp.damage, config);
  return [events, { target }];
}

/** The rules of this module by camelCase name, in file order. */
export const RULES = Object.freeze({ attackRoll, applyDamage });
