/**
 * One d10 success pool as part B rolls it: Fumbling, BOOST, Lucky and Jinxed; mirror of
 * `compiler/rules/danger_room/rolls.py`.
 *
 * Every pool roll of a save, a contest or a damage hit goes through `roll`, so the order of
 * DR-G14 (1s cancel dice successes, then the flat successes) is written once.
 */

import { DIE, rolled } from "./attributes.mjs";
import { has } from "./combatant.mjs";
import { IN } from "./common.mjs";
import { fail } from "../shapes.mjs";

/**
 * @typedef {object} Pool  A pool to roll: its size in d10, the kind of roll and its BOOSTs.
 * @property {number} size
 * @property {string} kind
 * @property {number} boost
 */

/**
 * DR-R28, DR-G15: pay `boost` BOOSTs on a `kind` roll; returns the updated fighter.
 * @param {object} fighter
 * @param {number} boost
 * @param {string} kind
 * @param {object} config
 * @returns {object}
 */
export function spendBoost(fighter, boost, kind, config) {
  const settings = config.boost;
  const [cost, most, rolls] = [settings.cost, settings.max_per_roll, settings.rolls];
  if ( boost === 0 ) return { ...fighter };
  if ( !rolls.includes(kind) ) throw fail(IN, `BOOST is not allowed on a ${kind} roll`);
  if ( boost > most ) throw fail(IN, `a roll takes at most ${most} BOOST`);
  const price = boost * cost;
  if ( price > fighter.stamina ) {
    throw fail(IN, `BOOST costs ${price} Stamina but the fighter has ${fighter.stamina}`);
  }
  return { ...fighter, stamina: fighter.stamina - price };
}

/**
 * DR-R19 step 2, DR-G16: +1 Lucky, -1 Jinxed (the two cancel) on the rolls in scope.
 * @param {object} fighter
 * @param {string} kind
 * @param {object} config
 * @returns {number}
 */
export function luck(fighter, kind, config) {
  if ( (config.luck_scope === "damage_only") && (kind !== "damage") ) return 0;
  return Number(has(fighter, "lucky")) - Number(has(fighter, "jinxed"));
}

/**
 * DR-R04, DR-R05, DR-G14, DR-G16: roll `pool` for `fighter`; [events, successes, botch].
 *
 * The fighter's own Fumbling and luck apply; the successes are counted by part A's
 * `attributes.rolled`, so every d10 pool of the ruleset follows one DR-G14 order.
 * @param {object} fighter
 * @param {Pool} pool
 * @param {object} config
 * @param {import("../queue.mjs").DiceQueue} queue
 * @returns {[object[], number, boolean]}
 */
export function roll(fighter, pool, config, queue) {
  const { size, kind, boost } = pool;
  const flat = { fumbling: has(fighter, "fumbling"), boost, luck: luck(fighter, kind, config) };
  const faces = queue.takeMany(DIE, size);
  const [events, result] = rolled(fighter.id, kind, faces, flat, config);
  return [events, result.successes, result.botch];
}
