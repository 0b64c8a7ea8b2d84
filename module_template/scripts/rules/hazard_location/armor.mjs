/**
 * Hit location, called shots, coverage and the Armor Roll; mirror of
 * `compiler/rules/hazard_location/armor.py`.
 *
 * Dice in canonical order: the hit-location d100 (unless a Called Shot fixed it), then one d100
 * per partially covering piece from outer to inner, then Effective AV d6.
 */

import * as dice from "../dice.mjs";
import { calledShotPenalty } from "./arith.mjs";
import { byId, has } from "./fields.mjs";
import { fail } from "../shapes.mjs";

/** HZ-R28: "Roll Effective AV d6 ... Each 6 stops 1 incoming damage" (stated, not config). */
export const ARMOR_DIE = 6;
export const ARMOR_SUCCESS_FACE = 6;
/** HZ-G20: a partially covering piece counts iff a d100 shows at most its percent. */
export const COVERAGE_DIE = 100;

/**
 * @typedef {import("../queue.mjs").DiceQueue} DiceQueue
 */

/**
 * HZ-R15, HZ-R16, HZ-G30: the species' table, else the GM's fallback; [table, fell back].
 * @param {object} content
 * @param {string|null} species
 * @param {string} fallback
 * @param {string} where
 * @returns {[object, boolean]}
 */
export function selectTable(content, species, fallback, where) {
  const tables = content.hit_location_tables;
  if ( species !== null ) {
    const record = byId(content.species, species);
    const wanted = record === null ? null : record.hit_location_table;
    let found = wanted !== null ? byId(tables, wanted) : null;
    found = found ?? tables.find(t => t.species === species) ?? null;
    if ( found !== null ) return [{ ...found }, false];
  }
  const table = byId(tables, fallback);
  if ( table === null ) throw fail(where, `${where} names a fallback table that the content lacks`);
  return [{ ...table }, true];
}

/**
 * HZ-R17, HZ-R19: the table entry of `location`; a location the table lacks is bad input.
 * @param {object} table
 * @param {string} location
 * @param {string} where
 * @returns {object}
 */
export function entryOf(table, location, where) {
  const entry = table.entries.find(e => e.location === location);
  if ( entry === undefined ) throw fail(where, `${where} is not a location of the chosen table`);
  return { ...entry };
}

/**
 * HZ-R16, HZ-R19, HZ-R20: each location with its percent and called-shot penalty.
 * @param {object} table
 * @returns {object[]}
 */
export function penaltiesOf(table) {
  return table.entries.map(e => ({
    location: e.location, percent: e.percent, penalty: calledShotPenalty(e.percent)
  }));
}

/**
 * HZ-R15, HZ-G10, P6: roll the table's die ("00" = 100) and find the struck location.
 * @param {object} table
 * @param {DiceQueue} queue
 * @returns {[object, string]}
 */
export function rollLocation(table, queue) {
  const face = queue.take(table.die);
  const index = dice.tableLookup(table.entries.map(e => e.range), face);
  const location = table.entries[index].location;
  return [{ type: "hit_location", table: table.id, face, location, called: false }, location];
}

/**
 * HZ-G21: pieces from outermost to innermost by `layer`; equal layers keep input order.
 * @param {object[]} pieces
 * @param {object} config
 * @returns {object[]}
 */
export function outerFirst(pieces, config) {
  const sign = config.layer_order === "higher_is_outer" ? -1 : 1;
  return pieces.map(p => ({ ...p })).sort((x, y) => (sign * x.layer) - (sign * y.layer));
}

/**
 * HZ-R18, HZ-G20, HZ-G22: pieces over `location`, a d100 per partial one (outer first).
 * @param {object[]} pieces
 * @param {string} location
 * @param {object} config
 * @param {DiceQueue} queue
 * @returns {[object[], object[]]}
 */
export function covering(pieces, location, config, queue) {
  const skipZero = config.ablation_skips_zero_av;
  const events = [];
  const found = [];
  for ( const piece of outerFirst(pieces, config) ) {
    const share = piece.coverage.find(c => c.location === location)?.percent ?? 0;
    if ( (share === 0) || (skipZero && (piece.current_av === 0)) ) continue;
    if ( share < COVERAGE_DIE ) {
      const face = queue.take(COVERAGE_DIE);
      events.push({ type: "coverage_check", piece: piece.id, location, percent: share, face, covers: face <= share });
      if ( face > share ) continue;
    }
    found.push(piece);
  }
  return [events, found];
}

