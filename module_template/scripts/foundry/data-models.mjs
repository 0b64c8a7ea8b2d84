/**
 * One `TypeDataModel` per module sub-type, built from `DATA_SCHEMAS`: the description of each
 * sub-type's `system` fields that the build reads off the JSON Schemas
 * (`compiler/render/data_models.py`). The schema stays the one place a field is declared; this
 * file only maps each kind of description onto a `foundry.data.fields` class that v12 has.
 * @module foundry/data-models
 */

import { DATA_SCHEMAS, MODULE_ID } from "../config.mjs";

/**
 * @typedef {object} FieldSpec  One field as described by `compiler/render/data_models.py`.
 * @property {"integer"|"number"|"string"|"boolean"|"array"|"object"|"map"|"union"|"any"} type
 * @property {boolean} [required]     The key must be present (absent for union options).
 * @property {boolean} nullable       Null is a valid value.
 * @property {unknown} [initial]      The schema's `default`.
 * @property {number} [min]           Inclusive bounds of a number.
 * @property {number} [max]
 * @property {Array<string|number>} [choices]  The allowed values (`enum`).
 * @property {boolean} [html]         A rich-text string, sanitised on the server (`htmlFields`).
 * @property {string} [pattern]       An ECMAScript pattern the string matches.
 * @property {number} [minLength]
 * @property {number} [maxLength]
 * @property {FieldSpec} [element]    Items of an array, values of a map.
 * @property {boolean} [unique]       Array items are distinct.
 * @property {number} [minItems]
 * @property {number} [maxItems]
 * @property {string} [keyPattern]    The pattern every key of a map matches.
 * @property {Record<string, FieldSpec>} [fields]  The named fields of an object.
 * @property {FieldSpec[]} [options]  The alternatives of a union.
 */

/**
 * @typedef {object} SubtypeSchema
 * @property {"Item"|"Actor"} document        The Foundry document the sub-type belongs to.
 * @property {Record<string, FieldSpec>} fields  Its `system` fields.
 */

/* -------------------------------------------- */
/*  Validation of what no field class checks    */
/* -------------------------------------------- */

/**
 * Whether `value` satisfies `spec` (used where v12 has no typed field: map values, unions).
 * @param {FieldSpec} spec
 * @param {unknown} value
 * @returns {boolean}
 */
export function conforms(spec, value) {
  if ( value === null ) return spec.nullable;
  switch ( spec.type ) {
    case "integer": return Number.isInteger(value) && inBounds(spec, /** @type {number} */ (value));
    case "number": return (typeof value === "number") && Number.isFinite(value) && inBounds(spec, value);
    case "string": return (typeof value === "string") && stringConforms(spec, value);
    case "boolean": return typeof value === "boolean";
    case "array": return Array.isArray(value) && arrayConforms(spec, value);
    case "object": return isPlainObject(value) && objectConforms(spec, value);
    case "map": return isPlainObject(value) && mapConforms(spec, value);
    case "union": return (spec.options ?? []).some((option) => conforms(option, value));
    default: return true;
  }
}

/**
 * @param {FieldSpec} spec
 * @param {number} value
 * @returns {boolean}
 */
function inBounds(spec, value) {
  if ( (spec.min !== undefined) && (value < spec.min) ) return false;
  if ( (spec.max !== undefined) && (value > spec.max) ) return false;
  return (spec.choices === undefined) || spec.choices.includes(value);
}

/**
 * @param {FieldSpec} spec
 * @param {string} value
 * @returns {boolean}
 */
function stringConforms(spec, value) {
  if ( (spec.choices !== undefined) && !spec.choices.includes(value) ) return false;
  if ( (spec.minLength !== undefined) && (value.length < spec.minLength) ) return false;
  if ( (spec.maxLength !== undefined) && (value.length > spec.maxLength) ) return false;
  return (spec.pattern === undefined) || new RegExp(spec.pattern, "u").test(value);
}

/**
 * @param {FieldSpec} spec
 * @param {unknown[]} value
 * @returns {boolean}
 */
function arrayConforms(spec, value) {
  if ( (spec.minItems !== undefined) && (value.length < spec.minItems) ) return false;
  if ( (spec.maxItems !== undefined) && (value.length > spec.maxItems) ) return false;
  if ( spec.unique && (new Set(value.map((item) => JSON.stringify(item))).size !== value.length) ) return false;
  return value.every((item) => conforms(elementOf(spec), item));
}

/**
 * @param {FieldSpec} spec
 * @param {Record<string, unknown>} value
 * @returns {boolean}
 */
function objectConforms(spec, value) {
  const fields = spec.fields ?? {};
  if ( Object.keys(value).some((key) => !Object.hasOwn(fields, key)) ) return false;
  return Object.entries(fields).every(([name, field]) => {
    if ( !Object.hasOwn(value, name) ) return !field.required;
    return conforms(field, value[name]);
  });
}

/**
 * @param {FieldSpec} spec
 * @param {Record<string, unknown>} value
 * @returns {boolean}
 */
