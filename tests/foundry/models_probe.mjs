/**
 * Load a built module's data models and sheet rows under recording stand-ins of the few Foundry
 * globals they touch, and report what they built. Usage:
 *   node models_probe.mjs <module folder>   (stdin: {"docs": [{"subtype", "system"}...]})
 * Prints {registered, models, conforms, rows}: the field classes and options each registered
 * TypeDataModel declares, `conforms()` of every given `system`, and the sheet rows of each.
 */

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

/** A stand-in field class that only records how it was constructed. */
function recorder(name) {
  return class {
    constructor(...args) {
      const options = args.at(-1) ?? {};
      this.record = { class: name, options: plain(options) };
      if ( name === "ArrayField" ) this.record.element = args[0].record;
      if ( name === "SchemaField" ) {
        this.record.fields = Object.fromEntries(Object.entries(args[0]).map(([k, f]) => [k, f.record]));
      }
    }
  };
}

/** Options as JSON: a validator becomes `true`, so the report says one was given. */
function plain(options) {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)
    .map(([k, v]) => [k, typeof v === "function" ? true : v]));
}

const FIELDS = ["DataField", "StringField", "HTMLField", "NumberField", "BooleanField", "ArrayField",
  "SchemaField", "ObjectField", "AnyField"];
globalThis.foundry = {
  data: { fields: Object.fromEntries(FIELDS.map((name) => [name, recorder(name)])) },
  abstract: { TypeDataModel: class {} },
  applications: {},
  utils: {}
};
globalThis.CONFIG = { Item: { dataModels: {} }, Actor: { dataModels: {} } };
globalThis.game = { i18n: { localize: (key) => `L(${key})` } };

const moduleDir = path.resolve(process.argv[2]);
const load = (file) => import(pathToFileURL(path.join(moduleDir, "scripts", file)).href);
const { DATA_SCHEMAS } = await load("config.mjs");
const models = await load("foundry/data-models.mjs");
const sheets = await load("foundry/sheets.mjs");

const registered = models.registerDataModels();
const report = { registered, models: {}, conforms: [], rows: [] };
for ( const type of registered ) {
  const subtype = type.split(".").at(-1);
  const Model = CONFIG[DATA_SCHEMAS[subtype].document].dataModels[type];
  report.models[subtype] = Object.fromEntries(Object.entries(Model.defineSchema()).map(([k, f]) => [k, f.record]));
}
const { docs } = JSON.parse(readFileSync(0, "utf8"));
for ( const { subtype, system } of docs ) {
  const spec = { type: "object", nullable: false, required: true, fields: DATA_SCHEMAS[subtype].fields };
  report.conforms.push(models.conforms(spec, system));
  report.rows.push(sheets.fieldRows(DATA_SCHEMAS[subtype].fields, system));
}
console.log(JSON.stringify(report));
