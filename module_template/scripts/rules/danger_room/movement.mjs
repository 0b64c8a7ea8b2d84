/**
 * Movement before acting: 3, 4 or 5 steps, the card's own number (DR-R07 step 4); and taking
 * off or landing (DR-R24). Mirror of `compiler/rules/danger_room/movement.py`.
 *
 * A path is the list of hexes entered, one step each; every step goes to a face neighbour. A path
 * may not end on a hex another fighter stands on (one fighter per hex; the seed is silent).
 */

import { BAD_INPUT, RuleError } from "../errors.mjs";
import { expectObject, getBool, getChoice, getInt, getList } from "../inputs.mjs";
import * as hexes from "./hexes.mjs";
import { CF, IN, hexJson, hexValue, readHex, readId, readStrList } from "./common.mjs";
import { DAMPENED, readTraits, traitWorks } from "./senses.mjs";

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 * @typedef {import("./common.mjs").Hex} Hex
 */

export const MOVEMENT_MIN = 3;
export const MOVEMENT_MAX = 5;
export const FLIGHT = "flight";
const ALTITUDE_CARDS = Object.freeze(["take_off", "land"]);

/**
 * DR-R07 step 4: a list of hexes [[q, r], ...] (empty: no movement).
 * @param {object} obj
 * @param {string} key
 * @param {string} where
 * @returns {Hex[]}
 */
export function readPath(obj, key, where) {
  return getList(obj, key, where).map((item, i) => hexValue(item, `${where}.${key}[${i}]`));
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
  if ( path.length > movement ) {
    throw new RuleError(BAD_INPUT, `${where} takes ${path.length} steps but the card allows ${movement}`);
  }
  let here = start;
  path.forEach((step, index) => {
    if ( hexes.distance(here, step) !== 1 ) {
      throw new RuleError(BAD_INPUT, `${where}[${index}] is not a neighbour of the hex before it`);
    }
    here = step;
  });
  if ( path.length && occupied.some(h => (h[0] === here[0]) && (h[1] === here[1])) ) {
    throw new RuleError(BAD_INPUT, `${where} ends on a hex another fighter stands on`);
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
  const fields = expectObject(input, IN, ["fighter", "movement", "path", "occupied"]);
  const fighter = expectObject(fields.fighter, `${IN}.fighter`, ["id", "hex"]);
  const ident = readId(fighter, "id", `${IN}.fighter`);
  const start = readHex(fighter, "hex", `${IN}.fighter`);
  const movement = getInt(fields, "movement", IN, MOVEMENT_MIN, MOVEMENT_MAX);
  const path = readPath(fields, "path", IN);
  const occupied = readPath(fields, "occupied", IN);
  const end = walk(start, path, movement, occupied, `${IN}.path`);
  return [[moveEvent(ident, start, end, path.length)], { hex: hexJson(end) }];
}

/**
 * DR-R24, DR-G31, DR-G37: take off (needs a working `flight` trait) or land; the card for
 * the Turn, so it costs the fighter's action.
 * @type {Rule}
 */
export function changeAltitude(input, config, queue) {
  const fields = expectObject(input, IN, ["fighter", "card"]);
  const where = `${IN}.fighter`;
  const fighter = expectObject(fields.fighter, where, ["id", "airborne", "traits", "conditions"]);
  const ident = readId(fighter, "id", where);
  const airborne = getBool(fighter, "airborne", where);
  const dampened = readStrList(fighter, "conditions", where).includes(DAMPENED);
  const card = getChoice(fields, "card", IN, ALTITUDE_CARDS);
  const canFly = traitWorks(FLIGHT, readTraits(fighter, where), dampened, config);
  getChoice(config, "altitude_model", CF, ["binary"]);
  const [event, now] = altitudeEvent(ident, airborne, canFly, card);
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
  if ( (card === "take_off") && (airborne || !canFly) ) {
    throw new RuleError(BAD_INPUT, "only a grounded fighter who can fly may take off");
  }
  if ( (card === "land") && !airborne ) throw new RuleError(BAD_INPUT, "only an airborne fighter may land");
  return [{ type: card, fighter }, card === "take_off"];
}

/** Every rule of this topic by camelCase name, in file order. */
export const RULES = Object.freeze({ move, changeAltitude });
