/**
 * Fixture and rule errors shared by every ruleset engine (mirror of `compiler/rules/errors.py`).
 *
 * A `RuleError` carries a stable `code` that the Python and JS engines raise identically, so a
 * golden fixture can pin a failure and the parity tests can compare failures across languages.
 * Plain ES module: no Foundry globals, no dependencies.
 */

export const RULE_NOT_IMPLEMENTED = "rule_not_implemented";
export const BAD_CONFIG = "bad_config";
export const BAD_INPUT = "bad_input";
export const BAD_FACE = "bad_face";
export const DIE_MISMATCH = "die_mismatch";
export const QUEUE_EXHAUSTED = "queue_exhausted";
export const FACES_LEFT_OVER = "faces_left_over";
export const TABLE_MISS = "table_miss";

export const ERROR_CODES = Object.freeze([
  RULE_NOT_IMPLEMENTED,
  BAD_CONFIG,
  BAD_INPUT,
  BAD_FACE,
  DIE_MISMATCH,
  QUEUE_EXHAUSTED,
  FACES_LEFT_OVER,
  TABLE_MISS
]);

/** The leading path of a message: what is wrong (`input.steps[2].kind`, `config.x`, `dice[3]`). */
const PATH = /^(?:input|config|dice|rule)(?:[.[][^ :]*)?(?=[ :]|$)/;  // not \s: Python's differs

/** Where an error without a path of its own points, by code. */
const DEFAULT_PATH = Object.freeze({
  [RULE_NOT_IMPLEMENTED]: "rule", [BAD_CONFIG]: "config", [BAD_INPUT]: "input", [BAD_FACE]: "dice",
  [DIE_MISMATCH]: "dice", [QUEUE_EXHAUSTED]: "dice", [FACES_LEFT_OVER]: "dice", [TABLE_MISS]: "dice"
});

/**
 * Where an error of `code` points when its message names no path.
 * @param {string} code
 * @returns {string}
 */
export function codePath(code) {
  return /** @type {Record<string, string>} */ (DEFAULT_PATH)[code] ?? "input";
}

/**
 * What an error points at: its message's leading path, else where its code points.
 * @param {string} code
 * @param {string} message
 * @returns {string}
 */
export function errorPath(code, message) {
  const found = PATH.exec(message);
  return found ? found[0] : codePath(code);
}

/**
 * A rule could not be evaluated: bad fixture data, a broken dice queue or a missing rule.
 */
export class RuleError extends Error {
  /**
   * @param {string} code     One of `ERROR_CODES`; stable across Python and JS.
   * @param {string} message  A sentence built only from ints and fixed words.
   * @param {number|string|null} [die]  For `queue_exhausted`: the die the rule asked for, so a
   *   caller rolling dice on demand (the Foundry layer) knows what to roll before running again.
   * @param {string|null} [path]  What is wrong (`input.x[2].y`, `config.x`, `dice[3]`, `rule`); by
   *   default the message's leading path. A golden fixture pins it beside the code.
   * @param {number|null} [count]  With `die`: how many faces of it the rule is taking at once
   *   (the rest of a pool, else 1), so that caller can roll the pool as one roll.
   */
  constructor(code, message, die = null, path = null, count = null) {
    super(message);
    this.name = "RuleError";
    this.code = code;
    this.die = die;
    this.count = count;
    this.path = path ?? errorPath(code, message);
  }
}
