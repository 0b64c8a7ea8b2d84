/**
 * Helpers shared by the crytures rules: combatants by id, the grid's metric; mirror of
 * `compiler/rules/crytures/common.py`.
 *
 * Inputs arrive read through their declared shapes (ids well formed, defaults filled in), so what
 * is checked here is only what a shape cannot say: unique ids, references between inputs, and
 * spaces that are steps apart.
 */

import { floorDiv } from "../dice.mjs";
import { BAD_INPUT, RuleError } from "../errors.mjs";

/**
 * @typedef {Record<string, any>} Combatant
 * @typedef {number[]} Space
 */

export const IN = "input";

/** CR-G06: the 8 neighbour steps of a square grid, in x-then-y order. */
export const SQUARE_STEPS = Object.freeze([[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]]);

/** CR-G06: the 6 axial neighbour steps of a hex grid, in q-then-r order. */
export const HEX_STEPS = Object.freeze([[-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0]]);

/**
 * A semantic input error (`bad_input`).
 * @param {string} message
 * @returns {RuleError}
 */
export function bad(message) {
  return new RuleError(BAD_INPUT, message);
}

/**
 * CR-R04: the combatants by id; an id used twice is bad input.
 * @param {Combatant[]} combatants
 * @param {string} where
 * @returns {Map<string, Combatant>}
 */
export function byId(combatants, where) {
  const found = new Map();
  combatants.forEach((combatant, index) => {
    if ( found.has(combatant.id) ) throw bad(`${where}[${index}].id repeats an earlier id`);
    found.set(combatant.id, combatant);
  });
  return found;
}

/**
 * The combatant `ident` names, or bad input saying which field named nobody.
 * @param {Map<string, Combatant>} table
 * @param {string} ident
 * @param {string} where
 * @returns {Combatant}
 */
export function named(table, ident, where) {
  if ( !table.has(ident) ) throw bad(`${where} names no combatant`);
  return table.get(ident);
}

/**
 * CR-G06: spaces between `a` and `b` in the configured metric, in integers only.
 * @param {number[]} a
 * @param {number[]} b
 * @param {object} config
 * @returns {number}
 */
export function distance(a, b, config) {
  const dx = Math.abs(a[0] - b[0]);
  const dy = Math.abs(a[1] - b[1]);
  if ( config.grid === "hex" ) return Math.max(dx, dy, Math.abs(a[0] - b[0] + a[1] - b[1]));
  if ( config.square_distance === "alternating" ) return Math.max(dx, dy) + floorDiv(Math.min(dx, dy), 2);
  return Math.max(dx, dy);
}

/**
 * CR-G06: the neighbour steps of the configured grid.
 * @param {object} config
 * @returns {ReadonlyArray<number[]>}
 */
export function steps(config) {
  return config.grid === "hex" ? HEX_STEPS : SQUARE_STEPS;
}

/**
 * CR-G06, CR-G07: whether `direction` is one step to a neighbouring space.
 * @param {number[]} direction
 * @param {object} config
 * @returns {boolean}
 */
export function isStep(direction, config) {
  return steps(config).some(([dx, dy]) => (dx === direction[0]) && (dy === direction[1]));
}

/**
 * CR-G06, CR-G09: whether two spaces touch (one grid step apart).
 * @param {number[]} a
 * @param {number[]} b
 * @param {object} config
 * @returns {boolean}
 */
export function adjacent(a, b, config) {
  return isStep([b[0] - a[0], b[1] - a[1]], config);
}

/**
 * CR-G14, CR-G19: on the grid and not defeated, so it can act, flank, block or be hit.
 * @param {Combatant} combatant
 * @returns {boolean}
 */
export function onGrid(combatant) {
  return (combatant.position !== null) && !combatant.defeated;
}

/**
 * Whether two spaces (either possibly off the grid) are the same.
 * @param {number[]|null} a
 * @param {number[]|null} b
 * @returns {boolean}
 */
export function sameSpace(a, b) {
  return (a !== null) && (b !== null) && (a[0] === b[0]) && (a[1] === b[1]);
}

/**
 * CR-R04: the active combatant other than `ignore` standing on `space`, if any.
 * @param {Combatant[]} combatants
 * @param {number[]} space
 * @param {string} ignore
 * @returns {Combatant|null}
 */
export function occupant(combatants, space, ignore) {
  for ( const combatant of combatants ) {
    if ( (combatant.id !== ignore) && onGrid(combatant) && sameSpace(combatant.position, space) ) return combatant;
  }
  return null;
}

/**
 * CR-R09: the active combatants of another side, in input order.
 * @param {Combatant[]} combatants
 * @param {Combatant} who
 * @returns {Combatant[]}
 */
export function enemiesOf(combatants, who) {
  return combatants.filter(c => (c.side !== who.side) && onGrid(c));
}

/**
 * CR-R11: the active combatants of the same side, `who` left out, in input order.
 * @param {Combatant[]} combatants
 * @param {Combatant} who
 * @returns {Combatant[]}
 */
export function alliesOf(combatants, who) {
  return combatants.filter(c => (c.side === who.side) && (c.id !== who.id) && onGrid(c));
}

/**
 * -1, 0 or 1 as `value` is negative, zero or positive (CR-G21).
 * @param {number} value
 * @returns {number}
 */
export function sign(value) {
  return Number(value > 0) - Number(value < 0);
}

/**
 * CR-R07: one of a combatant's stats; a stat a power needs but it lacks is bad input.
 * @param {Combatant} combatant
 * @param {string} name
 * @param {string} where
 * @returns {number}
 */
export function stat(combatant, name, where) {
  if ( !Object.hasOwn(combatant.stats, name) ) throw bad(`${where}.stats has no ${name}`);
  return combatant.stats[name];
}
