/**
 * What a fighter's card does when its turn comes in the full Turn; mirror of
 * `compiler/rules/danger_room/acts.py`.
 *
 * DR-R07 steps 3-4, DR-R09/R10/R15/R16/R23/R24. Part A works out the landing (Reach, Confused,
 * Dazzled), the Unreactable flag and the Visibility penalty, then hands each target to part B:
 * `defences.catchAttack` is the `active_defence_caught` miss check and `hits.resolveHit` the
 * damage, both on the whole fight state, which every step here returns updated.
 */

import * as defences from "./defences.mjs";
import * as hits from "./hits.mjs";
import { IN, asHex, hexJson } from "./common.mjs";
import { declare, land } from "./landing.mjs";
import { FLIGHT, altitudeEvent } from "./movement.mjs";
import { checkAim } from "./reach.mjs";
import {
  DAMPENED, attackSpeed, effectiveSenses, isUnreactable, traitWorks, traitsOf, visibilityPenalty
} from "./senses.mjs";
import { checkHands, useWeapon, weaponJson, weaponOf } from "./weapons.mjs";
import { fail } from "../shapes.mjs";

/**
 * @typedef {import("../queue.mjs").DiceQueue} DiceQueue
 * @typedef {import("./reach.mjs").Body} Body
 * @typedef {import("./reach.mjs").Reach} Reach
 * @typedef {import("./senses.mjs").Senses} Senses
 * @typedef {object} Play  DR-R07 step 1: one fighter's secret choice, checked.
 * @property {string} fighter
 * @property {object} card
 * @property {Reach|null} reach
 * @property {number} speed
 * @property {object} aim
 * @property {number[]} boost
 * @property {number} save_boost
 * @property {string|null} protects
 * @property {string[]|null} wield
 * @typedef {object} Scene  The fight as one fighter acts.
 * @property {object} state
 * @property {object} config
 * @property {DiceQueue} queue
 * @property {string} visibility
 * @property {Object<string, number>} saves
 */

export const ATTACKS = Object.freeze(["strike", "power", "grab"]);
export const DEFENDS = Object.freeze(["block", "active_defence"]);
export const ALTITUDE = Object.freeze(["take_off", "land"]);
/** DR-G36: the card kind whose action is a weapon change. */
export const CHANGE_WEAPONS = "change_weapons";

/**
 * Make `state`, as part B returned it, the scene's fight state (the one object, updated).
 * @param {Scene} scene
 * @param {object} state
 * @returns {void}
 */
export function adopt(scene, state) {
  const fresh = { ...state };
  for ( const key of Object.keys(scene.state) ) delete scene.state[key];
  Object.assign(scene.state, fresh);
}

/**
 * DR-R12, DR-R14, DR-G41: a fight-state fighter's effective senses.
 * @param {object} fighter
 * @param {object} config
 * @returns {Senses}
 */
export function sensesOf(fighter, config) {
  const view = {
    id: fighter.id,
    sensorial_class: fighter.sensorial_class,
    traits: fighter.traits,
    conditions: Object.keys(fighter.conditions).sort()
  };
  return effectiveSenses(view, `${IN}.state.fighters[${fighter.id}]`, config);
}

/**
 * DR-R24: where a fight-state fighter stands.
 * @param {Record<string, any>} fighter
 * @returns {Body}
 */
export function bodyOf(fighter) {
  return { id: fighter.id, side: fighter.side, hex: asHex(fighter.hex), airborne: fighter.airborne };
}

/**
 * DR-R23, DR-G35: a technique takes the wielded weapon's Damage and Base Attribute.
 * @param {Scene} scene
 * @param {Play} play
 * @returns {[object, object[]]}
 */
