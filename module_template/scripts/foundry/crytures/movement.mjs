/**
 * Move and shift steps from token movement (CR-R04, CR-R09, CR-G11, CR-G18): a Combatant's token
 * moved on the canvas during its turn takes the step the engine's `take_turn` says. One space is
 * a Shift (a Minor action that provokes nothing: never worse for the mover than a one-space Move,
 * docs/decisions.md); further is a Move along the shortest free path (a Minor action, up to Speed
 * spaces; each enemy whose reach it leaves is offered its opportunity attack on the card, CR-G11),
 * counted on the Combatant (`moves`, `moves_round`) so a later drag this turn knows it (CR-G18).
 * A step the engine refuses (too far, taken, no action left) leaves the token where it was and
 * says why.
 *
 * Foundry calls `preUpdateToken(document, changed, options, userId)` only on the client that
 * makes the update, before it reaches the server, and a handler returning `false` cancels it
 * (https://foundryvtt.com/api/v12/functions/hookEvents.preUpdateDocument.html,
 * https://foundryvtt.com/api/functions/hookEvents.preUpdateDocument.html); the handler cannot
 * wait for the engine, so the mover's client cancels the drag, reads the fight, and, when the
 * step stands, makes the same update again marked as the module's own (`options[MODULE_ID]`),
 * then writes the actions spent and posts the card. Every other client sees one `updateToken`.
 * Tokens moved outside their turn (the GM laying out the scene, a cryture placed to be summoned)
 * move freely.
 * @module foundry/crytures/movement
 */

import { MODULE_ID, RULES_CONFIG } from "../../config.mjs";
import { adjacent, distance, occupant, sameSpace, steps } from "../../rules/crytures/common.mjs";
import { actionChanges, actionsOf, applyAndPost, flagChange, missingGm, oaSpentOf } from "./changes.mjs";
import { RULESET, configOverrides, readOrWarn, refuse, refuseResult, runDiceFree } from "./engine.mjs";
import { board, enrolled, fightFlags, gridMatches, readFight, spaceAt } from "./fight.mjs";
import { powerLines, reasonText } from "./summary.mjs";

/** This module's rules_config, read as the engine reads it. */
const CONFIG = /** @type {Record<string, any>} */ (RULES_CONFIG);

/**
 * @typedef {import("./fight.mjs").Seat} Seat
 * @typedef {{x?: number, y?: number}} Moved  the position part of a token update
 */

/**
 * The shortest path of free spaces from `start` to `end` (`end` itself may be taken: the engine
 * then refuses it), by breadth-first search over the grid's neighbour steps in their order, no
 * further out than `limit` spaces; null when there is none.
 * @param {number[]} start
 * @param {number[]} end
 * @param {Record<string, any>[]} combatants  the engine's
 * @param {string} mover
 * @param {number} limit
 * @returns {number[][]|null}
 */
export function freePath(start, end, combatants, mover, limit) {
  const key = (/** @type {number[]} */ s) => s.join(",");
  /** @type {Map<string, number[]|null>} */
  const from = new Map([[key(start), null]]);
  let frontier = [start];
  for ( let depth = 0; (depth < limit) && frontier.length; depth++ ) {
    const next = [];
    for ( const here of frontier ) {
      for ( const [dx, dy] of steps(CONFIG) ) {
        const there = [here[0] + dx, here[1] + dy];
        if ( from.has(key(there)) || (distance(start, there, CONFIG) > limit) ) continue;
        from.set(key(there), here);
        if ( sameSpace(there, end) ) return pathBack(from, there);
        if ( !occupant(combatants, there, mover) ) next.push(there);
      }
    }
    frontier = next;
  }
  return null;
}

/**
 * The path that ends at `end`, its start left out.
 * @param {Map<string, number[]|null>} from  each space reached, by the space it was reached from
 * @param {number[]} end
 * @returns {number[][]}
 */
