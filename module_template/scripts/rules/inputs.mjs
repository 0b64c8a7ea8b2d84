/**
 * Bounds and key order both engines share; mirror of `compiler/rules/inputs.py`.
 *
 * Rule inputs and config are read through their declared shapes (`shapes.mjs`); what is left here
 * is what the shapes and the rules agree on: the integer bounds of game quantities, and the order
 * keys are taken in, so that both engines report the same key first.
 */

import { BAD_INPUT, RuleError } from "./errors.mjs";

/** Bound on game quantities: sums of up to 1000 of them stay exact in JS doubles. */
export const SMALL_INT = (2 ** 31) - 1;

/** Bound on the integer helpers' operands: the largest int a JS number holds exactly. */
export const SAFE_INT = Number.MAX_SAFE_INTEGER;

/**
 * Keys in JS's default sort order (UTF-16 code units), so both engines report the same key.
 * @param {Iterable<string>} keys
 * @returns {string[]}
 */
export function sortedKeys(keys) {
  return [...keys].sort();
}

/**
 * `given` over `defaults`; a key `defaults` lacks is bad input, the first in key order named with
 * every option of `what` (e.g. "a matchup" with its ruleset named).
 * @param {Record<string, any>} given
 * @param {Record<string, any>} defaults
 * @param {string} what
 * @returns {Record<string, any>}
 */
export function withOptions(given, defaults, what) {
  const unknown = sortedKeys(Object.keys(given)).filter(key => !Object.hasOwn(defaults, key));
  if ( unknown.length ) {
    throw new RuleError(BAD_INPUT, `${unknown[0]} is not an option of ${what} (options: ${Object.keys(defaults).join(", ")})`);
  }
  return { ...defaults, ...given };
}
