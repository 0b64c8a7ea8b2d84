/**
 * Crytures initiative in the Combat tracker (CR-R01-R03, CR-G16, CR-G17), the GM's macro. The
 * first run rolls every fighter's summed d10 pool (Speed + Reflexes dice, one Foundry `Roll` per
 * pool) and the roll-offs of ties, enrols everyone in the fight (current Health, Stamina and Mana
 * from the sheet, no statuses, both actions) and writes the order; a later run adds each
 * Combatant the order lacks as a late entrant (`late_entrant`, acted = the tracker's turn). The
 * engine's order is kept on the Combat (`flags.<module>.order`, Combatant ids and totals); the
 * tracker shows each total, ties the roll-offs settled told apart by hundredths (14.01 before
 * 14), so Foundry's sort keeps the engine's order. A late entrant that acts now (CR-R03: "they
 * will take their turn immediately, then return to their normal position in the next round") is
 * shown this round at the tracker's current turn, between those who have acted and the rest,
 * and the GM's client puts everyone back at their place when the round changes.
 * @module foundry/crytures/initiative
 */

import { MODULE_ID, RULES_CONFIG } from "../../config.mjs";
import { roller } from "../../rules/crytures/content.mjs";
import { postCard } from "../chat-card.mjs";
import { isActiveGm } from "../gm-requests.mjs";
import { readOrWarn, refuse, refuseResult, runRolled } from "./engine.mjs";
import { enrolled, gridMatches, readFight } from "./fight.mjs";

/**
 * @typedef {import("./fight.mjs").Seat} Seat
 * @typedef {{combatant: string, total: number}} OrderEntry  the stored order
 */

/**
 * The tracker value of each place in an order: its total, plus a hundredth for each later
 * fighter of the same total.
 * @param {{total: number}[]} order
 * @returns {number[]}
 */
export function trackerValues(order) {
  return order.map((e, i) => e.total + (order.slice(i + 1).filter((o) => o.total === e.total).length / 100));
}

/**
 * The fight-state flags a fighter starts with (CR-R04, CR-G19, CR-G20): every flag a card may
 * change is set, so its Undo has a value to restore (null: the sheet's consumables and crystals).
 * @param {Seat} seat
 * @returns {Record<string, unknown>}
 */
function enrolment(seat) {
  const { stats } = seat.state;
  return {
    health: stats.health, stamina: stats.stamina ?? 0, mana: stats.mana ?? 0, statuses: [], defeated: false,
    major: true, minor: true, actions_round: 0, active: false, consumables: null, binding_crystals: null,
    outcome: null, moves: 0, moves_round: 0
  };
}

/**
 * The tracker values of a round where a late entrant acts now though it ranks above some who
 * have acted (CR-R03): its place's values, the entrant's moved to halfway between the last who
 * acted and the next to act, so the tracker shows it at the current turn.
 * @param {OrderEntry[]} order  the order with the entrant at `index`
 * @param {number} index
 * @param {number} acted  how many had acted (0 < acted, index < acted)
 * @returns {number[]}
 */
export function nowValues(order, index, acted) {
  const values = trackerValues(order);
  values[index] = (values[acted] + values[acted + 1]) / 2;
  return values;
}

/**
 * Write the order into the tracker and the Combat, and enrol the newcomers.
 * @param {Combat} combat
 * @param {Seat[]} seats
 * @param {OrderEntry[]} order
 * @param {{values?: number[], turn?: number, start?: boolean}} [shown]  this round's tracker values
 *   and turn; `start`: the fight's first order, whose Combat starts keeping its opportunity
 *   attacks (CR-G10)
 */
async function writeOrder(combat, seats, order, shown = {}) {
  const values = shown.values ?? trackerValues(order);
  const updates = order.map((e, i) => {
    const seat = /** @type {Seat} */ (seats.find((s) => s.combatant.id === e.combatant));
    const join = enrolled(seat.combatant) ? {} : { [`flags.${MODULE_ID}`]: enrolment(seat) };
    return { _id: e.combatant, initiative: values[i], ...join };
  });
  await combat.updateEmbeddedDocuments("Combatant", updates);
  const turn = shown.turn === undefined ? {} : { turn: shown.turn };
  const start = shown.start ? { [`flags.${MODULE_ID}.oa_spent`]: [], [`flags.${MODULE_ID}.oa_turn`]: "" } : {};
  await combat.update({ [`flags.${MODULE_ID}.order`]: order, ...turn, ...start });
}

/**
 * The GM's client puts every fighter back at its place in the order when a round begins (after
 * a late entrant's turn out of place, CR-R03). Call once, on `init`.
 */
export function registerRoundHook() {
  Hooks.on("updateCombat", (/** @type {Combat} */ combat, /** @type {Record<string, unknown>} */ changes) => {
    const order = storedOrder(combat);
    if ( !("round" in changes) || !order || !isActiveGm() ) return;
    const values = trackerValues(order);
    const updates = order.map((e, i) => ({ _id: e.combatant, initiative: values[i] }))
      .filter((u) => combat.combatants.get(u._id) && (combat.combatants.get(u._id)?.initiative !== u.initiative));
    if ( updates.length ) combat.updateEmbeddedDocuments("Combatant", updates).catch((err) => console.error(`${MODULE_ID} | initiative`, err));
  });
}

/**
 * The stored order, or null before the first roll.
 * @param {Combat} combat
 * @returns {OrderEntry[]|null}
 */
