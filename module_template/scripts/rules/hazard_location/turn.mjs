/**
 * Movement and the Turn of hazard_location; mirror of `compiler/rules/hazard_location/turn.py`.
 *
 * Lengths are exact rationals of metres (C2): AGI 3 moves 15 m = 3/2 hex, never rounded.
 */

import { allowanceMetres, inHexes } from "./arith.mjs";
import { movementFactor } from "./config.mjs";
import { asJson, byId, compare, has, lengthM, reduce } from "./fields.mjs";
import { derivedValue, loadContent, prepare } from "./harm.mjs";

const IN = "input";

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 * @typedef {import("./fields.mjs").Rational} Rational
 */

/**
 * HZ-R04, HZ-R05, HZ-G17, HZ-G27: [character, factors, normal, full-round] in metres.
 * @param {object} fields
 * @param {object} config
 * @returns {[object, Rational[], Rational, Rational]}
 */
export function allowances(fields, config) {
  const content = loadContent(fields, config);
  const [character] = prepare(fields.character, `${IN}.character`, config, content);
  const species = byId(content.species, character.species ?? "");
  const ids = species !== null ? [...species.movement_modifiers] : [];
  for ( const ident of fields.modifiers ) if ( !ids.includes(ident) ) ids.push(ident);
  const factors = ids.map(ident => movementFactor(config, ident, `${IN}.modifiers`));
  const agility = derivedValue(character, config, "movement", `${IN}.character`);
  const normal = allowanceMetres(agility, false, factors);
  return [character, factors, normal, allowanceMetres(agility, true, factors)];
}

/**
 * HZ-R04, HZ-R05, HZ-G17, HZ-G32: the normal or full-round allowance in metres and hexes.
 * @type {Rule}
 */
export function movementAllowance(fields, config, queue) {
  const mode = fields.mode;
  const [, factors, normal, full] = allowances(fields, config);
  const metres = mode === "full_round" ? full : normal;
  const hexes = inHexes(metres, config.metres_per_hex);
  const event = { type: "movement_allowance", mode, factors: factors.map(asJson),
    metres: asJson(metres), hexes: asJson(hexes) };
  return [[event], { metres: asJson(metres), hexes: asJson(hexes) }];
}

/**
 * HZ-R04-R06, HZ-G13: one Turn's steps; Movement splits around the single Action.
 * @type {Rule}
 */
export function takeTurn(fields, config, queue) {
  const [character, , normal, full] = allowances(fields, config);
  const turn = { moved: false, moved_m: [0, 1], action_used: false, full_round: false };
  const events = [{ type: "turn_start", character: character.id, moved: false }];
  for ( const item of fields.steps ) events.push(applyStep(stepOf(item, config), turn, normal, full));
  return [events, { ...turn, moved_m: asJson(turn.moved_m) }];
}

/**
 * A checked step with its distance in metres and whether an interaction is incidental.
 * @param {object} step
 * @param {object} config
 * @returns {object}
 */
function stepOf(step, config) {
  const result = { kind: step.kind };
  if ( has(step, "distance") ) result.distance = lengthM(step.distance, config.metres_per_hex);
  if ( has(step, "name") ) result.name = step.name;
  if ( step.kind === "interaction" ) result.incidental = !step.needs_attention && step.hand_free;
  return result;
}

/**
 * Apply one step to the turn: an incidental interaction, the Action, or movement.
 * @param {object} step
 * @param {object} turn
 * @param {Rational} normal
 * @param {Rational} full
 * @returns {object}
 */
function applyStep(step, turn, normal, full) {
  const kind = step.kind;
  if ( (kind === "interaction") && step.incidental ) return { type: "incidental", name: step.name };
  if ( (kind === "action") || (kind === "interaction") ) {
    if ( turn.action_used ) return { type: "refused", name: step.name, reason: "action_used" };
    turn.action_used = true;
    return { type: "action", name: step.name, attacker_moved: turn.moved };
  }
  if ( (kind === "full_round_move") && turn.action_used && !turn.full_round ) {
    return { type: "refused", kind, reason: "action_used" };
  }
  const fullRound = turn.full_round || (kind === "full_round_move");
  const total = sum(turn.moved_m, step.distance);
  const cap = fullRound ? full : normal;
  if ( compare(total, cap) > 0 ) return { type: "refused", kind, reason: "over_allowance" };
  Object.assign(turn, { moved_m: total, full_round: fullRound, action_used: turn.action_used || fullRound });
  turn.moved = turn.moved || (step.distance[0] > 0);
  return { type: "move", kind, distance_m: asJson(step.distance), total_m: asJson(total), allowance_m: asJson(cap) };
}

/**
 * a + b, exact.
 * @param {Rational} a
 * @param {Rational} b
 * @returns {Rational}
 */
function sum(a, b) {
  return reduce((BigInt(a[0]) * BigInt(b[1])) + (BigInt(b[0]) * BigInt(a[1])), BigInt(a[1]) * BigInt(b[1]));
}
