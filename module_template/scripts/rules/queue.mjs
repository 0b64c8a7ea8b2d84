/**
 * C1 dice queue: fixtures supply every face in advance; rules take them in canonical order.
 * Mirror of `compiler/rules/queue.py`, function for function.
 */

import { BAD_FACE, BAD_INPUT, DIE_MISMATCH, FACES_LEFT_OVER, QUEUE_EXHAUSTED, RuleError } from "./errors.mjs";

/**
 * @typedef {number|"F"} Die  An int number of sides, or "F" for a Fate die (faces -1, 0, +1).
 */

export const FATE = "F";
export const MIN_SIDES = 2;
export const MAX_SIDES = 1000;

/* -------------------------------------------- */
/*  Dice                                        */
/* -------------------------------------------- */

/**
 * C1: whether `value` names a die: an int 2..1000 or "F".
 * @param {unknown} value
 * @returns {boolean}
 */
export function isDie(value) {
  if ( typeof value === "string" ) return value === FATE;
  return Number.isInteger(value) && (value >= MIN_SIDES) && (value <= MAX_SIDES);
}

/**
 * C1: the inclusive face range of `die`; a d100 shows 1..100, "00" being 100.
 * @param {Die} die
 * @returns {[number, number]}
 */
export function faceRange(die) {
  if ( typeof die === "number" ) return [1, die];
  return [-1, 1];
}

/**
 * C1: the die's name in messages, e.g. `d10` or `dF`.
 * @param {Die} die
 * @returns {string}
 */
export function dieLabel(die) {
  return `d${die}`;
}

/**
 * Validate one queue entry.
 * @param {number} index
 * @param {unknown} entry
 * @returns {[Die, number]}
 */
function checkFace(index, entry) {
  const isObject = (entry !== null) && (typeof entry === "object") && !Array.isArray(entry);
  const keys = isObject ? Object.keys(entry) : [];
  if ( (keys.length !== 2) || !keys.includes("d") || !keys.includes("v") ) {
    throw new RuleError(BAD_FACE, `dice[${index}] must be an object with exactly the keys d and v`);
  }
  const die = entry.d;
  if ( !isDie(die) ) {
    throw new RuleError(BAD_FACE, `dice[${index}].d must be an integer die size 2..1000 or "F"`);
  }
  const [lo, hi] = faceRange(die);
  const value = entry.v;
  if ( !Number.isInteger(value) || (value < lo) || (value > hi) ) {
    throw new RuleError(BAD_FACE, `dice[${index}].v must be an integer in ${lo}..${hi} for a ${dieLabel(die)}`);
  }
  return [die, value];
}

/* -------------------------------------------- */
/*  Queue                                       */
/* -------------------------------------------- */

/**
 * C1: an ordered list of tagged faces, validated whole when built (`bad_face`).
 */
export class DiceQueue {
  /**
   * @param {unknown} faces  The fixture's `dice`: a list of `{d, v}`.
   */
  constructor(faces) {
    if ( !Array.isArray(faces) ) throw new RuleError(BAD_FACE, "dice must be a list of faces");
    this._faces = faces.map((entry, index) => checkFace(index, entry));
    this._next = 0;
  }

  /**
   * C1: the next face, which must come from `die` (`die_mismatch`, `queue_exhausted`).
   * @param {Die} die
   * @returns {number}
   */
  take(die) {
    if ( !isDie(die) ) throw new RuleError(BAD_INPUT, 'a rule asked for a die that is not 2..1000 or "F"');
    if ( this._next >= this._faces.length ) {
      throw new RuleError(QUEUE_EXHAUSTED,
        `the rule asked for a ${dieLabel(die)} but the queue ran out after ${this._faces.length} faces`, die,
        `dice[${this._faces.length}]`, 1);
    }
    const [have, value] = this._faces[this._next];
    if ( have !== die ) {
      throw new RuleError(DIE_MISMATCH,
        `dice[${this._next}] is a ${dieLabel(have)} but the rule asked for a ${dieLabel(die)}`);
    }
    this._next += 1;
    return value;
  }

  /**
   * C1, C3: `count` faces of `die` in order; a pool of `count` <= 0 takes nothing. Run out
   * part-way, the error's `count` is how many faces of the pool are still wanted.
   * @param {Die} die
   * @param {number} count
   * @returns {number[]}
   */
  takeMany(die, count) {
    const faces = [];
    for ( let i = 0; i < count; i++ ) {
      try {
        faces.push(this.take(die));
      } catch(err) {
        if ( (err instanceof RuleError) && (err.code === QUEUE_EXHAUSTED) && (err.die === die) ) err.count = count - i;
        throw err;
      }
    }
    return faces;
  }

  /**
   * C1: how many faces have not been taken yet.
   * @returns {number}
   */
  remaining() {
    return this._faces.length - this._next;
  }

  /**
   * C1: the harness's end-of-case check; leftover faces are a fixture error.
   * @returns {void}
   */
  finish() {
    const left = this.remaining();
    if ( left ) {
      const [have] = this._faces[this._next];
      throw new RuleError(FACES_LEFT_OVER,
        `${left} faces left over after the rule finished (next: dice[${this._next}], a ${dieLabel(have)})`, null,
        `dice[${this._next}]`);
    }
  }
}
