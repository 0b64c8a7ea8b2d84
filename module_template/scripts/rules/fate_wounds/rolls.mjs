/**
 * One side's roll and the exact odds of rolls (FW-R02, FW-R03, FW-R06, FW-G01); mirror of
 * `compiler/rules/fate_wounds/rolls.py`.
 *
 * A roll is 4dF + Approach + at most `config.skill_terms_per_roll` skill-like terms (a skill, or
 * a power's rating) + the power bonuses spent, each +1, declared before the dice. Disadvantage
 * (FW-G01) adds dice by `config.disadvantage_mode`; the faces come from the queue in order.
 */

import * as dice from "../dice.mjs";
import { FATE } from "../queue.mjs";
import { condition, fillCharacter } from "./characters.mjs";
import { scaleLabel } from "./ladder.mjs";
import { fail } from "../shapes.mjs";

/**
 * @typedef {import("../queue.mjs").DiceQueue} DiceQueue
 * @typedef {import("./characters.mjs").Character} Character
 * @typedef {[object[], object]} Result  The rule's events and new state.
 * @typedef {object} Declared  A roll as declared: its side, the declaration, and the input
 *   paths of the character and of the declaration (for messages).
 * @property {"attack"|"defence"} side
 * @property {Record<string, any>} declaration
 * @property {string} whoAt
 * @property {string} at
 */

export const FATE_DICE = 4;

/** FW-E09: how many of the 81 ways four Fate dice fall give each total. */
const SET_COUNTS = Object.freeze([[-4, 1], [-3, 4], [-2, 10], [-1, 16], [0, 19], [1, 16], [2, 10], [3, 4], [4, 1]]);

/**
 * FW-G01, FW-E09: how many ways one roll's dice give each result, at Disadvantage `level`.
 *
 * `reroll_keep_lowest`: the lowest of level + 1 sets, N(min >= x) = N(set >= x)^(level + 1);
 * `extra_df_drop_highest`: the lowest four of 4 + level dF, by the counts of minus, blank and
 * plus faces; `flat`: 4dF shifted down by level. Exact integers, no enumeration of sets.
 * @param {number} level
 * @param {string} mode
 * @returns {Map<number, number>}
 */
export function distribution(level, mode) {
  if ( (level === 0) || (mode === "flat") ) return new Map(SET_COUNTS.map(([total, count]) => [total - level, count]));
  if ( mode === "reroll_keep_lowest" ) {
    const atLeast = x => SET_COUNTS.filter(([t]) => t >= x).reduce((sum, [, c]) => sum + c, 0);
    const counts = new Map();
    for ( let x = -4; x <= 4; x++ ) counts.set(x, (atLeast(x) ** (level + 1)) - (atLeast(x + 1) ** (level + 1)));
    return counts;
  }
  return lowestFour(FATE_DICE + level);
}

/**
 * @param {number} n
 * @returns {Map<number, number>}
 */
function lowestFour(n) {
  const counts = new Map();
  for ( let total = -4; total <= 4; total++ ) counts.set(total, 0);
  for ( let minus = 0; minus <= n; minus++ ) {
    for ( let plus = 0; plus <= n - minus; plus++ ) {
      const blank = n - minus - plus;
      const ways = factorial(n) / (factorial(minus) * factorial(blank) * factorial(plus));
      const low = Math.min(minus, FATE_DICE);
      const keptPlus = FATE_DICE - low - Math.min(blank, FATE_DICE - low);
      counts.set(keptPlus - low, counts.get(keptPlus - low) + ways);
    }
  }
  return counts;
}

/**
 * n! for the small n of a roll (exact: at most 10!).
 * @param {number} n
 * @returns {number}
 */
function factorial(n) {
  let result = 1;
  for ( let k = 2; k <= n; k++ ) result *= k;
  return result;
}

/**
 * The greatest common divisor, always positive.
 * @param {number} a
 * @param {number} b
 * @returns {number}
 */
function gcd(a, b) {
  let [x, y] = [Math.abs(a), Math.abs(b)];
  while ( y ) [x, y] = [y, x % y];
  return x;
}

/**
 * FW-E09, FW-G01: the exact distribution of one roll's dice and its mean, as a fraction.
 * @param {Record<string, any>} input
 * @param {Record<string, any>} config
 * @param {DiceQueue} queue
 * @returns {Result}
 */
