/**
 * A conflict's turn order, its start and its end (FW-G03, FW-G07, FW-G12); mirror of
 * `compiler/rules/fate_wounds/conflict.py`.
 *
 * The seed gives no initiative: turns go by the Fate Accelerated approach of the conflict, Quick
 * for a physical one and Careful for a mental one, highest first (FW-G03). Power bonuses refill
 * when a conflict starts (FW-G07); boxes clear only as `config.recovery` says (FW-G12).
 */

import { condition, fillCharacters } from "./characters.mjs";
import { fail } from "../shapes.mjs";
import { changed, clear } from "./track.mjs";

/**
 * @typedef {import("../queue.mjs").DiceQueue} DiceQueue
 * @typedef {import("./characters.mjs").Character} Character
 * @typedef {[object[], object]} Result  The rule's events and new state.
 */

/**
 * FW-G03, FW-R13: [turn_order event, order, out]. Out characters take no turn.
 *
 * `approach`: by the conflict's approach in `config.turn_order_approaches`, highest first; on
 * a tie player characters first (`config.turn_order_pcs_first`), then those `tie_order` lists,
 * in its order, then roster order. `roster`: the characters' order.
 * @param {Character[]} characters
 * @param {string} conflict
 * @param {string[]|null} tieOrder
 * @param {Record<string, any>} config
 * @returns {[object, string[], string[]]}
 */
export function orderTurns(characters, conflict, tieOrder, config) {
  const ids = characters.map(character => character.id);
  const ties = [...(tieOrder ?? [])];
  for ( const [index, ident] of ties.entries() ) {
    if ( !ids.includes(ident) || ties.slice(0, index).includes(ident) ) {
      throw fail("input", `input.tie_order[${index}] must name a character of the conflict, each once`);
    }
  }
  let active = characters.filter(c => !condition(c, config).incapacitated);
  const out = characters.filter(c => condition(c, config).incapacitated).map(c => c.id);
  let approach = null;
  if ( config.turn_order === "approach" ) {
    approach = config.turn_order_approaches[conflict];
    if ( !config.approaches.includes(approach) ) {
      throw fail("config", `config.turn_order_approaches.${conflict} is not one of config.approaches (FW-G03)`);
    }
    const ranked = active.map(c => [rank(c, approach, ties, ids, config), c]);
    ranked.sort((a, b) => compareRanks(a[0], b[0]));
    active = ranked.map(([, c]) => c);
  }
  const order = active.map(c => c.id);
  return [{ type: "turn_order", conflict, approach, order, out }, order, out];
}

/**
 * @param {Character} character
 * @param {string} approach
 * @param {string[]} ties
 * @param {string[]} ids
 * @param {Record<string, any>} config
 * @returns {number[]}
 */
function rank(character, approach, ties, ids, config) {
  const ident = character.id;
  const later = (config.turn_order_pcs_first && !character.pc) ? 1 : 0;
  const listed = ties.includes(ident) ? ties.indexOf(ident) : ties.length;
  const rating = Object.hasOwn(character.approaches, approach) ? character.approaches[approach] : 0;
  return [-rating, later, listed, ids.indexOf(ident)];
}

/**
 * @param {number[]} a
 * @param {number[]} b
 * @returns {number}
 */
function compareRanks(a, b) {
  for ( const [i, x] of a.entries() ) if ( x !== b[i] ) return x < b[i] ? -1 : 1;
  return 0;
}

/**
 * FW-G03: the order of a conflict's turns; Incapacitated characters are left out.
 * @param {Record<string, any>} input
 * @param {Record<string, any>} config
 * @param {DiceQueue} queue
 * @returns {Result}
 */
export function turnOrder(input, config, queue) {
  const characters = fillCharacters(input.characters, "input.characters", config);
  const [event, order, out] = orderTurns(characters, input.conflict, input.tie_order, config);
  return [[event], { order, out }];
}

/**
 * FW-G07, FW-G03: refill every character's power bonuses (`config.power_bonus_refresh:
 * conflict`) and order the turns.
 * @param {Record<string, any>} input
 * @param {Record<string, any>} config
 * @param {DiceQueue} queue
 * @returns {Result}
 */
export function startConflict(input, config, queue) {
  let characters = fillCharacters(input.characters, "input.characters", config);
  const events = [];
  if ( config.power_bonus_refresh === "conflict" ) {
    characters = characters.map(c => ({ ...c, power_bonus_remaining: c.power_bonus_pool }));
    events.push(...characters.map(c => ({ type: "power_bonuses_refreshed", character: c.id, remaining: c.power_bonus_remaining })));
  }
  const [event, order, out] = orderTurns(characters, input.conflict, input.tie_order, config);
  return [[...events, event], { order, out, characters }];
}

/**
 * FW-G12: recovery when a conflict ends: none, or (`first_column_after_conflict`) every
 * box of each character's first column (the Scratches) is cleared.
 * @param {Record<string, any>} input
 * @param {Record<string, any>} config
 * @param {DiceQueue} queue
 * @returns {Result}
 */
export function endConflict(input, config, queue) {
  let characters = fillCharacters(input.characters, "input.characters", config);
  const events = [];
  if ( config.recovery === "first_column_after_conflict" ) {
    characters = characters.map(character => {
      const first = character.wound_track.columns[0].id;
      if ( !character.wounds[first] ) return character;
      const before = condition(character, config);
      const [event, cleared] = clear(character, first, character.wounds[first]);
      events.push(event, ...changed(before, cleared, config));
      return cleared;
    });
  }
  return [events, { characters }];
}