function storedOrder(combat) {
  const order = combat.getFlag(MODULE_ID, "order");
  return Array.isArray(order) ? order : null;
}

/**
 * The order lines of a card: "Sparkit 14, Emberling 9".
 * @param {{id: string, total: number}[]} order  engine ids
 * @param {Record<string, string>} names
 * @returns {string}
 */
function orderText(order, names) {
  return order.map((e) => `${names[e.id] ?? e.id} ${e.total}`).join(", ");
}

/**
 * Roll the whole fight's initiative (CR-R01, CR-R02, CR-G17).
 * @param {Combat} combat
 * @param {Seat[]} seats
 * @returns {Promise<ChatMessage|undefined>}
 */
async function rollAll(combat, seats) {
  const combatants = seats.map((s) => roller(s.fighter, s.id));
  const { call, result, rolls } = await runRolled("initiative", { combatants });
  if ( result.error ) return refuseResult(result);
  const order = /** @type {any} */ (result.state).order;
  const byId = Object.fromEntries(seats.map((s) => [s.id, s]));
  const names = Object.fromEntries(seats.map((s) => [s.id, s.name]));
  await writeOrder(combat, seats, order.map((/** @type {any} */ e) => ({ combatant: byId[e.id].combatant.id, total: e.total })),
    { start: true });
  const summary = [game.i18n.format("RULEPACK.Crytures.Summary.Order", { order: orderText(order, names) })];
  return postCard({ title: game.i18n.localize("RULEPACK.Crytures.InitiativeCard"), rolls, call, result, summary });
}

/**
 * This round's tracker values and turn after a late entrant (CR-R03): one that acts now is the
 * current turn, shown at the current turn even when it ranks above some who have acted.
 * @param {{order: OrderEntry[], index: number, acts_now: boolean}} state  the engine's, by engine id
 * @param {number} acted
 * @param {boolean} started
 * @returns {{values?: number[], turn?: number}}
 */
function shownRound(state, acted, started) {
  if ( !state.acts_now || !started ) return {};
  if ( state.index >= acted ) return { turn: acted };
  return { values: nowValues(state.order, state.index, acted), turn: acted };
}

/**
 * Add one late entrant to the stored order (CR-R03, CR-G16).
 * @param {Combat} combat
 * @param {Seat[]} seats
 * @param {Seat} entrant
 * @returns {Promise<ChatMessage|undefined>}
 */
async function addEntrant(combat, seats, entrant) {
  const stored = /** @type {OrderEntry[]} */ (storedOrder(combat));
  const idOf = Object.fromEntries(seats.map((s) => [s.combatant.id, s.id]));
  const order = stored.filter((e) => idOf[e.combatant]).map((e) => ({ id: idOf[e.combatant], total: e.total }));
  const acted = combat.started ? Math.min(combat.turn ?? 0, order.length) : 0;
  const who = roller(entrant.fighter, entrant.id);
  const input = { order, acted, entrant: who };
  const { call, result, rolls } = await runRolled("late_entrant", input);
  if ( result.error ) return refuseResult(result);
  const state = /** @type {any} */ (result.state);
  const byId = Object.fromEntries(seats.map((s) => [s.id, s.combatant.id]));
  const joined = state.order.map((/** @type {any} */ e) => ({ combatant: byId[e.id], total: e.total }));
  await writeOrder(combat, seats, joined, shownRound(state, acted, combat.started));
  const names = Object.fromEntries(seats.map((s) => [s.id, s.name]));
  const summary = [
    state.acts_now ? game.i18n.format("RULEPACK.Crytures.Summary.ActsNow", { name: entrant.name })
      : game.i18n.format("RULEPACK.Crytures.Summary.Waits", { name: entrant.name }),
    game.i18n.format("RULEPACK.Crytures.Summary.Order", { order: orderText(state.order, names) })
  ];
  const title = game.i18n.format("RULEPACK.Crytures.LateEntrantCard", { name: entrant.name });
  return postCard({ title, rolls, call, result, summary });
}

/**
 * GM: roll the fight's initiative into the viewed Combat, or add the Combatants it lacks.
 * @returns {Promise<ChatMessage|undefined>}  the last card posted
 */
export async function rollInitiative() {
  const combat = game.combat;
  if ( !game.user?.isGM ) return refuse(game.i18n.localize("RULEPACK.Crytures.GmOnly"));
  if ( !combat ) return refuse(game.i18n.localize("RULEPACK.Crytures.NeedCombat"));
  if ( !gridMatches(/** @type {any} */ (RULES_CONFIG).grid) ) {
    return refuse(game.i18n.format("RULEPACK.Crytures.WrongGrid", { grid: /** @type {any} */ (RULES_CONFIG).grid }));
  }
  const seats = await readOrWarn(() => readFight(combat));
  if ( !seats?.length ) return seats ? refuse(game.i18n.localize("RULEPACK.Crytures.NoFighters")) : undefined;
  const stored = storedOrder(combat);
  if ( !stored ) return rollAll(combat, seats);
  const entrants = seats.filter((s) => !stored.some((e) => e.combatant === s.combatant.id));
  if ( !entrants.length ) return refuse(game.i18n.localize("RULEPACK.Crytures.AllRolled"));
  let message;
  for ( const entrant of entrants ) message = await addEntrant(combat, await readFight(combat), entrant);
  return message;
}
