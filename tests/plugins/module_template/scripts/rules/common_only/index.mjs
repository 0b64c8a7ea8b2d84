/**
 * `common_only`: a test ruleset of the shared content kinds, with no rules of its own; mirror of
 * `tests/plugins/compiler/rules/common_only/__init__.py`.
 */

/** Every rule by camelCase name: none. */
export const RULES = Object.freeze({});
