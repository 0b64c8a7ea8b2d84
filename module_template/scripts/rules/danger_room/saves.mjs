/**
 * DR-R11 saves and DR-G42 contests: cardless pools opposed with P12; mirror of
 * `compiler/rules/danger_room/saves.py`.
 *
 * A save is the target's cardless pool against the attacker's successes; the tie goes to the
 * target ("a tie is a save"), and a botched save fails (DR-G14).
 */

import * as dice from "../dice.mjs";
import { ATTRIBUTES, cardlessPool } from "./attributes.mjs";
import { attributeBonus } from "./combatant.mjs";
import { IN } from "./common.mjs";
import { roll, spendBoost } from "./rolls.mjs";
import { fail } from "../shapes.mjs";

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 * @typedef {import("../queue.mjs").DiceQueue} DiceQueue
 */

/**
 * @typedef {object} SaveCall  What a save rolls.
 * @property {string} name          The save's name (an alias) or attribute.
 * @property {boolean} unreactable  Whether the attack is Unreactable.
 * @property {number} boost         The target's BOOSTs on the save.
 */

/**
 * DR-G08: the attribute a save rolls: one of the five, or a name in `save_aliases`.
 * @param {string} name
 * @param {object} config
 * @returns {string}
 */
export function saveAttribute(name, config) {
  const aliases = config.save_aliases;
  if ( ATTRIBUTES.includes(name) ) return name;
  if ( Object.hasOwn(aliases, name) ) return aliases[name];
  throw fail(IN, "a save or contest must name an attribute or a name in config.save_aliases");
}

/**
 * DR-R06, DR-R11, DR-G06, DR-E02: the save pool, max(1, 3 + bonus).
 *
 * Under `defense_model: reflex_save` an Unreactable attack drops a positive Agility bonus
 * from an Agility (Reflex) save: "you lose your Agility bonus to Defense" (DR-R15).
 * @param {object} fighter
 * @param {string} attribute
 * @param {boolean} unreactable
 * @param {object} config
 * @returns {number}
 */
export function savePoolSize(fighter, attribute, unreactable, config) {
  let value = attributeBonus(fighter, attribute, config);
  if ( (attribute === "agility") && unreactable && (config.defense_model === "reflex_save") ) value = Math.min(0, value);
  return cardlessPool(value);
}

/**
 * DR-R11, DR-G14, P12: saved when the save meets the attacker's successes, unbotched.
 * @param {number} against
 * @param {number} successes
 * @param {boolean} botch
 * @returns {boolean}
 */
export function isSaved(against, successes, botch) {
  return !botch && (dice.opposed(against, successes, "defender") === "defender");
}

/**
 * DR-R11, DR-G15: the target pays its BOOSTs and rolls its save pool.
 * Returns [events, updated target, successes, botch].
 * @param {object} target
 * @param {SaveCall} call
 * @param {object} config
 * @param {DiceQueue} queue
 * @returns {[object[], object, number, boolean]}
 */
export function rollSave(target, call, config, queue) {
  const attribute = saveAttribute(call.name, config);
  const paid = spendBoost(target, call.boost, "save", config);
  const size = savePoolSize(paid, attribute, call.unreactable, config);
  const [events, successes, botch] = roll(paid, { size, kind: "save", boost: call.boost }, config, queue);
  return [events, paid, successes, botch];
}

/**
 * DR-R11: the event comparing one save roll with one attacker result.
 * @param {string} target
 * @param {number} against
 * @param {number} successes
 * @param {boolean} botch
 * @returns {object}
 */
export function saveEvent(target, against, successes, botch) {
  return { type: "save", fighter: target, against, successes, saved: isSaved(against, successes, botch) };
}

/* -------------------------------------------- */
/*  Rules                                       */
/* -------------------------------------------- */

/**
 * DR-R11, DR-G06, DR-G08, DR-E02: the save pool of `attributes` for `save`; no dice.
 * @type {Rule}
 */
export function savePool(input, config, queue) {
  const attribute = saveAttribute(input.save, config);
  const size = savePoolSize(input, attribute, input.unreactable, config);
  return [[{ type: "save_pool", attribute, pool: size }], { pool: size }];
}

/**
 * DR-R11, DR-G14, DR-G15, DR-G16, P12: `target` saves against `against` successes.
 * @type {Rule}
 */
export function save(input, config, queue) {
  const against = input.against;
  const call = { name: input.save, unreactable: input.unreactable, boost: input.boost };
  const [events, paid, successes, botch] = rollSave(input.target, call, config, queue);
  events.push(saveEvent(paid.id, against, successes, botch));
  return [events, { saved: isSaved(against, successes, botch), target: paid }];
}

/**
 * One side of a contest rolls its cardless pool.
 * @param {object} fields
 * @param {string} side
 * @param {object} config
 * @param {DiceQueue} queue
 * @returns {[object[], object, number]}
 */
function contestant(fields, side, config, queue) {
  const attribute = saveAttribute(fields[`${side}_attribute`], config);
  const boost = fields[`${side}_boost`];
  const paid = spendBoost(fields[side], boost, "contest", config);
  const size = cardlessPool(attributeBonus(paid, attribute, config));
  const [events, successes] = roll(paid, { size, kind: "contest", boost }, config, queue);
  return [events, paid, successes];
}

/**
 * DR-R06, DR-G42, P12: a cardless contest; the challenger rolls first, a tie per config.
 * @type {Rule}
 */
export function contest(input, config, queue) {
  const [events, challenger, a] = contestant(input, "challenger", config, queue);
  const [more, defender, d] = contestant(input, "defender", config, queue);
  const side = dice.opposed(a, d, config.contest_tie);
  const winner = side === "attacker" ? challenger.id : defender.id;
  const result = { type: "contest", challenger: a, defender: d, winner };
  return [[...events, ...more, result], { winner, challenger, defender }];
}

/** The rules of this module, by camelCase name, in file order. */
export const RULES = Object.freeze({ savePool, save, contest });
