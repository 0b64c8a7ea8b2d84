/**
 * Hex geometry for Reach (DR-G22): integer axial coordinates only; mirror of
 * `compiler/rules/danger_room/hexes.py`.
 *
 * A hex is [q, r]; its cube form is [q, r, -q - r]. Directions are the six face neighbours,
 * counter-clockwise from +q, so DIRECTIONS[i] and DIRECTIONS[i + 1] are 60 degrees apart and span
 * sector i: every hex is a*e_i + b*e_(i+1) with a, b >= 0 in some sector, at distance a + b.
 */

/** @typedef {import("./common.mjs").Hex} Hex */

/** DR-G22: the six face directions, counter-clockwise; index 0..5 is a card's aim. */
export const DIRECTIONS = Object.freeze([[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]]);

/**
 * The index `d` taken modulo 6, never negative (Python's `%`).
 * @param {number} d
 * @returns {number}
 */
function mod6(d) {
  return ((d % 6) + 6) % 6;
}

/**
 * DR-G22: hex distance, the largest cube-coordinate difference (no division).
 * @param {Hex} a
 * @param {Hex} b
 * @returns {number}
 */
export function distance(a, b) {
  const dq = a[0] - b[0];
  const dr = a[1] - b[1];
  return Math.max(Math.abs(dq), Math.abs(dr), Math.abs(dq + dr));
}

/**
 * DR-G22: a + k*b.
 * @param {Hex} a
 * @param {Hex} b
 * @param {number} [k=1]
 * @returns {Hex}
 */
export function add(a, b, k = 1) {
  return [a[0] + (k * b[0]), a[1] + (k * b[1])];
}

/**
 * DR-G22: [a, b] with offset = a*e_d + b*e_(d+1); both >= 0 iff offset lies in sector d.
 * The two directions form a unimodular basis (determinant +-1), so a and b are exact integers.
 * @param {Hex} offset
 * @param {number} direction
 * @returns {[number, number]}
 */
export function sectorCoords(offset, direction) {
  const e = DIRECTIONS[mod6(direction)];
  const f = DIRECTIONS[mod6(direction + 1)];
  const det = (e[0] * f[1]) - (f[0] * e[1]);
  const a = ((offset[0] * f[1]) - (f[0] * offset[1])) * det;
  const b = ((e[0] * offset[1]) - (offset[0] * e[1])) * det;
  return [a + 0, b + 0];
}

/**
 * DR-G22: Line N holds origin + k*e_d for k = 1..N.
 * @param {Hex} origin
 * @param {Hex} h
 * @param {number} direction
 * @param {number} size
 * @returns {boolean}
 */
export function inLine(origin, h, direction, size) {
  const [a, b] = sectorCoords([h[0] - origin[0], h[1] - origin[1]], direction);
  return (b === 0) && (a >= 1) && (a <= size);
}

/**
 * DR-G22: Cone N: distance 1..N within +-30 degrees of e_d, the boundary rays kept if `inclusive`.
 *
 * In sector d (towards e_(d+1)) the test is b <= a; in sector d-1 (towards e_(d-1)) it is the
 * mirror image, with the roles of the two basis directions swapped.
 * @param {Hex} origin
 * @param {Hex} h
 * @param {number} direction
 * @param {number} size
 * @param {boolean} inclusive
 * @returns {boolean}
 */
export function inCone(origin, h, direction, size, inclusive) {
  const offset = [h[0] - origin[0], h[1] - origin[1]];
  const d = distance(origin, h);
  if ( (d < 1) || (d > size) ) return false;
  for ( const [near, far] of [sectorCoords(offset, direction), mirror(offset, direction)] ) {
    if ( (near >= 0) && (far >= 0) && (inclusive ? far <= near : far < near) ) return true;
  }
  return false;
}

/**
 * In sector d-1 the hex is a*e_(d-1) + b*e_d; the coordinate along e_d is b.
 * @param {Hex} offset
 * @param {number} direction
 * @returns {[number, number]}
 */
function mirror(offset, direction) {
  const [a, b] = sectorCoords(offset, direction - 1);
  return [b, a];
}

/**
 * DR-G22: Burst N holds every hex within distance N of the origin, the origin included.
 * @param {Hex} origin
 * @param {Hex} h
 * @param {number} size
 * @returns {boolean}
 */
export function inBurst(origin, h, size) {
  return distance(origin, h) <= size;
}
