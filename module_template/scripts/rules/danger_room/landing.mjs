/**
 * Landing and misses: Confused redirection, then the ordered miss checks; mirror of
 * `compiler/rules/danger_room/landing.py`.
 *
 * DR-R09, DR-R10, DR-G03, DR-G04, DR-G05. Dice in canonical order: the Confused d10 (target
 * choice), then the Dazzled d10; no die is drawn once a check has ended the attack. Whether an
 * armed Active Defence catches a target is the damage part's call (`Caught`); this module only
 * runs it at its place in `miss_checks`.
 */

import * as hexes from "./hexes.mjs";
import { IN, compareKeys } from "./common.mjs";
import {
  SINGLE_TARGET, areaEvent, areaTargets, bodiesOf, checkAim, find, reachEvent, reachOf, singleInReach
} from "./reach.mjs";

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 * @typedef {import("../queue.mjs").DiceQueue} DiceQueue
 * @typedef {import("./reach.mjs").Attack} Attack
 * @typedef {import("./reach.mjs").Body} Body
 * @typedef {(target: Body) => [boolean, object[]]} Caught
 *   Asks the damage part whether `target`'s armed Active Defence catches this attack.
 * @typedef {object} Afflictions  DR-R10: the attacker's conditions that can spoil an attack.
 * @property {boolean} confused
 * @property {boolean} dazzled
 * @typedef {object} Attempt  DR-R09: one card use: the attack, afflictions, the defence check.
 * @property {Attack} attack
 * @property {Afflictions} afflictions
 * @property {Caught} caught
 * @typedef {[object, DiceQueue]} Context  The merged config and the dice queue.
 * @typedef {[Body[], object[]]} Step  The targets a miss check lets through, and its events.
 */

export const MISS_CHECKS = Object.freeze(["target_out_of_reach", "dazzled", "active_defence_caught"]);

/**
 * DR-G03: the configured order of the three miss checks (each named exactly once).
 * @param {object} config
 * @returns {string[]}
 */
export function missChecks(config) {
  return config.miss_checks;
}

/**
 * DR-G05: roll the Confused d10; on a low face the nearest ally in Reach takes the attack.
 * Allies are the attacker's side other than the attacker; ties on distance go to the lowest id.
 * @param {Attack} attack
 * @param {Body} target
 * @param {Body[]} others
 * @param {object} config
 * @param {DiceQueue} queue
 * @returns {[Body, object]}
 */
export function confusion(attack, target, others, config, queue) {
  const fields = config.confused_check;
  const face = queue.take(fields.die);
  const me = attack.attacker;
  const allies = others.filter(b => (b.side === me.side) && !singleInReach(attack, b, config));
  const key = b => [hexes.distance(me.hex, b.hex), b.id];
  allies.sort((a, b) => compareKeys(key(a), key(b)));
  const redirect = (face <= fields.redirect_on_max) && (allies.length > 0);
  const chosen = redirect ? allies[0] : target;
  const event = { type: "confused", attacker: me.id, face, redirected_to: redirect ? chosen.id : null };
  return [chosen, event];
}

/**
 * DR-G04: a Dazzled attacker's d10: a face below `hit_on_min` misses (half the time).
 * @param {Body} attacker
 * @param {object} config
 * @param {DiceQueue} queue
 * @returns {[boolean, object]}
 */
export function dazzle(attacker, config, queue) {
  const fields = config.dazzled_check;
  const face = queue.take(fields.die);
  const hits = face >= fields.hit_on_min;
  return [hits, { type: "dazzled", attacker: attacker.id, face, hit: hits }];
}

/**
 * DR-R10, DR-G03: an attack that does nothing to `target`, and why.
 * @param {Body} attacker
 * @param {Body} target
 * @param {string} reason
 * @returns {object}
 */
export function missEvent(attacker, target, reason) {
  return { type: "miss", attacker: attacker.id, target: target.id, reason };
}

/**
 * The Reach check of a single-target attack (an area holds only fighters in Reach).
 * @param {Attack} attack
 * @param {Body[]} targets
 * @param {object} config
 * @returns {Step}
 */
function outOfReach(attack, targets, config) {
  if ( !SINGLE_TARGET.includes(attack.reach.shape) ) return [targets, []];
  const target = targets[0];
  const why = singleInReach(attack, target, config);
  const events = [reachEvent(attack, target, why)];
  if ( !why ) return [targets, events];
  return [[], [...events, missEvent(attack.attacker, target, "target_out_of_reach")]];
}