function weaponCard(scene, play) {
  const card = play.card;
  if ( card.weapon === null ) return [card, []];
  const fighter = scene.state.fighters[play.fighter];
  if ( !fighter.wielded.includes(card.weapon) ) throw fail(IN, `${IN}.choices: ${card.id} needs a weapon the fighter wields`);
  const index = fighter.weapons.map(w => w.id).indexOf(card.weapon);
  let weapon = weaponOf(fighter.weapons[index], `${IN}.state.fighters[${play.fighter}].weapons[${index}]`);
  let events;
  let gone;
  [weapon, events, gone] = useWeapon(weapon, play.fighter, card.kind === "reload" ? "reload" : "attack");
  const weapons = [...fighter.weapons];
  weapons[index] = weaponJson(weapon);
  const wielded = fighter.wielded.filter(w => !(gone && (w === weapon.id)));
  scene.state.fighters[play.fighter] = { ...fighter, weapons, wielded };
  if ( gone ) {
    scene.state.on_ground = [...scene.state.on_ground, { item: weapon.id, owner: play.fighter, thrown: true }];
  }
  return [{ ...card, damage: weapon.damage, base_attribute: weapon.base_attribute }, events];
}

/**
 * The `active_defence_caught` check, answered by part B on the live fight state.
 * @param {Scene} scene
 * @param {object} card
 * @param {number} speed
 * @param {Object<string, number>} penalties
 * @returns {import("./landing.mjs").Caught}
 */
function catcher(scene, card, speed, penalties) {
  return target => {
    const fighter = scene.state.fighters[target.id];
    const attack = {
      target: target.id,
      card,
      unreactable: isUnreactable(speed, card.tags, sensesOf(fighter, scene.config), scene.config),
      sight_penalties: penalties
    };
    const [events, state, negated] = defences.catchAttack(scene.state, attack, scene.config);
    adopt(scene, state);
    return [negated, events];
  };
}

/**
 * DR-R13, DR-G23: every fighter's Visibility penalty dice at this location.
 * @param {Scene} scene
 * @returns {Object<string, number>}
 */
export function penaltiesOf(scene) {
  return Object.fromEntries(Object.entries(scene.state.fighters).map(([ident, f]) => [
    ident, visibilityPenalty(sensesOf(f, scene.config), scene.visibility, scene.config)
  ]));
}

/**
 * DR-R09, DR-R10, DR-R15, DR-G03, DR-G30: land the card, then resolve each target in order.
 * @param {Scene} scene
 * @param {Play} play
 * @returns {object[]}
 */
export function attack(scene, play) {
  const [card, events] = weaponCard(scene, play);
  const fighters = scene.state.fighters;
  const me = fighters[play.fighter];
  const aim = play.aim;
  checkAim(aim, play.reach, `${IN}.choices[${play.fighter}].aim`);
  const bodies = Object.values(fighters).filter(f => !["down", "obliterated"].includes(f.status)).map(f => bodyOf(f));
  const attacker = bodies.find(b => b.id === play.fighter);
  const strike = { attacker, reach: play.reach, tags: [...card.tags] };
  const penalties = penaltiesOf(scene);
  const afflictions = { confused: Object.hasOwn(me.conditions, "confused"), dazzled: Object.hasOwn(me.conditions, "dazzled") };
  const speed = attackSpeed(play.speed, card.speed, scene.config);
  const attempt = { attack: strike, afflictions, caught: catcher(scene, card, speed, penalties) };
  const ctx = [scene.config, scene.queue];
  const [targets, declared] = declare(attempt, aim, bodies.filter(b => b !== attacker), ctx);
  const [hit, checked] = land(attempt, targets, ctx);
  events.push(...declared, ...checked, { type: "landed", attacker: play.fighter, targets: hit.map(b => b.id) });
  for ( const target of hit ) events.push(...resolve(scene, play, card, target.id, penalties[play.fighter]));
  return events;
}

/**
 * Part B's `resolveHit` for one landed target.
 * @param {Scene} scene
 * @param {Play} play
 * @param {object} card
 * @param {string} target
 * @param {number} penalty
 * @returns {object[]}
 */
