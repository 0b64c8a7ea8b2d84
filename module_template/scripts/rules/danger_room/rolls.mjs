/**
 * One d10 success pool as part B rolls it: Fumbling, BOOST, Lucky and Jinxed; mirror of
 * `compiler/rules/danger_room/rolls.py`.
 *
 * Every pool roll of a save, a contest or a damage hit goes through `roll`, so the order of
 * DR-G14 (1s cancel dice successes, then the flat successes) is written once.
 */

import { DIE, rolled } from "./attributes.mjs";
import { has } from "./combatant.mjs";
import { BAD_CONFIG, BAD_INPUT, RuleError } from "../errors.mjs";
import { expectObject, getChoice, getInt, getList } from "../inputs.mjs";

const CF = "config";
export const BOOST_ROLLS = Object.freeze(["damage", "save", "contest", "perception"]);
export const LUCK_SCOPES = Object.freeze(["all_pool_rolls", "damage_only"]);
const BOOST_LIMIT = 100;

/**
 * @typedef {object} Pool  A pool to roll: its size in d10, the kind of roll and its BOOSTs.
 * @property {number} size
 * @property {string} kind
 * @property {number} boost
 */

/**
 * DR-G15: [cost, max_per_roll, rolls] of `config.boost`, checked.
 * @param {object} config
 * @returns {[number, number, string[]]}
 */
export function boostSettings(config) {
  const where = `${CF}.boost`;
  const settings = expectObject(config.boost, where, ["cost", "max_per_roll", "rolls"]);
  const cost = getInt(settings, "cost", where, 0, BOOST_LIMIT);
  const most = getInt(settings, "max_per_roll", where, 0, BOOST_LIMIT);
  const rolls = getList(settings, "rolls", where);
  rolls.forEach((kind, index) => {
    if ( !BOOST_ROLLS.includes(kind) ) {
      throw new RuleError(BAD_CONFIG, `${where}.rolls[${index}] must be one of ${BOOST_ROLLS.join(", ")}`);
    }
  });
  return [cost, most, rolls];
}

/**
 * DR-R28, DR-G15: pay `boost` BOOSTs on a `kind` roll; returns the updated fighter.
 * @param {object} fighter
 * @param {number} boost
 * @param {string} kind
 * @param {object} config
 * @returns {object}
 */
export function spendBoost(fighter, boost, kind, config) {
  const [cost, most, rolls] = boostSettings(config);
  if ( boost === 0 ) return { ...fighter };
  if ( !rolls.includes(kind) ) throw new RuleError(BAD_INPUT, `BOOST is not allowed on a ${kind} roll`);
  if ( boost > most ) throw new RuleError(BAD_INPUT, `a roll takes at most ${most} BOOST`);
  const price = boost * cost;
  if ( price > fighter.stamina ) {
    throw new RuleError(BAD_INPUT, `BOOST costs ${price} Stamina but the fighter has ${fighter.stamina}`);
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
  const scope = getChoice(config, "luck_scope", CF, LUCK_SCOPES);
  if ( (scope === "damage_only") && (kind !== "damage") ) return 0;
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
