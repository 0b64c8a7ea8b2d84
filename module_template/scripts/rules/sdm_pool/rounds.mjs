/**
 * A whole round: each combatant's turn in order, and the Counters after it; mirror of
 * `compiler/rules/sdm_pool/rounds.py`.
 *
 * Every step is checked before any die is taken. A turn starts (self-recovery first, SDM-G20),
 * runs its steps, each paying its cost or refused, and ends; the Counters earned meanwhile then
 * resolve in the order earned, before the next turn (`counter_timing: after_attacker_turn`), or
 * right after the attack that earned them (`immediately`).
 */

import { choice, movementUnit } from "./config.mjs";
import { movementOf, payNow, unable } from "./economy.mjs";
import {
  IN, REQUIRED, fail, idList, isObject, readObject, requireChoice, requireId, requireList, requireMap, requireText
} from "./fields.mjs";
import { PLAN_SPEC, checkCounters, readPlan, resolveAttack as attackWith } from "./opportunity.mjs";
import { beginTurn, stabilizeTarget } from "./recovery.mjs";
import { findWeapon, indexOf, readCharacters } from "./sheet.mjs";

const STEP_KINDS = Object.freeze(["attack", "move", "action", "minor", "stabilize"]);

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 * @typedef {import("./sheet.mjs").Character} Character
 * @typedef {import("./opportunity.mjs").Plan} Plan
 * @typedef {Record<string, Character>} Fight
 * @typedef {Array<[string, string, Plan]>} Pending
 * @typedef {{config: Record<string, any>, queue: import("../queue.mjs").DiceQueue, paths: Record<string, string>}} Context
 */

/**
 * SDM-R01, SDM-G16: the turn order: distinct ids of combatants (those left out, such as a
 * late joiner whose slot has passed, take no turn this round).
 * @param {unknown} value
 * @param {Fight} fighters
 * @returns {string[]}
 */
export function readOrder(value, fighters) {
  const where = `${IN}.order`;
  const order = idList(value, where, 100);
  order.forEach((ident, index) => {
    if ( !Object.hasOwn(fighters, ident) ) throw fail(where, `${where}[${index}] names no combatant`);
  });
  return order;
}

/**
 * SDM-R05, SDM-R07, SDM-R12, SDM-G20: one step of a turn, tagged by `kind`, checked against
 * the fight: its target is another combatant, its weapons are their makers'.
 * @param {unknown} value
 * @param {string} where
 * @param {Character} actor
 * @param {Fight} fighters
 * @returns {Record<string, any>}
 */
export function readStep(value, where, actor, fighters) {
  if ( !isObject(value) ) throw fail(where, `${where} must be an object`);
  const kind = requireChoice(Object.hasOwn(value, "kind") ? value.kind : null, `${where}.kind`, STEP_KINDS);
  /** @type {Record<string, Array<[string, any]>>} */
  const specs = {
    attack: [["target", REQUIRED], ["weapon", REQUIRED], ...PLAN_SPEC],
    move: [], action: [["label", REQUIRED]], minor: [["label", REQUIRED]],
    stabilize: [["target", REQUIRED]]
  };
  const step = readObject(value, where, [["kind", REQUIRED], ...specs[kind]]);
  if ( Object.hasOwn(step, "label") ) requireText(step.label, `${where}.label`);
  if ( Object.hasOwn(step, "target") ) {
    const target = requireId(step.target, `${where}.target`);
    if ( !Object.hasOwn(fighters, target) || (target === actor.id) ) throw fail(where, `${where}.target must name another combatant`);
  }
  if ( kind === "attack" ) {
    const plan = readPlan(step, where, 0);
    findWeapon(actor, plan.weapon, `${where}.weapon`);
    checkCounters(plan, actor, fighters[step.target], true);
    step.plan = plan;
  }
  return step;
}

/**
 * SDM-R01: each combatant's steps, by id; only combatants in the order have any.
 * @param {unknown} value
 * @param {string[]} order
 * @param {Fight} fighters
 * @returns {Record<string, any[]>}
 */
export function readTurns(value, order, fighters) {
  const where = `${IN}.turns`;
  /** @type {Record<string, any[]>} */
  const found = {};
  for ( const [ident, steps] of requireMap(value, where, 100) ) {
    if ( !order.includes(ident) ) throw fail(where, `${where}.${ident} names no combatant in the order`);
    const items = requireList(steps, `${where}.${ident}`, 100);
    found[ident] = items.map((item, index) => readStep(item, `${where}.${ident}[${index}]`, fighters[ident], fighters));
  }
  return found;
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
    return [event, { type: "move", id: actor.id, distance, unit: movementUnit(config) }];
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
  const immediate = choice(config, "counter_timing") === "immediately";
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
  const fields = readObject(input, IN, [["combatants", REQUIRED], ["order", REQUIRED], ["turns", {}]]);
  const combatants = readCharacters(fields.combatants, `${IN}.combatants`, config);
  /** @type {Fight} */
  const fighters = Object.fromEntries(combatants.map(c => [c.id, c]));
  const order = readOrder(fields.order, fighters);
  const turns = readTurns(fields.turns, order, fighters);
  const paths = Object.fromEntries(combatants.map(c => [c.id, `${IN}.combatants[${indexOf(combatants, c.id)}]`]));
  const context = { config, queue, paths };
  const events = [{ type: "round_start", order }];
  for ( const ident of order ) {
    events.push(...takeTurn(fighters[ident], Object.hasOwn(turns, ident) ? turns[ident] : [], fighters, context));
  }
  events.push({ type: "round_end" });
  return [events, { combatants, order }];
}
