/**
 * The full Turn with every fighter at once (DR-R07, DR-R08, DR-G21); mirror of
 * `compiler/rules/danger_room/turn.py`.
 *
 * Input `{state, visibility, choices}`: the fight state as part B's `hits.resolveHit` documents
 * it (each fighter also carrying part A's `hex`, `airborne`, `sensorial_class`, `traits`,
 * `weapons`, `wielded`, `played`), the location's Visibility level, and one secret choice
 * `{fighter, card, wait, path, aim, boost, save_boost, protects, wield}` per fighter still in the
 * fight: `boost` gives the BOOSTs per hit of each target's damage roll, `save_boost` those the
 * fighter adds to each save it rolls this Turn, `protects` whom an Active Defence covers (null:
 * owner), `wield` the weapons it holds from now on (DR-G36; null: no change).
 * Dice follow the canonical order of catalogue §1.4.
 */

import { sortedKeys } from "../inputs.mjs";
import { fail } from "../shapes.mjs";
import * as conditions from "./conditions.mjs";
import * as defences from "./defences.mjs";
import * as hits from "./hits.mjs";
import { ATTACKS, CHANGE_WEAPONS, act, adopt, movedTo, occupied, rewield, sensesOf } from "./acts.mjs";
import { IN, asHex } from "./common.mjs";
import { moveEvent, pathOf, walk } from "./movement.mjs";
import { speedOrder, speedsEvent, turnSpeedOf } from "./order.mjs";
import { reachOf } from "./reach.mjs";
import { checkHands, weaponOf } from "./weapons.mjs";

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 * @typedef {import("./acts.mjs").Play} Play
 * @typedef {import("./acts.mjs").Scene} Scene
 * @typedef {[Play, boolean, Array<[number, number]>]} Chosen  A play, whether it Waits, its path.
 */

const OUT = Object.freeze(["down", "obliterated"]);

/**
 * DR-R01, DR-R23: the fight state (checked) as a copy to update, after what its shape cannot say
 * of each fighter: its `id` is its key, its Sensorial Class has the config's keys, its firearms
 * hold at most their capacity, and it wields only weapons it carries, in two hands.
 * @param {Record<string, any>} value
 * @param {Record<string, any>} config
 * @returns {Record<string, any>}
 */
export function checkState(value, config) {
  const state = hits.stateCopy(value);
  for ( const ident of sortedKeys(Object.keys(state.fighters)) ) {
    const where = `${IN}.state.fighters[${ident}]`;
    const fighter = hits.pick(state, { who: ident }, "who", where);
    sensesOf(fighter, config);
    const carried = fighter.weapons.map((/** @type {Record<string, any>} */ item, /** @type {number} */ index) => weaponOf(item, `${where}.weapons[${index}]`));
    checkHands(carried, fighter.wielded);
  }
  return state;
}

/**
 * DR-R07 step 1: one secret choice of a fighter of the state, its Speed worked out; an attacking
 * card needs a Reach.
 * @param {Record<string, any>} choice
 * @param {string} where
 * @param {Record<string, any>} state
 * @param {Record<string, any>} config
 * @returns {Chosen}
 */
export function playOf(choice, where, state, config) {
  const [ident, card] = [choice.fighter, choice.card];
  if ( !Object.hasOwn(state.fighters, ident) ) throw fail(where, `${where}.fighter names no fighter of the state`);
  let reach = null;
  if ( card.reach !== null ) reach = reachOf(card.reach, `${where}.card.reach`, config);
  else if ( ATTACKS.includes(card.kind) ) throw fail(where, `${where}.card.reach is required for a ${card.kind}`);
  const attributes = state.fighters[ident].attributes;
  const speed = turnSpeedOf(attributes, card.speed, card.focus, config);
  const play = {
    fighter: ident, card, reach, speed, aim: choice.aim, boost: choice.boost, save_boost: choice.save_boost,
    protects: choice.protects, wield: wieldOf(choice, where, config)
  };
  return [play, choice.wait, pathOf(choice.path)];
}

/**
 * DR-G36: the weapons a choice wields from now on: a `change_weapons` card needs them; any other
 * card may carry them only when a change is free (`weapon_change: free`).
 * @param {Record<string, any>} choice
 * @param {string} where
 * @param {Record<string, any>} config
 * @returns {string[]|null}
 */