export function diceDistribution(input, config, queue) {
  const counts = distribution(input.disadvantage, config.disadvantage_mode);
  const entries = [...counts.entries()].sort((a, b) => a[0] - b[0]);
  const outcomes = entries.reduce((sum, [, c]) => sum + c, 0);
  const total = entries.reduce((sum, [t, c]) => sum + (t * c), 0);
  const common = gcd(total, outcomes);
  const rows = entries.filter(([, c]) => c).map(([t, c]) => ({ total: t, count: c }));
  const mean = { num: total / common, den: outcomes / common };
  return [[], { outcomes, counts: rows, mean }];
}

/**
 * FW-E09, FW-R04, P12: exact counts of an attack beating, tying and losing to a defence
 * with these modifiers and Disadvantage levels; a tie is the defender's.
 * @param {Record<string, any>} input
 * @param {Record<string, any>} config
 * @param {DiceQueue} queue
 * @returns {Result}
 */
export function odds(input, config, queue) {
  const mode = config.disadvantage_mode;
  const attack = distribution(input.attack_disadvantage, mode);
  const defence = distribution(input.defence_disadvantage, mode);
  const shift = input.attack_modifier - input.defence_modifier;
  let wins = 0;
  let ties = 0;
  for ( const [a, waysA] of attack ) {
    for ( const [d, waysD] of defence ) {
      if ( a + shift === d ) ties += waysA * waysD;
      else if ( dice.opposed(a + shift, d, "defender") === "attacker" ) wins += waysA * waysD;
    }
  }
  const sum = counts => [...counts.values()].reduce((s, c) => s + c, 0);
  const outcomes = sum(attack) * sum(defence);
  return [[], { outcomes, attacker_wins: wins, ties, defender_wins: outcomes - wins - ties }];
}

/**
 * FW-R02, FW-G01, P4, P5: 4dF and the Disadvantage dice of `level`; [events, dice result].
 * @param {string} who
 * @param {number} level
 * @param {string} mode
 * @param {DiceQueue} queue
 * @returns {[object[], number]}
 */
export function rollDice(who, level, mode, queue) {
  if ( level === 0 ) {
    const faces = queue.takeMany(FATE, FATE_DICE);
    return [[facesEvent(who, faces)], dice.fate(faces)];
  }
  const base = { type: "disadvantage", character: who, level, mode };
  if ( mode === "reroll_keep_lowest" ) {
    const sets = [];
    for ( let i = 0; i <= level; i++ ) sets.push(queue.takeMany(FATE, FATE_DICE));
    const [kept, result] = dice.keepLowestSet(sets);
    const events = sets.map(faces => facesEvent(who, faces));
    return [[...events, { ...base, kept_set: kept, dice: result }], result];
  }
  if ( mode === "extra_df_drop_highest" ) {
    const faces = queue.takeMany(FATE, FATE_DICE + level);
    const lowest = dice.keepLowest(faces, FATE_DICE);
    const result = dice.fate(lowest);
    return [[facesEvent(who, faces), { ...base, kept_faces: lowest, dice: result }], result];
  }
  const faces = queue.takeMany(FATE, FATE_DICE);
  const result = dice.fate(faces) - level;
  return [[facesEvent(who, faces), { ...base, penalty: level, dice: result }], result];
}

/**
 * @param {string} who
 * @param {number[]} faces
 * @returns {object}
 */
function facesEvent(who, faces) {
  return { type: "fate_dice", character: who, faces, total: dice.fate(faces) };
}

/**
 * FW-G02: the character's Disadvantage level if `config.disadvantage_scope` covers `side`.
 * @param {Character} character
 * @param {string} side
 * @param {Record<string, any>} config
 * @returns {number}
 */
export function appliedLevel(character, side, config) {
  const scope = config.disadvantage_scope;
  if ( (scope !== "all_rolls") && (scope !== `${side}_rolls`) ) return 0;
  return condition(character, config).disadvantage;
}

/**
 * FW-R02, FW-R03, FW-R06, FW-R13, FW-G07, FW-G09: one side's roll; [events, total,
 * character with its bonuses spent]. An Incapacitated character cannot attack.
 * @param {Character} character
 * @param {Declared} declared
 * @param {Record<string, any>} config
 * @param {DiceQueue} queue
 * @returns {[object[], number, Character]}
 */
