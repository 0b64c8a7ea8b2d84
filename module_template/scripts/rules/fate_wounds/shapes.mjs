/**
 * The rule-input dialect of the plug-in layout (issue 8), interpreted; mirror of
 * `compiler/rules/fate_wounds/shapes.py`.
 *
 * A shape is a small JSON Schema: integers with both bounds, booleans, strings (enum, non-empty,
 * or a pattern with `x-rulepack-expected`), `const`, null, lists with `maxItems`, closed records
 * and bounded maps, `anyOf`, tagged `oneOf` and `$ref`. `check` returns a checked copy of the
 * value with the defaults of absent optional fields filled in, or throws `bad_input`
 * (`bad_config` under `config`) worded from the shape alone, so both engines say the same thing.
 * This is the fate_wounds interim copy: the shared `shapes.mjs` of the plug-in refactor replaces
 * it, and the harness then runs the checks.
 */

import { BAD_CONFIG, BAD_INPUT, RuleError } from "../errors.mjs";
import { sortedKeys } from "../inputs.mjs";
import { INPUTS, RULES_CONFIG } from "./schema_data.mjs";

/** @typedef {Record<string, any>} Shape */

/** The shape documents a `$ref` may name by `$id`. */
const DOCUMENTS = Object.freeze({ [INPUTS.$id]: INPUTS, [RULES_CONFIG.$id]: RULES_CONFIG });

/**
 * `bad_config` for a value under `config`, else `bad_input`.
 * @param {string} where
 * @param {string} message
 * @returns {RuleError}
 */
export function fail(where, message) {
  return new RuleError(where.startsWith("config") ? BAD_CONFIG : BAD_INPUT, message);
}

/**
 * `value` checked against `shape` (found in `document`), with defaults filled in.
 * @param {Shape} shape
 * @param {unknown} value
 * @param {string} where
 * @param {Shape} document
 * @returns {any}
 */
export function check(shape, value, where, document) {
  if ( "$ref" in shape ) {
    const [target, found] = resolve(shape.$ref, document);
    return check(target, value, where, found);
  }
  if ( "x-rulepack-expected" in shape ) {
    try {
      return checkPlain(shape, value, where, document);
    } catch(err) {
      if ( !(err instanceof RuleError) ) throw err;
      throw fail(where, `${where} must be ${shape["x-rulepack-expected"]}`);
    }
  }
  return checkPlain(shape, value, where, document);
}

/**
 * What a value of `shape` is, in words: "an integer in 0..100", "null or an object".
 * @param {Shape} shape
 * @param {Shape} document
 * @returns {string}
 */
export function phrase(shape, document) {
  if ( "$ref" in shape ) {
    const [target, found] = resolve(shape.$ref, document);
    return phrase(target, found);
  }
  if ( "x-rulepack-expected" in shape ) return String(shape["x-rulepack-expected"]);
  if ( "anyOf" in shape ) return shape.anyOf.map(branch => phrase(branch, document)).join(" or ");
  if ( "const" in shape ) return text(shape.const);
  return typePhrase(shape);
}

/**
 * @param {Shape} shape
 * @returns {string}
 */
function typePhrase(shape) {
  switch ( shape.type ) {
    case "null": return "null";
    case "boolean": return "true or false";
    case "integer": return `an integer in ${shape.minimum}..${shape.maximum}`;
    case "string": return ("enum" in shape) ? `one of ${shape.enum.join(", ")}` : "a non-empty string";
    case "array": return `a list of at most ${shape.maxItems} items`;
    default:
      if ( isObject(shape.additionalProperties) ) return `an object of at most ${shape.maxProperties} entries`;
      return "an object";
  }
}

/**
 * @param {unknown} value
 * @returns {string}
 */
function text(value) {
  if ( value === null ) return "null";
  return String(value);
}

/**
 * @param {string} ref
 * @param {Shape} document
 * @returns {[Shape, Shape]}
 */
function resolve(ref, document) {
  const at = ref.indexOf("#");
  const base = at < 0 ? ref : ref.slice(0, at);
  const pointer = at < 0 ? "" : ref.slice(at + 1);
  const found = base ? DOCUMENTS[base] : document;
  let target = found;
  for ( const part of pointer.split("/").slice(1) ) target = target[part];
  return [target, found];
}

/**
 * @param {Shape} shape
 * @param {unknown} value
 * @param {string} where
 * @param {Shape} document
 * @returns {any}
 */
function checkPlain(shape, value, where, document) {
  if ( "anyOf" in shape ) return anyOf(shape, value, where, document);
  if ( "oneOf" in shape ) return tagged(shape, value, where, document);
  if ( "const" in shape ) {
    if ( !same(value, shape.const) ) throw fail(where, `${where} must be ${text(shape.const)}`);
    return value;
  }
  if ( shape.type === "array" ) return list(shape, value, where, document);
  if ( shape.type === "object" ) {
    if ( isObject(shape.additionalProperties) ) return map(shape, value, where, document);
    return record(shape, value, where, document);
  }
  if ( !leafFits(shape, value) ) throw fail(where, `${where} must be ${typePhrase(shape)}`);
  return value;
}

/**
 * @param {Shape} shape
 * @param {unknown} value
 * @returns {boolean}
 */