function wieldOf(choice, where, config) {
  const wield = choice.wield;
  const changes = choice.card.kind === CHANGE_WEAPONS;
  if ( changes && (wield === null) ) throw fail(where, `${where}.wield is required for a ${CHANGE_WEAPONS} card`);
  if ( (wield !== null) && !changes && (config.weapon_change === "costs_turn") ) {
    throw fail(where, `${where}.wield needs a ${CHANGE_WEAPONS} card: a change costs the Turn`);
  }
  return wield;
}

/**
 * DR-R07 step 1: every fighter still in the fight chooses exactly one card.
 * @param {Record<string, any>} fields
 * @param {Record<string, any>} state
 * @param {Record<string, any>} config
 * @returns {Map<string, Chosen>}
 */
export function playsOf(fields, state, config) {
  const plays = new Map();
  fields.choices.forEach((/** @type {Record<string, any>} */ choice, /** @type {number} */ index) => {
    const where = `${IN}.choices[${index}]`;
    const chosen = playOf(choice, where, state, config);
    if ( plays.has(chosen[0].fighter) ) throw fail(where, `${where}.fighter already chose a card this Turn`);
    plays.set(chosen[0].fighter, chosen);
  });
  const inside = Object.entries(state.fighters).filter(([, f]) => !OUT.includes(f.status)).map(([i]) => i).sort();
  if ( [...plays.keys()].sort().join("\n") !== inside.join("\n") ) {
    throw fail(IN, `${IN}.choices must hold one card for each fighter still in the fight`);
  }
  return plays;
}

/**
 * DR-G41: a dampened fighter's gift cards (tagged as the dampener says) do nothing.
 * @param {object} fighter
 * @param {object} card
 * @param {object} config
 * @returns {boolean}
 */
function disabled(fighter, card, config) {
  if ( !Object.hasOwn(fighter.conditions, "dampened") ) return false;
  const dampener = config.dampener;
  if ( dampener.disables_focus && card.focus ) return true;
  return card.tags.some((/** @type {string} */ tag) => dampener.disables_tags.includes(tag));
}

/**
 * Mark the fighter as having taken their turn (Dizzy timing).
 * @param {Scene} scene
 * @param {string} fighter
 * @returns {void}
 */
function done(scene, fighter) {
  scene.state.fighters[fighter] = { ...scene.state.fighters[fighter], acted: true };
}

/**
 * DR-R07 steps 3-4, DR-G18, DR-G36, DR-G41: reveal the card, then move and act unless Dizzied.
 * A Dizzied fighter's card does nothing ("move_and_act") or only moves ("act_only"); a free
 * weapon change goes with the movement.
 * @param {Scene} scene
 * @param {Play} play
 * @param {Array<[number, number]>} path
 * @returns {object[]}
 */
export function fighterTurn(scene, play, path) {
  const { state, config } = scene;
  const fighter = state.fighters[play.fighter];
  const events = [{ type: "reveal", fighter: play.fighter, card: play.card.id }];
  const lost = conditions.losesAction(fighter, state.turn);
  const loses = config.dizzy_loses;
  if ( disabled(fighter, play.card, config) ) {
    events.push({ type: "card_disabled", fighter: play.fighter, card: play.card.id });
  } else if ( lost && (loses === "move_and_act") ) {
    events.push({ type: "action_lost", fighter: play.fighter, loses });
  } else events.push(...moveAndAct(scene, play, path, lost));
  done(scene, play.fighter);
  return events;
}

/**
 * A free weapon change first, then the movement, then the action unless a Dizzy takes it.
 * @param {Scene} scene
 * @param {Play} play
 * @param {Array<[number, number]>} path
 * @param {boolean} lost
 * @returns {object[]}
 */
function moveAndAct(scene, play, path, lost) {
  const [state, loses] = [scene.state, scene.config.dizzy_loses];
  const events = [];
  if ( (play.wield !== null) && (play.card.kind !== CHANGE_WEAPONS) ) events.push(...rewield(scene, play.fighter, play.wield, false));
  const where = `${IN}.choices[${play.fighter}].path`;
  const start = asHex(state.fighters[play.fighter].hex);
  const end = walk(start, path, play.card.movement, occupied(state, play.fighter), where);
  if ( path.length ) {
    events.push(moveEvent(play.fighter, start, end, path.length));
    movedTo(state, play.fighter, end);
  }
  if ( lost ) events.push({ type: "action_lost", fighter: play.fighter, loses });
  else events.push(...act(scene, play));
  return events;
}

