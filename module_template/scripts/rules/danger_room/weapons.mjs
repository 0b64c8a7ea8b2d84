/**
 * Weapons: hands, techniques, firearms and reloads, thrown weapons (DR-R23, DR-G35, DR-G36);
 * mirror of `compiler/rules/danger_room/weapons.py`.
 *
 * A weapon is `{id, hands, damage, base_attribute, techniques, capacity, loaded, thrown}`:
 * `capacity` and `loaded` are the shots of a firearm (null otherwise), `thrown` marks a weapon
 * that leaves the hand when used and lies on the ground until the fight ends.
 */

import { fail } from "../shapes.mjs";
import { IN, uniqueIds } from "./common.mjs";

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 * @typedef {object} Weapon  DR-R23: a carried weapon and, for a firearm, its shots left.
 * @property {string} id
 * @property {number} hands
 * @property {number} damage
 * @property {string} base_attribute
 * @property {string[]} techniques
 * @property {number|null} capacity
 * @property {number|null} loaded
 * @property {boolean} thrown
 */

/** DR-R23: "You have two hands". */
export const HANDS = 2;

/**
 * A firearm's shots left within its capacity (both null for other weapons).
 * @param {number|null} capacity
 * @param {number|null} loaded
 * @param {string} where
 * @returns {void}
 */
function checkShots(capacity, loaded, where) {
  if ( (capacity === null) && (loaded !== null) ) throw fail(where, `${where}.loaded must be null when capacity is null`);
  if ( (capacity !== null) && ((loaded === null) || (loaded > capacity)) ) {
    throw fail(where, `${where}.loaded must be an integer in 0..${capacity}`);
  }
}

/**
 * DR-R23, DR-G35: one checked weapon, a firearm's shots within its capacity; its Damage and Base
 * Attribute are the technique's.
 * @param {Record<string, any>} value
 * @param {string} where
 * @returns {Weapon}
 */
export function weaponOf(value, where) {
  checkShots(value.capacity, value.loaded, where);
  return {
    id: value.id,
    hands: value.hands,
    damage: value.damage,
    base_attribute: value.base_attribute,
    techniques: [...value.techniques],
    capacity: value.capacity,
    loaded: value.loaded,
    thrown: value.thrown
  };
}

/**
 * DR-R23: a fighter's carried weapons, ids unique.
 * @param {Record<string, any>[]} items
 * @param {string} where
 * @returns {Weapon[]}
 */
export function weaponsOf(items, where) {
  const weapons = items.map((item, index) => weaponOf(item, `${where}[${index}]`));
  uniqueIds(weapons.map(w => w.id), where);
  return weapons;
}

/**
 * DR-R23, DR-G36: the wielded weapons, whose hands add up to at most two.
 * @param {Weapon[]} weapons
 * @param {string[]} wielded
 * @returns {Weapon[]}
 */
export function checkHands(weapons, wielded) {
  const held = weapons.filter(w => wielded.includes(w.id));
  if ( held.length !== wielded.length ) throw fail(IN, `${IN}.wielded names a weapon the fighter does not carry`);
  if ( held.reduce((n, w) => n + w.hands, 0) > HANDS ) throw fail(IN, `${IN}.wielded needs more than ${HANDS} hands`);
  return held;
}

/**
 * DR-R23, DR-G35: the technique cards wielding makes available, with the weapon's numbers.
 * The weapon's "own skill" is its Base Attribute (`weapon_skill_maps_to`).
 * @param {Weapon[]} held
 * @param {object} config
 * @returns {object[]}
 */
export function techniques(held, config) {
  return held.flatMap(w => w.techniques.map(card => ({
    card, weapon: w.id, damage: w.damage, base_attribute: w.base_attribute
  })));
}

/**
 * DR-R23, DR-G35: attack with a weapon or reload it; returns [weapon, events, thrown away].
 *
 * A firearm spends one shot per card use and cannot attack empty; a Reload, which is the
 * fighter's card for the Turn, refills it. A thrown weapon leaves its owner's hands.
 * @param {Weapon} weapon
 * @param {string} owner
 * @param {string} action
 * @returns {[Weapon, object[], boolean]}
 */
export function useWeapon(weapon, owner, action) {
  if ( action === "reload" ) {
    if ( weapon.capacity === null ) throw fail(IN, `${IN}.weapon is not a firearm and cannot be reloaded`);
    const event = { type: "reload", fighter: owner, weapon: weapon.id, loaded: weapon.capacity };
    return [{ ...weapon, loaded: weapon.capacity }, [event], false];
  }
  const events = [];
  if ( weapon.loaded !== null ) {
    if ( weapon.loaded === 0 ) throw fail(IN, `${IN}.weapon is empty and must be reloaded first`);
    weapon = { ...weapon, loaded: weapon.loaded - 1 };
    events.push({ type: "shot", fighter: owner, weapon: weapon.id, loaded: weapon.loaded });
  }
  if ( weapon.thrown ) events.push({ type: "thrown", fighter: owner, weapon: weapon.id });
  return [weapon, events, weapon.thrown];
}

/**
 * DR-R23: a weapon as it appears in state.
 * @param {Weapon} weapon
 * @returns {object}
 */
export function weaponJson(weapon) {
  return {
    id: weapon.id,
    hands: weapon.hands,
    damage: weapon.damage,
    base_attribute: weapon.base_attribute,
    techniques: [...weapon.techniques],
    capacity: weapon.capacity,
    loaded: weapon.loaded,
    thrown: weapon.thrown
  };
}

/**
 * DR-R23, DR-G35, DR-G36: wield weapons (two hands at most) and list their techniques.
 * @type {Rule}
 */
export function wield(input, config, queue) {
  const fighter = input.fighter;
  const held = checkHands(weaponsOf(input.weapons, `${IN}.weapons`), input.wielded);
  const available = techniques(held, config);
  const hands = held.reduce((n, w) => n + w.hands, 0);
  const event = { type: "wield", fighter, weapons: held.map(w => w.id), hands };
  return [[event], { wielded: held.map(w => w.id), techniques: available }];
}

/**
 * DR-G36: change wielded weapons mid-fight; by default that is the card for the Turn.
 * @type {Rule}
 */
export function changeWeapons(input, config, queue) {
  const fighter = input.fighter;
  const held = checkHands(weaponsOf(input.weapons, `${IN}.weapons`), input.wielded);
  const costs = config.weapon_change === "costs_turn";
  const event = { type: "weapon_change", fighter, wielded: held.map(w => w.id), costs_turn: costs };
  return [[event], { wielded: held.map(w => w.id), costs_turn: costs, techniques: techniques(held, config) }];
}

/**
 * DR-R23, DR-G35: one card use of a weapon: a shot, a Reload or a throw.
 * @type {Rule}
 */
export function weaponUse(input, config, queue) {
  const fighter = input.fighter;
  let weapon = weaponOf(input.weapon, `${IN}.weapon`);
  const onGround = [...input.on_ground];
  let events;
  let gone;
  [weapon, events, gone] = useWeapon(weapon, fighter, input.action);
  if ( gone ) onGround.push({ item: weapon.id, owner: fighter, thrown: true });
  return [events, { weapon: weaponJson(weapon), in_hand: !gone, on_ground: onGround }];
}

/** Every rule of this topic by camelCase name, in file order. */
export const RULES = Object.freeze({ wield, changeWeapons, weaponUse });
