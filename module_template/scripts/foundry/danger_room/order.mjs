/**
 * Speeds, order and Wait in the Combat tracker (DR-R07 steps 2, 3 and 5; DR-G19, DR-G20): each
 * fighter's Turn Speed is published while its card stays secret, the GM's client orders the
 * fighters with the engine's `turn_order` (rolling any roll-off) and writes the acting order as
 * initiative values, so the tracker shows it. A Wait re-runs `turn_order` on the same roll-off
 * dice with the new Waits, so the order only ever changes the way the rules say.
 * @module foundry/danger_room/order
 */

import { MODULE_ID } from "../../config.mjs";
import { runCase } from "../../rules/harness.mjs";
import { roundFlag } from "./commit.mjs";
import { PlayError } from "./errors.mjs";
import { entryFor, nameOf } from "./fight.mjs";
import { postStep, runStep } from "./steps.mjs";
import { fightConfig } from "./settings.mjs";
import { OWN_UPDATE } from "./tracker.mjs";

/**
 * @typedef {Record<string, any>} Json
 * @typedef {import("./fight.mjs").Fight} Fight
 * @typedef {{round: number, speeds: [string, number][], dice: {d: number|string, v: number}[],
 *   waits: string[]}} OrderFlag  the Combat's order for one round: the published Speeds, the
 *   roll-off dice and the Waits so far, in the order they happened
 */

/** Fighters out of the fight choose no card and take no turn. */
const OUT = Object.freeze(["down", "obliterated"]);

/**
 * The fighters still in the fight.
 * @param {Fight} fight
 * @returns {import("./fight.mjs").Entry[]}
 */
export function inFight(fight) {
  return fight.entries.filter((e) => !OUT.includes(e.record.status));
}

/**
 * The Turn Speed of a fighter with a card (DR-R07 step 2, DR-G43): `turn_speed`.
 * @param {Json} record  an engine fighter record
 * @param {Json} card    an engine card
 * @returns {number}
 */
export function turnSpeed(record, card) {
  const input = { fighter: { id: record.id, attributes: record.attributes }, card: { speed: card.speed, focus: card.focus } };
  const outcome = runCase("danger_room", "turn_speed", fightConfig(), input, []);
  if ( outcome.error ) throw new PlayError(game.i18n.format("RULEPACK.Error.RuleFailed", { message: outcome.error.message }));
  return outcome.state.speed;
}

/**
 * The `turn_order` input for published Speeds: the cards stay secret, so each fighter enters
 * with a card whose printed Speed gives exactly its published Turn Speed (the Speed less the
 * Agility bonus the rule adds back; `fighter_profile` gives the bonus).
 * @param {Fight} fight
 * @param {OrderFlag} order
 * @returns {Json}
 */
function orderInput(fight, order) {
  const fighters = order.speeds.map(([id, speed]) => {
    const record = fight.state.fighters[id];
    const profile = runCase("danger_room", "fighter_profile", fightConfig(), { fighter: { id, attributes: record.attributes } }, []);
    if ( profile.error ) throw new PlayError(profile.error.message);
    const card = { speed: speed - profile.state.bonuses.agility, focus: false };
    return { id, attributes: record.attributes, card, wait: order.waits.includes(id) };
  });
  return { fighters };
}

/**
 * The initiative updates that make the tracker show `acting` top to bottom; fighters outside it
 * get none.
 * @param {Fight} fight
 * @param {string[]} acting
 * @returns {{_id: string|null, initiative: number|null}[]}
 */
function initiatives(fight, acting) {
  return fight.entries.map((e) => {
    const at = acting.indexOf(e.record.id);
    return { _id: e.combatant.id, initiative: at < 0 ? null : acting.length - at };
  });
}

/** The ordering under way, by Combat and round: the GM's client orders each round once. */
const ordering = new Map();

