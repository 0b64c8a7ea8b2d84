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
import { choice, flag, number, severityTable } from "./config.mjs";
import { readCover, readExplosive, readPiece, uniqueIds } from "./content.mjs";
import {
  asJson, compare, expectFields, fail, getLength, getRational, has, optStr
} from "./fields.mjs";
import { loadContent } from "./harm.mjs";
import { SMALL_INT, getInt, getList, getStr } from "../inputs.mjs";

const IN = "input";

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 * @typedef {import("./fields.mjs").Rational} Rational
 */

/**
 * HZ-G32: a `{value, unit}` length of the input in metres.
 * @param {object} fields
 * @param {string} key
 * @param {string} where
 * @param {object} config
 * @returns {Rational}
 */
export function metres(fields, key, where, config) {
  return getLength(fields, key, where, number(config, "metres_per_hex", 1, 1000));
}

/**
 * HZ-R10, HZ-G31: the range band's penalty, or `out_of_range` beyond Maximum Range.
 * @param {Rational} distance
 * @param {Rational} optimal
 * @param {Rational} maximum
 * @param {object} config
 * @returns {[object, number|null]}
 */
export function rangeEvent(distance, optimal, maximum, config) {
  choice(config, "beyond_max_range");
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
export function rangePenalty(input, config, queue) {
  const fields = expectFields(input, IN, ["optimal_range_m", "max_range_m", "distance"]);
  const optimal = getRational(fields, "optimal_range_m", IN);
  const maximum = getRational(fields, "max_range_m", IN);
  if ( (optimal[0] === 0) || (compare(optimal, maximum) > 0) ) {
    throw fail(IN, `${IN}.optimal_range_m must be above 0 and at most max_range_m`);
  }
  const [event, penalty] = rangeEvent(metres(fields, "distance", IN, config), optimal, maximum, config);
  return [[event], { in_range: penalty !== null, penalty }];
}

/**
 * HZ-R19, HZ-E05, P14: max(1, min(4, 5 - ceil(sqrt P))) for a whole percentage P.
 * @type {Rule}
 */
export function calledShotPenalty(input, config, queue) {
  const fields = expectFields(input, IN, ["percent"]);
  const percent = getInt(fields, "percent", IN, 0, 100);
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
  const radius = getLength(explosive, "blast_radius", `${IN}.explosive`, number(config, "metres_per_hex", 1, 1000));
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
export function readBlast(fields, config) {
  return readExplosive(fields.explosive, `${IN}.explosive`, severityTable(config), flag(config, "traumatic_default"));
}

/**
 * HZ-R25, HZ-R26, HZ-G25: full Damage within the radius, floor(D * R^2 / d^2) beyond.
 * @type {Rule}
 */
export function blastDamage(input, config, queue) {
  const fields = expectFields(input, IN, ["explosive", "distance"]);
  const explosive = readBlast(fields, config);
  const event = blastEvent(explosive, metres(fields, "distance", IN, config), config);
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
  const fallback = optStr(fields, "fallback_table", IN, null) ?? getStr(config, "fallback_table", "config");
  const [table, fellBack] = selectTable(content, species, fallback, `${IN}.fallback_table`);
  return [table, { type: "table", species, table: table.id, fallback: fellBack }];
}

/**
 * HZ-R16, HZ-R17, HZ-R19, HZ-R20, HZ-G30: the Called Shot window's locations and penalties.
 * @type {Rule}
 */
export function calledShotOptions(input, config, queue) {
  const fields = expectFields(input, IN, ["target_species", "chosen_species"], ["content", "fallback_table"]);
  const species = optStr(fields, "target_species", IN, null) ?? optStr(fields, "chosen_species", IN, null);
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
export function hitLocation(input, config, queue) {
  const fields = expectFields(input, IN, ["species", "called_shot"], ["content", "fallback_table"]);
  const species = optStr(fields, "species", IN, null);
  const called = optStr(fields, "called_shot", IN, null);
  const [table, chosen] = tableFor(fields, config, species, loadContent(fields, config));
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
export function armorRoll(input, config, queue) {
  const fields = expectFields(input, IN, ["armor", "cover", "location", "pen", "damage"]);
  const pieces = getList(fields, "armor", IN).map((p, i) => readPiece(p, `${IN}.armor[${i}]`));
  uniqueIds(pieces, `${IN}.armor`);
  const cover = readCover(fields.cover, `${IN}.cover`);
  const location = getStr(fields, "location", IN);
  const pen = getInt(fields, "pen", IN, 0, SMALL_INT);
  const damage = getInt(fields, "damage", IN, 0, SMALL_INT);
  if ( blocks(cover, config) ) return [[{ type: "blocked_by_cover" }], { armor: pieces, cover, through: 0 }];
  const [events, through, worn, after] = resolveArmor(pieces, cover, [location, pen, damage], config, queue);
  return [events, { armor: worn, cover: after, through }];
}

/**
 * HZ-G18: full cover with no AV blocks the attack outright.
 * @param {object|null} cover
 * @param {object} config
 * @returns {boolean}
 */
export function blocks(cover, config) {
  choice(config, "full_cover_without_av");
  return (cover !== null) && (cover.kind === "full") && !has(cover, "av");
}