export function rollSide(character, declared, config, queue) {
  const who = character.id;
  const { side, declaration } = declared;
  if ( (side === "attack") && condition(character, config).incapacitated ) {
    throw fail(declared.whoAt, `${declared.whoAt} is out (FW-R13): an Incapacitated character cannot attack`);
  }
  const terms = termsOf(character, declaration, declared.at, config);
  const spent = spend(character, declaration, declared.at, config);
  const events = [];
  if ( spent ) {
    const remaining = character.power_bonus_remaining - spent;
    character = { ...character, power_bonus_remaining: remaining };
    events.push({ type: "power_bonuses", character: who, spent, remaining });
  }
  const level = appliedLevel(character, side, config);
  const [diceEvents, result] = rollDice(who, level, config.disadvantage_mode, queue);
  const modifier = Object.values(terms).reduce((sum, term) => sum + (term?.value ?? 0), 0) + spent;
  const total = result + modifier;
  events.push(...diceEvents, {
    type: "roll", character: who, side, dice: result, ...terms,
    power_bonuses: spent, modifier, total, label: scaleLabel(config, "result", total)
  });
  return [events, total, character];
}

/**
 * FW-R08, FW-G04, FW-G09: the approach and the skill-like terms, each labelled.
 * @param {Character} character
 * @param {Record<string, any>} declaration
 * @param {string} where
 * @param {Record<string, any>} config
 * @returns {{approach: object, skill: object|null, power: object|null}}
 */
function termsOf(character, declaration, where, config) {
  const { approach, skill, power } = declaration;
  if ( !config.approaches.includes(approach) ) {
    throw fail(where, `${where}.approach must be one of ${config.approaches.join(", ")}`);
  }
  const most = config.skill_terms_per_roll;
  if ( (skill !== null) + (power !== null) > most ) {
    throw fail(where, `${where} names a skill and a power, but a roll takes at most ${most} skill-like term (FW-G09)`);
  }
  const rating = Object.hasOwn(character.approaches, approach) ? character.approaches[approach] : 0;
  const terms = { approach: term(approach, rating, "result", config), skill: null, power: null };
  if ( skill !== null ) {
    if ( !Object.hasOwn(character.skills, skill) ) throw fail(where, `${where}.skill names a skill ${character.id} does not have`);
    terms.skill = term(skill, character.skills[skill], "skill", config);
  }
  if ( power !== null ) {
    const found = character.powers.filter(p => p.id === power);
    if ( !found.length ) throw fail(where, `${where}.power names a power ${character.id} does not have`);
    terms.power = term(power, found[0].rating, "skill", config);
  }
  return terms;
}

/**
 * @param {string} id
 * @param {number} value
 * @param {"result"|"skill"} scale
 * @param {Record<string, any>} config
 * @returns {{id: string, value: number, label: string}}
 */
function term(id, value, scale, config) {
  return { id, value, label: scaleLabel(config, scale, value) };
}

/**
 * FW-R06, FW-G07: the bonuses spent: at most those left, and only with a power if so set.
 * @param {Character} character
 * @param {Record<string, any>} declaration
 * @param {string} where
 * @param {Record<string, any>} config
 * @returns {number}
 */
function spend(character, declaration, where, config) {
  const spent = declaration.power_bonuses;
  const left = character.power_bonus_remaining;
  if ( spent > left ) throw fail(where, `${where}.power_bonuses is ${spent} but ${character.id} has ${left} left (FW-R06)`);
  if ( spent && (declaration.power === null) && config.power_bonus_requires_power ) {
    throw fail(where, `${where}.power_bonuses needs a Supernatural Power on the roll (FW-G07)`);
  }
  return spent;
}

/**
 * FW-R02, FW-R03, FW-R06, FW-R07, FW-R08, FW-G01, FW-G02, FW-G07, FW-G09: one side's roll.
 * @param {Record<string, any>} input
 * @param {Record<string, any>} config
 * @param {DiceQueue} queue
 * @returns {Result}
 */
export function roll(input, config, queue) {
  const character = fillCharacter(input.character, "input.character", config);
  const declared = { side: input.side, declaration: input.declaration, whoAt: "input.character", at: "input.declaration" };
  const [events, total, spent] = rollSide(character, declared, config, queue);
  return [events, { total, character: spent }];
}
