/**
 * Initiative: summed pools, the tie-breaks, and late joiners; mirror of
 * `compiler/rules/sdm_pool/initiative.py`.
 *
 * Everyone rolls 2 + Dexterity d6, summed (SDM-R02); the order is by total, then Dexterity
 * (SDM-R03), then player characters first (SDM-G15), then the players' `tie_order`, then the
 * roster. Each slot's sort key is a list of integers, compared item by item in both engines.
 */

import * as dice from "../dice.mjs";
import { fail } from "../shapes.mjs";
import { IN, namesKnown, uniqueIds } from "./fields.mjs";
import { readCharacter, readCharacters, traitLevel } from "./sheet.mjs";

const DIE = 6;
const BASE_DICE = 2;
/** The tie-breaks in the order they apply; a key's items follow it. */
const BREAKS = Object.freeze(["total", "dexterity", "side", "tie_order", "roster_order"]);

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 * @typedef {import("../queue.mjs").DiceQueue} DiceQueue
 * @typedef {import("./sheet.mjs").Character} Character
 * @typedef {{id: string, total: number, dexterity: number, pc: boolean}} Slot
 */

/**
 * SDM-R02, P3: 2 + Dexterity d6, summed; returns the event and the slot it earns.
 * @param {Character} character
 * @param {string} where
 * @param {DiceQueue} queue
 * @returns {[object, Slot]}
 */
export function rollInitiative(character, where, queue) {
  const dexterity = traitLevel(character, "dexterity", where);
  const faces = queue.takeMany(DIE, BASE_DICE + dexterity);
  const total = dice.sumFaces(faces);
  const event = { type: "initiative", id: character.id, dexterity, pool: BASE_DICE + dexterity, faces, total };
  return [event, { id: character.id, total, dexterity, pc: character.pc }];
}

/**
 * SDM-R03, SDM-G15: [-total, -Dexterity, side, place in tie_order, place in the roster].
 * @param {Slot} slot
 * @param {number} roster
 * @param {string[]} tieOrder
 * @param {Record<string, any>} config
 * @returns {number[]}
 */
export function sortKey(slot, roster, tieOrder, config) {
  const side = (slot.pc || !config.init_pc_first_on_tie) ? 0 : 1;
  const rank = tieOrder.includes(slot.id) ? tieOrder.indexOf(slot.id) : tieOrder.length;
  return [-slot.total, -slot.dexterity, side, rank, roster];
}

/**
 * The index of the first item where two keys differ, or their length if equal.
 * @param {number[]} a
 * @param {number[]} b
 * @returns {number}
 */
export function firstDifference(a, b) {
  for ( let index = 0; index < a.length; index++ ) {
    if ( a[index] !== b[index] ) return index;
  }
  return a.length;
}

/**
 * -1, 0 or 1 as key `a` sorts before, with or after `b`, item by item.
 * @param {number[]} a
 * @param {number[]} b
 * @returns {number}
 */
export function compareKeys(a, b) {
  const index = firstDifference(a, b);
  if ( index === a.length ) return 0;
  return a[index] < b[index] ? -1 : 1;
}

/**
 * SDM-R03: the indices of `keys` in sort order (a stable sort; keys end with the roster).
 * @param {number[][]} keys
 * @returns {number[]}
 */
export function ordered(keys) {
  return keys.map((_, index) => index).sort((a, b) => compareKeys(keys[a], keys[b]));
}

/**
 * SDM-G15: with `require_tie_order`, every combatant still tied after Dexterity and side must
 * be placed by the players.
 * @param {number[][]} keys
 * @param {string[]} tieOrder
 * @param {string[]} ids
 * @param {Record<string, any>} config
 * @returns {void}
 */
export function checkTieOrder(keys, tieOrder, ids, config) {
  if ( config.init_unresolved_tie !== "require_tie_order" ) return;
  keys.forEach((key, index) => {
    const tied = keys.some((other, j) => (j !== index) && (compareKeys(other.slice(0, 3), key.slice(0, 3)) === 0));
    if ( tied && !tieOrder.includes(ids[index]) ) {
      throw fail(IN, `${IN}.tie_order must place combatants[${index}]: it is still tied after Dexterity`);
    }
  });
}

/**
 * SDM-R03, SDM-G15: a `tie` event per total two or more share, highest first.
 * @param {Slot[]} slots
 * @param {number[][]} keys
 * @param {number[]} order
 * @returns {object[]}
 */
