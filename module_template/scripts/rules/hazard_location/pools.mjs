/**
 * The attack's inputs and its dice pools; mirror of `compiler/rules/hazard_location/pools.py`.
 *
 * Every penalty is listed with its source, so the attack trace shows how the pool was reached.
 */

import * as dice from "../dice.mjs";
import { entryOf } from "./armor.mjs";
import { calledShotPenalty } from "./arith.mjs";
import { canReact, choice, complication, defencePool, flag, number } from "./config.mjs";
import { readCover } from "./content.mjs";
import {
  byId, expectFields, fail, getIds, getLength, getRational, has, optBool, optStr
} from "./fields.mjs";
import { loadContent, prepare } from "./harm.mjs";
import { rangeEvent, tableFor } from "./measures.mjs";
import { SMALL_INT, getBool, getChoice, getIntList, getStr } from "../inputs.mjs";

const IN = "input";
const S = SMALL_INT;
const KEYS = ["attacker", "defender", "weapon", "distance", "attacker_moved", "target_moved",
  "called_shot", "cover", "complications", "die_mods"];
const OPTIONAL = ["pool", "partial_cover_applies", "defender_can_react", "defence", "content", "fallback_table"];
export const DEFENCE_KINDS = Object.freeze(["parry", "evade", "other"]);
const DEFENCE_FIELDS = ["attribute", "skill", "weapon", "aegis", "die_mods"];

/**
 * HZ-R01, HZ-R07, HZ-R13, HZ-G13, HZ-G14: one attack's checked inputs.
 * @param {unknown} input
 * @param {object} config
 * @returns {object}
 */
export function readAttack(input, config) {
  const fields = expectFields(input, IN, KEYS, OPTIONAL);
  const content = loadContent(fields, config);
  const [attacker, attackerTotal] = prepare(fields.attacker, `${IN}.attacker`, config, content);
  const [defender, defenderTotal] = prepare(fields.defender, `${IN}.defender`, config, content);
  const weapon = weaponOf(attacker, getStr(fields, "weapon", IN), `${IN}.weapon`);
  const mode = weapon.mode;
  const [table, tableEvent] = tableFor(fields, config, defender.species, content);
  const called = optStr(fields, "called_shot", IN, null);
  if ( called !== null ) entryOf(table, called, `${IN}.called_shot`);
  choice(config, "attacker_moved_window");
  choice(config, "target_moved_window");
  const distance = distanceOf(fields, mode, config);
  const cover = readCover(fields.cover, `${IN}.cover`);
  const moved = [getBool(fields, "attacker_moved", IN), getBool(fields, "target_moved", IN)];
  const reacts = optBool(fields, "defender_can_react", IN, canReact(config, mode));
  const complications = getIds(fields, "complications", IN);
  const dieMods = getIntList(fields, "die_mods", IN, -S, S);
  return {
    fields, content, mode, weapon,
    attacker, attacker_total: attackerTotal, defender, defender_total: defenderTotal,
    table, table_event: tableEvent, called, distance, cover, moved,
    can_react: reacts, complications, die_mods: dieMods
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
  return getLength(fields, "distance", IN, number(config, "metres_per_hex", 1, 1000));
}

/**
 * HZ-R10, HZ-G31: the ranged attack's band penalty, or `out_of_range` (no dice drawn).
 * @param {object} attack
 * @param {object} config
 * @returns {[object, number|null]}
 */
export function rangeCheck(attack, config) {
  const weapon = attack.weapon;
  const optimal = getRational(weapon, "optimal_range_m", `${IN}.weapon`);
  const maximum = getRational(weapon, "max_range_m", `${IN}.weapon`);
  return rangeEvent(attack.distance, optimal, maximum, config);
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
  const applies = optBool(attack.fields, "partial_cover_applies", IN, flag(config, "partial_cover_applies"));
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
  const fields = attack.fields;
  const weapon = attack.weapon;
  const pool = expectFields(has(fields, "pool") ? fields.pool : {}, where, [], ["attribute", "skill"]);
  const attribute = optStr(pool, "attribute", where, null) ?? (has(weapon, "attribute") ? weapon.attribute : null);
  const skill = optStr(pool, "skill", where, null) ?? (has(weapon, "skill") ? weapon.skill : null);
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
 * HZ-R13, HZ-G15: the defence, required when the defender can react.
 * @param {object} attack
 * @returns {object|null}
 */
export function readDefence(attack) {
  const fields = attack.fields;
  if ( !attack.can_react ) return null;
  const where = `${IN}.defence`;
  if ( !has(fields, "defence") ) throw fail(IN, `${where} is required when the defender can react`);
  const defence = expectFields(fields.defence, where, ["kind"], DEFENCE_FIELDS);
  getChoice(defence, "kind", where, DEFENCE_KINDS);
  const result = { ...defence };
  if ( has(defence, "weapon") ) {
    const ident = getStr(defence, "weapon", where);
    result.weapon_item = weaponOf(attack.defender, ident, `${where}.weapon`);
  }
  return result;
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
  let [attribute, skill] = kind === "other" ? [null, null] : defencePool(config, kind);
  attribute = optStr(defence, "attribute", where, attribute);
  skill = optStr(defence, "skill", where, skill);
  if ( (attribute === null) || (skill === null) ) {
    throw fail(where, `${where} needs an attribute and a skill for kind other`);
  }
  const base = rating(attack.defender, attribute, skill, `${IN}.defender`);
  let mods = complicationsFor(attack, "defence", config);
  if ( optBool(defence, "aegis", where, false) ) mods.push({ source: "aegis", dice: number(config, "aegis_dice", 0, 100) });
  const extra = has(defence, "die_mods") ? getIntList(defence, "die_mods", where, -S, S) : [];
  mods = mods.concat(extra.map(d => ({ source: "modifier", dice: d })));
  const size = dice.poolSize(base, mods.map(m => m.dice), 0);
  return [{ type: "defence_pool", kind, attribute, skill, base, modifiers: mods, size }, size];
}
