// Format events with a ruleset's rules trace (TRACE of its foundry layer) and the strings its
// module ships (lang/en.json plus lang/<ruleset>/en.json), as the chat card does: Foundry's
// `game.i18n.format` replaces each {key} once; a missing key is reported, not papered over.
// argv: trace module path, then lang files; stdin: {"events": [[rule, event], ...]}
// stdout: [{type, id, text, error}, ...] (id null: no entry; error: the label threw).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [tracePath, ...langPaths] = process.argv.slice(2);
const { TRACE } = await import(pathToFileURL(tracePath).href);
const lang = Object.assign({}, ...langPaths.map((p) => JSON.parse(readFileSync(p, "utf-8"))));
const missing = new Set();
const format = (key, data = {}) => {
  if ( !(key in lang) ) { missing.add(key); return key; }
  return lang[key].replace(/{[^}]+}/g, (m) => String(data[m.slice(1, -1)]));
};
const { events } = JSON.parse(readFileSync(0, "utf-8"));
const out = events.map(([rule, event]) => {
  const entry = Object.hasOwn(TRACE, event.type) ? TRACE[event.type] : null;
  if ( !entry ) return { type: event.type, id: null, text: null, error: null };
  try {
    const id = typeof entry.id === "function" ? entry.id(event, rule) : entry.id;
    return { type: event.type, id, text: entry.label(event, format), error: null };
  } catch (err) {
    return { type: event.type, id: null, text: null, error: String(err) };
  }
});
process.stdout.write(JSON.stringify({ lines: out, missing: [...missing].sort() }));
