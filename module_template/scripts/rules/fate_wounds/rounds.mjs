/**
 * One whole round of a conflict (FW-R01, FW-R13, FW-G03, FW-G08, FW-G13); mirror of
 * `compiler/rules/fate_wounds/rounds.py`.
 *
 * "Each lasting just long enough for combatant to take two actions: one of which can be an
 * attack." The turns run in turn order; each attack is resolved as `attack` resolves it, against
 * the defender as earlier attacks left it, and is defended separately (FW-G13).
 */

import { sortedKeys } from "../inputs.mjs";
import { condition, fillCharacters } from "./characters.mjs";
import { orderTurns } from "./conflict.mjs";
import { resolveAttack } from "./exchange.mjs";
import { fail } from "../shapes.mjs";

/**
 * @typedef {import("../queue.mjs").DiceQueue} DiceQueue
 * @typedef {import("./characters.mjs").Character} Character
 * @typedef {[object[], object]} Result  The rule's events and new state.
 * @typedef {Record<string, Record<string, any>[]>} Actions
 */

/** FW-R01: actions a combatant takes in a round. */
export const ACTIONS = 2;
/** FW-R01: of which at most this many are attacks. */
export const ATTACKS = 1;

/**
 * FW-R01, FW-R13: every turn belongs to a character of the round, takes at most two
 * actions with at most one attack on another character, and none belongs to one already out.
 * @param {Actions} turns
 * @param {Character[]} characters
 * @param {Record<string, any>} config
 * @returns {void}
 */
export function checkTurns(turns, characters, config) {
  const byId = new Map(characters.map(character => [character.id, character]));
  for ( const key of sortedKeys(Object.keys(turns)) ) {
    const where = `input.turns.${key}`;
    if ( !byId.has(key) ) throw fail(where, `${where} names no character of the round`);
    const actions = turns[key];
    const attacks = actions.filter(a => a.kind === "attack");
    if ( (actions.length > ACTIONS) || (attacks.length > ATTACKS) ) {
      throw fail(where, `${where} takes ${actions.length} actions, ${attacks.length} of them attacks: `
        + `a round allows ${ACTIONS}, at most ${ATTACKS} an attack (FW-R01)`);
    }
    for ( const [index, action] of actions.entries() ) {
      if ( (action.kind === "attack") && !byId.has(action.target) ) {
        throw fail(where, `${where}[${index}].target names no character of the round`);
      }
    }
    if ( actions.length && condition(byId.get(key), config).incapacitated ) {
      throw fail(where, `${where}: ${key} is out (FW-R13) and can take no action`);
    }
  }
}

/**
 * FW-R01, FW-R13, FW-G03, FW-G08, FW-G13: every character's turn, in turn order.
 *
 * A character knocked out before its turn loses it. Defending is free unless
 * `config.defence_costs_action`: then it spends one of the defender's actions, and a defender
 * with none left cannot defend (total 0). At most `config.attacks_per_defender_per_round`
 * attacks a round on one defender (null: no limit).
 * @param {Record<string, any>} input
 * @param {Record<string, any>} config
 * @param {DiceQueue} queue
 * @returns {Result}
 */
export function round(input, config, queue) {
  const characters = fillCharacters(input.characters, "input.characters", config);
  const turns = input.turns;
  checkTurns(turns, characters, config);
  const [event, order] = orderTurns(characters, input.conflict, input.tie_order, config);
  const state = new Round(characters, config, queue);
  const events = [event];
  for ( const actor of order ) events.push(...state.turn(actor, Object.hasOwn(turns, actor) ? turns[actor] : []));
  return [events, { order, characters: characters.map(c => state.byId.get(c.id)) }];
}

/** The round as it goes: the characters as the attacks leave them, actions left, attacks. */
class Round {
  // Private to this module, as `_Round` is to rounds.py: its methods carry no JSDoc block.

  constructor(characters, config, queue) {
    this.byId = new Map(characters.map(character => [character.id, character]));
    this.left = new Map(characters.map(character => [character.id, ACTIONS]));
    this.attacked = new Map(characters.map(character => [character.id, 0]));
    this.config = config;
    this.queue = queue;
  }

  // One actor's turn: skipped when out, else each declared action in order.
  turn(actor, actions) {
    if ( condition(this.byId.get(actor), this.config).incapacitated ) {
      return [{ type: "turn_skipped", character: actor, reason: "incapacitated" }];
    }
    const where = `input.turns.${actor}`;
    if ( actions.length > this.left.get(actor) ) {
      throw fail(where, `${where} takes ${actions.length} actions but ${actor} has ${this.left.get(actor)} left this round (FW-G08)`);
    }
    const events = [{ type: "turn", character: actor, actions_left: this.left.get(actor) }];
    for ( const [index, action] of actions.entries() ) {
      this.left.set(actor, this.left.get(actor) - 1);
      if ( action.kind === "other" ) events.push({ type: "action", character: actor, kind: "other", name: action.name });
      else events.push(...this.attack(actor, action, `${where}[${index}]`));
    }
    return events;
  }

  // One attack of the round, the defence spending an action when the config says so.
  attack(actor, action, where) {
    const target = action.target;
    if ( target === actor ) throw fail(where, `${where}.target is ${actor}: no one attacks itself`);
    this.attacked.set(target, this.attacked.get(target) + 1);
    const limit = this.config.attacks_per_defender_per_round;
    if ( (limit !== null) && (this.attacked.get(target) > limit) ) {
      throw fail(where, `${where}: ${target} may be attacked at most ${limit} times a round (FW-G13)`);
    }
    let defence = action.defence;
    let reason = "no_defence_declared";
    if ( (defence !== null) && this.config.defence_costs_action ) {
      if ( this.left.get(target) ) this.left.set(target, this.left.get(target) - 1);
      else [defence, reason] = [null, "no_action_left"];
    }
    const paths = {
      attacker: `input.characters.${actor}`, defender: `input.characters.${target}`,
      attack: `${where}.attack`, defence: `${where}.defence`
    };
    const done = resolveAttack(this.byId.get(actor), this.byId.get(target),
      { attack: action.attack, defence, where: paths, reason }, this.config, this.queue);
    this.byId.set(actor, done.attacker);
    this.byId.set(target, done.defender);
    return [{ type: "action", character: actor, kind: "attack", target }, ...done.events];
  }
}
