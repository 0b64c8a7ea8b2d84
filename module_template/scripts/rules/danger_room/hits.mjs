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

import { attributeBonus } from "./combatant.mjs";
import { IN } from "./common.mjs";
import { duration, inflictCondition } from "./conditions.mjs";
import { checkCard, negatesOnSave, poolParts, relation, settleHit } from "./damage.mjs";
import { settleBlow } from "./health.mjs";
import { roll, spendBoost } from "./rolls.mjs";
import { isSaved, rollSave, saveEvent } from "./saves.mjs";
import { fail } from "../shapes.mjs";

/** DR-G07: a hinder-only power with no Damage opposes the save with Base 3. */
const CARDLESS_DAMAGE = 3;

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 * @typedef {import("../queue.mjs").DiceQueue} DiceQueue
 */

/**
 * The fight state (checked) as a copy to update: its own `fighters` map, other keys kept.
 * @param {Record<string, any>} state
 * @returns {Record<string, any>}
 */
export function stateCopy(state) {
  return { ...state, fighters: { ...state.fighters } };
}

/**
 * The fighter `source[role]` names (`where` locates `source`), whose `id` must be its key; a
 * copy to update.
 * @param {Record<string, any>} state
 * @param {Record<string, any>} source
 * @param {string} role
 * @param {string} where
 * @returns {Record<string, any>}
 */
export function pick(state, source, role, where) {
  const name = source[role];
  if ( !Object.hasOwn(state.fighters, name) ) throw fail(where, `${where}.${role} names no fighter of the state`);
  const fighter = state.fighters[name];
  if ( fighter.id !== name ) throw fail(IN, `${IN}.state.fighters[${role}].id must equal its key`);
  return { ...fighter, conditions: { ...fighter.conditions } };
}

/**
 * The request gives one BOOST number per hit of the card (`hits` of them).
 * @param {Record<string, any>} request
 * @param {number} hits
 * @returns {void}
 */
function checkBoost(request, hits) {
  if ( request.boost.length !== hits ) throw fail(IN, `${IN}.request.boost must give one number per hit (${hits})`);
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
    if ( request.save_boost ) throw fail(IN, `${IN}.request.save_boost needs a card with a save`);
    return [[], target, rolled.map(() => false)];
  }
  const mode = config.save_opposed_by;
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
  card.inflicts.forEach((/** @type {Record<string, any>} */ rider) => {
    const turns = duration(rider.duration_turns, config);
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
  return negatesOnSave(card) || (config.riders_on_save === "stopped");
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
  const [state, request] = [stateCopy(input.state), input.request];
  const card = request.card;
  checkCard(card, `${IN}.request.card`);
  checkBoost(request, card.damage !== null ? card.hits : 0);
  const target = pick(state, request, "target", `${IN}.request`);
  pick(state, request, "attacker", `${IN}.request`);
  if ( relation(target, card.damage_type, config) === "immune" ) {
    return [[{ type: "immune", fighter: target.id, damage_type: card.damage_type }], state];
  }
  return land(state, request, config, queue);
}

/** The rules of this module, by camelCase name, in file order. */
export const RULES = Object.freeze({ resolveHit });
