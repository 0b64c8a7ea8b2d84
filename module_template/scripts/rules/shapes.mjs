/**
 * Declared rule inputs: one interpreter of a small JSON Schema dialect (mirror of
 * `compiler/rules/shapes.py`).
 *
 * Each ruleset declares the shape of every rule's `input` once, in its `inputs.schema.json` (the
 * top-level `properties` map rule names to shapes). The harness of both engines reads a rule's
 * input through its shape before the rule runs, so a malformed input is refused with the same code
 * and the same words in Python and JS, and optional fields arrive with their `default`s filled in.
 * Messages read `<where> must be <expected>`, embedding only key names, ints and fixed words.
 */

import { BAD_CONFIG, BAD_INPUT, RuleError, codePath, errorPath } from "./errors.mjs";
import { sortedKeys } from "./inputs.mjs";

/** @typedef {Record<string, any>} Shape */

const EXPECTED = "x-rulepack-expected";
const TAG = "x-rulepack-tag";
/** @type {Map<string, RegExp>} Each `pattern` made into its whole-text RegExp once. */
const PATTERNS = new Map();

/**
 * Shape documents by `$id`, resolving `$ref`s between and within them.
 */
export class ShapeBook {
  /**
   * @param {Iterable<Shape>} documents
   */
  constructor(documents) {
    /** @type {Record<string, Shape>} */
    this.documents = {};
    for ( const document of documents ) this.documents[String(document.$id)] = document;
    /** @type {Map<string, Map<string, [Shape, string]>>} By document, then by `$ref`. */
    this.resolved = new Map();
  }

  /**
   * The shape `ref` points at from the document `base`, and that shape's document.
   * @param {string} ref
   * @param {string} base
   * @returns {[Shape, string]}
   */
  resolve(ref, base) {
    let byRef = this.resolved.get(base);
    if ( byRef === undefined ) this.resolved.set(base, byRef = new Map());
    let found = byRef.get(ref);
    if ( found === undefined ) {
      const [uri, pointer = ""] = new URL(ref, base).href.split("#");
      /** @type {any} */
      let node = this.documents[uri];
      for ( const part of pointer.split("/").filter(p => p) ) node = node[part];
      found = [node, uri];
      byRef.set(ref, found);
    }
    return found;
  }

  /**
   * The declared input shape of `rule` in the inputs document `uri`, if any.
   * @param {string} uri
   * @param {string} rule
   * @returns {Shape|null}
   */
  ruleShape(uri, rule) {
    const properties = this.documents[uri]?.properties ?? {};
    return Object.hasOwn(properties, rule) ? properties[rule] : null;
  }

  /**
   * `value` checked against `shape` (defaults filled in, a new copy), or a `RuleError`.
   * @param {Shape} shape
   * @param {string} base
   * @param {unknown} value
   * @param {string} where
   * @returns {any}
   */
  read(shape, base, value, where) {
    return new Reader(this, base).read(shape, value, where);
  }
}

/**
 * The error for a bad value under `where`: `bad_config` under config, else `bad_input`; it
 * points at the message's leading path, else at `where`.
 * @param {string} where
 * @param {string} message
 * @returns {RuleError}
 */
export function fail(where, message) {
  const code = where.startsWith("config") ? BAD_CONFIG : BAD_INPUT;
  const leading = errorPath(code, message);
  return new RuleError(code, message, null, leading !== codePath(code) ? leading : where);
}

/**
 * An int and not a bool.
 * @param {unknown} value
 * @returns {boolean}
 */
export function isInt(value) {
  return Number.isInteger(value);
}

/**
 * JSON text with sorted keys and no spaces (Python `canonical_json`).
 * @param {unknown} value
 * @returns {string}
 */
