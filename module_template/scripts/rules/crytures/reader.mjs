/**
 * TRANSITION: reads a crytures rule's input and config through their declared shapes; mirror of
 * `compiler/rules/crytures/reader.py`.
 *
 * The plug-in refactor (issue 8) moves this into the shared harness (`shapes.mjs`): every rule's
 * input is read through its shape in the inputs document and the config through the
 * rules_config schema (`schemas.mjs` holds both, generated from the JSON files), with the
 * dialect's wording (`<where> must be <expected>`). When the harness does it, this module, the
 * wrapping in `index.mjs` and `schemas.mjs` go, and the rules stay as they are.
 */

import { BAD_CONFIG, BAD_INPUT, RuleError } from "../errors.mjs";
import { sortedKeys } from "../inputs.mjs";
import { CONFIG_SCHEMA, INPUTS } from "./schemas.mjs";

/**
 * @typedef {Record<string, any>} Shape
 * @typedef {import("../primitives.mjs").Rule} Rule
 */

const EXPECTED = "x-rulepack-expected";
const TAG = "x-rulepack-tag";

/**
 * `bad_config` for a value under `config`, `bad_input` otherwise.
 * @param {string} where
 * @param {string} message
 * @returns {RuleError}
 */
export function fail(where, message) {
  return new RuleError(where.startsWith("config") ? BAD_CONFIG : BAD_INPUT, message);
}

/**
 * JSON text with sorted keys, to compare values as JSON (`true` never equals `1`).
 * @param {unknown} value
 * @returns {string}
 */
export function canonical(value) {
  if ( Array.isArray(value) ) return `[${value.map(canonical).join(",")}]`;
  if ( (value !== null) && (typeof value === "object") ) {
    return `{${sortedKeys(Object.keys(value)).map(k => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * Reads values through the shapes of one document (its `$defs` resolve `$ref`s).
 */
export class Reader {
  /**
   * @param {Shape} document
   */
  constructor(document) {
    this.document = document;
  }

  /**
   * The shape a `#/$defs/<name>` reference points at (itself if it is none).
   * @param {Shape} shape
   * @returns {Shape}
   */
  deref(shape) {
    while ( Object.hasOwn(shape, "$ref") ) shape = this.document.$defs[String(shape.$ref).split("/").pop()];
    return shape;
  }

  /**
   * What a value of `shape` must be, in words.
   * @param {Shape} shape
   * @returns {string}
   */
  expected(shape) {
    if ( Object.hasOwn(shape, EXPECTED) ) return String(shape[EXPECTED]);
    if ( Object.hasOwn(shape, "$ref") ) return this.expected(this.deref(shape));
    if ( Object.hasOwn(shape, "const") ) return JSON.stringify(shape.const);
    if ( Object.hasOwn(shape, "anyOf") ) return shape.anyOf.map(branch => this.expected(branch)).join(" or ");
    return typeWords(shape);
  }

  /**
   * `value` checked against `shape`, defaults filled in (a new copy).
   * @param {Shape} shape
   * @param {unknown} value
   * @param {string} where
   * @returns {any}
   */
  read(shape, value, where) {
    try {
      return this.#read(shape, value, where);
    } catch(err) {
      if ( (err instanceof RuleError) && Object.hasOwn(shape, EXPECTED) ) throw fail(where, `${where} must be ${shape[EXPECTED]}`);
      throw err;
    }
  }

  #read(shape, value, where) {
    if ( Object.hasOwn(shape, "$ref") ) return this.read(this.deref(shape), value, where);
    if ( Object.hasOwn(shape, "const") ) {
      if ( canonical(value) !== canonical(shape.const) ) throw fail(where, `${where} must be ${this.expected(shape)}`);
      return structuredClone(value);
    }
    if ( Object.hasOwn(shape, "anyOf") ) {
      for ( const branch of shape.anyOf ) {
        try {
          return this.read(branch, value, where);
        } catch(err) {
          if ( !(err instanceof RuleError) ) throw err;
        }
      }
      throw fail(where, `${where} must be ${this.expected(shape)}`);
    }
    if ( Object.hasOwn(shape, "oneOf") ) return this.#tagged(shape, value, where);
    if ( shape.type === "object" ) return this.#object(shape, value, where);
    if ( shape.type === "array" ) return this.#array(shape, value, where);
    if ( !scalarOk(shape, value) ) throw fail(where, `${where} must be ${this.expected(shape)}`);
    return value;
  }

  #tagged(shape, value, where) {
    const tag = String(shape[TAG]);
    const tags = shape.oneOf.map(b => String(this.deref(b).properties[tag].const));
    if ( !isObject(value) ) throw fail(where, `${where} must be an object`);
    if ( !Object.hasOwn(value, tag) ) throw fail(where, `${where}.${tag} is required`);
    if ( !tags.includes(value[tag]) ) throw fail(where, `${where}.${tag} must be one of ${tags.join(", ")}`);
    return this.read(shape.oneOf[tags.indexOf(value[tag])], value, where);
  }

  #object(shape, value, where) {
    if ( !isObject(value) ) throw fail(where, `${where} must be an object`);
    const extra = Object.hasOwn(shape, "additionalProperties") ? shape.additionalProperties : false;
    if ( extra !== false ) {
      if ( Object.keys(value).length > shape.maxProperties ) {
        throw fail(where, `${where} must be an object of at most ${shape.maxProperties} entries`);
      }
      return Object.fromEntries(sortedKeys(Object.keys(value)).map(key => [key, this.read(extra, value[key], `${where}.${key}`)]));
    }
    const properties = shape.properties ?? {};
    for ( const key of shape.required ?? [] ) {
      if ( !Object.hasOwn(value, key) ) throw fail(where, `${where}.${key} is required`);
    }
    const unknown = sortedKeys(Object.keys(value).filter(key => !Object.hasOwn(properties, key)));
    if ( unknown.length ) throw fail(where, `${where}.${unknown[0]} is not a known field`);
    const found = {};
    for ( const [key, sub] of Object.entries(properties) ) {
      if ( Object.hasOwn(value, key) ) found[key] = this.read(sub, value[key], `${where}.${key}`);
      else if ( Object.hasOwn(sub, "default") ) found[key] = structuredClone(sub.default);
    }
    return found;
  }

  #array(shape, value, where) {
    if ( !Array.isArray(value) || !lengthOk(shape, value.length) ) throw fail(where, `${where} must be ${typeWords(shape)}`);
    const prefix = shape.prefixItems ?? [];
    const found = value.map((item, i) => this.read(i < prefix.length ? prefix[i] : shape.items, item, `${where}[${i}]`));
    if ( shape.uniqueItems ) {
      const seen = found.map(canonical);
      seen.forEach((text, index) => {
        const first = seen.indexOf(text);
        if ( first < index ) throw fail(where, `${where}[${index}] repeats ${where}[${first}]`);
      });
    }
    return found;
  }
}