function mapConforms(spec, value) {
  const keys = (spec.keyPattern === undefined) ? null : new RegExp(spec.keyPattern, "u");
  return Object.entries(value).every(([key, item]) => (!keys || keys.test(key)) && conforms(elementOf(spec), item));
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
function isPlainObject(value) {
  return (typeof value === "object") && (value !== null) && !Array.isArray(value);
}

/**
 * The element description of an array or map (a build bug if missing, so it fails loudly).
 * @param {FieldSpec} spec
 * @returns {FieldSpec}
 */
export function elementOf(spec) {
  if ( !spec.element ) throw new Error(`${MODULE_ID} | ${spec.type} description without element`);
  return spec.element;
}

/* -------------------------------------------- */
/*  Field construction                          */
/* -------------------------------------------- */

/**
 * A blank value of a field the schema requires but gives no default: what a document created
 * from the sidebar starts with (Foundry cleans a new document with each field's `initial`, then
 * validates it, and "may not be undefined" refuses the document). The first choice, the number
 * nearest 0 within the bounds, an empty text, list or map, false, an object of blanks, the first
 * option of a union; undefined when no blank value is valid (a text that must match a pattern,
 * a list that may not be empty).
 * @param {FieldSpec} spec
 * @returns {unknown}
 */
export function blankOf(spec) {
  let candidate;
  switch ( spec.type ) {
    case "integer":
    case "number":
      candidate = spec.choices?.[0] ?? Math.min(Math.max(0, spec.min ?? 0), spec.max ?? Infinity);
      if ( spec.type === "integer" ) candidate = Math.ceil(/** @type {number} */ (candidate));
      break;
    case "string": candidate = spec.choices?.[0] ?? ""; break;
    case "boolean": candidate = false; break;
    case "array": candidate = []; break;
    case "map": candidate = {}; break;
    case "object": candidate = blankObject(spec.fields ?? {}); break;
    case "union": candidate = blankOf((spec.options ?? [])[0] ?? { type: "any", nullable: true }); break;
    default: candidate = null;
  }
  return (candidate !== undefined) && conforms(spec, candidate) ? candidate : undefined;
}

/**
 * The blank value of an object: each required field's initial or blank value.
 * @param {Record<string, FieldSpec>} fields
 * @returns {Record<string, unknown>|undefined}
 */
function blankObject(fields) {
  /** @type {Record<string, unknown>} */
  const out = {};
  for ( const [name, field] of Object.entries(fields) ) {
    if ( !field.required ) continue;
    const value = Object.hasOwn(field, "initial") ? structuredClone(field.initial) : blankOf(field);
    if ( value === undefined ) return undefined;
    out[name] = value;
  }
  return out;
}

/**
 * The options every field class takes. A field the schema lets authors omit, with no default,
 * is stored as null: that is how Foundry keeps "absent" once a document is loaded. A field the
 * schema requires without a default starts blank in a new document (`blankOf`), or, when no
 * blank value is valid, null until the GM fills it in (the rules refuse the document until then).
 * @param {FieldSpec} spec
 * @returns {{required: boolean, nullable: boolean, initial: unknown}}
 */
function commonOptions(spec) {
  if ( Object.hasOwn(spec, "initial") ) return { required: true, nullable: spec.nullable, initial: structuredClone(spec.initial) };
  if ( spec.nullable || !spec.required ) return { required: true, nullable: true, initial: null };
  const blank = blankOf(spec);
  return blank === undefined ? { required: true, nullable: true, initial: null } : { required: true, nullable: false, initial: blank };
}

/**
 * A validator for fields whose class cannot express the description (map values, unions).
 * @param {FieldSpec} spec
 * @returns {(value: unknown) => boolean}
 */
function validatorFor(spec) {
  return (value) => (value === null) || (value === undefined) || conforms({ ...spec, nullable: true }, value);
}

/**
 * The `foundry.data.fields` instance for one field description.
 * @param {FieldSpec} spec
 * @returns {foundry.data.fields.DataField}
 */
export function buildField(spec) {
  const fields = foundry.data.fields;
  const common = commonOptions(spec);
  switch ( spec.type ) {
    case "integer":
    case "number": {
      // The build describes a number field's choices as numbers, a string field's as strings.
      const choices = /** @type {number[]|undefined} */ (spec.choices);
      return new fields.NumberField({ ...common, integer: spec.type === "integer", min: spec.min, max: spec.max, choices });
    }
    case "string": {
      const choices = /** @type {string[]|undefined} */ (spec.choices);
      const options = { ...common, blank: !spec.minLength, trim: false, choices, validate: validatorFor(spec) };
      return spec.html ? new fields.HTMLField(options) : new fields.StringField(options);
    }
    case "boolean": return new fields.BooleanField(common);
    case "array": return new fields.ArrayField(buildField(elementOf(spec)), { ...common, validate: validatorFor(spec) });
    case "object": return new fields.SchemaField(buildSchema(spec.fields ?? {}), common);
    case "map": return new fields.ObjectField({ ...common, validate: validatorFor(spec) });
    default: return new fields.AnyField({ ...common, validate: validatorFor(spec) });
  }
}

/**
 * @param {Record<string, FieldSpec>} specs
 * @returns {Record<string, foundry.data.fields.DataField>}
 */
export function buildSchema(specs) {
  return Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, buildField(spec)]));
}

/**
 * A `TypeDataModel` class whose schema is `fields`.
 * @param {Record<string, FieldSpec>} fields
 * @returns {typeof foundry.abstract.TypeDataModel}
 */
export function dataModelFor(fields) {
  return class RulepackDataModel extends foundry.abstract.TypeDataModel {
    /** @override */
    static defineSchema() {
      return buildSchema(fields);
    }
  };
}

/**
 * Register a data model for every module sub-type: `CONFIG.<Document>.dataModels["<moduleId>.<subtype>"]`.
 * Called on `init`, before Foundry prepares any document of these types.
 * @returns {string[]}  The registered type names.
 */
export function registerDataModels() {
  const registered = [];
  for ( const [subtype, schema] of Object.entries(DATA_SCHEMAS) ) {
    const type = `${MODULE_ID}.${subtype}`;
    CONFIG[schema.document].dataModels[type] = dataModelFor(schema.fields);
    registered.push(type);
  }
  return registered;
}
