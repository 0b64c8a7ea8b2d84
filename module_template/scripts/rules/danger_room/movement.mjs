/**
 * Movement before acting: 3, 4 or 5 steps, the card's own number (DR-R07 step 4); and taking
 * off or landing (DR-R24). Mirror of `compiler/rules/danger_room/movement.py`.
 *
 * A path is the list of hexes entered, one step each; every step goes to a face neighbour. A path
 * may not end on a hex another fighter stands on (one fighter per hex; the seed is silent).
 */

import { fail } from "../shapes.mjs";
import * as hexes from "./hexes.mjs";
import { IN, asHex, hexJson } from "./common.mjs";
import { DAMPENED, traitWorks, traitsOf } from "./senses.mjs";

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 * @typedef {import("./common.mjs").Hex} Hex
 */

export const FLIGHT = "flight";

/**
 * DR-R07 step 4: a checked list of hexes [[q, r], ...] (empty: no movement).
 * @param {number[][]} items
 * @returns {Hex[]}
 */
export function pathOf(items) {
  return items.map(item => asHex(item));
}

/**
 * DR-R07 step 4: check a path of at most `movement` single steps and return where it ends.
 * @param {Hex} start
 * @param {Hex[]} path
 * @param {number} movement
 * @param {Hex[]} occupied
 * @param {string} where
 * @returns {Hex}
 */
export function walk(start, path, movement, occupied, where) {
  if ( path.length > movement ) throw fail(IN, `${where} takes ${path.length} steps but the card allows ${movement}`);
  let here = start;
  path.forEach((step, index) => {
    if ( hexes.distance(here, step) !== 1 ) throw fail(IN, `${where}[${index}] is not a neighbour of the hex before it`);
    here = step;
  });
  if ( path.length && occupied.some(h => (h[0] === here[0]) && (h[1] === here[1])) ) {
    throw fail(IN, `${where} ends on a hex another fighter stands on`);
  }
  return here;
}

/**
 * DR-R07 step 4: a fighter's movement before acting.
 * @param {string} fighter
 * @param {Hex} start
 * @param {Hex} end
 * @param {number} steps
 * @returns {object}
 */
export function moveEvent(fighter, start, end, steps) {
  return { type: "move", fighter, from: hexJson(start), to: hexJson(end), steps };
}

/**
 * DR-R07 step 4: move up to the card's 3, 4 or 5 steps; Attributes never change it.
 * @type {Rule}
 */
export function move(input, config, queue) {
  const [ident, start] = [input.fighter.id, asHex(input.fighter.hex)];
  const [path, occupied] = [pathOf(input.path), pathOf(input.occupied)];
  const end = walk(start, path, input.movement, occupied, `${IN}.path`);
  return [[moveEvent(ident, start, end, path.length)], { hex: hexJson(end) }];
}

/**
 * DR-R24, DR-G31, DR-G37: take off (needs a working `flight` trait) or land; the card for
 * the Turn, so it costs the fighter's action.
 * @type {Rule}
 */
export function changeAltitude(input, config, queue) {
  const fighter = input.fighter;
  const dampened = fighter.conditions.includes(DAMPENED);
  const canFly = traitWorks(FLIGHT, traitsOf(fighter), dampened, config);
  const [event, now] = altitudeEvent(fighter.id, fighter.airborne, canFly, input.card);
  return [[event], { airborne: now }];
}

/**
 * DR-R24: the take-off or landing a card makes; impossible ones are `bad_input`.
 * @param {string} fighter
 * @param {boolean} airborne
 * @param {boolean} canFly
 * @param {string} card
 * @returns {[object, boolean]}
 */
export function altitudeEvent(fighter, airborne, canFly, card) {
  if ( (card === "take_off") && (airborne || !canFly) ) throw fail(IN, "only a grounded fighter who can fly may take off");
  if ( (card === "land") && !airborne ) throw fail(IN, "only an airborne fighter may land");
  return [{ type: card, fighter }, card === "take_off"];
}

/** Every rule of this topic by camelCase name, in file order. */
export const RULES = Object.freeze({ move, changeAltitude });
