/**
 * Movement and the Turn of hazard_location; mirror of `compiler/rules/hazard_location/turn.py`.
 *
 * Lengths are exact rationals of metres (C2): AGI 3 moves 15 m = 3/2 hex, never rounded.
 */

import { allowanceMetres, inHexes } from "./arith.mjs";
import { movementFactor, number } from "./config.mjs";
import { asJson, byId, compare, expectFields, getIds, getLength, has, reduce } from "./fields.mjs";
import { derivedValue, loadContent, prepare } from "./harm.mjs";
import { getBool, getChoice, getList, getStr } from "../inputs.mjs";

const IN = "input";
export const MODES = Object.freeze(["normal", "full_round"]);
export const STEP_KINDS = Object.freeze(["move", "full_round_move", "action", "interaction"]);

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
  const ids = (species !== null) && has(species, "movement_modifiers") ? [...species.movement_modifiers] : [];
  for ( const ident of getIds(fields, "modifiers", IN) ) if ( !ids.includes(ident) ) ids.push(ident);
  const factors = ids.map(ident => movementFactor(config, ident, `${IN}.modifiers`));
  const agility = derivedValue(character, config, "movement", `${IN}.character`);
  const normal = allowanceMetres(agility, false, factors);
  return [character, factors, normal, allowanceMetres(agility, true, factors)];
}

/**
 * HZ-R04, HZ-R05, HZ-G17, HZ-G32: the normal or full-round allowance in metres and hexes.
 * @type {Rule}
 */
export function movementAllowance(input, config, queue) {
  const fields = expectFields(input, IN, ["character", "mode", "modifiers"], ["content"]);
  const mode = getChoice(fields, "mode", IN, MODES);
  const [, factors, normal, full] = allowances(fields, config);
  const metres = mode === "full_round" ? full : normal;
  const hexes = inHexes(metres, number(config, "metres_per_hex", 1, 1000));
  const event = { type: "movement_allowance", mode, factors: factors.map(asJson),
    metres: asJson(metres), hexes: asJson(hexes) };
  return [[event], { metres: asJson(metres), hexes: asJson(hexes) }];
}

/**
 * HZ-R04-R06, HZ-G13: one Turn's steps; Movement splits around the single Action.
 * @type {Rule}
 */
export function takeTurn(input, config, queue) {
  const fields = expectFields(input, IN, ["character", "modifiers", "steps"], ["content"]);
  const [character, , normal, full] = allowances(fields, config);
  const turn = { moved: false, moved_m: [0, 1], action_used: false, full_round: false };
  const events = [{ type: "turn_start", character: character.id, moved: false }];
  getList(fields, "steps", IN).forEach((item, index) => {
    const step = readStep(item, `${IN}.steps[${index}]`, config);
    events.push(applyStep(step, turn, normal, full));
  });
  return [events, { ...turn, moved_m: asJson(turn.moved_m) }];
}

/**
 * One step: its kind and the fields that kind needs.
 * @param {unknown} value
 * @param {string} where
 * @param {object} config
 * @returns {object}
 */
function readStep(value, where, config) {
  const optional = ["distance", "name", "needs_attention", "hand_free"];
  const step = expectFields(value, where, ["kind"], optional);
  const kind = getChoice(step, "kind", where, STEP_KINDS);
  const needed = { move: ["distance"], full_round_move: ["distance"], action: ["name"],
    interaction: ["name", "needs_attention", "hand_free"] }[kind];
  expectFields(value, where, ["kind", ...needed]);
  const result = { kind };
  if ( has(step, "distance") ) result.distance = getLength(step, "distance", where, number(config, "metres_per_hex", 1, 1000));
  if ( has(step, "name") ) result.name = getStr(step, "name", where);
  if ( kind === "interaction" ) {
    const incidental = !getBool(step, "needs_attention", where);
    result.incidental = incidental && getBool(step, "hand_free", where);
  }
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
