/**
 * Roll modifiers: the type chart and the situational ±2s (CR-R11, CR-R12); mirror of
 * `compiler/rules/crytures/modifiers.py`.
 *
 * Each situation counts once however many times it is present, and different situations stack
 * (CR-R11); a target's weaknesses do not stack across its types (CR-R12, CR-E03).
 */

import { IN, adjacent, alliesOf, byId, distance, named, sign, steps } from "./common.mjs";

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 * @typedef {import("./common.mjs").Combatant} Combatant
 */

/** CR-R11: every situation is worth +2 or -2 on each die. */
export const BONUS = 2;

/**
 * CR-R12, CR-G04, CR-G05: which of the defender's types are weak to or resist the attack
 * type, and the one modifier that gives (+2 weak, -2 resistant, `type_mod_combine` for both).
 * @param {string|null} attackType
 * @param {string[]} defenderTypes
 * @param {object} config
 * @returns {{weak_via: string[], resists_via: string[], names: string[], modifier: number}}
 */
export function typeRelationOf(attackType, defenderTypes, config) {
  const chart = config.type_chart;
  const lists = (table, type) => (Object.hasOwn(table, type) ? table[type] : []);
  const weakVia = defenderTypes.filter(t => lists(chart.weak_to, t).includes(attackType));
  const resistsVia = defenderTypes.filter(t => lists(chart.resists, t).includes(attackType));
  const names = situationNames(weakVia.length > 0, resistsVia.length > 0, config);
  const modifier = names.reduce((sum, name) => sum + (name === "weak" ? BONUS : -BONUS), 0);
  return { weak_via: weakVia, resists_via: resistsVia, names, modifier };
}

/**
 * CR-G05: the type situations that count: both (`net`), or only the one that wins.
 * @param {boolean} weak
 * @param {boolean} resistant
 * @param {object} config
 * @returns {string[]}
 */
export function situationNames(weak, resistant, config) {
  if ( weak && resistant && (config.type_mod_combine === "weakness_wins") ) return ["weak"];
  if ( weak && resistant && (config.type_mod_combine === "resistance_wins") ) return ["resistant"];
  return [["weak", weak], ["resistant", resistant]].filter(([, present]) => present).map(([name]) => name);
}

/**
 * CR-R12, CR-G04, CR-G05, CR-E03: an attack type against a defender's types.
 * @type {Rule}
 */
export function typeRelation(inp, config, queue) {
  const found = typeRelationOf(inp.attack_type, inp.defender_types, config);
  const event = {
    type: "type_relation", attack_type: inp.attack_type, defender_types: [...inp.defender_types],
    weak_via: found.weak_via, resists_via: found.resists_via, modifier: found.modifier
  };
  const state = { weak: found.weak_via.length > 0, resistant: found.resists_via.length > 0, modifier: found.modifier };
  return [[event], state];
}

/**
 * CR-G21: the spaces an ally must hold to flank: the target's mirror of the attacker's
 * direction (on a hex grid, of each neighbour of the target nearest the attacker).
 * @param {number[]} attacker
 * @param {number[]} target
 * @param {object} config
 * @returns {number[][]}
 */
export function flankSpaces(attacker, target, config) {
  if ( config.grid === "square" ) {
    const dx = sign(attacker[0] - target[0]);
    const dy = sign(attacker[1] - target[1]);
    return [[target[0] - dx, target[1] - dy]];
  }
  const near = steps(config).map(([dq, dr]) => [target[0] + dq, target[1] + dr]);
  const best = Math.min(...near.map(n => distance(n, attacker, config)));
  return near.filter(n => distance(n, attacker, config) === best)
    .map(n => [(2 * target[0]) - n[0], (2 * target[1]) - n[1]]);
}

/**
 * CR-G21 (`opposite_side`): an ally adjacent to the target on the side away from the
 * attacker (dot product below 0; in cube coordinates on a hex grid).
 * @param {number[]} ally
 * @param {number[]} attacker
 * @param {number[]} target
 * @param {object} config
 * @returns {boolean}
 */
