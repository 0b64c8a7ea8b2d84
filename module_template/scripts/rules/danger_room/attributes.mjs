/**
 * Attributes, bonuses, cardless pools and success counting (DR-R01..R06, DR-G01/G02/G14);
 * mirror of `compiler/rules/danger_room/attributes.py`, function for function.
 *
 * `bonus` and `readAttributes` are the shared entry points the damage part (part B) uses;
 * `countPool` counts the pools of the rules here the way part B's `rolls.roll` does (DR-G14).
 */

import * as dice from "../dice.mjs";
import { SMALL_INT, expectObject, getBool, getChoice, getInt, getIntList } from "../inputs.mjs";
import { CF, IN, configObject, readId } from "./common.mjs";

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 * @typedef {import("../queue.mjs").DiceQueue} DiceQueue
 * @typedef {[object[], object]} Result  The rule's events and new state.
 * @typedef {object} Flat  DR-R05, DR-G14: what changes a pool besides its dice.
 * @property {boolean} fumbling
 * @property {number} boost
 * @property {number} luck
 */

/** DR-R02: the five attributes, in sheet order. */
export const ATTRIBUTES = Object.freeze(["brawn", "agility", "endurance", "intellect", "perception"]);
export const ATTRIBUTE_MAX = 1000;
export const DIE = 10;
export const SUCCESS_MIN_FACE = 6;
export const CARDLESS_BASE = 3;
export const CARDLESS_MIN = 1;
export const POOL_MAX = 1000;
const ROUNDINGS = Object.freeze(["floor", "half_up"]);
const FUMBLE_ORDERS = Object.freeze(["dice_then_flat", "flat_then_dice"]);
const BOTCH_RESULTS = Object.freeze(["zero", "net"]);

/**
 * DR-R03, DR-G01: (score - offset) / divisor, floored (default) or rounded half up.
 * @param {number} score
 * @param {object} config
 * @returns {number}
 */
export function bonus(score, config) {
  const params = configObject(config, "attribute_bonus", ["offset", "divisor", "rounding"]);
  const where = `${CF}.attribute_bonus`;
  const offset = getInt(params, "offset", where, -100, 100);
  const divisor = getInt(params, "divisor", where, 1, 100);
  const difference = score - offset;
  if ( getChoice(params, "rounding", where, ROUNDINGS) === "floor" ) return dice.floorDiv(difference, divisor);
  // Half up without floats: floor((2d + divisor) / (2 divisor)).
  return dice.floorDiv((2 * difference) + divisor, 2 * divisor);
}

/**
 * DR-R01, DR-R02, DR-G02: `obj.attributes`, all five required (none is ever assumed).
 * @param {object} obj
 * @param {string} where
 * @returns {Object<string, number>}
 */
export function readAttributes(obj, where) {
  const scores = expectObject(obj.attributes, `${where}.attributes`, ATTRIBUTES);
  return Object.fromEntries(ATTRIBUTES.map(name => [name, getInt(scores, name, `${where}.attributes`, 0, ATTRIBUTE_MAX)]));
}

/**
 * DR-R06: a roll without a card uses Base 3: max(1, 3 + bonus) dice.
 * @param {number} attributeBonus
 * @returns {number}
 */
export function cardlessPool(attributeBonus) {
  return dice.poolSize(CARDLESS_BASE, [attributeBonus], CARDLESS_MIN);
}

/**
 * DR-R04, DR-R05, DR-G14: successes of d10 faces (6+), Fumbling 1s, then flat successes.
 *
 * `flat` is the caller's BOOST + Lucky - Jinxed. Returns `dice_successes`, `ones` (counted only
 * when Fumbling), `botch` and the final `successes` (never below 0).
 * @param {number[]} faces
 * @param {boolean} fumbling
 * @param {number} flat
 * @param {object} config
 * @returns {{dice_successes: number, ones: number, botch: boolean, successes: number}}
 */
export function countPool(faces, fumbling, flat, config) {
  const order = getChoice(config, "fumble_order", CF, FUMBLE_ORDERS);
  const botchResult = getChoice(config, "botch_result", CF, BOTCH_RESULTS);
  const hits = dice.countAtLeast(faces, SUCCESS_MIN_FACE);
  const ones = fumbling ? dice.countNatural(faces, 1) : 0;
  let total;
  let botch;
  if ( order === "dice_then_flat" ) {
    let net;
    [net, botch] = fumbling ? dice.cancelOnes(faces, hits) : [hits, false];
    total = Math.max(0, net + flat);
  } else {
    const raw = Math.max(0, hits + flat);
    [total, botch] = fumbling ? [Math.max(0, raw - ones), ones > raw] : [raw, false];
  }
  if ( botch && (botchResult === "zero") ) total = 0;
  return { dice_successes: hits, ones, botch, successes: total };
}

