/**
 * Single-step rules: range, called shots, blasts, hit location, the Armor Roll; mirror of
 * `compiler/rules/hazard_location/measures.py`.
 *
 * Each rule is one step of the attack order on its own, so fixtures can pin every boundary
 * without a whole attack.
 */

import * as dice from "../dice.mjs";
import * as arith from "./arith.mjs";
import { entryOf, penaltiesOf, resolveArmor, rollLocation, selectTable } from "./armor.mjs";
import { checkCover, checkExplosive, checkPiece, uniqueIds } from "./content.mjs";
import { asJson, compare, has, lengthM, rational } from "./fields.mjs";
import { loadContent } from "./harm.mjs";
import { fail } from "../shapes.mjs";

const IN = "input";

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 * @typedef {import("./fields.mjs").Rational} Rational
 */

/**
 * HZ-R10, HZ-G31: the range band's penalty, or `out_of_range` beyond Maximum Range.
 * @param {Rational} distance
 * @param {Rational} optimal
 * @param {Rational} maximum
 * @returns {[object, number|null]}
 */
export function rangeEvent(distance, optimal, maximum) {
  if ( !arith.withinMaxRange(distance, maximum) ) {
    return [{ type: "out_of_range", distance_m: asJson(distance), max_range_m: asJson(maximum) }, null];
  }
  const penalty = arith.rangePenalty(distance, optimal);
  return [{ type: "range", distance_m: asJson(distance), optimal_range_m: asJson(optimal),
    max_range_m: asJson(maximum), penalty }, penalty];
}

/**
 * HZ-R10, HZ-R11, HZ-G31, HZ-G32: range dice = max(0, ceil(d / Optimal) - 1).
 * @type {Rule}
 */
export function rangePenalty(fields, config, queue) {
  const optimal = rational(fields.optimal_range_m);
  const maximum = rational(fields.max_range_m);
  if ( (optimal[0] === 0) || (compare(optimal, maximum) > 0) ) {
    throw fail(IN, `${IN}.optimal_range_m must be above 0 and at most max_range_m`);
  }
  const distance = lengthM(fields.distance, config.metres_per_hex);
  const [event, penalty] = rangeEvent(distance, optimal, maximum);
  return [[event], { in_range: penalty !== null, penalty }];
}

/**
 * HZ-R19, HZ-E05, P14: max(1, min(4, 5 - ceil(sqrt P))) for a whole percentage P.
 * @type {Rule}
 */
export function calledShotPenalty(fields, config, queue) {
  const percent = fields.percent;
  const penalty = arith.calledShotPenalty(percent);
  const event = { type: "called_shot_penalty", percent, ceil_sqrt: dice.ceilSqrt(percent), penalty };
  return [[event], { penalty }];
}

/**
 * HZ-R25, HZ-R26, HZ-G25: the blast's Damage at `distance` (0: no mechanical damage).
 * @param {object} explosive
 * @param {Rational} distance
 * @param {object} config
 * @returns {object}
 */
export function blastEvent(explosive, distance, config) {
  const radius = lengthM(explosive.blast_radius, config.metres_per_hex);
  return {
    type: "blast_damage", explosive: explosive.id, severity: explosive.severity, listed: explosive.damage,
    radius_m: asJson(radius), distance_m: asJson(distance), within_radius: compare(distance, radius) <= 0,
    damage: arith.blastDamage(explosive.damage, radius, distance)
  };
}

/**
 * HZ-R25, HZ-G25, HZ-G26: the input's explosive, checked against the Severity table.
 * @param {object} fields
 * @param {object} config
 * @returns {object}
 */
export function explosiveOf(fields, config) {
  return checkExplosive(fields.explosive, `${IN}.explosive`, config.blast_damage_by_severity,
    config.traumatic_default);
}

/**
 * HZ-R25, HZ-R26, HZ-G25: full Damage within the radius, floor(D * R^2 / d^2) beyond.
 * @type {Rule}
 */
export function blastDamage(fields, config, queue) {
  const explosive = explosiveOf(fields, config);
  const event = blastEvent(explosive, lengthM(fields.distance, config.metres_per_hex), config);
  return [[event], { damage: event.damage }];
}

/**
 * HZ-R15, HZ-G30: the species' table or the GM's fallback, and the event naming it.
 * @param {object} fields
 * @param {object} config
 * @param {string|null} species
 * @param {object} content
 * @returns {[object, object]}
 */
export function tableFor(fields, config, species, content) {
  const fallback = (has(fields, "fallback_table") ? fields.fallback_table : null) ?? config.fallback_table;
  const [table, fellBack] = selectTable(content, species, fallback, `${IN}.fallback_table`);
  return [table, { type: "table", species, table: table.id, fallback: fellBack }];
}

/**
 * HZ-R16, HZ-R17, HZ-R19, HZ-R20, HZ-G30: the Called Shot window's locations and penalties.
 * @type {Rule}
 */
export function calledShotOptions(fields, config, queue) {
  const species = fields.target_species ?? fields.chosen_species;
  if ( species === null ) throw fail(IN, `${IN}.chosen_species is required when the target has no species`);
  const [table, event] = tableFor(fields, config, species, loadContent(fields, config));
  const labels = new Map(table.entries.map(e => [e.location, has(e, "label") ? e.label : e.location]));
  const options = penaltiesOf(table).map(o => ({ ...o, label: labels.get(o.location) }));
  return [[event, { type: "called_shot_window", locations: options }], { table: table.id, locations: options }];
}

/**
 * HZ-R15, HZ-R16, HZ-R19, HZ-G10, HZ-G30, P6: d100 on the table, or the called location.
 * @type {Rule}
 */
export function hitLocation(fields, config, queue) {
  const called = fields.called_shot;
  const [table, chosen] = tableFor(fields, config, fields.species, loadContent(fields, config));
  if ( called !== null ) {
    const entry = entryOf(table, called, `${IN}.called_shot`);
    const event = { type: "hit_location", table: table.id, location: entry.location, called: true };
    return [[chosen, event], { location: entry.location }];
  }
  const [rolled, location] = rollLocation(table, queue);
  return [[chosen, rolled], { location }];
}

/**
 * HZ-R12, HZ-R18, HZ-R28, HZ-R29, HZ-G18-G22: cover and armour over one struck location.
 * @type {Rule}
 */
export function armorRoll(fields, config, queue) {
  const pieces = fields.armor.map((p, i) => checkPiece(p, `${IN}.armor[${i}]`));
  uniqueIds(pieces, `${IN}.armor`);
  const cover = checkCover(fields.cover, `${IN}.cover`);
  if ( blocks(cover) ) return [[{ type: "blocked_by_cover" }], { armor: pieces, cover, through: 0 }];
  const hit = [fields.location, fields.pen, fields.damage];
  const [events, through, worn, after] = resolveArmor(pieces, cover, hit, config, queue);
  return [events, { armor: worn, cover: after, through }];
}

/**
 * HZ-G18: full cover with no AV blocks the attack outright.
 * @param {object|null} cover
 * @returns {boolean}
 */
export function blocks(cover) {
  return (cover !== null) && (cover.kind === "full") && !has(cover, "av");
}