export function farSide(ally, attacker, target, config) {
  if ( !adjacent(ally, target, config) ) return false;
  const a = [ally[0] - target[0], ally[1] - target[1]];
  const b = [attacker[0] - target[0], attacker[1] - target[1]];
  let dot = (a[0] * b[0]) + (a[1] * b[1]);
  if ( config.grid === "hex" ) dot += (a[0] + a[1]) * (b[0] + b[1]);
  return dot < 0;
}

/**
 * CR-R11, CR-G21: the attacker's allies that flank the target, in input order.
 * @param {Combatant} attacker
 * @param {Combatant} target
 * @param {Combatant[]} combatants
 * @param {object} config
 * @returns {string[]}
 */
export function flankers(attacker, target, combatants, config) {
  const here = attacker.position;
  const there = target.position;
  if ( (here === null) || (there === null) || (attacker.id === target.id) ) return [];
  const allies = alliesOf(combatants, attacker).filter(a => a.id !== target.id);
  if ( config.flanking === "opposite_side" ) {
    return allies.filter(a => farSide(a.position, here, there, config)).map(a => a.id);
  }
  const spaces = flankSpaces(here, there, config);
  return allies.filter(a => spaces.some(s => (s[0] === a.position[0]) && (s[1] === a.position[1]))).map(a => a.id);
}

/**
 * CR-R11, CR-R12, CR-G21, CR-G22: the `roll_modifier` event: every situation present,
 * each once, in the seed's order, and their total. `attack`: the attack's `type` and the
 * target's `situation` (cover, obscured, cant_see).
 * @param {Combatant} attacker
 * @param {Combatant} target
 * @param {Combatant[]} combatants
 * @param {{type: string|null, situation: Record<string, boolean>}} attack
 * @param {object} config
 * @returns {object}
 */
export function situationsOf(attacker, target, combatants, attack, config) {
  const situation = attack.situation;
  const flankedBy = flankers(attacker, target, combatants, config);
  const rise = attacker.elevation - target.elevation;
  const enough = config.elevation_min_difference;
  const selfAttack = attacker.id === target.id;
  const types = typeRelationOf(attack.type, target.types, config).names;
  const present = [
    ["flanking", flankedBy.length > 0],
    ["higher_elevation", !selfAttack && (rise >= enough)],
    ["cant_see", situation.cant_see],
    ["weak", types.includes("weak")],
    ["lower_elevation", !selfAttack && (rise <= -enough)],
    ["cover", situation.cover],
    ["obscured", situation.obscured],
    ["resistant", types.includes("resistant")]
  ];
  const found = present.map(([name, on], index) => [name, on, index]).filter(([, on]) => on)
    .map(([name, , index]) => ({ situation: name, modifier: index < 4 ? BONUS : -BONUS }));
  return {
    type: "roll_modifier", attacker: attacker.id, target: target.id, situations: found,
    flanked_by: flankedBy, total: found.reduce((sum, s) => sum + s.modifier, 0)
  };
}

/**
 * CR-R11, CR-R12, CR-G05, CR-G21, CR-G22, CR-E04: the roll modifier on each die of one
 * attacker's attack on one target.
 * @type {Rule}
 */
export function rollModifier(inp, config, queue) {
  const combatants = inp.combatants;
  const table = byId(combatants, `${IN}.combatants`);
  const attacker = named(table, inp.attacker, `${IN}.attacker`);
  const target = named(table, inp.target, `${IN}.target`);
  const attack = { type: inp.attack_type, situation: inp.situation };
  const event = situationsOf(attacker, target, combatants, attack, config);
  return [[event], { situations: event.situations.map(s => s.situation), total: event.total }];
}

/** The rules of this module by camelCase name, in file order. */
export const RULES = Object.freeze({ typeRelation, rollModifier });
