/**
 * Run one golden case through the JS rules core; mirror of `compiler/rules/harness.py`.
 *
 * The result is plain JSON: `{events, state}` or `{error: {code, message}}`, identical
 * between the two engines. Fixtures name rules in snake_case; JS rules are their camelCase mirror.
 * Before a rule runs, its input is read through the shape its engine declares for it
 * (`shapes.mjs`). The engines come from `rulesets.mjs`, generated per module (and per test run)
 * from the rulesets' folders: rules, config defaults and input shapes.
 */

import { BAD_CONFIG, RULE_NOT_IMPLEMENTED, RuleError } from "./errors.mjs";
import { sortedKeys } from "./inputs.mjs";
import { DiceQueue } from "./queue.mjs";
import { RULESETS } from "./rulesets.mjs";
import { ShapeBook, canonicalJson } from "./shapes.mjs";

/**
 * One rules engine as `rulesets.mjs` lists it.
 * @typedef {{NAME: string, RULES: Record<string, Function>, CONFIG: Record<string, unknown>, INPUTS: Record<string, any>, CONFIG_SCHEMA: Record<string, any>}} Engine
 */

/** Every engine's inputs document and rules_config schema, so a `$ref` may reach another
 * engine's shapes. */
const SHAPE_BOOK = new ShapeBook(Object.values(RULESETS).flatMap(engine => [engine.INPUTS, engine.CONFIG_SCHEMA]));

/** A snake_case rule name whose camelCase form maps back to it unambiguously. */
const SNAKE_CASE = /^[a-z][a-z0-9]*(?:_[a-z][a-z0-9]*)*$/;

/**
 * The JSON kind of `value`, named the same way in both engines.
 * @param {unknown} value
 * @returns {string}
 */
export function kindOf(value) {
  if ( typeof value === "boolean" ) return "boolean";
  if ( Number.isInteger(value) ) return "integer";
  if ( typeof value === "number" ) return "number";
  if ( typeof value === "string" ) return "string";
  if ( Array.isArray(value) ) return "list";
  if ( (value !== null) && (typeof value === "object") ) return "object";
  return value === null ? "null" : "other";
}

/**
 * `defaults` with a fixture's overrides; unknown keys and changed kinds are `bad_config`.
 * A key whose default is null (an optional content id, say) takes any kind: its ruleset checks it.
 * @param {object} defaults
 * @param {unknown} overrides
 * @returns {object}
 */
export function mergeConfig(defaults, overrides) {
  if ( kindOf(overrides) !== "object" ) throw new RuleError(BAD_CONFIG, "config must be an object");
  for ( const key of sortedKeys(Object.keys(overrides)) ) {
    if ( !Object.hasOwn(defaults, key) ) {
      throw new RuleError(BAD_CONFIG, `config.${key} is not a key of this ruleset's config`);
    }
    const kind = kindOf(defaults[key]);
    if ( (kind !== "null") && (kindOf(overrides[key]) !== kind) ) throw new RuleError(BAD_CONFIG, `config.${key} must be of kind ${kind}`);
  }
  return { ...defaults, ...overrides };
}

/**
 * The camelCase name of a snake_case rule name, or null when the name is not snake_case.
 * @param {string} rule
 * @returns {string|null}
 */
function camelName(rule) {
  if ( (typeof rule !== "string") || !SNAKE_CASE.test(rule) ) return null;
  return rule.replace(/_([a-z])/g, (_, letter) => letter.toUpperCase());
}

/**
 * The engine, the rule function and its merged config; a missing one is
 * `rule_not_implemented`.
 * @param {string} ruleset
 * @param {string} rule
 * @param {unknown} config
 * @returns {[Engine, Function, object]}
 */
export function resolve(ruleset, rule, config) {
  if ( !Object.hasOwn(RULESETS, ruleset) ) {
    throw new RuleError(RULE_NOT_IMPLEMENTED, `ruleset ${ruleset} is not implemented`);
  }
  /** @type {Engine} */
  const found = /** @type {any} */ (RULESETS)[ruleset];
  const name = camelName(rule);
  if ( (name === null) || !Object.hasOwn(found.RULES, name) ) {
    throw new RuleError(RULE_NOT_IMPLEMENTED, `rule ${ruleset}.${rule} is not implemented`);
  }
  return [found, found.RULES[name], configFor(found, config)];
}

