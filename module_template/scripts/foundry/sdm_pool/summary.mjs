/**
 * The plain-text result lines of an SDM card, read off the rules core's events: what happened to
 * whom, in the documents' names. The rules trace below them keeps every number.
 * @module foundry/sdm_pool/summary
 */

/**
 * @typedef {Record<string, string>} Names  engine character, armour and weapon id → its name
 */

import { wordOf } from "../trace.mjs";
import { ACTS, CHOICES, REASONS } from "./words.mjs";

/**
 * The name of `id` in `names`, or the id itself.
 * @param {Names} names
 * @param {unknown} id
 * @returns {string}
 */
export function nameOf(names, id) {
  const key = String(id);
  return Object.hasOwn(names, key) ? names[key] : key;
}

/**
 * The outcome line of an attack roll (SDM-R10, SDM-R11, SDM-G08).
 * @param {any} roll     the `attack_roll` event
 * @param {string} result
 * @returns {string|null}
 */
function outcomeLine(roll, result) {
  if ( !roll ) return null;
  const data = { successes: roll.successes, needed: roll.needed };
  if ( result === "hit" ) return game.i18n.format("RULEPACK.Sdm.Summary.Hit", data);
  if ( result === "shortfall" ) return game.i18n.format("RULEPACK.Sdm.Summary.Shortfall", data);
  if ( result === "salvation" ) return game.i18n.format("RULEPACK.Sdm.Summary.Salvation", data);
  return null;
}

/**
 * The result of a stabilise roll in words (SDM-G20): whether it worked, then the count.
 * @param {any} e  the `stabilize` event
 * @returns {string}
 */
function stabilizeLine(e) {
  const data = { successes: e.successes, needed: e.needed };
  if ( e.success ) return game.i18n.format("RULEPACK.Sdm.Summary.StabilizeSucceeded", data);
  return game.i18n.format("RULEPACK.Sdm.Summary.StabilizeFailed", data);
}

/**
 * One event's line, or null for an event the summary leaves to the trace.
 * @param {any} e
 * @param {Names} names
 * @param {any} roll  the attack's `attack_roll` event so far
 * @returns {string|null}
 */
function line(e, names, roll) {
  const format = game.i18n.format.bind(game.i18n);
  const word = (/** @type {import("../trace.mjs").WordTable} */ table, /** @type {unknown} */ key) => wordOf(table, key, (k) => game.i18n.localize(k));
  const name = nameOf(names, e.id);
  switch ( e.type ) {
    case "refused": return format("RULEPACK.Sdm.Summary.Refused", { name, what: word(ACTS, e.what), reason: word(REASONS, e.reason) });
    case "outcome": return outcomeLine(roll, e.result);
    case "opportunity": return format("RULEPACK.Sdm.Summary.Opportunity", { name, choice: word(CHOICES, e.choice) });
    case "dodge": return format("RULEPACK.Sdm.Summary.Dodge", { name });
    case "damage": return format("RULEPACK.Sdm.Summary.Damage", { dealt: e.dealt });
    case "armor": return format("RULEPACK.Sdm.Summary.Armor", { piece: nameOf(names, e.piece), absorbed: e.absorbed, before: e.hp_before, after: e.hp_after });
    case "armor_breaks": return format("RULEPACK.Sdm.Summary.Breaks", { piece: nameOf(names, e.piece) });
    case "hp": return format("RULEPACK.Sdm.Summary.Hp", { name, before: e.before, after: e.after });
    case "incapacitated": return format("RULEPACK.Sdm.Summary.Incapacitated", { name });
    case "disengage": return format("RULEPACK.Sdm.Summary.Disengage", { name, distance: e.distance, unit: e.unit });
    case "counter_pending": return format("RULEPACK.Sdm.Summary.CounterPending", { name: nameOf(names, e.by), against: nameOf(names, e.against) });
    case "stabilize": return stabilizeLine(e);
    case "recovered": return format("RULEPACK.Sdm.Summary.Recovered", { name, hp: e.hp });
    case "heal": return format("RULEPACK.Sdm.Summary.Heal", { name, before: e.before, after: e.after });
    case "death": return e.dead ? format("RULEPACK.Sdm.Summary.Dead", { name }) : format("RULEPACK.Sdm.Summary.Alive", { name });
    case "turn_start": return format("RULEPACK.Sdm.Summary.Turn", { name, actions: e.actions, minor_actions: e.minor_actions });
    case "no_turn": return format("RULEPACK.Sdm.Summary.NoTurn", { name, reason: word(REASONS, e.reason) });
    default: return null;
  }
}

/**
 * The result lines of one rule's events.
 * @param {object[]} events
 * @param {Names} names
 * @returns {string[]}
 */
export function outcomeLines(events, names) {
  const lines = [];
  let roll = null;
  for ( const event of /** @type {any[]} */ (events) ) {
    if ( event.type === "attack_roll" ) roll = event;
    const text = line(event, names, roll);
    if ( text !== null ) lines.push(text);
  }
  return lines;
}
