/**
 * A whole attack: pool, roll, the target's Opportunity, damage; mirror of
 * `compiler/rules/sdm_pool/opportunity.py`.
 *
 * Order (tests/golden/sdm_pool/README.md): the attacker pays its Action; the pool is rolled; a
 * Salvation ends it; on a shortfall the target's Dodge or Counter is paid from its next turn (a
 * paid Dodge ends it); the damage (dice only now) goes through armour to HP; a Disengage is paid
 * after it, if the target still stands; a paid Counter is left pending for its timing (SDM-G13).
 */

import * as dice from "../dice.mjs";
import { difficulty, poolOf, resolveTier, rollAttack } from "./attacks.mjs";
import { disengageDistance, movementOf, payNext, payNow, refused, unable } from "./economy.mjs";
import { fail } from "../shapes.mjs";
import { IN } from "./fields.mjs";
import { takeDamage } from "./harm.mjs";
import { findWeapon, readCharacter, weaponIndex } from "./sheet.mjs";

const MAX_DEPTH = 50;
const PLAN_KEYS = Object.freeze(["weapon", "tier", "cover", "concealment", "salvation_claimed", "opportunity"]);

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 * @typedef {import("../queue.mjs").DiceQueue} DiceQueue
 * @typedef {import("./sheet.mjs").Character} Character
 * @typedef {Record<string, any>} Plan
 */

/**
 * SDM-G02, SDM-G03, SDM-G08, SDM-R12: an attack's weapon, tier, cover, concealment,
 * claimed Salvation and the target's Opportunity choice (`{choice, counter?}`, a Counter's own
 * plan nested), each plan with `where` its fields were given.
 * @param {Record<string, any>} fields
 * @param {string} where
 * @param {number} depth
 * @returns {Plan}
 */
export function readPlan(fields, where, depth) {
  /** @type {Plan} */
  const plan = Object.fromEntries(PLAN_KEYS.map(key => [key, fields[key]]));
  plan.where = where;
  const opportunity = { ...plan.opportunity };
  if ( Object.hasOwn(opportunity, "counter") ) {
    if ( depth >= MAX_DEPTH ) throw fail(where, `${where}.opportunity nests Counters more than ${MAX_DEPTH} deep`);
    opportunity.counter = readPlan(opportunity.counter, `${where}.opportunity.counter`, depth + 1);
  }
  plan.opportunity = opportunity;
  return plan;
}

/**
 * SDM-G13: each Counter the plan chooses is made with a weapon its maker carries (the
 * target, then the attacker for a Counter to a Counter, ...); `needed`: it must be given.
 * @param {Plan} plan
 * @param {Character} attacker
 * @param {Character} target
 * @param {boolean} needed
 * @returns {void}
 */
export function checkCounters(plan, attacker, target, needed) {
  const opportunity = plan.opportunity;
  const where = `${plan.where}.opportunity`;
  if ( !Object.hasOwn(opportunity, "counter") ) {
    if ( needed && (opportunity.choice === "counter") ) throw fail(where, `${where}.counter is required for a counter`);
    return;
  }
  const counter = opportunity.counter;
  findWeapon(target, counter.weapon, `${counter.where}.weapon`);
  checkCounters(counter, target, attacker, needed);
}

/**
 * SDM-R10, SDM-G10, SDM-G18, P14: the weapon's fixed damage plus its dice, rolled now; a
 * shortfall deals it whole, or half rounded down by config.
 * @param {Record<string, any>} weapon
 * @param {boolean} shortfall
 * @param {Record<string, any>} config
 * @param {DiceQueue} queue
 * @returns {[object, number]}
 */
export function dealDamage(weapon, shortfall, config, queue) {
  const rolled = weapon.damage_dice;
  const faces = rolled ? queue.takeMany(rolled.die, rolled.count) : [];
  const total = weapon.damage + dice.sumFaces(faces);
  const half = shortfall && (config.shortfall_damage === "half");
  const dealt = half ? dice.floorDiv(total, 2) : total;
  return [{ type: "damage", weapon: weapon.id, fixed: weapon.damage, faces, total, dealt }, dealt];
}

/**
 * The target pays an Opportunity option from its next turn.
 * @param {Character} target
 * @param {string} chosen
 * @param {string} where
 * @param {Record<string, any>} config
 * @returns {[object[], boolean]}
 */
function takeOpportunity(target, chosen, where, config) {
  const [event, paid] = payNext(target, config.opportunity_cost[chosen], chosen, where, config);
  return [[event], paid];
}

/**
 * The target's Disengage, once the damage is resolved.
 * @param {Character} target
 * @param {string} where
 * @param {Record<string, any>} config
 * @returns {object[]}
 */
