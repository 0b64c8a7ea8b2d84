/**
 * Every ruleset engine the harness can run, by name; mirror of `compiler/rules/registry.py`.
 * A ruleset plugs in with one line: `export * as <name> from "./<name>.mjs";` (it exports
 * `RULES`, camelCase name -> rule in file order, and `CONFIG`, the config defaults).
 */

export * as primitives from "./primitives.mjs";
export * as danger_room from "./danger_room.mjs";
export * as hazard_location from "./hazard_location.mjs";
export * as sdm_pool from "./sdm_pool.mjs";