export function canonicalJson(value) {
  if ( Array.isArray(value) ) return `[${value.map(canonicalJson).join(",")}]`;
  if ( (value !== null) && (typeof value === "object") ) {
    const object = /** @type {Record<string, unknown>} */ (value);
    return `{${sortedKeys(Object.keys(object)).map(k => `${JSON.stringify(k)}:${canonicalJson(object[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * JSON equality: `true` never equals `1`, objects compare without key order.
 * @param {unknown} a
 * @param {unknown} b
 * @returns {boolean}
 */
export function sameJson(a, b) {
  return canonicalJson(a) === canonicalJson(b);
}

/**
 * Whether `value` is a JSON object (not null, not a list).
 * @param {unknown} value
 * @returns {value is Record<string, any>}
 */
function isObject(value) {
  return (value !== null) && (typeof value === "object") && !Array.isArray(value);
}

/**
 * @param {unknown} value
 * @returns {string} its JSON type: object, array, null, number, string or boolean
 */
function jsonType(value) {
  return value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
}

/** One read: the book and the document the current shape belongs to. */
class Reader {
  /**
   * @param {ShapeBook} book
   * @param {string} base
   */
  constructor(book, base) {
    this.book = book;
    this.base = base;
  }

  /**
   * What a value of `shape` must be, in words.
   * @param {Shape} shape
   * @returns {string}
   */
  expected(shape) {
    if ( Object.hasOwn(shape, EXPECTED) ) return String(shape[EXPECTED]);
    if ( Object.hasOwn(shape, "$ref") ) {
      const [target, base] = this.book.resolve(shape.$ref, this.base);
      return new Reader(this.book, base).expected(target);
    }
    if ( Object.hasOwn(shape, "const") ) return JSON.stringify(shape.const);
    if ( Object.hasOwn(shape, "anyOf") ) return shape.anyOf.map((/** @type {Shape} */ b) => this.expected(b)).join(" or ");
    if ( Object.hasOwn(shape, "oneOf") ) return "an object";  // a tagged union's branches are objects
    return typeWords(shape);
  }

  /**
   * @param {Shape} shape
   * @param {unknown} value
   * @param {string} where
   * @returns {any}
   */
  read(shape, value, where) {
    if ( Object.hasOwn(shape, EXPECTED) ) {
      try {
        return this.readInner(shape, value, where);
      } catch(err) {
        if ( !(err instanceof RuleError) ) throw err;
        throw fail(where, `${where} must be ${shape[EXPECTED]}`);
      }
    }
    return this.readInner(shape, value, where);
  }

  /**
   * @param {Shape} shape
   * @param {unknown} value
   * @param {string} where
   * @returns {any}
   */
  readInner(shape, value, where) {
    if ( Object.hasOwn(shape, "$ref") ) {
      const [target, base] = this.book.resolve(shape.$ref, this.base);
      return new Reader(this.book, base).read(target, value, where);
    }
    if ( Object.hasOwn(shape, "const") ) {
      if ( !sameJson(value, shape.const) ) throw fail(where, `${where} must be ${this.expected(shape)}`);
      return structuredClone(value);
    }
    if ( Object.hasOwn(shape, "anyOf") ) return this.anyOf(shape, value, where);
    if ( Object.hasOwn(shape, "oneOf") ) return this.tagged(shape, value, where);
    const kind = shape.type;
    if ( kind === "object" ) return this.object(shape, value, where);
    if ( kind === "array" ) return this.array(shape, value, where);
    if ( !scalarOk(shape, value) ) throw fail(where, `${where} must be ${this.expected(shape)}`);
    return value;
  }

  /**
   * @param {Shape} shape
   * @param {unknown} value
   * @param {string} where
   * @returns {any}
   */
  anyOf(shape, value, where) {
    for ( const branch of shape.anyOf ) {
      if ( !this.mayHold(branch, value) ) continue;  // it would refuse the value: no error thrown away
      try {
        return this.read(branch, value, where);
      } catch(err) {
        if ( !(err instanceof RuleError) ) throw err;
      }
    }
    throw fail(where, `${where} must be ${this.expected(shape)}`);
  }

  /**
   * Whether `value` is of a JSON type `shape` may accept (false: `shape` certainly refuses it).
   * @param {Shape} shape
   * @param {unknown} value
   * @returns {boolean}
   */
  mayHold(shape, value) {
    let base = this.base;
    while ( Object.hasOwn(shape, "$ref") ) [shape, base] = this.book.resolve(shape.$ref, base);
    if ( Object.hasOwn(shape, "const") ) return jsonType(shape.const) === jsonType(value);
    if ( Object.hasOwn(shape, "anyOf") ) return true;
    return jsonType(value) === (Object.hasOwn(shape, "oneOf") ? "object" : shape.type === "integer" ? "number" : shape.type);
  }

  /**
   * A tagged union: the branch whose tag field's `const` equals the value's tag.
   * @param {Shape} shape
   * @param {unknown} value
   * @param {string} where
   * @returns {any}
   */
  tagged(shape, value, where) {
    const tag = String(shape[TAG]);
    const branches = shape.oneOf.map((/** @type {Shape} */ b) => this.deref(b));
    const tags = branches.map((/** @type {Shape} */ b) => String(b.properties[tag].const));
    if ( !isObject(value) ) throw fail(where, `${where} must be an object`);
    if ( !Object.hasOwn(value, tag) ) throw fail(where, `${where}.${tag} is required`);
    if ( !tags.includes(value[tag]) ) throw fail(where, `${where}.${tag} must be one of ${tags.join(", ")}`);
    return this.read(shape.oneOf[tags.indexOf(value[tag])], value, where);
  }

  /**
   * @param {Shape} shape
   * @returns {Shape}
   */
  deref(shape) {
    while ( Object.hasOwn(shape, "$ref") ) shape = this.book.resolve(shape.$ref, this.base)[0];
    return shape;
  }

  /**
   * @param {Shape} shape
   * @param {unknown} value
   * @param {string} where
   * @returns {Record<string, any>}
   */
  object(shape, value, where) {
    if ( !isObject(value) ) throw fail(where, `${where} must be an object`);
    const extra = shape.additionalProperties ?? false;
    if ( extra !== false ) return this.map(shape, extra, value, where);
    /** @type {Record<string, Shape>} */
    const properties = shape.properties ?? {};
    for ( const key of shape.required ?? [] ) {
      if ( !Object.hasOwn(value, key) ) throw fail(where, `${where}.${key} is required`);
    }
    const unknown = sortedKeys(Object.keys(value).filter(key => !Object.hasOwn(properties, key)));
    if ( unknown.length ) throw fail(where, `${where}.${unknown[0]} is not a known field`);
    const found = { ...value };
    for ( const [key, sub] of Object.entries(properties) ) {
      if ( Object.hasOwn(value, key) ) found[key] = this.read(sub, value[key], `${where}.${key}`);
      else if ( Object.hasOwn(sub, "default") ) found[key] = structuredClone(sub.default);
    }
    return found;
  }

  /**
   * @param {Shape} shape
   * @param {Shape} values
   * @param {Record<string, any>} value
   * @param {string} where
   * @returns {Record<string, any>}
   */
  map(shape, values, value, where) {
    const limit = shape.maxProperties;
    if ( Object.keys(value).length > limit ) throw fail(where, `${where} must be an object of at most ${limit} entries`);
    const found = { ...value };
    for ( const key of sortedKeys(Object.keys(value)) ) found[key] = this.read(values, value[key], `${where}.${key}`);
    return found;
  }

  /**
   * @param {Shape} shape
   * @param {unknown} value
   * @param {string} where
   * @returns {any[]}
   */
  array(shape, value, where) {
    if ( !Array.isArray(value) || !lengthOk(shape, value.length) ) throw fail(where, `${where} must be ${typeWords(shape)}`);
    /** @type {Shape[]} */
    const prefix = shape.prefixItems ?? [];
    const found = value.map((item, index) => {
      const sub = index < prefix.length ? prefix[index] : shape.items;
      return this.read(sub, item, `${where}[${index}]`);
    });
    if ( shape.uniqueItems ) checkUnique(found, where);
    return found;
  }
}

/**
 * @param {unknown[]} items
 * @param {string} where
 */
function checkUnique(items, where) {
  /** @type {string[]} */
  const seen = [];
  items.forEach((item, index) => {
    const text = canonicalJson(item);
    if ( seen.includes(text) ) throw fail(where, `${where}[${index}] repeats ${where}[${seen.indexOf(text)}]`);
    seen.push(text);
  });
}

/**
 * @param {Shape} shape
 * @param {number} length
 * @returns {boolean}
 */
function lengthOk(shape, length) {
  if ( Object.hasOwn(shape, "prefixItems") && (shape.items === false) ) return length === shape.prefixItems.length;
  return (Number(shape.minItems ?? 0) <= length) && (length <= shape.maxItems);
}

/**
 * @param {Shape} shape
 * @param {unknown} value
 * @returns {boolean}
 */
function scalarOk(shape, value) {
  const kind = shape.type;
  if ( kind === "integer" ) return isInt(value) && (shape.minimum <= /** @type {number} */ (value)) && (/** @type {number} */ (value) <= shape.maximum);
  if ( kind === "boolean" ) return typeof value === "boolean";
  if ( kind === "null" ) return value === null;
  if ( typeof value !== "string" ) return false;
  if ( Object.hasOwn(shape, "enum") ) return shape.enum.includes(value);
  const length = value.length;
  if ( !((Number(shape.minLength ?? 0) <= length) && (length <= Number(shape.maxLength ?? length))) ) return false;
  if ( !Object.hasOwn(shape, "pattern") ) return true;
  if ( !PATTERNS.has(shape.pattern) ) PATTERNS.set(shape.pattern, new RegExp(`^(?:${shape.pattern})$`));
  return /** @type {RegExp} */ (PATTERNS.get(shape.pattern)).test(value);
}

/**
 * The expected phrase of a plain typed shape (see `Reader#expected`).
 * @param {Shape} shape
 * @returns {string}
 */
function typeWords(shape) {
  const kind = shape.type;
  if ( kind === "integer" ) return `an integer in ${shape.minimum}..${shape.maximum}`;
  if ( kind === "boolean" ) return "true or false";
  if ( kind === "null" ) return "null";
  if ( kind === "object" ) return "an object";
  if ( kind === "array" ) return listWords(shape);
  if ( Object.hasOwn(shape, "enum") ) return `one of ${shape.enum.join(", ")}`;
  return Number(shape.minLength ?? 0) >= 1 ? "a non-empty string" : "a string";
}

/**
 * @param {Shape} shape
 * @returns {string}
 */
function listWords(shape) {
  if ( Object.hasOwn(shape, "prefixItems") && (shape.items === false) ) return `a list of ${shape.prefixItems.length} items`;
  const low = Number(shape.minItems ?? 0);
  const high = shape.maxItems;
  return low ? `a list of ${low}..${high} items` : `a list of at most ${high} items`;
}