/**
 * HZ-R28, P1: Combined AV - PEN (at least 0) d6, each 6 stopping 1; [event, through].
 * @param {object[]} pieces
 * @param {string} location
 * @param {number} pen
 * @param {number} damage
 * @param {DiceQueue} queue
 * @returns {[object, number]}
 */
export function rollArmor(pieces, location, pen, damage, queue) {
  const combined = pieces.reduce((total, p) => total + p.current_av, 0);
  const effective = Math.max(0, combined - pen);
  const faces = queue.takeMany(ARMOR_DIE, effective);
  const sixes = dice.countAtLeast(faces, ARMOR_SUCCESS_FACE);
  const stopped = Math.min(damage, sixes);
  const event = {
    type: "armor_roll", location, pieces: pieces.map(p => p.id),
    combined_av: combined, pen, effective_av: effective, faces,
    sixes, damage, stopped, through: damage - stopped
  };
  return [event, damage - stopped];
}

/**
 * HZ-R29: if damage got through, the outermost contributing piece loses 1 AV (min 0).
 * @param {object[]} pieces
 * @param {number} through
 * @returns {[object[], object[]]}
 */
export function ablate(pieces, through) {
  const result = pieces.map(p => ({ ...p }));
  if ( (through < 1) || !result.length ) return [[], result];
  const outermost = result[0];
  const after = Math.max(0, outermost.current_av - 1);
  const event = { type: "ablation", piece: outermost.id, from: outermost.current_av, to: after };
  result[0] = { ...outermost, current_av: after };
  return [[event], result];
}

/**
 * HZ-R12, HZ-G19: protective (or full) cover as a piece over every location.
 * @param {object} cover
 * @param {string} location
 * @returns {object}
 */
export function coverPiece(cover, location) {
  return { id: cover.id, current_av: cover.av, layer: 0, coverage: [{ location, percent: 100 }] };
}

/**
 * HZ-R01 step 4, HZ-R12, HZ-G19: cover and worn armour over the hit `[location, PEN, damage]`.
 * Returns [events, damage through, worn pieces after ablation, cover after ablation].
 * @param {object[]} worn
 * @param {object|null} cover
 * @param {[string, number, number]} hit
 * @param {object} config
 * @param {DiceQueue} queue
 * @returns {[object[], number, object[], object|null]}
 */
export function resolveArmor(worn, cover, hit, config, queue) {
  const [location, pen] = hit;
  let damage = hit[2];
  let shield = shieldOf(cover, location, config);
  let events = [];
  let shieldAfter = [];
  if ( (shield !== null) && (config.cover_mode === "separate_roll") ) {
    [events, damage, shieldAfter] = layer([shield], location, pen, damage, queue);
    shield = null;
  }
  const [checks, found] = covering(worn, location, config, queue);
  const outer = shield === null ? [] : [shield];
  const [layerEvents, through, after] = layer([...outer, ...found], location, pen, damage, queue);
  shieldAfter = shieldAfter.concat(after.slice(0, outer.length));
  const changed = new Map(after.slice(outer.length).map(p => [p.id, p]));
  const newWorn = worn.map(p => changed.get(p.id) ?? { ...p });
  const newCover = cover === null ? null : { ...cover };
  if ( (newCover !== null) && shieldAfter.length ) newCover.av = shieldAfter[0].current_av;
  return [[...events, ...checks, ...layerEvents], through, newWorn, newCover];
}

/**
 * The cover as an outermost piece, when it has an AV that can contribute.
 * @param {object|null} cover
 * @param {string} location
 * @param {object} config
 * @returns {object|null}
 */
function shieldOf(cover, location, config) {
  if ( (cover === null) || !has(cover, "av") ) return null;
  if ( config.ablation_skips_zero_av && (cover.av === 0) ) return null;
  return coverPiece(cover, location);
}

/**
 * One Armor Roll with its ablation, or `unarmored` when nothing covers the location.
 * @param {object[]} pieces
 * @param {string} location
 * @param {number} pen
 * @param {number} damage
 * @param {DiceQueue} queue
 * @returns {[object[], number, object[]]}
 */
function layer(pieces, location, pen, damage, queue) {
  if ( !pieces.length ) return [[{ type: "unarmored", location, damage }], damage, []];
  const [event, through] = rollArmor(pieces, location, pen, damage, queue);
  const [ablations, after] = ablate(pieces, through);
  return [[event, ...ablations], through, after];
}
