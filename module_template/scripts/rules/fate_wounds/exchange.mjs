/**
 * An attack: both rolls, the comparison and the wound (FW-R02-R06, FW-R10-R13); mirror of
 * `compiler/rules/fate_wounds/exchange.py`.
 *
 * "If the attacker's roll exceeds the defender's roll, the attack is successful"; a tie is the
 * defender's (FW-R04), and the damage is the margin (FW-R05). The attacker's dice come first in
 * the queue, then the defender's (catalogue §3.4 canonical order).
 */

import * as dice from "../dice.mjs";
import { fillCharacter } from "./characters.mjs";
import { rollSide } from "./rolls.mjs";
import { fail } from "../shapes.mjs";
import { wound } from "./track.mjs";

/**
 * @typedef {import("../queue.mjs").DiceQueue} DiceQueue
 * @typedef {import("./characters.mjs").Character} Character
 * @typedef {[object[], object]} Result  The rule's events and new state.
 * @typedef {{attacker: string, defender: string, attack: string, defence: string}} Where  The
 *   input paths of an attack's two characters and two declarations, for messages.
 * @typedef {object} Plan  An attack as declared: both declarations (a null defence is none),
 *   where they are in the input, and why a null defence is null.
 * @property {Record<string, any>} attack
 * @property {Record<string, any>|null} defence
 * @property {Where} where
 * @property {string} [reason]  `no_defence_declared` (the default) or `no_action_left`.
 * @typedef {object} Outcome  What an attack did: its events, the hit and damage, and both
 *   characters after it.
 * @property {object[]} events
 * @property {boolean} hit
 * @property {number} damage
 * @property {Character} attacker
 * @property {Character} defender
 */

/** FW-R04: "If the defender's roll ties or exceeds the attacker's roll, the defense is successful". */
const TIE = "defender";

/**
 * FW-R04, FW-R05, P12, P13: [compare event, hit, damage = the margin or 0].
 * @param {number} attack
 * @param {number} defence
 * @returns {[object, boolean, number]}
 */
export function compared(attack, defence) {
  const winner = dice.opposed(attack, defence, TIE);
  const damage = winner === "attacker" ? dice.margin(attack, defence) : 0;
  return [{ type: "compare", attack, defence, winner, damage }, winner === "attacker", damage];
}

/**
 * FW-R02-R06, FW-R10-R13, FW-G08: roll the attack, then the defence (none: total 0),
 * compare, and mark a hit on the defender's track.
 * @param {Character} attacker
 * @param {Character} defender
 * @param {Plan} plan
 * @param {Record<string, any>} config
 * @param {DiceQueue} queue
 * @returns {Outcome}
 */
export function resolveAttack(attacker, defender, plan, config, queue) {
  const where = plan.where;
  if ( attacker.id === defender.id ) throw fail(where.defender, `${where.defender} is the attacker: no one attacks itself`);
  const attack = { side: "attack", declaration: plan.attack, whoAt: where.attacker, at: where.attack };
  const [events, total, rolledAttacker] = rollSide(attacker, attack, config, queue);
  let against = 0;
  let after = defender;
  if ( plan.defence === null ) {
    events.push({ type: "no_defence", character: defender.id, reason: plan.reason ?? "no_defence_declared", total: 0 });
  } else {
    const defence = { side: "defence", declaration: plan.defence, whoAt: where.defender, at: where.defence };
    const [rolled, defenceTotal, rolledDefender] = rollSide(defender, defence, config, queue);
    events.push(...rolled);
    against = defenceTotal;
    after = rolledDefender;
  }
  const [event, hit, damage] = compared(total, against);
  events.push(event);
  if ( hit ) {
    const [marked, wounded] = wound(after, damage, config);
    events.push(...marked);
    after = wounded;
  }
  return { events, hit, damage, attacker: rolledAttacker, defender: after };
}

/**
 * FW-R04, FW-R05: compare an attack and a defence total; ties go to the defender.
 * @param {Record<string, any>} input
 * @param {Record<string, any>} config
 * @param {DiceQueue} queue
 * @returns {Result}
 */
export function compare(input, config, queue) {
  const [event, hit, damage] = compared(input.attack, input.defence);
  return [[event], { hit, damage }];
}

/**
 * FW-R02-R06, FW-R10-R13, FW-G08: one attack and its defence (null: none, total 0).
 * @param {Record<string, any>} input
 * @param {Record<string, any>} config
 * @param {DiceQueue} queue
 * @returns {Result}
 */
export function attack(input, config, queue) {
  const attacker = fillCharacter(input.attacker, "input.attacker", config);
  const defender = fillCharacter(input.defender, "input.defender", config);
  const where = { attacker: "input.attacker", defender: "input.defender", attack: "input.attack", defence: "input.defence" };
  const done = resolveAttack(attacker, defender, { attack: input.attack, defence: input.defence, where }, config, queue);
  return [done.events, { hit: done.hit, damage: done.damage, attacker: done.attacker, defender: done.defender }];
}
