/**
 * Characters, armour pieces and weapons as the sdm_pool rules take them; mirror of
 * `compiler/rules/sdm_pool/sheet.py`.
 *
 * The harness has read them through their shapes (defaults filled in a fresh copy), which a rule
 * may change and return as state. `readCharacter` adds the checks a shape cannot make (levels
 * within `level_range`, HP within its bounds, flags that follow HP, distinct ids) and the derived
 * `broken` of each armour piece (tests/golden/sdm_pool/README.md).
 */

import { sortedKeys } from "../inputs.mjs";
import { levelRange } from "./config.mjs";
import { fail } from "../shapes.mjs";
import { uniqueIds } from "./fields.mjs";

/** @typedef {Record<string, any>} Character */

/**
 * SDM-G06, SDM-G19, SDM-G21, SDM-R13, SDM-R14: a character, checked beyond its shape.
 * @param {any} value
 * @param {string} where
 * @param {Record<string, any>} config
 * @returns {Character}
 */
export function readCharacter(value, where, config) {
  const character = value;
  const [low, high] = levelRange(config);
  for ( const group of ["traits", "skills"] ) {
    for ( const key of sortedKeys(Object.keys(character[group])) ) {
      const level = character[group][key];
      if ( (level < low) || (level > high) ) throw fail(where, `${where}.${group}.${key} must be a level in ${low}..${high}`);
    }
  }
  if ( character.hp > character.max_hp ) throw fail(where, `${where}.hp must be at most max_hp (${character.max_hp})`);
  const floor = config.hp_floor;
  if ( character.hp < floor ) throw fail(where, `${where}.hp must be at least the HP floor (${floor})`);
  if ( character.incapacitated !== (character.hp <= 0) ) {
    throw fail(where, `${where}.incapacitated must be true exactly when hp is 0 or less`);
  }
  character.armor.forEach((/** @type {Record<string, any>} */ piece, /** @type {number} */ index) => readPiece(piece, `${where}.armor[${index}]`));
  uniqueIds(character.armor, `${where}.armor`);
  uniqueIds(character.weapons, `${where}.weapons`);
  return character;
}

/**
 * SDM-R13, SDM-G17: an armour piece's HP is at most its maximum; `broken` is derived (HP 0)
 * and must agree if given.
 * @param {Record<string, any>} piece
 * @param {string} where
 * @returns {void}
 */
export function readPiece(piece, where) {
  if ( piece.hp > piece.hp_max ) throw fail(where, `${where}.hp must be at most hp_max (${piece.hp_max})`);
  const broken = piece.hp === 0;
  if ( Object.hasOwn(piece, "broken") && (piece.broken !== broken) ) {
    throw fail(where, `${where}.broken must be true exactly when hp is 0`);
  }
  piece.broken = broken;
}

/**
 * Characters with distinct ids (a roster).
 * @param {any[]} values
 * @param {string} where
 * @param {Record<string, any>} config
 * @returns {Character[]}
 */
export function readCharacters(values, where, config) {
  const found = values.map((item, i) => readCharacter(item, `${where}[${i}]`, config));
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
