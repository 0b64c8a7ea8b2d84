/**
 * A tiny YAML emitter for plain JSON data, enough to write a golden fixture from a chat card.
 *
 * It only ever writes what every YAML reader types the same way, so the fixture means the same to
 * the project's strict YAML 1.2 loader and to PyYAML's YAML 1.1 rules: strings are always
 * double-quoted with JSON-style escapes (so `no`, `010`, `1:30` or `null` stay strings), every
 * character outside printable ASCII is written as an escape (PyYAML reads U+2028, U+0085 and
 * friends as line breaks, and refuses raw control characters), numbers must be safe integers
 * (catalogue C2: fixtures hold no floats), and map keys are bare only when they look like an
 * identifier that no YAML 1.1 reader takes for a boolean or null.
 * @module foundry/yaml
 */

/** Keys written without quotes: identifiers... */
const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** ...except the words YAML 1.1 reads as booleans or null. */
const YAML11_WORDS = /^(?:y|n|yes|no|on|off|true|false|null)$/i;
/** A collection of scalars this short or shorter is written on one line (`[6, 1, 10]`). */
const FLOW_WIDTH = 100;
/** Escapes YAML's double-quoted style shares with JSON. */
const SHORT_ESCAPES = Object.freeze({ "\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r" });

/**
 * A value this emitter cannot write (a float, undefined, a class instance...).
 */
export class YamlError extends Error {}

/**
 * A string as a double-quoted YAML scalar, everything but printable ASCII escaped.
 * @param {string} text
 * @returns {string}
 */
export function quoteString(text) {
  let out = "\"";
  for ( const char of text ) {
    const code = /** @type {number} */ (char.codePointAt(0));
    const short = SHORT_ESCAPES[/** @type {keyof typeof SHORT_ESCAPES} */ (char)];
    if ( short ) out += short;
    else if ( (code >= 0x20) && (code < 0x7f) ) out += char;
    else if ( (code >= 0xd800) && (code <= 0xdfff) ) throw new YamlError("a string holds a lone surrogate");
    else if ( code <= 0xffff ) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += `\\U${code.toString(16).padStart(8, "0")}`;
  }
  return `${out}"`;
}

/**
 * A map key, bare when no reader could mistake it.
 * @param {string} key
 * @returns {string}
 */
function emitKey(key) {
  return PLAIN_KEY.test(key) && !YAML11_WORDS.test(key) ? key : quoteString(key);
}

/**
 * Is `value` a plain object (not an array, null or a class instance)?
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
function isMap(value) {
  if ( (value === null) || (typeof value !== "object") || Array.isArray(value) ) return false;
  const proto = Object.getPrototypeOf(value);
  return (proto === Object.prototype) || (proto === null);
}

/**
 * A scalar on one line; anything else is not a scalar.
 * @param {unknown} value
 * @returns {string|null}  null when `value` is a collection
 */
function emitScalar(value) {
  if ( value === null ) return "null";
  if ( typeof value === "boolean" ) return value ? "true" : "false";
  if ( typeof value === "string" ) return quoteString(value);
  if ( typeof value === "number" ) {
    if ( !Number.isSafeInteger(value) ) throw new YamlError(`${value} is not a safe integer`);
    return String(value);
  }
  if ( Array.isArray(value) || isMap(value) ) return null;
  throw new YamlError(`a ${typeof value} is not JSON data`);
}

/**
 * The one-line (flow) form of a scalar, an empty collection or a short collection of scalars.
 * @param {unknown} value
 * @returns {string|null}  null when the value needs the block form
 */
function emitFlow(value) {
  const scalar = emitScalar(value);
  if ( scalar !== null ) return scalar;
  const entries = Array.isArray(value) ? value.map((v) => [null, v]) : Object.entries(/** @type {object} */ (value));
  const parts = [];
  for ( const [key, item] of entries ) {
    const text = emitScalar(item);
    if ( text === null ) return null;
    parts.push(key === null ? text : `${emitKey(key)}: ${text}`);
  }
  const flow = Array.isArray(value) ? `[${parts.join(", ")}]` : `{${parts.join(", ")}}`;
  return flow.length <= FLOW_WIDTH ? flow : null;
}

/**
 * The block lines of a collection, each indented by `indent` spaces.
 * @param {unknown[]|Record<string, unknown>} value
 * @param {number} indent
 * @returns {string[]}
 */
function emitBlock(value, indent) {
  const pad = " ".repeat(indent);
  const lines = [];
  if ( Array.isArray(value) ) {
    for ( const item of value ) {
      const flow = emitFlow(item);
      if ( flow !== null ) lines.push(`${pad}- ${flow}`);
      else {
        // The item's own block, one level deeper, its first line carrying the dash.
        const inner = emitBlock(/** @type {unknown[]|Record<string, unknown>} */ (item), indent + 2);
        lines.push(`${pad}- ${inner[0].trimStart()}`, ...inner.slice(1));
      }
    }
    return lines;
  }
  for ( const [key, item] of Object.entries(value) ) {
    const flow = emitFlow(item);
    if ( flow !== null ) lines.push(`${pad}${emitKey(key)}: ${flow}`);
    else lines.push(`${pad}${emitKey(key)}:`, ...emitBlock(/** @type {unknown[]|Record<string, unknown>} */ (item), indent + 2));
  }
  return lines;
}

/**
 * Plain JSON data as a YAML document.
 * @param {unknown} value                Strings, safe integers, booleans, null, arrays, plain objects.
 * @param {{comment?: string[]}} [options]  Lines of a leading comment (printable ASCII only).
 * @returns {string}                     The document, ending in a newline.
 * @throws {YamlError}                   On anything else (a float, undefined, a class instance...).
 */
export function toYaml(value, { comment = [] } = {}) {
  const head = comment.map((line) => {
    if ( !/^[\x20-\x7e]*$/.test(line) ) throw new YamlError("a comment line must be printable ASCII");
    return `# ${line}`.trimEnd();
  });
  const scalar = emitScalar(value);
  const collection = /** @type {unknown[]|Record<string, unknown>} */ (value);
  let body;
  if ( scalar !== null ) body = [scalar];
  else if ( Object.keys(collection).length === 0 ) body = [Array.isArray(collection) ? "[]" : "{}"];
  else body = emitBlock(collection, 0);
  return `${[...head, ...body].join("\n")}\n`;
}