/** @type {Map<string, Record<string, any>>} */
const CONFIGS = new Map();
/** @type {Map<string, string>} */
const BY_OVERRIDES = new Map();

/**
 * The config `overrides` give, merged and read once per distinct overrides; kept as JSON text,
 * so each call gets a fresh copy (a rule may change its config) at `JSON.parse` speed.
 * @param {Engine} engine
 * @param {unknown} overrides
 * @returns {Record<string, any>}
 */
function configFor(engine, overrides) {
  const key = JSON.stringify([engine.NAME, canonicalJson(overrides)]);
  const text = BY_OVERRIDES.get(key);
  if ( text !== undefined ) return JSON.parse(text);
  const merged = readConfig(engine, mergeConfig(engine.CONFIG, overrides));
  BY_OVERRIDES.set(key, JSON.stringify(merged));
  return merged;
}

/**
 * `merged` read through `engine`'s rules_config schema (once per distinct config).
 * @param {Engine} engine
 * @param {Record<string, any>} merged
 * @returns {Record<string, any>}
 */
export function readConfig(engine, merged) {
  const schema = engine.CONFIG_SCHEMA;
  const key = JSON.stringify([engine.NAME, canonicalJson(merged)]);
  if ( !CONFIGS.has(key) ) CONFIGS.set(key, SHAPE_BOOK.read(schema, String(schema.$id), merged, "config"));
  return structuredClone(/** @type {Record<string, any>} */ (CONFIGS.get(key)));
}

/**
 * `value` read through `rule`'s declared input shape (defaults filled in).
 * @param {Engine} engine
 * @param {string} rule
 * @param {unknown} value
 * @returns {any}
 */
export function readInput(engine, rule, value) {
  const uri = String(engine.INPUTS.$id);
  const shape = SHAPE_BOOK.ruleShape(uri, rule);
  if ( shape === null ) throw new RuleError(RULE_NOT_IMPLEMENTED, `rule ${engine.NAME}.${rule} declares no input shape`);
  return SHAPE_BOOK.read(shape, uri, value, "input");
}

/**
 * The outcome of one rule: its events and new state, or the error that stopped it.
 * @typedef {{events: object[], state: Record<string, any>, error?: undefined}
 *   | {error: {code: string, message: string, path: string, die?: number|string, count?: number}, events?: undefined, state?: undefined}} CaseResult
 */

/**
 * Run `rule` of `ruleset` on `input` with faces from `dice`; every face must be used (C1).
 * @param {string} ruleset  A ruleset name, e.g. "primitives".
 * @param {string} rule     The rule's snake_case name, e.g. "count_at_least".
 * @param {object} config   Overrides of the ruleset's config defaults.
 * @param {object} input    The rule's input fields.
 * @param {object[]} dice   The dice queue: `{d, v}` faces in canonical order.
 * @returns {CaseResult}    `{events, state}` or `{error: {code, message, path}}`.
 */
export function runCase(ruleset, rule, config, input, dice) {
  let events;
  let state;
  try {
    const [engine, fn, merged] = resolve(ruleset, rule, config);
    const queue = new DiceQueue(dice);
    [events, state] = fn(readInput(engine, rule, input), merged, queue);
    queue.finish();
  } catch(err) {
    if ( !(err instanceof RuleError) ) throw err;
    /** @type {{code: string, message: string, path: string, die?: number|string, count?: number}} */
    const error = { code: err.code, message: err.message, path: err.path };
    if ( err.die !== null ) error.die = err.die;
    if ( err.count !== null ) error.count = err.count;
    return { error };
  }
  return { events, state };
}

/**
 * The snake_case rule names of `ruleset`, in file order (empty if it does not exist).
 * @param {string} ruleset
 * @returns {string[]}
 */
export function listRules(ruleset) {
  if ( !Object.hasOwn(RULESETS, ruleset) ) return [];
  return Object.keys(/** @type {any} */ (RULESETS)[ruleset].RULES).map(name => name.replace(/[A-Z]/g, c => `_${c.toLowerCase()}`));
}
