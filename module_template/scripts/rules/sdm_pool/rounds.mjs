/**
 * A whole round: each combatant's turn in order, and the Counters after it; mirror of
 * `compiler/rules/sdm_pool/rounds.py`.
 *
 * Every step is checked before any die is taken. A turn starts (self-recovery first, SDM-G20),
 * runs its steps, each paying its cost or refused, and ends; the Counters earned meanwhile then
 * resolve in the order earned, before the next turn (`counter_timing: after_attacker_turn`), or
 * right after the attack that earned them (`immediately`).
 */

import { sortedKeys } from "../inputs.mjs";
import { movementOf, payNow, unable } from "./economy.mjs";
import { fail } from "../shapes.mjs";
import { IN, namesKnown } from "./fields.mjs";
import { checkCounters, readPlan, resolveAttack as attackWith } from "./opportunity.mjs";
import { beginTurn, stabilizeTarget } from "./recovery.mjs";
import { findWeapon, indexOf, readCharacters } from "./sheet.mjs";

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 * @typedef {import("./sheet.mjs").Character} Character
 * @typedef {import("./opportunity.mjs").Plan} Plan
 * @typedef {Record<string, Character>} Fight
 * @typedef {Array<[string, string, Plan]>} Pending
 * @typedef {{config: Record<string, any>, queue: import("../queue.mjs").DiceQueue, paths: Record<string, string>}} Context
 */

/**
 * SDM-R01, SDM-G16: the turn order: ids of combatants, each once (the shape's); those left
 * out, such as a late joiner whose slot has passed, take no turn this round.
 * @param {string[]} order
 * @param {Fight} fighters
 * @returns {string[]}
 */
export function readOrder(order, fighters) {
  namesKnown(order, fighters, `${IN}.order`, "combatant");
  return order;
}

/**
 * SDM-R05, SDM-R07, SDM-R12, SDM-G20: one step of a turn (its shape read by the harness),
 * checked against the fight: its target is another combatant, its weapons are their makers',
 * and every Counter it chooses says which attack it makes.
 * @param {Record<string, any>} step
 * @param {string} where
 * @param {Character} actor
 * @param {Fight} fighters
 * @returns {void}
 */
export function readStep(step, where, actor, fighters) {
  if ( Object.hasOwn(step, "target") && (!Object.hasOwn(fighters, step.target) || (step.target === actor.id)) ) {
    throw fail(where, `${where}.target must name another combatant`);
  }
  if ( step.kind === "attack" ) {
    const plan = readPlan(step, where, 0);
    findWeapon(actor, plan.weapon, `${where}.weapon`);
    checkCounters(plan, actor, fighters[step.target], true);
    step.plan = plan;
  }
}

/**
 * SDM-R01: each combatant's steps, by id; only combatants in the order have any.
 * @param {Record<string, any[]>} turns
 * @param {string[]} order
 * @param {Fight} fighters
 * @returns {void}
 */
export function readTurns(turns, order, fighters) {
  const where = `${IN}.turns`;
  for ( const ident of sortedKeys(Object.keys(turns)) ) {
    if ( !order.includes(ident) ) throw fail(where, `${where}.${ident} names no combatant in the order`);
    turns[ident].forEach((step, index) => readStep(step, `${where}.${ident}[${index}]`, fighters[ident], fighters));
  }
}

/**
 * SDM-R05, SDM-R07, SDM-R08, SDM-G20: one step: its cost, then what it does. A Counter its
 * attack earns joins `pending`. `context` holds the config, the queue and the paths.
 * @param {Character} actor
 * @param {Record<string, any>} step
 * @param {Fight} fighters
 * @param {Pending} pending
 * @param {Context} context
 * @returns {object[]}
 */