/**
 * DR-G26: a fighter's turn begins: their defences armed last Turn may run out.
 * @param {Scene} scene
 * @param {string} fighter
 * @returns {object[]}
 */
function ownTurn(scene, fighter) {
  const input = { state: scene.state, moment: "own_turn", fighter };
  const [events, state] = defences.expireDefences(input, scene.config, scene.queue);
  adopt(scene, state);
  return events;
}

/**
 * A fighter down or obliterated before their turn comes does not act.
 * @param {Scene} scene
 * @param {string} fighter
 * @returns {object[]}
 */
function out(scene, fighter) {
  const status = scene.state.fighters[fighter].status;
  return OUT.includes(status) ? [{ type: "skipped", fighter, status }] : [];
}

/**
 * DR-R07 steps 3 and 5, DR-G20: fastest first; a Waiting fighter drops to the end once.
 * @param {Scene} scene
 * @param {string[]} order
 * @param {Map<string, Chosen>} plays
 * @returns {object[]}
 */
export function runOrder(scene, order, plays) {
  const lifo = scene.config.wait_queue === "lifo";
  const events = [];
  const waiting = [];
  for ( const fighter of order ) {
    events.push(...ownTurn(scene, fighter));
    const skipped = out(scene, fighter);
    const [play, wait, path] = plays.get(fighter);
    if ( skipped.length ) events.push(...skipped);
    else if ( wait ) {
      events.push({ type: "wait", fighter });
      waiting.splice(lifo ? 0 : waiting.length, 0, fighter);
    }
    else events.push(...fighterTurn(scene, play, path));
  }
  for ( const fighter of waiting ) {
    const skipped = out(scene, fighter);
    const [play, , path] = plays.get(fighter);
    events.push(...(skipped.length ? skipped : fighterTurn(scene, play, path)));
  }
  return events;
}

/**
 * DR-G17, DR-G26: conditions and defences that run out with the Turn end; a new Turn begins.
 * @param {Scene} scene
 * @returns {object[]}
 */
export function endTurn(scene) {
  const state = scene.state;
  const number = state.turn;
  const events = [];
  for ( const ident of sortedKeys(Object.keys(state.fighters)) ) {
    const [ended, fighter] = conditions.expire(state.fighters[ident], number);
    events.push(...ended);
    state.fighters[ident] = { ...fighter, acted: false };
  }
  const input = { state, moment: "end_of_turn", fighter: null };
  const [expired, updated] = defences.expireDefences(input, scene.config, scene.queue);
  adopt(scene, { ...updated, turn: number + 1 });
  return [...events, ...expired, { type: "turn_end", turn: number }];
}

/**
 * DR-R01, DR-R07, DR-R08, DR-G19, DR-G20, DR-G21: one whole Turn for every fighter at once.
 *
 * Secret cards come in together; Speeds are revealed (cards stay hidden); the order is
 * fastest first with roll-offs; each fighter in turn may Wait, then reveals, moves and acts.
 * The mode (live or training) is announced first, as every fighter knows it.
 * @type {Rule}
 */
export function turn(input, config, queue) {
  const state = checkState(input.state, config);
  const [visibility, mode] = [input.visibility, config.mode];
  const plays = playsOf(input, state, config);
  for ( const ident of plays.keys() ) state.fighters[ident] = { ...state.fighters[ident], played: true, acted: false };
  const events = [{ type: "turn_start", turn: state.turn, mode }];
  const speeds = [...plays.values()].map(([play]) => ({ fighter: play.fighter, speed: play.speed }));
  const [order, rolled] = speedOrder(speeds, config, queue);
  events.push(speedsEvent(speeds), ...rolled, { type: "order", order });
  const saves = Object.fromEntries([...plays.values()].map(([play]) => [play.fighter, play.save_boost]));
  const scene = { state, config, queue, visibility, saves };
  events.push(...runOrder(scene, order, plays));
  events.push(...endTurn(scene));
  return [events, scene.state];
}

/** Every rule of this topic by camelCase name, in file order. */
export const RULES = Object.freeze({ turn });
