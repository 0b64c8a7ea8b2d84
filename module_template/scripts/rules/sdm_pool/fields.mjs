/**
 * The checks sdm_pool makes on its input beyond the shapes; mirror of
 * `compiler/rules/sdm_pool/fields.py`.
 *
 * The harness reads every input through its shape (`compiler/schemas/rulesets/sdm_pool/
 * inputs.schema.json`) before the rule runs, so a rule receives a checked copy with its defaults
 * filled in; what remains are the checks a shape cannot make: ids that must be distinct or name
 * something in the fight. A value under `config` fails with `bad_config`, any other with
 * `bad_input`; messages name paths and ints only, never the values a fixture supplied.
 */

import { fail } from "../shapes.mjs";

export const IN = "input";

/**
 * Fail on the first item whose `id` repeats an earlier one's.
 * @param {Array<{id: string}>} items
 * @param {string} where
 * @returns {void}
 */
export function uniqueIds(items, where) {
  items.forEach((item, index) => {
    if ( items.slice(0, index).some(other => other.id === item.id) ) {
      throw fail(where, `${where}[${index}].id repeats an earlier id`);
    }
  });
}

/**
 * Fail on the first id that names no `what` of `known`.
 * @param {string[]} ids
 * @param {string[]|Record<string, unknown>} known  A list of ids, or an object keyed by id.
 * @param {string} where
 * @param {string} what
 * @returns {void}
 */
export function namesKnown(ids, known, where, what) {
  const has = Array.isArray(known) ? (/** @type {string} */ id) => known.includes(id) : (/** @type {string} */ id) => Object.hasOwn(known, id);
  ids.forEach((ident, index) => {
    if ( !has(ident) ) throw fail(where, `${where}[${index}] names no ${what}`);
  });
}