/**
 * The Dazzled check: one roll for the whole card use.
 * @param {Attack} attack
 * @param {Body[]} targets
 * @param {Context} ctx
 * @returns {Step}
 */
function dazzled(attack, targets, ctx) {
  const [hits, event] = dazzle(attack.attacker, ...ctx);
  if ( hits ) return [targets, [event]];
  return [[], [event, ...targets.map(t => missEvent(attack.attacker, t, "dazzled"))]];
}

/**
 * The Active Defence check, target by target.
 * @param {Attack} attack
 * @param {Body[]} targets
 * @param {Caught} caught
 * @returns {Step}
 */
function caughtBy(attack, targets, caught) {
  const kept = [];
  const events = [];
  for ( const target of targets ) {
    const [stopped, said] = caught(target);
    events.push(...said);
    if ( stopped ) events.push(missEvent(attack.attacker, target, "active_defence_caught"));
    else kept.push(target);
  }
  return [kept, events];
}

/**
 * DR-R09, DR-G05, DR-G22: the declared targets: the aimed fighter (after any Confused
 * redirection) or everyone in the aimed area, in area order.
 * Confusion redirects only an attack aimed at one fighter; an area already hits allies.
 * @param {Attempt} attempt
 * @param {object} aim
 * @param {Body[]} others
 * @param {Context} ctx
 * @returns {Step}
 */
export function declare(attempt, aim, others, ctx) {
  const [config, queue] = ctx;
  const attack = attempt.attack;
  if ( SINGLE_TARGET.includes(attack.reach.shape) ) {
    const target = find(others, aim.target, `${IN}.aim.target`);
    if ( !attempt.afflictions.confused ) return [[target], []];
    const [chosen, event] = confusion(attack, target, others, config, queue);
    return [[chosen], [event]];
  }
  const [origin, hit] = areaTargets(attack, aim, others, config);
  return [hit, [areaEvent(attack, origin, hit.map(b => b.id))]];
}

/**
 * DR-R09, DR-R10, DR-G03, DR-G04: run the miss checks in order on the declared targets.
 * Dazzled is one roll per card use, drawn only while some target is still being attacked.
 * Returns the targets the attack lands on and the checks' events.
 * @param {Attempt} attempt
 * @param {Body[]} targets
 * @param {Context} ctx
 * @returns {Step}
 */
export function land(attempt, targets, ctx) {
  const attack = attempt.attack;
  const events = [];
  for ( const check of missChecks(ctx[0]) ) {
    if ( !targets.length ) break;
    let said = [];
    if ( check === "target_out_of_reach" ) [targets, said] = outOfReach(attack, targets, ctx[0]);
    else if ( (check === "dazzled") && attempt.afflictions.dazzled ) [targets, said] = dazzled(attack, targets, ctx);
    else if ( check === "active_defence_caught" ) [targets, said] = caughtBy(attack, targets, attempt.caught);
    events.push(...said);
  }
  return [targets, events];
}

/**
 * A `Caught` answering from a fixed list of target ids.
 * @param {string[]} ids
 * @returns {Caught}
 */
function listedCatches(ids) {
  return target => [ids.includes(target.id), []];
}

/**
 * DR-R09, DR-R10, DR-G03, DR-G04, DR-G05: which declared targets an attack lands on.
 *
 * `caught_by` names the targets whose armed Active Defence the damage part says catches
 * this attack; the rule shows where that check sits among the others.
 * @type {Rule}
 */
export function attackLanding(input, config, queue) {
  const bodies = bodiesOf(input, "fighters");
  const attacker = find(bodies, input.attacker, `${IN}.attacker`);
  const [card, aim] = [input.card, input.aim];
  const reach = reachOf(card.reach, `${IN}.card.reach`, config);
  const attack = { attacker, reach, tags: [...card.tags] };
  const afflictions = { confused: input.confused, dazzled: input.dazzled };
  checkAim(aim, reach, `${IN}.aim`);
  const attempt = { attack, afflictions, caught: listedCatches(input.caught_by) };
  const others = bodies.filter(b => b !== attacker);
  const [targets, events] = declare(attempt, aim, others, [config, queue]);
  const [hit, checked] = land(attempt, targets, [config, queue]);
  const landed = hit.map(b => b.id);
  events.push(...checked, { type: "landed", attacker: attacker.id, targets: landed });
  return [events, { targets: landed }];
}

/** Every rule of this topic by camelCase name, in file order. */
export const RULES = Object.freeze({ attackLanding });
