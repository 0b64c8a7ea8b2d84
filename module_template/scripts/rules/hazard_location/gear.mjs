/**
 * Weapon wear and repair by mass; mirror of `compiler/rules/hazard_location/gear.py`.
 *
 * Repair mass stays an exact rational of kilograms (HZ-G34): 1.2 kg * 2/6 is 2/5 kg, not 0.4.
 */

import { repairMass } from "./arith.mjs";
import { checkPiece, checkWeapon } from "./content.mjs";
import { asJson, has, rational, reduce } from "./fields.mjs";
import { fail } from "../shapes.mjs";

const IN = "input";
/** [maximum field, current field] of each repairable kind. */
export const RATINGS = Object.freeze({ armor: ["max_av", "current_av"], weapon: ["dv_max", "dv_current"] });

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 */

/**
 * HZ-R30: each point of weapon damage lowers Current DV by 1, minimum 0.
 * @type {Rule}
 */
export function weaponWear(fields, config, queue) {
  const weapon = checkWeapon(fields.weapon, `${IN}.weapon`, config.traumatic_default);
  const points = fields.points;
  const before = weapon.dv_current;
  const after = Math.max(0, before - points);
  const event = { type: "weapon_damage", weapon: weapon.id, points, from: before, to: after };
  return [[event], { weapon: { ...weapon, dv_current: after } }];
}

/**
 * HZ-R30, HZ-G34: compatible material of mass * restored / maximum restores the rating.
 * @type {Rule}
 */
export function repair(fields, config, queue) {
  const kind = fields.kind;
  const where = `${IN}.item`;
  const item = kind === "armor" ? checkPiece(fields.item, where) : checkWeapon(fields.item, where, config.traumatic_default);
  const [top, now] = RATINGS[kind];
  const restore = fields.restore;
  if ( restore > item[top] - item[now] ) throw fail(IN, `${IN}.restore must be an integer in 0..${item[top] - item[now]}`);
  if ( !has(item, "mass_kg") ) throw fail(where, `${where}.mass_kg is required for a repair`);
  if ( !fields.compatible ) {
    return [[{ type: "repair_refused", item: item.id, reason: "incompatible_material" }], { item }];
  }
  const maximum = Math.max(item[top], 1); // a maximum of 0 leaves nothing to restore: mass 0, not 0/0
  const mass = repairMass(rational(item.mass_kg), restore, maximum);
  const event = { type: "repair", item: item.id, from: item[now], to: item[now] + restore,
    share_of_mass: asJson(reduce(restore, maximum)), mass_kg: asJson(mass) };
  return [[event], { item: { ...item, [now]: item[now] + restore } }];
}
