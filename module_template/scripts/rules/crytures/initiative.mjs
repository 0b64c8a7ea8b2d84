/**
 * Initiative: summed d10 pools, roll-offs, late entrants (CR-R01-R03, CR-G16, CR-G17); mirror
 * of `compiler/rules/crytures/initiative.py`.
 *
 * Canonical dice order (catalogue §5.4): every pool in roster order, then each tied group,
 * highest total first, rolls off until it is resolved.
 */

import * as dice from "../dice.mjs";
import { IN, bad } from "./common.mjs";

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 * @typedef {import("../queue.mjs").DiceQueue} DiceQueue
 */

const DIE = 10;

/**
 * CR-R01, P3: Speed + Reflexes d10, summed; the total and its event.
 * @param {{id: string, speed: number, reflexes: number}} roller
 * @param {DiceQueue} queue
 * @returns {[number, object]}
 */
export function rollInitiative(roller, queue) {
  const pool = roller.speed + roller.reflexes;
  const faces = queue.takeMany(DIE, pool);
  const total = dice.sumFaces(faces);
  return [total, { type: "initiative", combatant: roller.id, pool, faces, total }];
}

/**
 * CR-R02: one round of a roll-off among the combatants tied at `total`.
 * @param {number} total
 * @param {number} number
 * @param {string[]} group
 * @param {number[]} faces
 * @returns {object}
 */
export function rollOffEvent(total, number, group, faces) {
  return { type: "roll_off", total, round: number, group: [...group], faces: [...faces] };
}

/**
 * CR-R02, CR-G17, P10: the order of combatants tied at `total`, highest roll first.
 * `subgroups_reroll`: those who tie again re-roll among themselves (P10). `whole_group_rerolls`:
 * any repeated face re-rolls the whole group.
 * @param {string[]} group
 * @param {number} total
 * @param {object} config
 * @param {DiceQueue} queue
 * @returns {[string[], object[]]}
 */
export function settleTie(group, total, config, queue) {
  if ( config.initiative_ties === "subgroups_reroll" ) {
    const [order, rounds] = dice.rollOff(group, DIE, queue);
    return [order, rounds.map(r => rollOffEvent(total, r.number, r.group, r.faces))];
  }
  const events = [];
  for ( ;; ) {
    const faces = queue.takeMany(DIE, group.length);
    events.push(rollOffEvent(total, events.length + 1, group, faces));
    if ( new Set(faces).size === faces.length ) {
      const ranked = group.map((_, index) => index).sort((a, b) => faces[b] - faces[a]);
      return [ranked.map(index => group[index]), events];
    }
  }
}

/**
 * CR-R01, CR-R02: highest total first; each tied group, highest first, rolls off.
 * @param {Array<[string, number]>} totals
 * @param {object} config
 * @param {DiceQueue} queue
 * @returns {[string[], object[]]}
 */
export function orderByTotals(totals, config, queue) {
  const order = [];
  const events = [];
  const values = [...new Set(totals.map(([, value]) => value))].sort((a, b) => b - a);
  for ( const total of values ) {
    const group = totals.filter(([, value]) => value === total).map(([ident]) => ident);
    if ( group.length === 1 ) {
      order.push(...group);
      continue;
    }
    const [settled, rounds] = settleTie(group, total, config, queue);
    order.push(...settled);
    events.push(...rounds);
  }
  return [order, events];
}

/**
 * CR-R01, CR-R02, CR-G17: every combatant's initiative, then the turn order.
 * @type {Rule}
 */
export function initiative(inp, config, queue) {
  const rollers = inp.combatants;
  const seen = new Set();
  rollers.forEach((roller, index) => {
    if ( seen.has(roller.id) ) throw bad(`${IN}.combatants[${index}].id repeats an earlier id`);
    seen.add(roller.id);
  });
  const events = [];
  const totals = [];
  for ( const roller of rollers ) {
    const [total, event] = rollInitiative(roller, queue);
    events.push(event);
    totals.push([roller.id, total]);
  }
  const [order, rounds] = orderByTotals(totals, config, queue);
  const value = new Map(totals);
  events.push(...rounds, { type: "order", order });
  return [events, { order: order.map(ident => ({ id: ident, total: value.get(ident) })) }];
}

/**
 * The acting order of a late-entrant input, checked: unique ids, totals never rising.
 * @param {object} inp
 * @returns {object[]}
 */
function checkOrder(inp) {
  const order = inp.order;
  const ids = order.map(entry => entry.id);
  order.forEach((entry, index) => {
    if ( ids.slice(0, index).includes(entry.id) ) throw bad(`${IN}.order[${index}].id repeats an earlier id`);
    if ( index && (entry.total > order[index - 1].total) ) {
      throw bad(`${IN}.order[${index}].total is higher than the total before it`);
    }
  });
  if ( ids.includes(inp.entrant.id) ) throw bad(`${IN}.entrant.id is already in the order`);
  if ( inp.acted > order.length ) throw bad(`${IN}.acted is more than the order holds`);
  return order;
}

/**
 * CR-R03, CR-G16, P10: where a late entrant goes: before the first combatant with a lower
 * total, or of its total that it beats in a roll-off (`late_entrant_ties`).
 * @param {object[]} order
 * @param {string} entrant
 * @param {number} total
 * @param {object} config
 * @param {DiceQueue} queue
 * @returns {[number, object[]]}
 */
export function entrantIndex(order, entrant, total, config, queue) {
  const events = [];
  const policy = config.late_entrant_ties;
  for ( const [index, entry] of order.entries() ) {
    if ( entry.total < total ) return [index, events];
    if ( (entry.total > total) || (policy === "entrant_after") ) continue;
    if ( policy === "entrant_before" ) return [index, events];
    const [settled, rounds] = dice.rollOff([entry.id, entrant], DIE, queue);
    events.push(...rounds.map(r => rollOffEvent(total, r.number, r.group, r.faces)));
    if ( settled[0] === entrant ) return [index, events];
  }
  return [order.length, events];
}

/**
 * CR-R03, CR-G16: a newcomer rolls initiative and joins the order; it acts now when it
 * lands at or before the next combatant, else at its slot (next round if all have acted).
 * @type {Rule}
 */
export function lateEntrant(inp, config, queue) {
  const order = checkOrder(inp);
  const acted = inp.acted;
  const entrant = inp.entrant;
  const [total, event] = rollInitiative(entrant, queue);
  const [index, rounds] = entrantIndex(order, entrant.id, total, config, queue);
  const joined = order.map(e => ({ ...e }));
  joined.splice(index, 0, { id: entrant.id, total });
  const ids = joined.map(e => e.id);
  const actsNow = (acted < order.length) && (index <= acted);
  let thisRound;
  if ( acted >= order.length ) thisRound = [];
  else if ( actsNow ) thisRound = [entrant.id, ...order.slice(acted).map(e => e.id)];
  else thisRound = ids.slice(acted);
  const inserted = { type: "inserted", combatant: entrant.id, index, acts_now: actsNow };
  const events = [event, ...rounds, inserted, { type: "order", order: ids }];
  return [events, { order: joined, index, acts_now: actsNow, this_round: thisRound }];
}

/** The rules of this module by camelCase name, in file order. */
export const RULES = Object.freeze({ initiative, lateEntrant });