export function tieEvents(slots, keys, order) {
  const events = [];
  const totals = [...new Set(slots.map(s => s.total))].sort((x, y) => y - x);
  for ( const total of totals ) {
    const group = order.filter(i => slots[i].total === total);
    if ( group.length < 2 ) continue;
    const deepest = Math.max(...group.slice(1).map((b, i) => firstDifference(keys[group[i]], keys[b])));
    events.push({
      type: "tie", total,
      ids: slots.filter(s => s.total === total).map(s => s.id),
      order: group.map(i => slots[i].id), decided_by: BREAKS[deepest]
    });
  }
  return events;
}

/**
 * SDM-G15: the players' order for ties names combatants in the fight (distinct: shape).
 * @param {string[]} ids
 * @param {string[]} known
 * @returns {string[]}
 */
export function readTieOrder(ids, known) {
  namesKnown(ids, known, `${IN}.tie_order`, "combatant");
  return [...ids];
}

/**
 * SDM-R01, SDM-R02, SDM-R03, SDM-R04, SDM-G15, SDM-E02: roll initiative once for the fight;
 * the GM narrates the opening, then the highest roller acts.
 * @type {Rule}
 */
export function initiative(input, config, queue) {
  const combatants = readCharacters(input.combatants, `${IN}.combatants`, config);
  const tieOrder = readTieOrder(input.tie_order, combatants.map(c => c.id));
  const events = [];
  /** @type {Slot[]} */
  const slots = [];
  combatants.forEach((character, index) => {
    const [event, slot] = rollInitiative(character, `${IN}.combatants[${index}]`, queue);
    events.push(event);
    slots.push(slot);
  });
  const keys = slots.map((slot, index) => sortKey(slot, index, tieOrder, config));
  checkTieOrder(keys, tieOrder, slots.map(s => s.id), config);
  const order = ordered(keys);
  events.push(...tieEvents(slots, keys, order));
  const ids = order.map(i => slots[i].id);
  events.push({ type: "order", order: ids });
  if ( ids.length ) events.push({ type: "opening", first: ids[0] });
  return [events, { order: ids, slots: order.map(i => slots[i]) }];
}

/**
 * The late joiner's input, checked beyond its shape.
 * @param {any} input
 * @param {Record<string, any>} config
 * @returns {[Slot[], number, Character, string[]]}
 */
function readJoin(input, config) {
  /** @type {Slot[]} */
  const slots = input.slots;
  uniqueIds(slots, `${IN}.slots`);
  const nextIndex = input.next_index;
  if ( nextIndex > slots.length ) throw fail(IN, `${IN}.next_index must be at most ${slots.length}, the order's length`);
  const newcomer = readCharacter(input.newcomer, `${IN}.newcomer`, config);
  if ( slots.some(slot => slot.id === newcomer.id) ) throw fail(IN, `${IN}.newcomer.id is already in the order`);
  const tieOrder = readTieOrder(input.tie_order, [...slots.map(s => s.id), newcomer.id]);
  return [slots, nextIndex, newcomer, tieOrder];
}

/**
 * SDM-G16: a late joiner rolls on arrival and takes the slot its total earns (existing
 * combatants first on a full tie); if that slot has passed this round it first acts next round.
 * With `append` it goes last.
 * @type {Rule}
 */
export function joinInitiative(input, config, queue) {
  const [slots, nextIndex, newcomer, tieOrder] = readJoin(input, config);
  const [event, slot] = rollInitiative(newcomer, `${IN}.newcomer`, queue);
  const mine = sortKey(slot, slots.length, tieOrder, config);
  const keys = slots.map((s, i) => sortKey(s, i, tieOrder, config));
  checkTieOrder([...keys, mine], tieOrder, [...slots.map(s => s.id), slot.id], config);
  let place = slots.length;
  if ( config.late_joiner === "insert_by_total" ) {
    const later = keys.map((key, i) => [key, i]).filter(([key]) => compareKeys(/** @type {number[]} */ (key).slice(0, 4), mine.slice(0, 4)) > 0);
    place = later.length ? /** @type {number} */ (later[0][1]) : slots.length;
  }
  const acts = place >= nextIndex;
  const joined = [...slots.slice(0, place), slot, ...slots.slice(place)];
  const ids = joined.map(s => s.id);
  const events = [event, { type: "joined", id: slot.id, slot: place, acts_this_round: acts }, { type: "order", order: ids }];
  const state = { order: ids, slots: joined, next_index: nextIndex + (acts ? 0 : 1), acts_this_round: acts };
  return [events, state];
}