function pathBack(from, end) {
  const path = [];
  for ( let at = end; from.get(at.join(",")) !== null; at = /** @type {number[]} */ (from.get(at.join(","))) ) path.unshift(at);
  return path;
}

/**
 * The step a token moved from `start` to `end` takes: a Shift to a neighbour, else a Move along
 * the shortest free path (none within twice the mover's Speed: the straight line, which the
 * engine refuses as too far or taken; cut after Speed + 1 spaces, as too far already, so a drag
 * across the map stays a path the rule reads).
 * @param {Seat} seat
 * @param {number[]} end
 * @param {Seat[]} seats
 * @returns {Record<string, unknown>}
 */
export function stepTo(seat, end, seats) {
  const start = seat.state.position;
  if ( adjacent(start, end, CONFIG) ) return { kind: "shift", to: end };
  const speed = Number(seat.state.stats.speed ?? 0);
  const path = freePath(start, end, seats.map((s) => s.state), seat.id, Math.max(2 * speed, 1))
    ?? straightPath(start, end).slice(0, speed + 1);
  return { kind: "move", path };
}

/**
 * The neighbour steps from `start` nearest `end`, one after another, until it is reached.
 * @param {number[]} start
 * @param {number[]} end
 * @returns {number[][]}
 */
function straightPath(start, end) {
  const path = [];
  for ( let here = start; !sameSpace(here, end); ) {
    const options = steps(CONFIG).map(([dx, dy]) => [here[0] + dx, here[1] + dy]);
    here = options.reduce((best, s) => (distance(s, end, CONFIG) < distance(best, end, CONFIG) ? s : best));
    path.push(here);
  }
  return path;
}

/**
 * The moves a seat made earlier this turn (CR-G18): its flags' count when kept this round.
 * @param {Seat} seat
 * @param {number} round
 * @returns {number}
 */
function movesOf(seat, round) {
  const flags = fightFlags(seat.combatant);
  return (flags.moves_round === round) && Number.isInteger(flags.moves) ? flags.moves : 0;
}

/**
 * The changes of a step that stands: the actions spent, and a Move counted this round.
 * @param {Seat} seat
 * @param {Record<string, any>} input  the `take_turn` input
 * @param {Record<string, any>} state  its state
 * @param {string} kind  "move" or "shift"
 * @param {number} round
 * @returns {import("../card-changes.mjs").Change[]}
 */
function stepChanges(seat, input, state, kind, round) {
  const changes = actionChanges(seat, input.actions, state.actions, round);
  if ( kind !== "move" ) return changes;
  changes.push(flagChange(seat, "moves", input.moves + 1));
  if ( fightFlags(seat.combatant).moves_round !== round ) changes.push(flagChange(seat, "moves_round", round));
  return changes;
}

/**
 * The Combatant whose turn it is, when `token` is its token in the viewed, started Combat.
 * @param {TokenDocument} token
 * @returns {Combatant|null}
 */
function moverOf(token) {
  const combat = game.combat;
  const current = combat?.started ? combat.combatant : null;
  // The very TokenDocument of the current Combatant (a token of the same id on another scene is not).
  if ( !current || (current.token !== token) || !enrolled(current) ) return null;
  return gridMatches(CONFIG.grid) ? current : null;
}

/**
 * The space a token update moves the token to, or null when it stays in its space.
 * @param {TokenDocument} token
 * @param {Moved} changed
 * @returns {number[]|null}
 */
function destination(token, changed) {
  const placed = board().tokens.placeables.find((t) => t.document === token);
  if ( !placed ) return null;  // not on the viewed scene
  const end = spaceAt(placed.getCenterPoint({ x: changed.x ?? token.x, y: changed.y ?? token.y }));
  return sameSpace(end, spaceAt(placed.center)) ? null : end;
}

