// Format every event of the hazard_location golden fixtures with the ruleset's TRACE and the
// module's lang/en.json, as the chat card does (`game.i18n.format`: each {key} replaced once).
// stdin: {"events": [[rule, event], ...]}; stdout: [{type, id, text}, ...] (id null: no entry).
import { readFileSync } from "node:fs";
import { TRACE } from "../../module_template/scripts/rules/hazard_location.mjs";

const lang = JSON.parse(readFileSync(new URL("../../module_template/lang/en.json", import.meta.url), "utf-8"));
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
