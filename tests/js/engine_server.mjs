/**
 * Long-lived Node side of the parity tests: one process serves a whole pytest session.
 *
 * Usage: node engine_server.mjs <rules-core-dir>
 * Reads one JSON request per line on stdin and writes one JSON answer per line on stdout:
 *   {id, op: "run", case: {ruleset, rule, config, input, dice}} -> {id, result}
 *   {id, op: "batch", cases: [...]}                             -> {id, results: [...]}
 *   {id, op: "rules", ruleset}                                  -> {id, rules: [...]}
 *   {id, op: "config", ruleset}                                 -> {id, config: {...}}
 * A thrown non-RuleError (an engine bug) answers {id, crash: "<stack>"} instead of dying.
 * The core directory (a built `scripts/rules`, with its generated `rulesets.mjs`) is an argument
 * so a test can point it at a deliberately broken copy.
 */

import { createInterface } from "node:readline";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const coreDir = process.argv[2];
if ( !coreDir ) {
  process.stderr.write("usage: node engine_server.mjs <rules-core-dir>\n");
  process.exit(2);
}
const harness = await import(pathToFileURL(resolve(coreDir, "harness.mjs")).href);
const rulesets = await import(pathToFileURL(resolve(coreDir, "rulesets.mjs")).href);

/**
 * Run one case through the core.
 * @param {object} c  `{ruleset, rule, config, input, dice}`
 * @returns {object}
 */
function runOne(c) {
  return harness.runCase(c.ruleset, c.rule, c.config, c.input, c.dice);
}

/**
 * Answer one request.
 * @param {object} request
 * @returns {object}
 */
function answer(request) {
  switch ( request.op ) {
    case "run": return { result: runOne(request.case) };
    case "batch": return { results: request.cases.map(c => {
      try { return runOne(c); }
      catch(err) { return { crash: String(err?.stack ?? err) }; }
    }) };
    case "rules": return { rules: harness.listRules(request.ruleset) };
    case "config": return { config: rulesets.RULESETS[request.ruleset]?.CONFIG ?? null };
    default: throw new Error(`unknown op ${request.op}`);
  }
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await ( const line of lines ) {
  if ( !line.trim() ) continue;
  let id = null;
  let reply;
  try {
    const request = JSON.parse(line);
    id = request.id;
    reply = { id, ...answer(request) };
  } catch(err) {
    reply = { id, crash: String(err?.stack ?? err) };
  }
  process.stdout.write(`${JSON.stringify(reply)}\n`);
}