/**
 * DR-R04, DR-R05: one rolled d10 pool, in the same shape as the damage part's `roll` event.
 * @param {string} fighter
 * @param {string} kind
 * @param {number[]} faces
 * @param {object} counted
 * @param {Flat} flat
 * @returns {object}
 */
export function poolEvent(fighter, kind, faces, counted, flat) {
  return {
    type: "roll",
    fighter,
    kind,
    pool: faces.length,
    faces,
    dice_successes: counted.dice_successes,
    fumbling: flat.fumbling,
    ones: dice.countNatural(faces, 1),
    botch: counted.botch,
    boost: flat.boost,
    luck: flat.luck,
    successes: counted.successes
  };
}

/**
 * DR-R05, DR-R28: the roller's `fumbling`, BOOSTs taken and luck (+1 Lucky, -1 Jinxed).
 * @param {object} fields
 * @param {string} where
 * @returns {Flat}
 */
export function readFlat(fields, where) {
  return {
    fumbling: getBool(fields, "fumbling", where),
    boost: getInt(fields, "boost", where, 0, 100),
    luck: getInt(fields, "luck", where, -1, 1)
  };
}

/**
 * DR-R04, DR-R05, DR-G14: count a rolled pool; a botch adds a `botch` event.
 * @param {string} fighter
 * @param {string} kind
 * @param {number[]} faces
 * @param {Flat} flat
 * @param {object} config
 * @returns {Result}
 */
export function rolled(fighter, kind, faces, flat, config) {
  const counted = countPool(faces, flat.fumbling, flat.boost + flat.luck, config);
  const events = [poolEvent(fighter, kind, faces, counted, flat)];
  if ( counted.botch ) events.push({ type: "botch", fighter, kind });
  return [events, { successes: counted.successes, botch: counted.botch }];
}

/**
 * A fighter's `{id, attributes}`.
 * @param {unknown} input
 * @returns {[string, Object<string, number>]}
 */
function fighterOf(input) {
  const fighter = expectObject(input, `${IN}.fighter`, ["id", "attributes"]);
  return [readId(fighter, "id", `${IN}.fighter`), readAttributes(fighter, `${IN}.fighter`)];
}

/**
 * DR-R03, DR-R06, DR-G01: each score's bonus and cardless pool (the DR-E01 table).
 * @type {Rule}
 */
export function attributeBonus(input, config, queue) {
  const fields = expectObject(input, IN, ["scores"]);
  const scores = getIntList(fields, "scores", IN, 0, ATTRIBUTE_MAX);
  const bonuses = scores.map(score => bonus(score, config));
  const pools = bonuses.map(value => cardlessPool(value));
  const events = scores.map((s, i) => ({ type: "attribute_bonus", score: s, bonus: bonuses[i], cardless_pool: pools[i] }));
  return [events, { bonuses, cardless_pools: pools }];
}

/**
 * DR-R01, DR-R02, DR-R03, DR-R06, DR-G01, DR-G02: a sheet's five bonuses and cardless pools.
 * @type {Rule}
 */
export function fighterProfile(input, config, queue) {
  const fields = expectObject(input, IN, ["fighter"]);
  const [ident, attributes] = fighterOf(fields.fighter);
  const bonuses = Object.fromEntries(ATTRIBUTES.map(name => [name, bonus(attributes[name], config)]));
  const pools = Object.fromEntries(ATTRIBUTES.map(name => [name, cardlessPool(bonuses[name])]));
  const event = { type: "profile", fighter: ident, bonuses, cardless_pools: pools };
  return [[event], { bonuses, cardless_pools: pools }];
}

/**
 * DR-R04, DR-R05, DR-G14, C3: roll `count` d10 (none if <= 0) and count the successes.
 * @type {Rule}
 */
export function poolRoll(input, config, queue) {
  const fields = expectObject(input, IN, ["fighter", "count", "fumbling", "boost", "luck"]);
  const fighter = readId(fields, "fighter", IN);
  const count = getInt(fields, "count", IN, -SMALL_INT, POOL_MAX);
  const flat = readFlat(fields, IN);
  return rolled(fighter, "pool", queue.takeMany(DIE, count), flat, config);
}

/**
 * DR-R06, DR-R04, DR-R05: a roll without a card: 3 + the attribute's bonus d10, at least 1.
 * @type {Rule}
 */
export function cardlessRoll(input, config, queue) {
  const fields = expectObject(input, IN, ["fighter", "attribute", "fumbling", "boost", "luck"]);
  const [ident, attributes] = fighterOf(fields.fighter);
  const attribute = getChoice(fields, "attribute", IN, ATTRIBUTES);
  const size = cardlessPool(bonus(attributes[attribute], config));
  return rolled(ident, "cardless", queue.takeMany(DIE, size), readFlat(fields, IN), config);
}

/** Every rule of this topic by camelCase name, in file order. */
export const RULES = Object.freeze({ attributeBonus, fighterProfile, poolRoll, cardlessRoll });
