/**
 * One combatant's turn: a Major and a Minor action, moves, summons and powers (CR-R04,
 * CR-R09); mirror of `compiler/rules/crytures/turn.py`.
 *
 * Steps run in order; a Minor step with the Minor spent takes the Major (CR-G18); a refused step
 * ends the turn, and the steps before it stand. Opportunity attacks are reported as they are
 * provoked, each enemy once per turn (CR-G10), never resolved here.
 */

import { IN, adjacent, bad, byId, enemiesOf, named, occupant, onGrid, stat } from "./common.mjs";
import { resolveUse, spent, takeAction } from "./powers.mjs";

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 * @typedef {import("./common.mjs").Combatant} Combatant
 * @typedef {import("../queue.mjs").DiceQueue} DiceQueue
 * @typedef {[object[], string|null]} Outcome  A step's events and, when it is refused, the reason.
 */

/**
 * The turn so far: the actor, everyone, the actions left, and who has been provoked.
 */
export class Turn {
  /**
   * @param {object} inp
   * @param {object} config
   */
  constructor(inp, config) {
    /** @type {Combatant[]} */
    // Each combatant's own object: the rules set its fields, never change a value in place.
    this.combatants = inp.combatants.map(c => ({ ...c }));
    this.table = byId(this.combatants, `${IN}.combatants`);
    this.actor = named(this.table, inp.actor, `${IN}.actor`);
    this.actions = { ...inp.actions };
    this.oaSpent = [...inp.oa_spent];
    /** @type {string[]} */
    this.provoked = [];
    this.moves = inp.moves;
    this.config = config;
  }

  /**
   * CR-R04, CR-G18: spend an action slot; its event, or null when none is left.
   * @param {string} action
   * @returns {object|null}
   */
  act(action) {
    const slot = takeAction(action, this.actions);
    if ( slot === null ) return null;
    this.actions = spent(this.actions, slot[0]);
    return { type: "action", slot: slot[0], converted: slot[1] };
  }

  /**
   * CR-R09, CR-G10: the `provoked` event for `found`, each enemy once per turn unless
   * `oa_limit` is `unlimited`.
   * @param {string[]} found
   * @param {string} trigger
   * @returns {object[]}
   */
  provoke(found, trigger) {
    const limited = this.config.oa_limit === "one_per_enemy_per_triggering_turn";
    const excluded = limited ? [...this.oaSpent, ...this.provoked] : [];
    const by = found.filter(ident => !excluded.includes(ident));
    this.provoked.push(...by.filter(ident => !this.provoked.includes(ident)));
    return by.length ? [{ type: "provoked", triggers: [trigger], by }] : [];
  }
}

/**
 * CR-R04, CR-G06: a move's cost, each step to an adjacent space; with `alternating`
 * diagonals every second diagonal counts 2.
 * @param {number[]} start
 * @param {number[][]} path
 * @param {string} where
 * @param {object} config
 * @returns {number}
 */
export function pathCost(start, path, where, config) {
  let cost = 0;
  let diagonals = 0;
  let here = start;
  path.forEach((there, index) => {
    if ( !adjacent(here, there, config) ) throw bad(`${where}.path[${index}] must be a space adjacent to the one before it`);
    const diagonal = (config.grid === "square") && (here[0] !== there[0]) && (here[1] !== there[1]);
    diagonals += Number(diagonal);
    const alternate = diagonal && (config.square_distance === "alternating") && !(diagonals % 2);
    cost += alternate ? 2 : 1;
    here = there;
  });
  return cost;
}

/**
 * CR-G11: the enemies a step from `here` to `there` provokes: each beside `here`
 * (`leave_adjacent_space`), or beside `here` and not `there` (`leave_adjacency`).
 * @param {Turn} turn
 * @param {number[]} here
 * @param {number[]} there
 * @returns {string[]}
 */
export function leftBehind(turn, here, there) {
  const config = turn.config;
  return enemiesOf(turn.combatants, turn.actor)
    .filter(e => adjacent(e.position, here, config)
      && ((config.oa_move_trigger === "leave_adjacent_space") || !adjacent(e.position, there, config)))
    .map(e => e.id);
}

