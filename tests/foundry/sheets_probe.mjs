/**
 * Render a built module's item and actor sheet templates with real Handlebars, on the context its
 * own `sheetData` computes, as Foundry's HandlebarsApplicationMixin does. Usage:
 *   node sheets_probe.mjs <module folder> [--rows]   (stdin: {"docs": [{documentName, type, name, img, system, items?}]})
 * Prints a JSON list of the rendered HTML, one per document (with --rows, the rows `sheetData`
 * gives the template instead). `localize` reads the module's en.json.
 */

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";
import Handlebars from "handlebars";

const moduleDir = path.resolve(process.argv[2]);
const rowsOnly = process.argv.includes("--rows");
const strings = JSON.parse(readFileSync(path.join(moduleDir, "lang", "en.json"), "utf8"));
const localize = (key) => strings[key] ?? key;
globalThis.foundry = { applications: {}, utils: {} };
globalThis.game = { i18n: { localize } };
// Enrichment replaces @UUID links and inline rolls; the sanitising is the build's and cleanHTML's.
globalThis.TextEditor = { enrichHTML: async (html) => html };
Handlebars.registerHelper("localize", (key) => localize(key));

const load = (file) => import(pathToFileURL(path.join(moduleDir, "scripts", file)).href);
const sheets = await load("foundry/sheets.mjs");
const template = (name) => Handlebars.compile(readFileSync(path.join(moduleDir, "templates", name), "utf8"));
const itemSheet = template("item-sheet.hbs");
const actorSheet = template("actor-sheet.hbs");

const { docs } = JSON.parse(readFileSync(0, "utf8"));
const rendered = [];
for ( const doc of docs ) {
  const data = await sheets.sheetData(doc, true);
  if ( rowsOnly ) {
    rendered.push(data.rows);
    continue;
  }
  if ( doc.documentName === "Actor" ) {
    const carried = (doc.items ?? []).map((i) => ({ name: i.name, type: localize(sheets.typeLabelKey("Item", i.type)) }));
    rendered.push(actorSheet({ rulepack: { ...data, carried } }));
  } else {
    rendered.push(itemSheet({ rulepack: data }));
  }
}
console.log(JSON.stringify(rendered));
