/**
 * Stand-ins for `foundry.data.fields` and `foundry.abstract.TypeDataModel`: enough of Foundry's
 * clean-then-validate to load a document's `system` through the module's data models, so a pack
 * document its model rejects fails here as it would fail to load in Foundry. A field class the
 * module starts using is one more subclass of `DataField` in `FIELDS`.
 * @module harness/foundry/fields
 */

/** `choices` may be a list of values or an object keyed by them (labels as values). */
function allowedChoice(choices, value) {
  if (!choices) return true;
  const values = Array.isArray(choices) ? choices : Object.keys(choices);
  return values.some((choice) => String(choice) === String(value));
}

export class DataField {
  /** @param {{required?: boolean, nullable?: boolean, initial?: unknown, validate?: Function, choices?: unknown[]}} options */
  constructor(options = {}) {
    this.options = { required: false, nullable: false, ...options };
  }

  get initial() {
    const { initial } = this.options;
    return typeof initial === "function" ? initial() : structuredClone(initial);
  }

  /** Foundry fills a missing value with the field's initial value. */
  clean(value) {
    return value === undefined ? this.initial : value;
  }

  /**
   * @param {unknown} value  a cleaned value
   * @param {string} path    where it is, for the message
   * @returns {string[]} failures
   */
  validate(value, path) {
    if (value === undefined) return this.options.required ? [`${path}: may not be undefined`] : [];
    if (value === null) return this.options.nullable ? [] : [`${path}: may not be null`];
    const failure = this._validateType(value);
    if (failure) return [`${path}: ${failure}`];
    if (!allowedChoice(this.options.choices, value)) return [`${path}: ${value} is not a valid choice`];
    if (this.options.validate && this.options.validate(value) === false) return [`${path}: failed custom validation`];
    return this._validateInner(value, path);
  }

  /** @returns {string|null} why `value` is of the wrong kind */
  _validateType() {
    return null;
  }

  /** @returns {string[]} failures of nested values */
  _validateInner() {
    return [];
  }
}

export class AnyField extends DataField {}

export class NumberField extends DataField {
  _validateType(value) {
    if (typeof value !== "number" || !Number.isFinite(value)) return "must be a finite number";
    if (this.options.integer && !Number.isInteger(value)) return "must be an integer";
    if (this.options.positive && value <= 0) return "must be positive";
    const { step, min = 0 } = this.options;
    if (step && !Number.isInteger((value - min) / step)) return `must be a multiple of ${step}`;
    if (this.options.min !== undefined && value < this.options.min) return `must be at least ${this.options.min}`;
    if (this.options.max !== undefined && value > this.options.max) return `must be at most ${this.options.max}`;
    return null;
  }
}

export class StringField extends DataField {
  constructor(options = {}) {
    super({ blank: true, trim: true, ...options });
  }

  /**
   * As v12's StringField#clean: trimmed, and an empty string kept only for a `blank` field
   * ("Permit empty strings for blank fields"), else taken as no value, so the initial one (a
   * sheet's emptied text input submits "" for a field that may be null).
   */
  clean(value) {
    let text = typeof value === "string" && this.options.trim ? value.trim() : value;
    if (text === "" && !this.options.blank) text = undefined;
    return super.clean(text);
  }

  _validateType(value) {
    if (typeof value !== "string") return "must be a string";
    if (!this.options.blank && value === "") return "may not be a blank string";
    return null;
  }
}

export class HTMLField extends StringField {}

export class BooleanField extends DataField {
  _validateType(value) {
    return typeof value === "boolean" ? null : "must be a boolean";
  }
}

export class ObjectField extends DataField {
  _validateType(value) {
    return value !== null && typeof value === "object" && !Array.isArray(value) ? null : "must be an object";
  }
}

export class ArrayField extends DataField {
  /** @param {DataField} element */
  constructor(element, options = {}) {
    super({ initial: () => [], ...options });
    this.element = element;
  }

  clean(value) {
    const cleaned = super.clean(value);
    return Array.isArray(cleaned) ? cleaned.map((item) => this.element.clean(item)) : cleaned;
  }

  _validateType(value) {
    return Array.isArray(value) ? null : "must be an array";
  }

  _validateInner(value, path) {
    return value.flatMap((item, i) => this.element.validate(item, `${path}.${i}`));
  }
}

export class SchemaField extends DataField {
  /** @param {Record<string, DataField>} fields */
  constructor(fields, options = {}) {
    super({ initial: () => ({}), ...options });
    this.fields = fields;
  }

  /** Known keys cleaned; unknown keys dropped, as Foundry's cleaning does. */
  clean(value) {
    const cleaned = super.clean(value);
    if (cleaned === null || typeof cleaned !== "object" || Array.isArray(cleaned)) return cleaned;
    return Object.fromEntries(Object.entries(this.fields).map(([name, field]) => [name, field.clean(cleaned[name])]));
  }

  _validateType(value) {
    return typeof value === "object" && !Array.isArray(value) ? null : "must be an object";
  }

  _validateInner(value, path) {
    return Object.entries(this.fields).flatMap(([name, field]) => field.validate(value[name], `${path}.${name}`));
  }
}

export const FIELDS = {
  DataField, AnyField, NumberField, StringField, HTMLField, BooleanField, ObjectField, ArrayField, SchemaField,
};

export class DataModel {
  /** @returns {Record<string, DataField>} */
  static defineSchema() {
    throw new Error(`${this.name} must define defineSchema()`);
  }

  /**
   * Clean and validate `data`; an invalid source throws, naming every failing path.
   * @param {object} data
   * @param {{parent?: object}} [options]
   */
  constructor(data = {}, { parent = null } = {}) {
    const schema = new SchemaField(this.constructor.defineSchema());
    const cleaned = schema.clean(data ?? {});
    const failures = schema.validate(cleaned, "system");
    const where = parent ? `${parent.documentName} "${parent.name}" (${parent.type})` : this.constructor.name;
    if (failures.length) throw new Error(`${where} validation errors:\n  ${failures.join("\n  ")}`);
    Object.assign(this, cleaned);
    Object.defineProperty(this, "parent", { value: parent, enumerable: false });
  }

  toObject() {
    return structuredClone({ ...this });
  }
}

export class TypeDataModel extends DataModel {}