/**
 * A JSON object (not null, not a list).
 * @param {unknown} value
 * @returns {boolean}
 */
function isObject(value) {
  return (value !== null) && (typeof value === "object") && !Array.isArray(value);
}

/**
 * Whether a list of `length` items fits the shape's item bounds.
 * @param {Shape} shape
 * @param {number} length
 * @returns {boolean}
 */
export function lengthOk(shape, length) {
  if ( Object.hasOwn(shape, "prefixItems") && (shape.items === false) ) return length === shape.prefixItems.length;
  return ((shape.minItems ?? 0) <= length) && (length <= shape.maxItems);
}

/**
 * Whether `value` is a scalar of the shape's type within its bounds.
 * @param {Shape} shape
 * @param {unknown} value
 * @returns {boolean}
 */
export function scalarOk(shape, value) {
  const kind = shape.type;
  if ( kind === "integer" ) return Number.isInteger(value) && (shape.minimum <= value) && (value <= shape.maximum);
  if ( kind === "boolean" ) return typeof value === "boolean";
  if ( kind === "null" ) return value === null;
  if ( typeof value !== "string" ) return false;
  if ( Object.hasOwn(shape, "enum") ) return shape.enum.includes(value);
  if ( value.length < (shape.minLength ?? 0) ) return false;
  return !Object.hasOwn(shape, "pattern") || new RegExp(shape.pattern).test(value);
}

/**
 * The expected phrase of a plain typed shape.
 * @param {Shape} shape
 * @returns {string}
 */
export function typeWords(shape) {
  const kind = shape.type;
  if ( kind === "integer" ) return `an integer in ${shape.minimum}..${shape.maximum}`;
  if ( ["boolean", "null", "object"].includes(kind) ) return { boolean: "true or false", null: "null", object: "an object" }[kind];
  if ( kind === "array" ) {
    if ( Object.hasOwn(shape, "prefixItems") && (shape.items === false) ) return `a list of ${shape.prefixItems.length} items`;
    return `a list of at most ${shape.maxItems} items`;
  }
  if ( Object.hasOwn(shape, "enum") ) return `one of ${shape.enum.join(", ")}`;
  return (shape.minLength ?? 0) >= 1 ? "a non-empty string" : "a string";
}

/**
 * The inputs document and the rules_config schema.
 * @returns {[Shape, Shape]}
 */
export function documents() {
  return [INPUTS, CONFIG_SCHEMA];
}

/**
 * Every CR-G key's default, from the rules_config schema (the one source of them).
 * @returns {Record<string, unknown>}
 */
export function configDefaults() {
  return Object.fromEntries(Object.entries(documents()[1].properties).map(([key, field]) => [key, structuredClone(field.default)]));
}

/**
 * `rule` with its input and config read through their shapes first.
 * @param {string} name
 * @param {Rule} rule
 * @returns {Rule}
 */
export function checked(name, rule) {
  return (inp, config, queue) => {
    const [inputs, schema] = documents();
    const readConfig = new Reader(schema).read(schema, { ...config }, "config");
    return rule(new Reader(inputs).read(inputs.properties[name], inp, "input"), readConfig, queue);
  };
}
