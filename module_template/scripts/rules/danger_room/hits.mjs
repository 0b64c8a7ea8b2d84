/**
 * `resolveHit`: one landed card on one target, steps 1-6 and crossing 0; mirror of
 * `compiler/rules/danger_room/hits.py` (see it for the state and request shapes).
 *
 * The Turn orchestration (part A) calls it for every target an attack reaches once the miss
 * checks have let it through: `const [events, state] = resolveHit({state, request}, config, queue)`.
 * Dice, in the canonical order of catalogue §1.4: every hit's damage pool (hit 1 first), then the
 * attacker's opposing pool if the save needs one (DR-G07), then the target's save pool, then the
 * target's zero-Health d20 if it crossed 0. An Immune target takes no dice at all.
 */

import { attributeBonus, checkFighter, requireKeys } from "./combatant.mjs";
import { duration, inflictCondition } from "./conditions.mjs";
import { checkCard, negatesOnSave, poolParts, relation, settleHit } from "./damage.mjs";
import { settleBlow } from "./health.mjs";
import { roll, spendBoost } from "./rolls.mjs";
import { isSaved, rollSave, saveEvent } from "./saves.mjs";
import { BAD_INPUT, RuleError } from "../errors.mjs";
import { SMALL_INT, expectObject, getBool, getChoice, getInt, getIntList, getStr } from "../inputs.mjs";

const IN = "input";
const CF = "config";
const S = SMALL_INT;
export const REQUEST_KEYS = Object.freeze([
  "attacker", "target", "card", "boost", "save_boost", "unreactable", "penalty_dice"
]);

/** DR-G07: a hinder-only power with no Damage opposes the save with Base 3. */
const CARDLESS_DAMAGE = 3;

/**
 * @typedef {import("../queue.mjs").DiceQueue} DiceQueue
 * @typedef {[object[], object]} Result  The rule's events and new state.
 * @callback Rule
 * @param {unknown} input     The fixture's input (checked by the rule: `bad_input`).
 * @param {object} config     The ruleset's config defaults merged with the fixture's overrides.
 * @param {DiceQueue} queue   The dice queue (C1).
 * @returns {Result}          The events and the new state.
 */

/**
 * The fight state: `turn` and `fighters` (id -> fighter); other keys are kept.
 * @param {unknown} value
 * @param {string} where
 * @returns {object}
 */
export function checkState(value, where) {
  const state = requireKeys(value, where, ["turn", "fighters"]);
  getInt(state, "turn", where, 1, S);
  const fighters = state.fighters;
  if ( (fighters === null) || (typeof fighters !== "object") || Array.isArray(fighters) ) {
    throw new RuleError(BAD_INPUT, `${where}.fighters must be an object`);
  }
  return { ...state, fighters: { ...fighters } };
}

/**
 * The fighter `source[role]` names (`where` locates `source`), checked; id = its key.
 * @param {object} state
 * @param {object} source
 * @param {string} role
 * @param {string} where
 * @returns {object}
 */
export function pick(state, source, role, where) {
  const name = getStr(source, role, where);
  if ( !Object.hasOwn(state.fighters, name) ) {
    throw new RuleError(BAD_INPUT, `${where}.${role} names no fighter of the state`);
  }
  const fighter = checkFighter(state.fighters[name], `${IN}.state.fighters[${role}]`);
  if ( fighter.id !== name ) throw new RuleError(BAD_INPUT, `${IN}.state.fighters[${role}].id must equal its key`);
  return fighter;
}

/**
 * Check the request's fields; `hits` BOOST entries are expected.
 * @param {unknown} value
 * @param {number} hits
 * @returns {object}
 */
function checkRequest(value, hits) {
  const where = `${IN}.request`;
  const request = expectObject(value, where, REQUEST_KEYS);
  const boost = getIntList(request, "boost", where, 0, S);
  if ( boost.length !== hits ) throw new RuleError(BAD_INPUT, `${where}.boost must give one number per hit (${hits})`);
  getInt(request, "save_boost", where, 0, S);
  getBool(request, "unreactable", where);
  getInt(request, "penalty_dice", where, 0, S);
  return { ...request };
}

/**
 * Steps 1-2 for every hit: build each pool and roll it, hit 1 first.
 * @param {object} attacker
 * @param {object} target
 * @param {object} request
 * @param {object} config
 * @param {DiceQueue} queue
 * @returns {[object[], number[]]}
 */
function rollHits(attacker, target, request, config, queue) {
  const card = request.card;
  const events = [];
  const rolled = [];
  request.boost.forEach((boost, index) => {
    const parts = poolParts(attacker, target, card, request, config);
    events.push({ type: "damage_pool", attacker: attacker.id, target: target.id, hit: index + 1, ...parts });
    const [rollEvents, successes] = roll(attacker, { size: parts.size, kind: "damage", boost }, config, queue);
    events.push(...rollEvents.map(event => ({ ...event, hit: index + 1 })));
    rolled.push(successes);
  });
  return [events, rolled];
}

/**
 * DR-G07: the attacker's separate pool, max(1, (Damage or 3) + Base Attribute bonus).
 * @param {object} attacker
 * @param {object} card
 * @param {object} config
 * @param {DiceQueue} queue
 * @returns {[object[], number]}
 */
function opposing(attacker, card, config, queue) {
  const base = card.damage !== null ? card.damage : CARDLESS_DAMAGE;
  const gain = card.base_attribute === null ? 0 : attributeBonus(attacker, card.base_attribute, config);
  const [events, successes] = roll(attacker, { size: Math.max(1, base + gain), kind: "opposing", boost: 0 }, config, queue);
  return [events, successes];
}