function disengage(target, where, config) {
  if ( target.incapacitated ) return [refused(target, "disengage", "incapacitated")];
  const [events, paid] = takeOpportunity(target, "disengage", where, config);
  if ( paid ) {
    const distance = disengageDistance(movementOf(target, where, config), config);
    events.push({ type: "disengage", id: target.id, distance, unit: config.movement_unit.name });
  }
  return events;
}

/**
 * The attacker pays (unless a Counter), then its pool is rolled against the difficulty.
 * @param {Character} attacker
 * @param {Plan} plan
 * @param {Record<string, any>} config
 * @param {DiceQueue} queue
 * @returns {[object[], Record<string, any>, string]}
 */
function roll(attacker, plan, config, queue) {
  const events = [];
  if ( plan.cost === "action" ) {
    const [event, paid] = payNow(attacker, "action", "attack", config);
    events.push(event);
    if ( !paid ) return [events, {}, "refused"];
  }
  else if ( unable(attacker) !== null ) return [[refused(attacker, "attack", String(unable(attacker)))], {}, "refused"];
  const weapon = findWeapon(attacker, plan.weapon, `${plan.where}.weapon`);
  const weaponWhere = `${plan.attacker_where}.weapons[${weaponIndex(attacker, weapon)}]`;
  const pool = poolOf(attacker, weapon, plan.attacker_where, config);
  const tier = resolveTier(plan.tier, weapon.sdm_tier, plan.where, weaponWhere, config);
  const [neededEvent, needed] = difficulty({ ...plan, tier }, weapon.attack_kind, plan.where, config);
  const [rolled, result] = rollAttack(pool.pool, needed, plan.salvation_claimed, config, queue);
  return [[...events, { type: "attack_pool", id: attacker.id, ...pool }, neededEvent, ...rolled], weapon, result];
}

/**
 * SDM-R08-R13, SDM-G07, SDM-G08, SDM-G10-G12, SDM-G18, SDM-G22: one attack by `attacker`
 * on `target`; returns [events, {result, dealt, counter}]. `plan.cost` `action` pays an Action
 * of this turn first; `none` is a Counter, already paid. The plan also names where the
 * attacker and target were given (`attacker_where`, `target_where`), for messages.
 * @param {Character} attacker
 * @param {Character} target
 * @param {Plan} plan
 * @param {Record<string, any>} config
 * @param {DiceQueue} queue
 * @returns {[object[], {result: string, dealt: number, counter: {by: string, against: string}|null}]}
 */
export function resolveAttack(attacker, target, plan, config, queue) {
  const [events, weapon, result] = roll(attacker, plan, config, queue);
  /** @type {{result: string, dealt: number, counter: {by: string, against: string}|null}} */
  const outcome = { result, dealt: 0, counter: null };
  if ( (result === "refused") || (result === "salvation") ) return [events, outcome];
  const chosen = result === "shortfall" ? plan.opportunity.choice : "none";
  if ( result === "shortfall" ) events.push({ type: "opportunity", id: target.id, choice: chosen });
  let countered = false;
  if ( (chosen === "dodge") || (chosen === "counter") ) {
    const [taken, paid] = takeOpportunity(target, chosen, plan.target_where, config);
    events.push(...taken);
    if ( paid && (chosen === "dodge") ) {
      outcome.result = "dodged";
      return [[...events, { type: "dodge", id: target.id }], outcome];
    }
    countered = paid;
  }
  const [damageEvent, dealt] = dealDamage(weapon, result === "shortfall", config, queue);
  outcome.dealt = dealt;
  events.push(damageEvent, ...takeDamage(target, dealt, config));
  if ( chosen === "disengage" ) events.push(...disengage(target, plan.target_where, config));
  if ( countered ) {
    outcome.counter = { by: target.id, against: attacker.id };
    events.push({ type: "counter_pending", ...outcome.counter });
  }
  return [events, outcome];
}

/**
 * SDM-R08-R13, SDM-G07, SDM-G08, SDM-G10-G12, SDM-G18, SDM-G22: one whole attack, with the
 * target's Opportunity choice should it fall short.
 * @type {Rule}
 */
export function attack(input, config, queue) {
  const attacker = readCharacter(input.attacker, `${IN}.attacker`, config);
  const target = readCharacter(input.target, `${IN}.target`, config);
  if ( target.id === attacker.id ) throw fail(IN, `${IN}.target.id must differ from ${IN}.attacker.id`);
  const plan = readPlan(input, IN, 0);
  Object.assign(plan, { cost: input.cost, attacker_where: `${IN}.attacker`, target_where: `${IN}.target` });
  findWeapon(attacker, plan.weapon, `${IN}.weapon`);
  checkCounters(plan, attacker, target, false);
  const [events, outcome] = resolveAttack(attacker, target, plan, config, queue);
  return [events, { attacker, target, ...outcome }];
}
