/**
 * Turn Speed, speed order with roll-offs, and Wait (DR-R07 steps 2, 3, 5; DR-G19/G20/G43);
 * mirror of `compiler/rules/danger_room/order.py`.
 *
 * Speeds are public once revealed; cards stay hidden, so the `speeds` event names no card.
 */

import * as dice from "../dice.mjs";
import { bonus } from "./attributes.mjs";
import { IN, uniqueIds } from "./common.mjs";

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 * @typedef {import("../queue.mjs").DiceQueue} DiceQueue
 * @typedef {object} Speed  DR-R07: one fighter's revealed turn Speed.
 * @property {string} fighter
 * @property {number} speed
 */

const ROLL_OFF_DIE = 10;

/**
 * DR-R07, DR-G43: card Speed + Agility bonus (Perception bonus for a Focus card).
 * @param {Object<string, number>} attributes
 * @param {number} cardSpeed
 * @param {boolean} focus
 * @param {object} config
 * @returns {number}
 */
export function turnSpeedOf(attributes, cardSpeed, focus, config) {
  const value = cardSpeed + bonus(attributes[focus ? "perception" : "agility"], config);
  return config.allow_negative_speed ? value : Math.max(0, value);
}

/**
 * DR-G19: the tie-break that decides: the chain's first entry (each one orders fully).
 * @param {object} config
 * @returns {string}
 */
export function tiebreak(config) {
  return config.speed_tiebreak[0];
}

/**
 * DR-R07, DR-G19: fastest first; equal Speeds by the tie-break, groups fastest first.
 * A roll-off group rolls 1d10 each, members in ascending fighter-id order; equal faces roll again.
 * @param {Speed[]} speeds
 * @param {object} config
 * @param {DiceQueue} queue
 * @returns {[string[], object[]]}
 */
export function speedOrder(speeds, config, queue) {
  const rule = tiebreak(config);
  const order = [];
  const events = [];
  const values = [...new Set(speeds.map(s => s.speed))].sort((a, b) => b - a);
  for ( const value of values ) {
    const group = speeds.filter(s => s.speed === value).map(s => s.fighter).sort();
    if ( (group.length < 2) || (rule === "fighter_id") ) {
      order.push(...group);
      continue;
    }
    const [ranked, rounds] = dice.rollOff(group, ROLL_OFF_DIE, queue);
    for ( const r of rounds ) {
      events.push({ type: "roll_off", speed: value, round: r.number, group: [...r.group], faces: [...r.faces] });
    }
    order.push(...ranked);
  }
  return [order, events];
}

/**
 * DR-R07 step 5, DR-G20: each fighter in `waits` drops to the end once when their turn comes.
 * "fifo": waiters act in the order they Waited; "lifo": the latest waiter acts first among them.
 * @param {string[]} order
 * @param {string[]} waits
 * @param {object} config
 * @returns {[string[], object[]]}
 */
export function actingOrder(order, waits, config) {
  const mode = config.wait_queue;
  const waiting = [];
  const acting = [];
  const events = [];
  for ( const fighter of order ) {
    if ( waits.includes(fighter) ) {
      events.push({ type: "wait", fighter });
      waiting.splice(mode === "fifo" ? waiting.length : 0, 0, fighter);
    }
    else acting.push(fighter);
  }
  return [[...acting, ...waiting], events];
}

/**
 * DR-R07 step 2, DR-G43: a fighter's Speed for the Turn with one card.
 * @type {Rule}
 */
export function turnSpeed(input, config, queue) {
  const [fighter, card] = [input.fighter, input.card];
  const value = turnSpeedOf(fighter.attributes, card.speed, card.focus, config);
  return [[{ type: "speed", fighter: fighter.id, speed: value }], { speed: value }];
}

/**
 * One fighter's turn Speed with the card it chose.
 * @param {Record<string, any>} fighter
 * @param {Record<string, any>} config
 * @returns {Speed}
 */
function speedOf(fighter, config) {
  const card = fighter.card;
  return { fighter: fighter.id, speed: turnSpeedOf(fighter.attributes, card.speed, card.focus, config) };
}

/**
 * DR-R07 steps 1-3 and 5, DR-G19, DR-G20: secret cards in, speeds out, order, then Waits.
 * @type {Rule}
 */
export function turnOrder(input, config, queue) {
  /** @type {Speed[]} */
  const speeds = input.fighters.map((/** @type {Record<string, any>} */ fighter) => speedOf(fighter, config));
  const waits = input.fighters.filter((/** @type {Record<string, any>} */ f) => f.wait).map((/** @type {Record<string, any>} */ f) => f.id);
  uniqueIds(speeds.map(s => s.fighter), `${IN}.fighters`);
  const events = [speedsEvent(speeds)];
  const [order, rolled] = speedOrder(speeds, config, queue);
  events.push(...rolled, { type: "order", order });
  const [acting, waited] = actingOrder(order, waits, config);
  events.push(...waited, { type: "acting_order", order: acting });
  return [events, { order, acting_order: acting }];
}

/**
 * DR-R07 step 2: the revealed Speeds; the cards themselves stay hidden.
 * @param {Speed[]} speeds
 * @returns {object}
 */
export function speedsEvent(speeds) {
  return { type: "speeds", speeds: speeds.map(s => ({ fighter: s.fighter, speed: s.speed })) };
}

/** Every rule of this topic by camelCase name, in file order. */
export const RULES = Object.freeze({ turnSpeed, turnOrder });