export function runStep(actor, step, fighters, pending, context) {
  const { config, queue } = context;
  const kind = step.kind;
  if ( kind === "attack" ) {
    const target = fighters[step.target];
    const plan = { ...step.plan, cost: "action", attacker_where: context.paths[actor.id], target_where: context.paths[target.id] };
    const [events, outcome] = attackWith(actor, target, plan, config, queue);
    queueCounter(outcome, plan, pending);
    return events;
  }
  if ( kind === "stabilize" ) {
    const [events] = stabilizeTarget(actor, fighters[step.target], context.paths[actor.id], config, queue);
    return events;
  }
  const cost = kind === "minor" ? "minor" : "action";
  const [event, paid] = payNow(actor, cost, Object.hasOwn(step, "label") ? step.label : kind, config);
  if ( !paid ) return [event];
  if ( kind === "move" ) {
    const distance = movementOf(actor, context.paths[actor.id], config);
    return [event, { type: "move", id: actor.id, distance, unit: config.movement_unit.name }];
  }
  return [event, { type: "act", id: actor.id, label: step.label }];
}

/**
 * A Counter the attack earned joins the queue, with the attack it will make.
 * @param {{counter: {by: string, against: string}|null}} outcome
 * @param {Plan} plan
 * @param {Pending} pending
 * @returns {void}
 */
function queueCounter(outcome, plan, pending) {
  const counter = outcome.counter;
  if ( counter !== null ) pending.push([counter.by, counter.against, plan.opportunity.counter]);
}

/**
 * SDM-R12, SDM-G13, SDM-G21: the pending Counters in the order earned, each an ordinary
 * attack already paid for; one falling short may earn another, which joins the queue. A
 * counterer who can no longer act loses its Counter.
 * @param {Pending} pending
 * @param {Fight} fighters
 * @param {Context} context
 * @returns {object[]}
 */
export function resolveCounters(pending, fighters, context) {
  const events = [];
  while ( pending.length ) {
    const [by, against, spec] = /** @type {[string, string, Plan]} */ (pending.shift());
    const counterer = fighters[by];
    const target = fighters[against];
    const reason = unable(counterer);
    if ( reason !== null ) {
      events.push({ type: "counter_lost", by, against, reason });
      continue;
    }
    events.push({ type: "counter", by, against });
    const plan = { ...spec, cost: "none", attacker_where: context.paths[by], target_where: context.paths[against] };
    const [attacked, outcome] = attackWith(counterer, target, plan, context.config, context.queue);
    events.push(...attacked);
    queueCounter(outcome, plan, pending);
  }
  return events;
}

/**
 * SDM-R01, SDM-R05, SDM-R06, SDM-G13: one combatant's turn and the Counters after it.
 * @param {Character} actor
 * @param {any[]} steps
 * @param {Fight} fighters
 * @param {Context} context
 * @returns {object[]}
 */
export function takeTurn(actor, steps, fighters, context) {
  const config = context.config;
  const where = context.paths[actor.id];
  const [events, takes] = beginTurn(actor, where, config, context.queue);
  if ( !takes ) return events;
  const immediate = config.counter_timing === "immediately";
  /** @type {Pending} */
  const pending = [];
  steps.forEach((step, index) => {
    events.push({ type: "step", id: actor.id, index, kind: step.kind });
    events.push(...runStep(actor, step, fighters, pending, context));
    if ( immediate ) events.push(...resolveCounters(pending, fighters, context));
  });
  events.push({ type: "turn_end", id: actor.id });
  return [...events, ...resolveCounters(pending, fighters, context)];
}

/**
 * SDM-R01, SDM-R05, SDM-R06, SDM-R12, SDM-G13: every combatant in the order takes its turn
 * ("in and around roughly ten seconds of fiction").
 * @type {Rule}
 */
export function playRound(input, config, queue) {
  const combatants = readCharacters(input.combatants, `${IN}.combatants`, config);
  /** @type {Fight} */
  const fighters = Object.fromEntries(combatants.map(c => [c.id, c]));
  const order = readOrder(input.order, fighters);
  /** @type {Record<string, any[]>} */
  const turns = input.turns;
  readTurns(turns, order, fighters);
  const paths = Object.fromEntries(combatants.map(c => [c.id, `${IN}.combatants[${indexOf(combatants, c.id)}]`]));
  const context = { config, queue, paths };
  const events = [{ type: "round_start", order }];
  for ( const ident of order ) {
    events.push(...takeTurn(fighters[ident], Object.hasOwn(turns, ident) ? turns[ident] : [], fighters, context));
  }
  events.push({ type: "round_end" });
  return [events, { combatants, order }];
}
