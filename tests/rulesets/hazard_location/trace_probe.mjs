// Format every event of the hazard_location golden fixtures with the ruleset's TRACE and the
// strings its module ships (lang/en.json plus lang/hazard_location/en.json), as the chat card does
// (`game.i18n.format`: each {key} replaced once).
// stdin: {"events": [[rule, event], ...]}; stdout: [{type, id, text}, ...] (id null: no entry).
import { readFileSync } from "node:fs";
import { TRACE } from "../../../module_template/scripts/foundry/hazard_location/trace.mjs";

const read = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), "utf-8"));
const lang = { ...read("../../../module_template/lang/en.json"), ...read("../../../module_template/lang/hazard_location/en.json") };
const format = (key, data = {}) => {
  if ( !(key in lang) ) throw new Error(`no lang key ${key}`);
  return lang[key].replace(/{[^}]+}/g, (m) => String(data[m.slice(1, -1)]));
};
const { events } = JSON.parse(readFileSync(0, "utf-8"));
const out = events.map(([rule, event]) => {
  const entry = Object.hasOwn(TRACE, event.type) ? TRACE[event.type] : null;
  if ( !entry ) return { type: event.type, id: null, text: null };
  const id = typeof entry.id === "function" ? entry.id(event, rule) : entry.id;
  return { type: event.type, id, text: entry.label(event, format) };
});
process.stdout.write(JSON.stringify(out));
