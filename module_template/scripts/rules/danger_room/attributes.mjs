/**
 * Attributes, bonuses, cardless pools and success counting (DR-R01..R06, DR-G01/G02/G14);
 * mirror of `compiler/rules/danger_room/attributes.py`, function for function.
 *
 * `bonus` and `cardlessPool` are the shared entry points the damage part (part B) uses;
 * `countPool` counts the pools of the rules here the way part B's `rolls.roll` does (DR-G14).
 */

import * as dice from "../dice.mjs";

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
export const DIE = 10;
export const SUCCESS_MIN_FACE = 6;
export const CARDLESS_BASE = 3;
export const CARDLESS_MIN = 1;

/**
 * DR-R03, DR-G01: (score - offset) / divisor, floored (default) or rounded half up.
 * @param {number} score
 * @param {object} config
 * @returns {number}
 */
export function bonus(score, config) {
  const params = config.attribute_bonus;
  const divisor = params.divisor;
  const difference = score - params.offset;
  if ( params.rounding === "floor" ) return dice.floorDiv(difference, divisor);
  // Half up without floats: floor((2d + divisor) / (2 divisor)).
  return dice.floorDiv((2 * difference) + divisor, 2 * divisor);
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
  const [order, botchResult] = [config.fumble_order, config.botch_result];
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
 * @param {Record<string, any>} fields
 * @returns {Flat}
 */
export function flatOf(fields) {
  return { fumbling: fields.fumbling, boost: fields.boost, luck: fields.luck };
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
 * DR-R03, DR-R06, DR-G01: each score's bonus and cardless pool (the DR-E01 table).
 * @type {Rule}
 */
export function attributeBonus(input, config, queue) {
  const scores = input.scores;
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
  const [ident, attributes] = [input.fighter.id, input.fighter.attributes];
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
  const diceFaces = queue.takeMany(DIE, input.count);
  return rolled(input.fighter, "pool", diceFaces, flatOf(input), config);
}

/**
 * DR-R06, DR-R04, DR-R05: a roll without a card: 3 + the attribute's bonus d10, at least 1.
 * @type {Rule}
 */
export function cardlessRoll(input, config, queue) {
  const fighter = input.fighter;
  const size = cardlessPool(bonus(fighter.attributes[input.attribute], config));
  return rolled(fighter.id, "cardless", queue.takeMany(DIE, size), flatOf(input), config);
}

/** Every rule of this topic by camelCase name, in file order. */
export const RULES = Object.freeze({ attributeBonus, fighterProfile, poolRoll, cardlessRoll });