/**
 * Order the fighters from their published Speeds (GM): roll any roll-off, post the order card,
 * write the initiatives and start the round at the top of the tracker. Does nothing while a
 * Speed is missing or once the round is ordered; a second call while it runs waits for it.
 * @param {Fight} fight
 * @returns {Promise<boolean>}  whether it ordered the round
 */
export function orderRound(fight) {
  const key = `${fight.combat.id}.${fight.combat.round}`;
  if ( !ordering.has(key) ) ordering.set(key, orderOnce(fight).finally(() => ordering.delete(key)));
  return ordering.get(key);
}

/**
 * `orderRound`'s work.
 * @param {Fight} fight
 * @returns {Promise<boolean>}
 */
async function orderOnce(fight) {
  const { combat } = fight;
  if ( combat.getFlag(MODULE_ID, "order")?.round === combat.round ) return false;
  const speeds = inFight(fight).map((e) => [e.record.id, roundFlag(combat, e.combatant, "speed")?.speed]);
  if ( speeds.some(([, speed]) => !Number.isInteger(speed)) ) return false;
  /** @type {OrderFlag} */
  const order = { round: combat.round, speeds: /** @type {[string, number][]} */ (speeds), dice: [], waits: [] };
  const step = await runStep("turn_order", orderInput(fight, order));
  order.dice = step.call.dice;
  await combat.setFlag(MODULE_ID, "order", order);
  await combat.updateEmbeddedDocuments("Combatant", initiatives(fight, step.result.state.acting_order), OWN_UPDATE);
  await combat.update({ turn: 0 }, OWN_UPDATE);
  const names = step.result.state.acting_order.map((/** @type {string} */ id) => nameOf(fight, id)).join(", ");
  await postStep(step, {
    title: game.i18n.localize("RULEPACK.DangerRoom.Title.Order"),
    lines: [game.i18n.format("RULEPACK.DangerRoom.Order", { order: names })]
  });
  return true;
}

/**
 * DR-R07 step 5, DR-G20: the fighter whose turn it is Waits (once per Turn); the GM re-runs
 * `turn_order` with the round's roll-off dice and the new Wait and writes the initiatives. The
 * tracker's turn stays where it is, so the next fighter's turn comes.
 * @param {Fight} fight
 * @param {string} fighter  the fighter id that Waits
 * @returns {Promise<void>}
 */
export async function requeue(fight, fighter) {
  const { combat } = fight;
  /** @type {OrderFlag|undefined} */
  const stored = combat.getFlag(MODULE_ID, "order");
  if ( !stored || stored.round !== combat.round ) throw new PlayError(game.i18n.localize("RULEPACK.DangerRoom.NoOrder"));
  if ( stored.waits.includes(fighter) ) return;
  const order = { ...stored, waits: [...stored.waits, fighter] };
  const outcome = runCase("danger_room", "turn_order", fightConfig(), orderInput(fight, order), order.dice);
  if ( outcome.error ) throw new PlayError(game.i18n.format("RULEPACK.Error.RuleFailed", { message: outcome.error.message }));
  const turn = combat.turn;
  await combat.setFlag(MODULE_ID, "order", order);
  await combat.updateEmbeddedDocuments("Combatant", initiatives(fight, outcome.state.acting_order), OWN_UPDATE);
  await combat.update({ turn }, OWN_UPDATE);
  const step = { call: { ruleset: "danger_room", rule: "turn_order", config: { ...fightConfig() }, input: orderInput(fight, order), dice: order.dice }, result: outcome, rolls: [] };
  const names = outcome.state.acting_order.map((/** @type {string} */ id) => nameOf(fight, id)).join(", ");
  await postStep(step, {
    title: game.i18n.format("RULEPACK.DangerRoom.Title.Wait", { name: nameOf(fight, fighter) }),
    lines: [game.i18n.format("RULEPACK.DangerRoom.Order", { order: names })],
    speaker: ChatMessage.getSpeaker({ actor: entryFor(fight, fighter).actor })
  });
}
