/**
 * Characters, armour pieces and weapons as the sdm_pool rules take them; mirror of
 * `compiler/rules/sdm_pool/sheet.py`.
 *
 * A reader returns a checked copy with every optional field filled in (an armour piece gains its
 * derived `broken`), which the rule may change and return as state. The semantic checks a shape
 * cannot make (levels within `level_range`, HP within its bounds, flags that follow HP, unique ids)
 * happen here (tests/golden/sdm_pool/README.md).
 */

import { ATTACK_KINDS, hpFloor, levelRange } from "./config.mjs";
import {
  OPTIONAL, REQUIRED, fail, isObject, optionalInt, optionalKey, readObject, requireBool, requireChoice,
  requireId, requireInt, requireList, requireMap, requireText, required, uniqueIds
} from "./fields.mjs";

/** @typedef {Record<string, any>} Character */

export const AMOUNT = 1000000;
const HP_LIMIT = 1000000;
export const LEVEL_LIMIT = 1000;
/** @type {Array<[string, any]>} */
const CHARACTER_SPEC = [
  ["id", REQUIRED], ["name", OPTIONAL], ["pc", false], ["traits", REQUIRED], ["skills", {}],
  ["max_hp", REQUIRED], ["hp", REQUIRED], ["armor", []], ["weapons", []], ["actions", null],
  ["minor_actions", null], ["movement", null], ["actions_left", 0], ["minor_actions_left", 0],
  ["owed_actions", 0], ["owed_minor_actions", 0], ["incapacitated", false],
  ["stabilized", false], ["dead", false], ["unapplied_damage", 0]
];
const COUNTERS = ["actions_left", "minor_actions_left", "owed_actions", "owed_minor_actions"];
const FLAGS = ["incapacitated", "stabilized", "dead"];
/** @type {Array<[string, any]>} */
const PIECE_SPEC = [
  ["id", REQUIRED], ["name", OPTIONAL], ["dr", REQUIRED], ["hp_max", REQUIRED], ["hp", REQUIRED],
  ["broken", OPTIONAL]
];
/** @type {Array<[string, any]>} */
const WEAPON_SPEC = [
  ["id", REQUIRED], ["name", OPTIONAL], ["attack_kind", REQUIRED], ["damage", 0],
  ["damage_dice", null], ["trait", null], ["skill", null], ["sdm_tier", null]
];

/**
 * SDM-G06, SDM-G19, SDM-G21, SDM-R14: a character, checked and with its defaults filled.
 * @param {unknown} value
 * @param {string} where
 * @param {Record<string, any>} config
 * @returns {Character}
 */
export function readCharacter(value, where, config) {
  const found = readObject(value, where, CHARACTER_SPEC);
  requireId(found.id, `${where}.id`);
  if ( Object.hasOwn(found, "name") ) requireText(found.name, `${where}.name`);
  requireBool(found.pc, `${where}.pc`);
  found.traits = readLevels(found.traits, `${where}.traits`);
  found.skills = readLevels(found.skills, `${where}.skills`);
  requireInt(found.max_hp, `${where}.max_hp`, 1, HP_LIMIT);
  requireInt(found.hp, `${where}.hp`, -HP_LIMIT, HP_LIMIT);
  found.armor = readAll(found.armor, `${where}.armor`, 20, readPiece);
  found.weapons = readAll(found.weapons, `${where}.weapons`, 100, readWeapon);
  for ( const key of ["actions", "minor_actions", "movement"] ) optionalInt(found[key], `${where}.${key}`, 0, LEVEL_LIMIT);
  for ( const key of COUNTERS ) requireInt(found[key], `${where}.${key}`, 0, LEVEL_LIMIT);
  for ( const key of FLAGS ) requireBool(found[key], `${where}.${key}`);
  requireInt(found.unapplied_damage, `${where}.unapplied_damage`, 0, 1000000000);
  checkCharacter(found, where, config);
  return found;
}

/**
 * Every item of a list, each read by `reader`, with distinct ids.
 * @param {unknown} value
 * @param {string} where
 * @param {number} limit
 * @param {(item: unknown, where: string) => Record<string, any>} reader
 * @returns {Array<Record<string, any>>}
 */
function readAll(value, where, limit, reader) {
  const items = requireList(value, where, limit);
  const found = items.map((item, index) => reader(item, `${where}[${index}]`));
  uniqueIds(/** @type {Array<{id: string}>} */ (found), where);
  return found;
}

/**
 * The checks across a character's fields.
 * @param {Character} found
 * @param {string} where
 * @param {Record<string, any>} config
 * @returns {void}
 */
function checkCharacter(found, where, config) {
  const [low, high] = levelRange(config);
  for ( const group of ["traits", "skills"] ) {
    for ( const [key, level] of requireMap(found[group], `${where}.${group}`, 100) ) {
      if ( (level < low) || (level > high) ) throw fail(where, `${where}.${group}.${key} must be a level in ${low}..${high}`);
    }
  }
  if ( found.hp > found.max_hp ) throw fail(where, `${where}.hp must be at most max_hp (${found.max_hp})`);
  const floor = hpFloor(config);
  if ( found.hp < floor ) throw fail(where, `${where}.hp must be at least the HP floor (${floor})`);
  if ( found.incapacitated !== (found.hp <= 0) ) {
    throw fail(where, `${where}.incapacitated must be true exactly when hp is 0 or less`);
  }
}

