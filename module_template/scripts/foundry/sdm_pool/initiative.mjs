/**
 * Initiative into the Combat tracker (SDM-R02, SDM-R03, SDM-R04, SDM-G15), by the GM: every
 * combatant of the viewed Combat rolls `2 + Dexterity` d6 as one Foundry `Roll` each, in the
 * tracker's roster order, and the engine's `initiative` rule orders them: total, then Dexterity,
 * then player characters first. A tie those leave is the players' to break: the GM's window asks
 * the order they chose (the rule's explicit `tie_order`), and the rule runs again on the same
 * dice. The tracker then shows the engine's order: each total, with hundredths that keep a tie in
 * the chosen order (the tracker sorts by initiative alone). One chat card shows it all.
 * @module foundry/sdm_pool/initiative
 */

import { readCombatants } from "./actors.mjs";
import { rollWith, runWith } from "./engine.mjs";
import { tieWindow } from "./windows.mjs";
import { postCard } from "../chat-card.mjs";
import { RuleError } from "../../rules/errors.mjs";
import * as notices from "../notices.mjs";

/**
 * Show a warning and stop.
 * @param {string} message  localised
 * @returns {undefined}
 */
function refuse(message) {
  notices.warn(message);
  return undefined;
}

/**
 * The players' order for every tie the rules left to the roster (SDM-G15), tie by tie; null when
 * a window is closed.
 * @param {any[]} events
 * @param {Record<string, string>} names
 * @returns {Promise<string[]|null>}
 */
async function playersChoice(events, names) {
  const order = [];
  for ( const tie of events.filter((e) => (e.type === "tie") && (e.decided_by === "roster_order")) ) {
    const tied = tie.ids.map((/** @type {string} */ id) => ({ id, label: names[id] ?? id }));
    const heading = game.i18n.format("RULEPACK.Sdm.TieHeading", { names: tied.map((/** @type {{label: string}} */ t) => t.label).join(", "), total: tie.total });
    const chosen = await tieWindow(heading, tied);
    if ( !chosen ) return null;
    order.push(...chosen);
  }
  return order;
}

/**
 * The tracker's initiative of each slot in the engine's order: its total, plus hundredths that
 * rank the members of a tie in order (the first highest).
 * @param {{id: string, total: number}[]} slots  in the engine's order
 * @returns {Map<string, number>}
 */
export function trackerValues(slots) {
  /** @type {Map<string, number>} */
  const values = new Map();
  for ( const slot of slots ) {
    const tied = slots.filter((s) => s.total === slot.total);
    const below = tied.length - 1 - tied.indexOf(slot);
    values.set(slot.id, slot.total + (below / 100));
  }
  return values;
}

/**
 * Write the engine's order into the tracker: each Combatant's initiative (`trackerValues`).
 * @param {Combat} combat
 * @param {Map<string, Combatant>} byId  engine id → its Combatant
 * @param {{id: string, total: number}[]} slots  in the engine's order
 * @returns {Promise<unknown>}
 */
function writeOrder(combat, byId, slots) {
  const values = trackerValues(slots);
  return combat.updateEmbeddedDocuments("Combatant", slots.map((s) => ({
    _id: byId.get(s.id)?.id ?? null, initiative: values.get(s.id) ?? null
  })));
}

/**
 * Roll initiative for the viewed Combat and write the order into its tracker (GM only).
 * @returns {Promise<ChatMessage|undefined>}
 */
export async function rollInitiative() {
  if ( !game.user?.isGM ) return refuse(game.i18n.localize("RULEPACK.Sdm.GmOnly"));
  const combat = game.combat;
  const entries = combat ? [...combat.combatants].filter((c) => c.actor) : [];
  if ( !combat || !entries.length ) return refuse(game.i18n.localize("RULEPACK.Sdm.NoCombat"));
  let fighters;
  try {
    fighters = readCombatants(entries.map((c) => /** @type {Actor} */ (c.actor)), entries.map((c) => String(c.id)));
  } catch(err) {
    if ( !(err instanceof RuleError) ) throw err;
    return refuse(game.i18n.format("RULEPACK.Error.RuleFailed", { message: err.message }));
  }
  const input = { combatants: fighters.map((f) => f.character), tie_order: /** @type {string[]} */ ([]) };
  const rolled = await rollWith("initiative", input);
  if ( rolled.result.error ) return refuse(game.i18n.format("RULEPACK.Error.RuleFailed", { message: rolled.result.error.message }));
  /** @type {Record<string, string>} */
  const names = Object.fromEntries(fighters.map((f) => [f.character.id, f.name]));
  const order = await playersChoice(rolled.result.events, names);
  if ( order === null ) return undefined;
  const call = { ...rolled.call, input: { ...input, tie_order: order } };
  const result = order.length ? runWith("initiative", call.input, call.dice) : rolled.result;
  if ( result.error ) return refuse(game.i18n.format("RULEPACK.Error.RuleFailed", { message: result.error.message }));
  const slots = /** @type {{id: string, total: number}[]} */ (result.state.slots);
  await writeOrder(combat, new Map(fighters.map((f, i) => [f.character.id, entries[i]])), slots);
  const summary = slots.map((s, i) => game.i18n.format("RULEPACK.Sdm.Summary.Order", { place: i + 1, name: names[s.id] ?? s.id, total: s.total }));
  return postCard({ title: game.i18n.localize("RULEPACK.Sdm.InitiativeCard"), rolls: rolled.rolls, call, result, summary });
}