/**
 * CR-R04, CR-R09, CR-G11, CR-G18: move up to Speed spaces; leaving a space beside an
 * enemy provokes it.
 * @param {Turn} turn
 * @param {object} step
 * @param {string} where
 * @param {DiceQueue} queue
 * @returns {Outcome}
 */
export function move(turn, step, where, queue) {
  const { actor, config } = turn;
  const cost = pathCost(actor.position, step.path, where, config);
  if ( takeAction("minor", turn.actions) === null ) return [[], "no_action"];
  if ( turn.moves && (config.extra_minor === "no_second_move") ) return [[], "second_move"];
  if ( cost > stat(actor, "speed", `${IN}.actor`) ) return [[], "too_far"];
  if ( step.path.some(space => occupant(turn.combatants, space, actor.id)) ) return [[], "occupied"];
  const events = [turn.act("minor")];
  const found = [];
  let here = actor.position;
  for ( const there of step.path ) {
    found.push(...leftBehind(turn, here, there).filter(i => !found.includes(i)));
    here = there;
  }
  events.push({ type: "move", combatant: actor.id, from: [...actor.position], to: [...here], cost });
  actor.position = [...here];
  turn.moves += 1;
  return [[...events.filter(e => e !== null), ...turn.provoke(found, "move")], null];
}

/**
 * CR-R04, CR-R09: shift one space (Minor), provoking nothing.
 * @param {Turn} turn
 * @param {object} step
 * @param {string} where
 * @param {DiceQueue} queue
 * @returns {Outcome}
 */
export function shift(turn, step, where, queue) {
  const actor = turn.actor;
  if ( !adjacent(actor.position, step.to, turn.config) ) throw bad(`${where}.to must be a space adjacent to the actor`);
  if ( takeAction("minor", turn.actions) === null ) return [[], "no_action"];
  if ( occupant(turn.combatants, step.to, actor.id) ) return [[], "occupied"];
  const event = turn.act("minor");
  const moved = { type: "shift", combatant: actor.id, from: [...actor.position], to: [...step.to] };
  actor.position = [...step.to];
  return [[event, moved].filter(e => e !== null), null];
}

/**
 * CR-G19: the cryture a summon or recall step names (bad input if it names nobody).
 * @param {Turn} turn
 * @param {object} step
 * @param {string} where
 * @returns {Combatant}
 */
export function ownCryture(turn, step, where) {
  return named(turn.table, step.cryture, `${where}.cryture`);
}

/**
 * CR-R04, CR-G19: summon one of the actor's crytures to a free adjacent space (Major), at
 * most `max_active_crytures` on the grid.
 * @param {Turn} turn
 * @param {object} step
 * @param {string} where
 * @param {DiceQueue} queue
 * @returns {Outcome}
 */
export function summon(turn, step, where, queue) {
  const { actor, config } = turn;
  const cryture = ownCryture(turn, step, where);
  const active = turn.combatants.filter(c => (c.kind === "cryture") && (c.summoner === actor.id) && onGrid(c));
  if ( takeAction("major", turn.actions) === null ) return [[], "no_action"];
  if ( (cryture.kind !== "cryture") || (cryture.summoner !== actor.id) ) return [[], "not_your_cryture"];
  if ( cryture.position !== null ) return [[], "cryture_active"];
  if ( cryture.defeated ) return [[], "defeated"];
  if ( active.length >= config.max_active_crytures ) return [[], "too_many_crytures"];
  if ( !adjacent(actor.position, step.to, config) ) return [[], "not_adjacent"];
  if ( occupant(turn.combatants, step.to, cryture.id) ) return [[], "occupied"];
  const event = turn.act("major");
  cryture.position = [...step.to];
  const summoned = { type: "summon", summoner: actor.id, cryture: cryture.id, to: [...step.to] };
  return [[event, summoned].filter(e => e !== null), null];
}

