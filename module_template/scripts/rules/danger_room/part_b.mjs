/**
 * Part B's topic modules of the `danger_room` engine, in file order; mirror of
 * `compiler/rules/danger_room/part_b.py`. `danger_room.mjs` joins their `RULES` after part A's.
 */

import * as aftermath from "./aftermath.mjs";
import * as conditions from "./conditions.mjs";
import * as damage from "./damage.mjs";
import * as defences from "./defences.mjs";
import * as health from "./health.mjs";
import * as hits from "./hits.mjs";
import * as saves from "./saves.mjs";

/** Saves, damage, `resolveHit`, conditions, Health, Active Defences, aftermath. */
export const PART_B = Object.freeze([saves, damage, hits, conditions, health, defences, aftermath]);
