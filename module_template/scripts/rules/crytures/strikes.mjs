/**
 * A power's Attack, Hit, Crit and Effect lines on its targets (CR-R05, CR-R07, CR-R08,
 * CR-G15); mirror of `compiler/rules/crytures/strikes.py`.
 *
 * One pool is rolled for the whole power (`blast_roll: shared_faces`) and each target reads the
 * same faces against its own difficulty stat and its own roll modifiers; with `per_target` each
 * target rolls a pool of its own, in target order.
 */

import { IN, stat } from "./common.mjs";
import { situationsOf } from "./modifiers.mjs";
import { DIE, damageTarget, evaluate, hitsEvent, poolEvent } from "./rolls.mjs";

/**
 * @typedef {import("./common.mjs").Combatant} Combatant
 * @typedef {import("../queue.mjs").DiceQueue} DiceQueue
 */

export const NO_SITUATION = Object.freeze({ cover: false, obscured: false, cant_see: false });

/**
 * CR-R05, CR-R08: `count` more applications of `status` on `combatant`.
 * @param {Combatant} combatant
 * @param {string} status
 * @param {number} count
 * @param {string} line
 * @returns {object}
 */
export function addStatus(combatant, status, count, line) {
  const statuses = { ...combatant.statuses };
  statuses[status] = (Object.hasOwn(statuses, status) ? statuses[status] : 0) + count;
  combatant.statuses = statuses;
  return { type: "status", combatant: combatant.id, status, count, line };
}

/**
 * CR-R05, CR-R08: the Hit line's effects on a hit (once, or once per hit with
 * `per_hit_effects`), the Crit line's once per crit, and the Effect line's always.
 * @param {Combatant} target
 * @param {object} power
 * @param {object|null} found
 * @returns {object[]}
 */
export function lineEffects(target, power, found) {
  const events = [];
  if ( (found !== null) && (found.total_hits >= 1) ) {
    const count = power.hit.per_hit_effects ? found.total_hits : 1;
    events.push(...power.hit.effects.map(s => addStatus(target, s, count, "hit")));
  }
  if ( (found !== null) && (found.crits >= 1) ) {
    events.push(...power.crit.effects.map(s => addStatus(target, s, found.crits, "crit")));
  }
  events.push(...power.effect.effects.map(s => addStatus(target, s, 1, "effect")));
  return events;
}

/**
 * CR-R07, CR-G01: the user has every pool stat and each target the difficulty stat.
 * @param {Combatant} user
 * @param {Combatant[]} targets
 * @param {object} power
 * @returns {void}
 */
export function checkStats(user, targets, power) {
  const attack = power.attack;
  if ( attack === null ) return;
  for ( const name of attack.pool_stats ) stat(user, name, `${IN}.user`);
  for ( const target of targets ) stat(target, attack.difficulty_stat, `${IN}.target`);
}

/**
 * CR-R07, CR-R11, CR-R12, CR-G14: one target reads the faces: its roll modifier, hits,
 * damage and the lines' effects.
 * @param {Combatant} user
 * @param {Combatant} target
 * @param {number[]} faces
 * @param {object} context
 * @returns {object[]}
 */
export function strikeTarget(user, target, faces, context) {
  const { power, config } = context;
  const situation = Object.hasOwn(context.situations, target.id) ? context.situations[target.id] : NO_SITUATION;
  const modifier = situationsOf(user, target, context.combatants, { type: power.type, situation }, config);
  const difficulty = stat(target, power.attack.difficulty_stat, `${IN}.target`);
  const found = evaluate(faces, modifier.total, difficulty, power.crit.extra_hits, config);
  const damage = found.total_hits * power.hit.damage_per_hit;
  return [modifier, hitsEvent(target.id, found), ...damageTarget(target, damage, config), ...lineEffects(target, power, found)];
}

/**
 * CR-R10, CR-G03: roll one attack pool; its faces and its two events.
 * @param {number} base
 * @param {number[]} dieMods
 * @param {object} config
 * @param {DiceQueue} queue
 * @returns {[number[], object[]]}
 */
export function rollPool(base, dieMods, config, queue) {
  const [size, pool] = poolEvent(base, dieMods, config);
  const faces = queue.takeMany(DIE, size);
  return [faces, [pool, { type: "roll", faces }]];
}

/**
 * CR-R07, CR-G15: the Attack line on every target (one pool, or one per target), or only
 * the Effect line when the power has no Attack line; a Blast that catches nobody rolls nothing.
 * @param {Combatant} user
 * @param {Combatant[]} targets
 * @param {number[]} dieMods
 * @param {object} context
 * @param {DiceQueue} queue
 * @returns {object[]}
 */
export function strike(user, targets, dieMods, context, queue) {
  const { power, config } = context;
  if ( power.attack === null ) return targets.flatMap(target => lineEffects(target, power, null));
  if ( !targets.length ) return [];
  const base = power.attack.pool_stats.reduce((sum, name) => sum + user.stats[name], 0);
  const events = [];
  if ( config.blast_roll === "per_target" ) {
    for ( const target of targets ) {
      const [faces, rolled] = rollPool(base, dieMods, config, queue);
      events.push(...rolled, ...strikeTarget(user, target, faces, context));
    }
    return events;
  }
  const [faces, rolled] = rollPool(base, dieMods, config, queue);
  events.push(...rolled);
  for ( const target of targets ) events.push(...strikeTarget(user, target, faces, context));
  return events;
}

/**
 * CR-R05: the Effect line's effects on the user.
 * @param {Combatant} user
 * @param {object} power
 * @returns {object[]}
 */
export function selfEffects(user, power) {
  return power.effect.self_effects.map(s => addStatus(user, s, 1, "self"));
}