function leafFits(shape, value) {
  switch ( shape.type ) {
    case "null": return value === null;
    case "boolean": return typeof value === "boolean";
    case "integer": return Number.isInteger(value) && (value >= shape.minimum) && (value <= shape.maximum);
    case "string":
      if ( typeof value !== "string" ) return false;
      if ( "enum" in shape ) return shape.enum.includes(value);
      if ( "pattern" in shape ) return new RegExp(shape.pattern, "u").test(value);
      return value.length >= (shape.minLength ?? 0);
    default: return false;
  }
}

/**
 * @param {unknown} a
 * @param {unknown} b
 * @returns {boolean}
 */
function same(a, b) {
  return (typeof a === typeof b) && (a === b);
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, any>}
 */
function isObject(value) {
  return (value !== null) && (typeof value === "object") && !Array.isArray(value);
}

/**
 * The first branch that passes; when only one branch takes values of this kind (a nullable
 * object that is not null), its own error, which says where inside the value it went wrong.
 * @param {Shape} shape
 * @param {unknown} value
 * @param {string} where
 * @param {Shape} document
 * @returns {any}
 */
function anyOf(shape, value, where, document) {
  const errors = [];
  for ( const branch of shape.anyOf ) {
    try {
      return check(branch, value, where, document);
    } catch(err) {
      if ( !(err instanceof RuleError) ) throw err;
      errors.push(err);
    }
  }
  const found = kind(value);
  const fitting = errors.filter((_, i) => kinds(shape.anyOf[i], document).has(found));
  if ( fitting.length === 1 ) throw fitting[0];
  throw fail(where, `${where} must be ${phrase(shape, document)}`);
}

/**
 * @param {unknown} value
 * @returns {string}
 */
function kind(value) {
  if ( value === null ) return "null";
  if ( typeof value === "boolean" ) return "boolean";
  if ( Number.isInteger(value) ) return "integer";
  if ( typeof value === "string" ) return "string";
  if ( Array.isArray(value) ) return "array";
  return isObject(value) ? "object" : "other";
}

/**
 * The JSON kinds a shape can accept at all.
 * @param {Shape} shape
 * @param {Shape} document
 * @returns {Set<string>}
 */
function kinds(shape, document) {
  if ( "$ref" in shape ) {
    const [target, found] = resolve(shape.$ref, document);
    return kinds(target, found);
  }
  if ( "anyOf" in shape ) return new Set(shape.anyOf.flatMap(branch => [...kinds(branch, document)]));
  if ( "const" in shape ) return new Set([kind(shape.const)]);
  return new Set([String(shape.type ?? "object")]);
}

/**
 * @param {Shape} shape
 * @param {unknown} value
 * @param {string} where
 * @param {Shape} document
 * @returns {any}
 */
function tagged(shape, value, where, document) {
  const tag = shape["x-rulepack-tag"];
  if ( !isObject(value) ) throw fail(where, `${where} must be an object`);
  if ( !Object.hasOwn(value, tag) ) throw fail(where, `${where}.${tag} is required`);
  const tags = shape.oneOf.map(branch => branch.properties[tag].const);
  for ( const [index, name] of tags.entries() ) {
    if ( same(value[tag], name) ) return check(shape.oneOf[index], value, where, document);
  }
  throw fail(where, `${where}.${tag} must be one of ${tags.join(", ")}`);
}

/**
 * @param {Shape} shape
 * @param {unknown} value
 * @param {string} where
 * @param {Shape} document
 * @returns {any[]}
 */
function list(shape, value, where, document) {
  if ( !Array.isArray(value) || (value.length > shape.maxItems) ) {
    throw fail(where, `${where} must be ${typePhrase(shape)}`);
  }
  return value.map((item, i) => check(shape.items, item, `${where}[${i}]`, document));
}

/**
 * @param {Shape} shape
 * @param {unknown} value
 * @param {string} where
 * @param {Shape} document
 * @returns {Record<string, any>}
 */
function map(shape, value, where, document) {
  if ( !isObject(value) || (Object.keys(value).length > shape.maxProperties) ) {
    throw fail(where, `${where} must be ${typePhrase(shape)}`);
  }
  /** @type {Record<string, any>} */
  const checked = {};
  for ( const key of sortedKeys(Object.keys(value)) ) {
    checked[key] = check(shape.additionalProperties, value[key], `${where}.${key}`, document);
  }
  return Object.fromEntries(Object.keys(value).map(key => [key, checked[key]]));
}

/**
 * @param {Shape} shape
 * @param {unknown} value
 * @param {string} where
 * @param {Shape} document
 * @returns {Record<string, any>}
 */
function record(shape, value, where, document) {
  if ( !isObject(value) ) throw fail(where, `${where} must be an object`);
  const properties = shape.properties ?? {};
  for ( const key of shape.required ?? [] ) {
    if ( !Object.hasOwn(value, key) ) throw fail(where, `${where}.${key} is required`);
  }
  const unknown = sortedKeys(Object.keys(value).filter(key => !Object.hasOwn(properties, key)));
  if ( unknown.length ) throw fail(where, `${where}.${unknown[0]} is not a known field`);
  /** @type {Record<string, any>} */
  const result = {};
  for ( const [key, field] of Object.entries(properties) ) {
    if ( Object.hasOwn(value, key) ) result[key] = check(field, value[key], `${where}.${key}`, document);
    else if ( "default" in field ) result[key] = structuredClone(field.default);
  }
  return result;
}
