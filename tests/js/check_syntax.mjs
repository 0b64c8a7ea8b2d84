/**
 * `node --check` for many ES modules in one process: each file is compiled as a module exactly
 * as `--check` compiles it (V8's module parser, early errors included), and never run.
 *
 * Usage: node --experimental-vm-modules check_syntax.mjs < paths.json
 * Reads a JSON list of file paths on stdin; writes one JSON object on stdout mapping each path
 * to `null` (it parses) or the error `node --check` would print the name and message of, and
 * to the module's import specifiers: `{path: {error, imports}}`.
 */

import { readFileSync } from "node:fs";
import vm from "node:vm";

/**
 * Compile one file as an ES module.
 * @param {string} path
 * @returns {{error: string|null, imports: string[]}}
 */
function check(path) {
  try {
    const module = new vm.SourceTextModule(readFileSync(path, "utf8"), { identifier: path });
    return { error: null, imports: module.moduleRequests.map(request => request.specifier) };
  } catch(err) {
    return { error: `${err?.name ?? "Error"}: ${err?.message ?? err}`, imports: [] };
  }
}

const paths = JSON.parse(readFileSync(0, "utf8"));
/** @type {Record<string, {error: string|null, imports: string[]}>} */
const found = {};
for ( const path of paths ) found[path] = check(path);
process.stdout.write(JSON.stringify(found));