function resolve(scene, play, card, target, penalty) {
  const fighter = scene.state.fighters[target];
  const request = {
    attacker: play.fighter,
    target,
    card,
    boost: card.damage !== null ? play.boost : [],
    save_boost: card.save !== null ? scene.saves[target] : 0,
    unreactable: isUnreactable(attackSpeed(play.speed, card.speed, scene.config), card.tags,
      sensesOf(fighter, scene.config), scene.config),
    penalty_dice: penalty
  };
  const [events, state] = hits.resolveHit({ state: scene.state, request }, scene.config, scene.queue);
  adopt(scene, state);
  return events;
}

/**
 * DR-R16, DR-G26, DR-G27: spend the turn arming an Active Defence (Block's built-in one).
 * @param {Scene} scene
 * @param {Play} play
 * @returns {object[]}
 */
export function defend(scene, play) {
  const protects = play.protects === null ? play.fighter : play.protects;
  const input = { state: scene.state, owner: play.fighter, card: play.card, protects };
  const [events, state] = defences.armDefence(input, scene.config, scene.queue);
  adopt(scene, state);
  return events;
}

/**
 * DR-R24, DR-G31: taking off or landing is the fighter's whole action for the Turn.
 * @param {Scene} scene
 * @param {Play} play
 * @returns {object[]}
 */
export function altitude(scene, play) {
  const fighter = scene.state.fighters[play.fighter];
  const canFly = traitWorks(FLIGHT, traitsOf(fighter), Object.hasOwn(fighter.conditions, DAMPENED), scene.config);
  const [event, airborne] = altitudeEvent(play.fighter, fighter.airborne, canFly, play.card.kind);
  scene.state.fighters[play.fighter] = { ...fighter, airborne };
  return [event];
}

/**
 * DR-R23, DR-G36: the fighter wields `wield` from now on: weapons it carries, two hands at
 * most, none it threw this fight (a thrown weapon lies on the ground until the fight ends).
 * @param {Scene} scene
 * @param {string} fighter
 * @param {string[]} wield
 * @param {boolean} costsTurn
 * @returns {object[]}
 */
export function rewield(scene, fighter, wield, costsTurn) {
  const record = scene.state.fighters[fighter];
  const where = `${IN}.choices[${fighter}].wield`;
  const thrown = new Set(scene.state.on_ground.filter(g => (g.owner === fighter) && g.thrown).map(g => g.item));
  if ( wield.some(ident => thrown.has(ident)) ) throw fail(where, `${where} names a weapon thrown this fight`);
  const carried = record.weapons.map((item, i) => weaponOf(item, `${where}[${i}]`));
  const held = checkHands(carried, wield).map(w => w.id);
  scene.state.fighters[fighter] = { ...record, wielded: held };
  return [{ type: "weapon_change", fighter, wielded: held, costs_turn: costsTurn }];
}

/**
 * DR-R07 step 3, DR-G36: the card's action by kind: attack, arm a defence, reload, take off,
 * land, change weapons.
 * @param {Scene} scene
 * @param {Play} play
 * @returns {object[]}
 */
export function act(scene, play) {
  const kind = play.card.kind;
  if ( ATTACKS.includes(kind) ) return attack(scene, play);
  if ( DEFENDS.includes(kind) ) return defend(scene, play);
  if ( ALTITUDE.includes(kind) ) return altitude(scene, play);
  if ( kind === "reload" ) return weaponCard(scene, play)[1];
  if ( kind === CHANGE_WEAPONS ) return rewield(scene, play.fighter, play.wield ?? [], true);
  return [{ type: "utility", fighter: play.fighter, card: play.card.id }];
}

/**
 * DR-R07 step 4: the hexes other fighters stand on.
 * @param {object} state
 * @param {string} mover
 * @returns {Array<[number, number]>}
 */
export function occupied(state, mover) {
  return Object.entries(state.fighters).filter(([ident]) => ident !== mover).map(([, f]) => asHex(f.hex));
}

/**
 * DR-R07 step 4: record the fighter's new hex.
 * @param {object} state
 * @param {string} fighter
 * @param {number[]} end
 * @returns {void}
 */
export function movedTo(state, fighter, end) {
  state.fighters[fighter] = { ...state.fighters[fighter], hex: hexJson([end[0], end[1]]) };
}
