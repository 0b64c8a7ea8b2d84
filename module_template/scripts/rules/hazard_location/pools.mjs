/**
 * The attack's inputs and its dice pools; mirror of `compiler/rules/hazard_location/pools.py`.
 *
 * Every penalty is listed with its source, so the attack trace shows how the pool was reached.
 */

import * as dice from "../dice.mjs";
import { entryOf } from "./armor.mjs";
import { calledShotPenalty } from "./arith.mjs";
import { complication } from "./config.mjs";
import { checkCover } from "./content.mjs";
import { byId, has, lengthM, rational } from "./fields.mjs";
import { loadContent, prepare } from "./harm.mjs";
import { rangeEvent, tableFor } from "./measures.mjs";
import { fail } from "../shapes.mjs";

const IN = "input";

/**
 * HZ-R01, HZ-R07, HZ-R13, HZ-G13, HZ-G14: one attack's inputs, the weapon, the table and
 * the called location found, whether the defender can react decided.
 * @param {object} fields
 * @param {object} config
 * @returns {object}
 */
export function prepareAttack(fields, config) {
  const content = loadContent(fields, config);
  const [attacker, attackerTotal] = prepare(fields.attacker, `${IN}.attacker`, config, content);
  const [defender, defenderTotal] = prepare(fields.defender, `${IN}.defender`, config, content);
  const weapon = weaponOf(attacker, fields.weapon, `${IN}.weapon`);
  const mode = weapon.mode;
  const [table, tableEvent] = tableFor(fields, config, defender.species, content);
  const called = fields.called_shot;
  if ( called !== null ) entryOf(table, called, `${IN}.called_shot`);
  const distance = distanceOf(fields, mode, config);
  const cover = checkCover(fields.cover, `${IN}.cover`);
  const reacts = has(fields, "defender_can_react") ? fields.defender_can_react : config.defender_can_react[mode];
  return {
    fields, content, mode, weapon,
    attacker, attacker_total: attackerTotal, defender, defender_total: defenderTotal,
    table, table_event: tableEvent, called, distance, cover, moved: [fields.attacker_moved, fields.target_moved],
    can_react: reacts, complications: fields.complications, die_mods: fields.die_mods
  };
}

/**
 * The character's weapon with this id.
 * @param {object} character
 * @param {string} ident
 * @param {string} where
 * @returns {object}
 */
function weaponOf(character, ident, where) {
  const weapon = byId(character.weapons, ident);
  if ( weapon === null ) throw fail(where, `${where} is not one of the character's weapons`);
  return { ...weapon };
}

/**
 * The attack's distance in metres; only a ranged attack needs one.
 * @param {object} fields
 * @param {string} mode
 * @param {object} config
 * @returns {import("./fields.mjs").Rational|null}
 */
function distanceOf(fields, mode, config) {
  if ( fields.distance === null ) {
    if ( mode === "ranged" ) throw fail(IN, `${IN}.distance is required for a ranged attack`);
    return null;
  }
  return lengthM(fields.distance, config.metres_per_hex);
}

/**
 * HZ-R10, HZ-G31: the ranged attack's band penalty, or `out_of_range` (no dice drawn).
 * @param {object} attack
 * @returns {[object, number|null]}
 */
export function rangeCheck(attack) {
  const weapon = attack.weapon;
  const [optimal, maximum] = [rational(weapon.optimal_range_m), rational(weapon.max_range_m)];
  return rangeEvent(attack.distance, optimal, maximum);
}

/**
 * HZ-R06, HZ-R09, HZ-R12, HZ-R19, HZ-G12-G14: every die modifier of the attack pool.
 * @param {object} attack
 * @param {number} rangeDice
 * @param {object} config
 * @returns {object[]}
 */
export function attackModifiers(attack, rangeDice, config) {
  let mods = [];
  const ranged = attack.mode === "ranged";
  if ( ranged ) mods.push({ source: "range", dice: 0 - rangeDice });
  if ( attack.moved[0] ) mods.push({ source: "attacker_moved", dice: -1 });
  if ( attack.moved[1] ) mods.push({ source: "target_moved", dice: -1 });
  if ( attack.called !== null ) {
    const percent = entryOf(attack.table, attack.called, `${IN}.called_shot`).percent;
    mods.push({ source: "called_shot", dice: -calledShotPenalty(percent) });
  }
  const cover = attack.cover;
  const applies = has(attack.fields, "partial_cover_applies") ? attack.fields.partial_cover_applies
    : config.partial_cover_applies;
  if ( ranged && (cover !== null) && (cover.kind === "partial") && applies ) mods.push({ source: "partial_cover", dice: -1 });
  mods = mods.concat(complicationsFor(attack, "attack", config));
  return mods.concat(attack.die_mods.map(d => ({ source: "modifier", dice: d })));
}

