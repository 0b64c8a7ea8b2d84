/**
 * Ranges and Blast templates on the grid, integers only (CR-R06, CR-G06-G08); mirror of
 * `compiler/rules/crytures/geometry.py`.
 *
 * A Blast covers every space within `y` of its origin in the grid's metric: a (2Y+1)² square on
 * the default square grid, 3Y(Y+1)+1 hexes on a hex grid (CR-E06).
 */

import { IN, bad, distance, isStep, sameSpace } from "./common.mjs";

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 */

/** CR-R06: the kinds with an X. */
export const TARGETED = Object.freeze(["melee", "ranged", "ranged_blast"]);

/** CR-R06: the kinds with a Y. */
export const BLASTS = Object.freeze(["personal_blast", "ranged_blast", "melee_blast"]);

/**
 * CR-R06, CR-G08: distance, whether it is reachable, the spaces beyond X and the die
 * modifier (-1 die a space; Melee never extends).
 * @param {object} range
 * @param {number[]} user
 * @param {number[]} target
 * @param {object} config
 * @returns {{distance: number, in_range: boolean, extension: number, die_mod: number}}
 */
export function measure(range, user, target, config) {
  const gap = distance(user, target, config);
  if ( range.kind === "melee" ) return { distance: gap, in_range: gap <= range.x, extension: 0, die_mod: 0 };
  const extension = Math.max(0, gap - range.x);
  const limit = config.range_extension_limit;
  const reachable = (limit === null) || (extension <= limit);
  return { distance: gap, in_range: reachable, extension, die_mod: reachable ? -extension : 0 };
}

/**
 * CR-R06: the `range` event of a measured range.
 * @param {object} range
 * @param {object} measured
 * @returns {object}
 */
export function rangeEvent(range, measured) {
  return { type: "range", kind: range.kind, x: range.x, ...measured };
}

/**
 * CR-R06, CR-G06, CR-G08, CR-E05: how far a Melee, Ranged or Ranged Blast power reaches.
 * @type {Rule}
 */
export function rangeCheck(inp, config, queue) {
  const measured = measure(inp.range, inp.user, inp.target, config);
  return [[rangeEvent(inp.range, measured)], { ...measured }];
}

/**
 * CR-R06, CR-G07: a Blast's origin: the user (Personal), the aimed space (Ranged), or the
 * nearest space along `direction` farther than Y from the user (Melee), so the area's near edge
 * is adjacent: Y + 1 steps, except along an `alternating` diagonal, where steps cost 1 and 2.
 * @param {object} range
 * @param {number[]} user
 * @param {number[]|null} aim
 * @param {number[]|null} direction
 * @param {object} config
 * @returns {number[]}
 */
export function originOf(range, user, aim, direction, config) {
  const kind = range.kind;
  if ( kind === "personal_blast" ) return [user[0], user[1]];
  if ( kind === "ranged_blast" ) {
    if ( aim === null ) throw bad(`${IN}.aim is required for a Ranged Blast`);
    return [aim[0], aim[1]];
  }
  if ( (direction === null) || !isStep(direction, config) ) {
    throw bad(`${IN}.direction must be a step to a neighbouring space for a Melee Blast`);
  }
  const along = (/** @type {number} */ k) => [user[0] + (k * direction[0]), user[1] + (k * direction[1])];
  let reach = 1;
  while ( distance(user, along(reach), config) <= range.y ) reach += 1;
  return along(reach);
}

/**
 * CR-R06, CR-G07: whether the user's own space is left out of its Blast.
 * @param {object} range
 * @param {boolean} includesUser
 * @param {object} config
 * @returns {boolean}
 */
export function userExcluded(range, includesUser, config) {
  if ( range.kind === "personal_blast" ) return !includesUser;
  if ( range.kind === "ranged_blast" ) return !config.ranged_blast_includes_user;
  return true;
}

/**
 * CR-G07: a Blast's template: its origin, its Y, and the user's space if it is left out.
 * @param {object} range
 * @param {number[]} origin
 * @param {number[]} user
 * @param {boolean} includesUser
 * @param {object} config
 * @returns {{origin: number[], y: number, excluded: number[]|null}}
 */
export function template(range, origin, user, includesUser, config) {
  const excluded = userExcluded(range, includesUser, config);
  return { origin: [origin[0], origin[1]], y: range.y, excluded: excluded ? [user[0], user[1]] : null };
}

/**
 * CR-G07: whether `space` is inside the Blast (within Y of the origin, the user's space
 * left out when it is excluded).
 * @param {number[]} space
 * @param {{origin: number[], y: number, excluded: number[]|null}} area
 * @param {object} config
 * @returns {boolean}
 */
export function inArea(space, area, config) {
  if ( sameSpace(space, area.excluded) ) return false;
  return distance(area.origin, space, config) <= area.y;
}

/**
 * CR-G07, CR-E06: every space of the area, sorted by x, then y.
 * @param {{origin: number[], y: number, excluded: number[]|null}} area
 * @param {object} config
 * @returns {number[][]}
 */
export function areaSpaces(area, config) {
  const [ox, oy] = area.origin;
  const y = area.y;
  const spaces = [];
  for ( let x = ox - y; x <= ox + y; x += 1 ) {
    for ( let row = oy - y; row <= oy + y; row += 1 ) {
      if ( inArea([x, row], area, config) ) spaces.push([x, row]);
    }
  }
  return spaces;
}

/**
 * CR-R06, CR-G06, CR-G07, CR-E06: the spaces a Blast covers.
 * @type {Rule}
 */
export function blastArea(inp, config, queue) {
  const range = inp.range;
  const origin = originOf(range, inp.user, inp.aim, inp.direction, config);
  const spaces = areaSpaces(template(range, origin, inp.user, inp.includes_user, config), config);
  const event = { type: "area", kind: range.kind, y: range.y, origin, count: spaces.length };
  return [[event], { origin: [...origin], count: spaces.length, spaces }];
}

/** The rules of this module by camelCase name, in file order. */
export const RULES = Object.freeze({ rangeCheck, blastArea });