/**
 * `preUpdateToken`: a move of the current Combatant's token that is not the module's own is
 * cancelled here and taken as a step (`takeStep`).
 * @param {TokenDocument} token
 * @param {Moved & Record<string, unknown>} changed
 * @param {Record<string, unknown>} options
 * @returns {boolean|void}
 */
function onPreUpdate(token, changed, options) {
  if ( options?.[MODULE_ID] || (!("x" in changed) && !("y" in changed)) ) return;
  const mover = moverOf(token);
  const end = mover ? destination(token, changed) : null;
  if ( !mover || !end ) return;
  const moved = { x: changed.x ?? token.x, y: changed.y ?? token.y };
  takeStep(mover, token, end, moved).catch((err) => console.error(`${MODULE_ID} | token movement`, err));
  return false;
}

/**
 * Run the step of the token's move and, when it stands, move the token and post the card.
 * @param {Combatant} mover
 * @param {TokenDocument} token
 * @param {number[]} end
 * @param {{x: number, y: number}} moved
 * @returns {Promise<ChatMessage|undefined>}
 */
async function takeStep(mover, token, end, moved) {
  const combat = /** @type {Combat} */ (mover.parent);
  const seats = await readOrWarn(() => readFight(combat));
  const seat = seats?.find((s) => s.combatant.id === mover.id);
  if ( !seats || !seat ) return undefined;
  if ( seat.state.position === null ) {
    await token.update(moved, { [MODULE_ID]: { step: "off_grid" } });
    return undefined;
  }
  if ( missingGm([seat.combatant]) ) return refuse(game.i18n.localize("RULEPACK.Gm.NoneOnline"));
  const actions = actionsOf(seat, combat.round);
  const input = { actor: seat.id, combatants: seats.map((s) => s.state), steps: [stepTo(seat, end, seats)], actions,
    oa_spent: oaSpentOf(combat), moves: movesOf(seat, combat.round) };
  const result = runDiceFree("take_turn", input);
  if ( result.error ) return refuseResult(result);
  const events = /** @type {any[]} */ (result.events);
  const refused = events.find((e) => e.type === "refused");
  if ( refused ) {
    return refuse(game.i18n.format("RULEPACK.Crytures.MoveRefused", { name: seat.name, reason: reasonText(refused.reason) }));
  }
  // What the step spends is written (and checked) first, so a failure leaves the token too.
  const message = await postStep(seats, seat, input, result, combat.round);
  const step = events.find((e) => (e.type === "move") || (e.type === "shift"));
  await token.update(moved, { [MODULE_ID]: { step: step.type } });
  return message;
}

/**
 * Write what a step that stands spent and post its card.
 * @param {Seat[]} seats
 * @param {Seat} seat
 * @param {Record<string, any>} input  the `take_turn` input
 * @param {import("../../rules/harness.mjs").CaseResult} result
 * @param {number} round
 * @returns {Promise<ChatMessage|undefined>}
 */
function postStep(seats, seat, input, result, round) {
  const events = /** @type {any[]} */ (result.events);
  const step = events.find((e) => (e.type === "move") || (e.type === "shift"));
  const changes = stepChanges(seat, input, /** @type {any} */ (result.state), step.type, round);
  const title = step.type === "move" ? game.i18n.format("RULEPACK.Crytures.MoveCard", { name: seat.name, spaces: step.cost })
    : game.i18n.format("RULEPACK.Crytures.ShiftCard", { name: seat.name });
  const names = Object.fromEntries(seats.map((s) => [s.id, s.name]));
  const call = { ruleset: RULESET, rule: "take_turn", config: configOverrides(), input, dice: [] };
  return applyAndPost(changes, { title, call, result, summary: powerLines(events, names),
    speaker: ChatMessage.getSpeaker({ actor: seat.actor }) });
}

/** Take the current Combatant's token moves as steps (on every client: only the mover's sees them). */
export function registerMovementHook() {
  Hooks.on("preUpdateToken", onPreUpdate);
}
