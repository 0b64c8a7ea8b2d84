/**
 * Weapons: hands, techniques, firearms and reloads, thrown weapons (DR-R23, DR-G35, DR-G36);
 * mirror of `compiler/rules/danger_room/weapons.py`.
 *
 * A weapon is `{id, hands, damage, base_attribute, techniques, capacity, loaded, thrown}`:
 * `capacity` and `loaded` are the shots of a firearm (null otherwise), `thrown` marks a weapon
 * that leaves the hand when used and lies on the ground until the fight ends.
 */

import { BAD_INPUT, RuleError } from "../errors.mjs";
import { expectObject, getBool, getChoice, getInt } from "../inputs.mjs";
import { ATTRIBUTES } from "./attributes.mjs";
import { CF, IN, readId, readObjects, readStrList, uniqueIds } from "./common.mjs";

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
const WEAPON_KEYS = Object.freeze(["id", "hands", "damage", "base_attribute", "techniques", "capacity", "loaded", "thrown"]);
const USES = Object.freeze(["attack", "reload"]);
const CHANGES = Object.freeze(["costs_turn", "free"]);

/**
 * A firearm's capacity and shots left (both null for other weapons).
 * @param {object} fields
 * @param {string} where
 * @returns {[number|null, number|null]}
 */
function shots(fields, where) {
  if ( fields.capacity === null ) {
    if ( fields.loaded !== null ) throw new RuleError(BAD_INPUT, `${where}.loaded must be null when capacity is null`);
    return [null, null];
  }
  const capacity = getInt(fields, "capacity", where, 1, 1000);
  return [capacity, getInt(fields, "loaded", where, 0, capacity)];
}

/**
 * DR-R23, DR-G35: one weapon; its Damage and Base Attribute are the technique's.
 * @param {unknown} value
 * @param {string} where
 * @returns {Weapon}
 */
export function readWeapon(value, where) {
  const fields = expectObject(value, where, WEAPON_KEYS);
  const [capacity, loaded] = shots(fields, where);
  return {
    id: readId(fields, "id", where),
    hands: getInt(fields, "hands", where, 1, HANDS),
    damage: getInt(fields, "damage", where, 0, 100),
    base_attribute: getChoice(fields, "base_attribute", where, ATTRIBUTES),
    techniques: [...readStrList(fields, "techniques", where)],
    capacity,
    loaded,
    thrown: getBool(fields, "thrown", where)
  };
}

/**
 * DR-R23: a fighter's carried weapons, ids unique.
 * @param {object} fields
 * @param {string} key
 * @returns {Weapon[]}
 */
export function readWeapons(fields, key) {
  const weapons = readObjects(fields, key, IN).map(([where, item]) => readWeapon(item, where));
  uniqueIds(weapons.map(w => w.id), `${IN}.${key}`);
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
  if ( held.length !== wielded.length ) {
    throw new RuleError(BAD_INPUT, `${IN}.wielded names a weapon the fighter does not carry`);
  }
  if ( held.reduce((n, w) => n + w.hands, 0) > HANDS ) {
    throw new RuleError(BAD_INPUT, `${IN}.wielded needs more than ${HANDS} hands`);
  }
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
  getChoice(config, "weapon_skill_maps_to", CF, ["base_attribute"]);
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
    if ( weapon.capacity === null ) throw new RuleError(BAD_INPUT, `${IN}.weapon is not a firearm and cannot be reloaded`);
    const event = { type: "reload", fighter: owner, weapon: weapon.id, loaded: weapon.capacity };
    return [{ ...weapon, loaded: weapon.capacity }, [event], false];
  }
  const events = [];
  if ( weapon.loaded !== null ) {
    if ( weapon.loaded === 0 ) throw new RuleError(BAD_INPUT, `${IN}.weapon is empty and must be reloaded first`);
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
  const fields = expectObject(input, IN, ["fighter", "weapons", "wielded"]);
  const fighter = readId(fields, "fighter", IN);
  const held = checkHands(readWeapons(fields, "weapons"), readStrList(fields, "wielded", IN));
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
  const fields = expectObject(input, IN, ["fighter", "weapons", "wielded"]);
  const fighter = readId(fields, "fighter", IN);
  const held = checkHands(readWeapons(fields, "weapons"), readStrList(fields, "wielded", IN));
  const costs = getChoice(config, "weapon_change", CF, CHANGES) === "costs_turn";
  const event = { type: "weapon_change", fighter, wielded: held.map(w => w.id), costs_turn: costs };
  return [[event], { wielded: held.map(w => w.id), costs_turn: costs, techniques: techniques(held, config) }];
}

/**
 * DR-R23, DR-G35: one card use of a weapon: a shot, a Reload or a throw.
 * @type {Rule}
 */
export function weaponUse(input, config, queue) {
  const fields = expectObject(input, IN, ["fighter", "weapon", "action", "on_ground"]);
  const fighter = readId(fields, "fighter", IN);
  let weapon = readWeapon(fields.weapon, `${IN}.weapon`);
  const action = getChoice(fields, "action", IN, USES);
  const onGround = readObjects(fields, "on_ground", IN).map(([where, item]) => groundItem(item, where));
  let events;
  let gone;
  [weapon, events, gone] = useWeapon(weapon, fighter, action);
  if ( gone ) onGround.push({ item: weapon.id, owner: fighter, thrown: true });
  return [events, { weapon: weaponJson(weapon), in_hand: !gone, on_ground: onGround }];
}

/**
 * One item lying on the ground (the aftermath's shape): which item, whose, whether thrown.
 * @param {unknown} value
 * @param {string} where
 * @returns {{item: string, owner: string, thrown: boolean}}
 */
function groundItem(value, where) {
  const item = expectObject(value, where, ["item", "owner", "thrown"]);
  return { item: readId(item, "item", where), owner: readId(item, "owner", where), thrown: getBool(item, "thrown", where) };
}

/** Every rule of this topic by camelCase name, in file order. */
export const RULES = Object.freeze({ wield, changeWeapons, weaponUse });