/**
 * The complications that apply to this roll of this attack.
 * @param {object} attack
 * @param {string} roll
 * @param {object} config
 * @returns {object[]}
 */
function complicationsFor(attack, roll, config) {
  const found = [];
  attack.complications.forEach((ident, index) => {
    const row = complication(config, ident, `${IN}.complications[${index}]`);
    if ( (row.applies_to !== roll) && (row.applies_to !== "both") ) return;
    if ( row.ranged_only && (attack.mode !== "ranged") ) return;
    found.push({ source: ident, dice: -row.dice_penalty });
  });
  return found;
}

/**
 * HZ-R07, HZ-R09, HZ-R13, HZ-G08, P11: Attribute + Skill with every modifier, at least 0.
 * @param {object} attack
 * @param {number} rangeDice
 * @param {object} config
 * @returns {[object, number]}
 */
export function attackPool(attack, rangeDice, config) {
  const where = `${IN}.pool`;
  const pool = attack.fields.pool;
  const weapon = attack.weapon;
  const attribute = (has(pool, "attribute") ? pool.attribute : null) ?? (has(weapon, "attribute") ? weapon.attribute : null);
  const skill = (has(pool, "skill") ? pool.skill : null) ?? (has(weapon, "skill") ? weapon.skill : null);
  if ( (attribute === null) || (skill === null) ) {
    throw fail(where, `${where} needs an attribute and a skill (or the weapon's)`);
  }
  const base = rating(attack.attacker, attribute, skill, `${IN}.attacker`);
  const mods = attackModifiers(attack, rangeDice, config);
  const size = dice.poolSize(base, mods.map(m => m.dice), 0);
  return [{ type: "attack_pool", attribute, skill, base, modifiers: mods, size }, size];
}

/**
 * Attribute + Skill of a character; an untrained Skill is rated 0.
 * @param {object} character
 * @param {string} attribute
 * @param {string} skill
 * @param {string} where
 * @returns {number}
 */
function rating(character, attribute, skill, where) {
  if ( !has(character.attributes, attribute) ) throw fail(where, `${where}.attributes.${attribute} is required`);
  return character.attributes[attribute] + (has(character.skills, skill) ? character.skills[skill] : 0);
}

/**
 * HZ-R13, HZ-G15: the defence, required when the defender can react, with its weapon.
 * @param {object} attack
 * @returns {object|null}
 */
export function defenceOf(attack) {
  const fields = attack.fields;
  if ( !attack.can_react ) return null;
  const where = `${IN}.defence`;
  if ( !has(fields, "defence") ) throw fail(IN, `${where} is required when the defender can react`);
  const defence = { ...fields.defence };
  if ( has(defence, "weapon") ) defence.weapon_item = weaponOf(attack.defender, defence.weapon, `${where}.weapon`);
  return defence;
}

/**
 * HZ-R13, HZ-G04, HZ-G12, HZ-G15: parry AGI + Melee, evade AGI + Maneuver, or as given.
 * @param {object} attack
 * @param {object} defence
 * @param {object} config
 * @returns {[object, number]}
 */
export function defencePoolEvent(attack, defence, config) {
  const where = `${IN}.defence`;
  const kind = defence.kind;
  const pool = kind === "other" ? { attribute: null, skill: null } : config.defence_pools[kind];
  const attribute = (has(defence, "attribute") ? defence.attribute : null) ?? pool.attribute;
  const skill = (has(defence, "skill") ? defence.skill : null) ?? pool.skill;
  if ( (attribute === null) || (skill === null) ) {
    throw fail(where, `${where} needs an attribute and a skill for kind other`);
  }
  const base = rating(attack.defender, attribute, skill, `${IN}.defender`);
  let mods = complicationsFor(attack, "defence", config);
  if ( defence.aegis ) mods.push({ source: "aegis", dice: config.aegis_dice });
  mods = mods.concat(defence.die_mods.map(d => ({ source: "modifier", dice: d })));
  const size = dice.poolSize(base, mods.map(m => m.dice), 0);
  return [{ type: "defence_pool", kind, attribute, skill, base, modifiers: mods, size }, size];
}