/**
 * DR-R11, DR-G07, DR-G29: one save roll per card use, compared with every hit.
 * @param {[object, object]} sides
 * @param {object} request
 * @param {number[]} rolled
 * @param {object} config
 * @param {DiceQueue} queue
 * @returns {[object[], object, boolean[]]}
 */
function saveStep(sides, request, rolled, config, queue) {
  const [attacker, target] = sides;
  const card = request.card;
  if ( card.save === null ) {
    if ( request.save_boost ) throw new RuleError(BAD_INPUT, `${IN}.request.save_boost needs a card with a save`);
    return [[], target, rolled.map(() => false)];
  }
  const mode = getChoice(config, "save_opposed_by", CF, ["damage_roll", "separate_roll"]);
  let events = [];
  let against = rolled;
  if ( (mode === "separate_roll") || (card.damage === null) ) {
    const [opposed, successes] = opposing(attacker, card, config, queue);
    events = opposed;
    against = Array(Math.max(1, rolled.length)).fill(successes);
  }
  const call = { name: card.save.attribute, unreactable: request.unreactable, boost: request.save_boost };
  const [saveEvents, paid, successes, botch] = rollSave(target, call, config, queue);
  events.push(...saveEvents);
  against.forEach((value, index) => events.push({ ...saveEvent(paid.id, value, successes, botch), hit: index + 1 }));
  return [events, paid, against.map(value => isSaved(value, successes, botch))];
}

/**
 * The card's riders on the target, each for its duration.
 * @param {object} target
 * @param {object} card
 * @param {number} turn
 * @param {object} config
 * @returns {[object[], object]}
 */
function riders(target, card, turn, config) {
  const events = [];
  let current = target;
  card.inflicts.forEach((rider, index) => {
    const turns = duration(rider.duration_turns, `${IN}.request.card.inflicts[${index}]`, config);
    const [event, updated] = inflictCondition(current, rider.condition, turns, turn);
    current = updated;
    events.push(event);
  });
  return [events, current];
}

/**
 * DR-R11: a save stops a hinder-only power, a `negate` save everything, riders per config.
 * @param {object} card
 * @param {boolean[]} saved
 * @param {object} config
 * @returns {boolean}
 */
function stopped(card, saved, config) {
  if ( (card.save === null) || !saved.every(Boolean) ) return false;
  const ridersOnSave = getChoice(config, "riders_on_save", CF, ["stopped", "apply"]);
  return negatesOnSave(card) || (ridersOnSave === "stopped");
}

/**
 * The whole card on a target that is not Immune.
 * @param {object} state
 * @param {object} request
 * @param {object} config
 * @param {DiceQueue} queue
 * @returns {[object[], object]}
 */
function land(state, request, config, queue) {
  const { card } = request;
  const { turn, fighters } = state;
  let attacker = pick(state, request, "attacker", `${IN}.request`);
  for ( const boost of request.boost ) attacker = spendBoost(attacker, boost, "damage", config);
  fighters[attacker.id] = attacker;
  let target = pick(state, request, "target", `${IN}.request`);
  const [events, rolled] = card.damage === null ? [[], []] : rollHits(attacker, target, request, config, queue);
  const [saveEvents, paid, saved] = saveStep([attacker, target], request, rolled, config, queue);
  events.push(...saveEvents);
  target = paid;
  const before = target.health;
  const negated = negatesOnSave(card);
  rolled.forEach((successes, index) => {
    const hit = { number: index + 1, rolled: successes, saved: saved[index], negated: saved[index] && negated };
    const [hitEvents, updated] = settleHit(target, hit, card, turn, config);
    events.push(...hitEvents);
    target = updated;
  });
  const [blowEvents, settled] = settleBlow(target, before, config, queue);
  events.push(...blowEvents);
  target = settled;
  if ( !stopped(card, saved, config) ) {
    const [riderEvents, ridden] = riders(target, card, turn, config);
    events.push(...riderEvents);
    target = ridden;
  }
  fighters[target.id] = target;
  return [events, state];
}

/**
 * DR-R11, DR-R17, DR-R19, DR-R20, DR-R25, DR-R28, DR-G07, DR-G29, DR-G33, DR-E06, DR-E07.
 *
 * One landed card on one target: Immune does nothing at all (no dice); otherwise every hit
 * rolls against the same Soak, one save roll answers every hit, steps 3-6 run per hit, the
 * crossing-0 roll once after the whole card, then the card's riders (unless a save stops
 * them). The attacker pays for its BOOSTs, the target for its save BOOSTs.
 * @type {Rule}
 */
export function resolveHit(input, config, queue) {
  const fields = expectObject(input, IN, ["state", "request"]);
  const state = checkState(fields.state, `${IN}.state`);
  const raw = requireKeys(fields.request, `${IN}.request`, ["card"]);
  const card = checkCard(raw.card, `${IN}.request.card`);
  const request = checkRequest(fields.request, card.damage !== null ? card.hits : 0);
  const target = pick(state, request, "target", `${IN}.request`);
  pick(state, request, "attacker", `${IN}.request`);
  if ( relation(target, card.damage_type, config) === "immune" ) {
    return [[{ type: "immune", fighter: target.id, damage_type: card.damage_type }], state];
  }
  return land(state, request, config, queue);
}

/** The rules of this module, by camelCase name, in file order. */
export const RULES = Object.freeze({ resolveHit });