/**
 * CR-R04, CR-G19: recall one of the actor's crytures from the grid (Minor), keeping its
 * Health.
 * @param {Turn} turn
 * @param {object} step
 * @param {string} where
 * @param {DiceQueue} queue
 * @returns {Outcome}
 */
export function recall(turn, step, where, queue) {
  const actor = turn.actor;
  const cryture = ownCryture(turn, step, where);
  if ( takeAction("minor", turn.actions) === null ) return [[], "no_action"];
  if ( (cryture.kind !== "cryture") || (cryture.summoner !== actor.id) ) return [[], "not_your_cryture"];
  if ( cryture.position === null ) return [[], "cryture_inactive"];
  const event = turn.act("minor");
  cryture.position = null;
  const recalled = { type: "recall", summoner: actor.id, cryture: cryture.id };
  return [[event, recalled].filter(e => e !== null), null];
}

/**
 * CR-R04: swap the wielded weapon (Minor).
 * @param {Turn} turn
 * @param {object} step
 * @param {string} where
 * @param {DiceQueue} queue
 * @returns {Outcome}
 */
export function swapWeapons(turn, step, where, queue) {
  const actor = turn.actor;
  const event = turn.act("minor");
  if ( event === null ) return [[], "no_action"];
  const swapped = { type: "swap_weapons", combatant: actor.id, from: actor.wielded, to: step.weapon };
  actor.wielded = step.weapon;
  return [[event, swapped], null];
}

/**
 * CR-R04, CR-G13: use a power (its Action), or a Basic Attack (Major), whole.
 * @param {Turn} turn
 * @param {object} step
 * @param {string} where
 * @param {DiceQueue} queue
 * @returns {Outcome}
 */
export function power(turn, step, where, queue) {
  const use = {
    user: turn.actor.id, power: step.power, target: step.target ?? null, aim: step.aim ?? null,
    direction: step.direction ?? null, situations: step.situations, die_mods: step.die_mods,
    actions: turn.actions, opportunity: false, basic_attack: step.kind === "basic_attack", oa_spent: turn.oaSpent
  };
  const [events, state] = resolveUse(use, turn.combatants, turn.config, queue, turn.provoked);
  if ( !state.used ) return [events.slice(0, -1), events[events.length - 1].reason];
  turn.actions = state.actions;
  turn.provoked.push(...state.provoked.filter(ident => !turn.provoked.includes(ident)));
  return [events, null];
}

/** Each step kind's handler. */
const STEPS = Object.freeze({
  move, shift, summon, recall, swap_weapons: swapWeapons, basic_attack: power, power
});

/**
 * CR-R04, CR-R09, CR-G09, CR-G10, CR-G11, CR-G18, CR-G19: one combatant's turn, step by
 * step, with its Major and Minor actions.
 * @type {Rule}
 */
export function takeTurn(inp, config, queue) {
  const turn = new Turn(inp, config);
  const actor = turn.actor;
  const events = [{ type: "turn_start", actor: actor.id }];
  let done = 0;
  for ( const [index, step] of inp.steps.entries() ) {
    const where = `${IN}.steps[${index}]`;
    events.push({ type: "step", index, kind: step.kind });
    /** @type {Outcome} */
    let outcome;
    if ( actor.defeated || (actor.position === null) ) outcome = [[], actor.defeated ? "defeated" : "off_grid"];
    else outcome = STEPS[step.kind](turn, step, where, queue);
    events.push(...outcome[0]);
    if ( outcome[1] !== null ) {
      events.push({ type: "refused", reason: outcome[1] });
      break;
    }
    done += 1;
  }
  events.push({ type: "turn_end", actor: actor.id, actions: { ...turn.actions } });
  const state = {
    combatants: turn.combatants, actions: { ...turn.actions }, oa_spent: [...turn.oaSpent],
    provoked: [...turn.provoked], steps_done: done
  };
  return [events, state];
}

/** The rules of this module by camelCase name, in file order. */
export const RULES = Object.freeze({ takeTurn });
