/**
 * Thin Foundry adapter for P6 (table lookup): rolls the table's die with Foundry's `Roll` so the
 * players see it, hands the face to the pure rules core, and posts the chat card (the dice, the
 * location, the rules trace and "Copy as fixture"; it changes no document).
 * @module foundry/hit-location
 */

import { MODULE_ID, PACKS } from "../config.mjs";
import { runCase } from "../rules/harness.mjs";
import { diceOf, postCard } from "./chat-card.mjs";
import * as notices from "./notices.mjs";

/* -------------------------------------------- */
/*  Helpers                                     */
/* -------------------------------------------- */

/**
 * Find one of this module's roll tables by its author key.
 * @param {string} key
 * @returns {Promise<RollTable|undefined>}
 */
async function findTable(key) {
  const pack = game.packs.get(`${MODULE_ID}.${PACKS.RollTable}`);
  if (!pack) return undefined;
  const tables = await pack.getDocuments();
  return tables.find((t) => t.getFlag(MODULE_ID, "key") === key);
}

/**
 * The table's results as rules-core input: inclusive ranges with the location keys.
 * @param {RollTable} table
 * @returns {{die: number, table: {lo: number, hi: number, key: string}[]}}
 */
function lookupInput(table) {
  const results = [...table.results].sort((a, b) => a.range[0] - b.range[0]);
  const rows = results.map((r) => ({ lo: r.range[0], hi: r.range[1], key: r.getFlag(MODULE_ID, "key") }));
  const die = Number(table.formula.replace(/^1d/, ""));
  return { die, table: rows };
}

/* -------------------------------------------- */
/*  API                                         */
/* -------------------------------------------- */

/**
 * Roll on one of this module's hit-location tables and post the location (P6).
 * @param {string} key  The table's author id, e.g. "human".
 * @returns {Promise<ChatMessage|undefined>}
 */
export async function rollHitLocation(key) {
  const table = await findTable(key);
  if (!table) {
    notices.error(game.i18n.format("RULEPACK.HitLocation.TableMissing", { key }));
    return undefined;
  }
  const input = lookupInput(table);
  const roll = await new Roll(`1d${input.die}`).evaluate();
  const call = { ruleset: "primitives", rule: "table_lookup", config: {}, input, dice: diceOf(roll) };
  const outcome = runCase(call.ruleset, call.rule, call.config, call.input, call.dice);
  if (outcome.error) {
    notices.error(game.i18n.format("RULEPACK.Error.RuleFailed", { message: outcome.error.message }));
    return undefined;
  }
  const result = [...table.results].find((r) => r.getFlag(MODULE_ID, "key") === outcome.state.key);
  const line = game.i18n.format("RULEPACK.HitLocation.Result", {
    die: input.die, face: call.dice[0].v, location: result?.getFlag(MODULE_ID, "label") ?? outcome.state.key,
  });
  const title = game.i18n.format("RULEPACK.HitLocation.Title", { table: table.name });
  return postCard({ title, rolls: [roll], call, result: outcome, summary: [line] });
}
