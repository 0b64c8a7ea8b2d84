/**
 * The `danger_room` engine (Krakoa Danger Room, catalogue §1); mirror of
 * `compiler/rules/danger_room/__init__.py`.
 *
 * Each topic module under `danger_room/` exports its own `RULES`; this module joins them in
 * file order (part A's topics, then part B's) and re-exports `CONFIG` (every DR-G key).
 */

import * as attributes from "./danger_room/attributes.mjs";
import * as landing from "./danger_room/landing.mjs";
import * as movement from "./danger_room/movement.mjs";
import * as order from "./danger_room/order.mjs";
import * as reach from "./danger_room/reach.mjs";
import * as senses from "./danger_room/senses.mjs";
import * as turn from "./danger_room/turn.mjs";
import * as weapons from "./danger_room/weapons.mjs";
import { PART_B } from "./danger_room/part_b.mjs";

export { CONFIG } from "./danger_room/config.mjs";

/** Part A's topic modules, in the Python package's order. */
const PART_A = [attributes, order, reach, movement, senses, landing, weapons, turn];

/** Every rule by camelCase name, in file order; the harness maps snake_case names onto these. */
export const RULES = Object.freeze(Object.assign({}, ...[...PART_A, ...PART_B].map(m => m.RULES)));