/**
 * SDM-G06: Trait or Skill levels by name.
 * @param {unknown} value
 * @param {string} where
 * @returns {Record<string, number>}
 */
export function readLevels(value, where) {
  const levels = requireMap(value, where, 100);
  for ( const [key, level] of levels ) requireInt(level, `${where}.${key}`, 0, LEVEL_LIMIT);
  return Object.fromEntries(levels);
}

/**
 * SDM-R13, SDM-G17: an armour piece; `broken` is derived (HP 0) and must agree if given.
 * @param {unknown} value
 * @param {string} where
 * @returns {Record<string, any>}
 */
export function readPiece(value, where) {
  const found = readObject(value, where, PIECE_SPEC);
  requireId(found.id, `${where}.id`);
  if ( Object.hasOwn(found, "name") ) requireText(found.name, `${where}.name`);
  requireInt(found.dr, `${where}.dr`, 0, AMOUNT);
  requireInt(found.hp_max, `${where}.hp_max`, 0, AMOUNT);
  requireInt(found.hp, `${where}.hp`, 0, AMOUNT);
  if ( found.hp > found.hp_max ) throw fail(where, `${where}.hp must be at most hp_max (${found.hp_max})`);
  const broken = found.hp === 0;
  if ( Object.hasOwn(found, "broken") && (requireBool(found.broken, `${where}.broken`) !== broken) ) {
    throw fail(where, `${where}.broken must be true exactly when hp is 0`);
  }
  found.broken = broken;
  return found;
}

/**
 * SDM-R09, SDM-G07, SDM-G18: a weapon: its attack kind, damage and optional overrides.
 * @param {unknown} value
 * @param {string} where
 * @returns {Record<string, any>}
 */
export function readWeapon(value, where) {
  const found = readObject(value, where, WEAPON_SPEC);
  requireId(found.id, `${where}.id`);
  if ( Object.hasOwn(found, "name") ) requireText(found.name, `${where}.name`);
  requireChoice(found.attack_kind, `${where}.attack_kind`, ATTACK_KINDS);
  requireInt(found.damage, `${where}.damage`, 0, AMOUNT);
  if ( found.damage_dice !== null ) found.damage_dice = readDamageDice(found.damage_dice, `${where}.damage_dice`);
  for ( const key of ["trait", "skill", "sdm_tier"] ) optionalKey(found[key], `${where}.${key}`);
  return found;
}

/**
 * SDM-G18: `{count, die}` damage dice.
 * @param {unknown} value
 * @param {string} where
 * @returns {{count: number, die: number}}
 */
export function readDamageDice(value, where) {
  if ( !isObject(value) ) throw fail(where, `${where} must be null or an object`);
  const found = readObject(value, where, required(["count", "die"]));
  return {
    count: requireInt(found.count, `${where}.count`, 1, 100),
    die: requireInt(found.die, `${where}.die`, 2, 1000)
  };
}

/**
 * Characters with distinct ids (a roster).
 * @param {unknown} value
 * @param {string} where
 * @param {Record<string, any>} config
 * @returns {Character[]}
 */
export function readCharacters(value, where, config) {
  const items = requireList(value, where, 100);
  const found = items.map((item, index) => readCharacter(item, `${where}[${index}]`, config));
  uniqueIds(/** @type {Array<{id: string}>} */ (found), where);
  return found;
}

/**
 * SDM-G06: the level of a trait the rule needs; the sheet must have it.
 * @param {Character} character
 * @param {string} trait
 * @param {string} where
 * @returns {number}
 */
export function traitLevel(character, trait, where) {
  if ( !Object.hasOwn(character.traits, trait) ) throw fail(where, `${where}.traits.${trait} is required`);
  return character.traits[trait];
}

/**
 * SDM-G06: the level of a skill; a skill the sheet lacks rates 0.
 * @param {Character} character
 * @param {string} skill
 * @returns {number}
 */
export function skillLevel(character, skill) {
  return Object.hasOwn(character.skills, skill) ? character.skills[skill] : 0;
}

/**
 * SDM-R08: the weapon of `character` with this id.
 * @param {Character} character
 * @param {string} weapon
 * @param {string} where
 * @returns {Record<string, any>}
 */
export function findWeapon(character, weapon, where) {
  const found = character.weapons.find((/** @type {{id: string}} */ item) => item.id === weapon);
  if ( found === undefined ) throw fail(where, `${where} names no weapon the character carries`);
  return found;
}

/**
 * SDM-R08: the index of `weapon` among the character's weapons.
 * @param {Character} character
 * @param {Record<string, any>} weapon
 * @returns {number}
 */
export function weaponIndex(character, weapon) {
  return character.weapons.map((/** @type {{id: string}} */ item) => item.id).indexOf(weapon.id);
}

/**
 * The index of the character with this id, or -1.
 * @param {Character[]} characters
 * @param {string} ident
 * @returns {number}
 */
export function indexOf(characters, ident) {
  return characters.findIndex(item => item.id === ident);
}
