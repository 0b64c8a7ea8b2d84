/**
 * Long-lived Node side of the parity tests: one process serves a whole pytest session.
 *
 * Usage: node engine_server.mjs <rules-core-dir>
 * Reads one JSON request per line on stdin and writes one JSON answer per line on stdout:
 *   {id, op: "run", case: {ruleset, rule, config, input, dice}} -> {id, result}
 *   {id, op: "batch", cases: [...]}                             -> {id, results: [...]}
 *   {id, op: "rules", ruleset}                                  -> {id, rules: [...]}
 *   {id, op: "config", ruleset}                                 -> {id, config: {...}}
 *   {id, op: "odds", ruleset, query, params, config}            -> {id, result: distJson | {error}}
 *   {id, op: "matchup", ruleset, library, config, choice}       -> {id, result: query | {error}}
 *   {id, op: "call", module, name, args}                        -> {id, result} (BigInts as strings)
 *   {id, op: "cpu"}                  -> {id, cpu: seconds of CPU this process has used so far}
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
const exact = await import(pathToFileURL(resolve(coreDir, "exact.mjs")).href);
const odds = await import(pathToFileURL(resolve(coreDir, "odds.mjs")).href);
const { RuleError } = await import(pathToFileURL(resolve(coreDir, "errors.mjs")).href);

/** Each engine's odds adapter (`odds.mjs` beside its engine), loaded when first asked for. */
const adapters = new Map();

/**
 * The exact distribution of one odds query, as JSON, or the rule error that stopped it.
 * @param {object} r  `{ruleset, query, params, config}`
 * @returns {Promise<object>}
 */
async function oddsOf(r) {
  if ( !adapters.has(r.ruleset) ) {
    const file = r.ruleset === odds.PRIMITIVES ? "odds.mjs" : `${r.ruleset}/odds.mjs`;
    adapters.set(r.ruleset, (await import(pathToFileURL(resolve(coreDir, file)).href)).QUERIES);
  }
  try {
    return exact.distJson(odds.runQuery(adapters.get(r.ruleset), r.query, r.params, r.config));
  } catch(err) {
    if ( !(err instanceof RuleError) ) throw err;
    return { error: { code: err.code, message: err.message } };
  }
}

/**
 * Run one case through the core.
 * @param {object} c  `{ruleset, rule, config, input, dice}`
 * @returns {object}
 */
function runOne(c) {
  return harness.runCase(c.ruleset, c.rule, c.config, c.input, c.dice);
}

/**
 * A ruleset's content matchup (`matchups.mjs` beside its engine) as its odds query, or the rule
 * error that stopped it.
 * @param {object} r  `{ruleset, library, config, choice}`
 * @returns {Promise<object>}
 */
async function matchupOf(r) {
  const module = await import(pathToFileURL(resolve(coreDir, `${r.ruleset}/matchups.mjs`)).href);
  try {
    return module.matchup(r.library, r.config, r.choice);
  } catch(err) {
    if ( !(err instanceof RuleError) ) throw err;
    return { error: { code: err.code, message: err.message } };
  }
}

/**
 * Call an exported function of a core module (a path under the core) on JSON arguments; BigInts
 * in the answer become decimal strings.
 * @param {object} r  `{module, name, args}`
 * @returns {Promise<unknown>}
 */
async function callOf(r) {
  const module = await import(pathToFileURL(resolve(coreDir, r.module)).href);
  const found = module[r.name](...r.args);
  return JSON.parse(JSON.stringify(found, (key, value) => (typeof value === "bigint" ? String(value) : value)));
}

/**
 * Answer one request.
 * @param {object} request
 * @returns {Promise<object>}
 */
async function answer(request) {
  switch ( request.op ) {
    case "matchup": return { result: await matchupOf(request) };
    case "call": return { result: await callOf(request) };
    case "odds": return { result: await oddsOf(request) };
    case "run": return { result: runOne(request.case) };
    case "batch": return { results: request.cases.map(c => {
      try { return runOne(c); }
      catch(err) { return { crash: String(err?.stack ?? err) }; }
    }) };
    case "rules": return { rules: harness.listRules(request.ruleset) };
    case "config": return { config: rulesets.RULESETS[request.ruleset]?.CONFIG ?? null };
    case "cpu": { const { user, system } = process.cpuUsage(); return { cpu: (user + system) / 1e6 }; }
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
    reply = { id, ...(await answer(request)) };
  } catch(err) {
    reply = { id, crash: String(err?.stack ?? err) };
  }
  process.stdout.write(`${JSON.stringify(reply)}\n`);
}
