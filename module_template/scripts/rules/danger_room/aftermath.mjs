/**
 * After the fight: the report, XP, the Resurrection queue and recovery; mirror of
 * `compiler/rules/danger_room/aftermath.py` (see it for the fight-state shape it reads).
 */

import * as dice from "../dice.mjs";
import { bonus } from "./attributes.mjs";
import { THREAT_TIERS } from "./combatant.mjs";
import { sortedKeys } from "../inputs.mjs";

const QUEUE_STATES = Object.freeze(["obliterated", "down"]);

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 */

/**
 * The fighters of the final state in id order.
 * @param {Record<string, any>} state
 * @returns {Record<string, any>[]}
 */
function roster(state) {
  const all = state.fighters;
  return sortedKeys(Object.keys(all)).map(key => all[key]);
}

/**
 * DR-G38: an enemy's XP, or its tier multiplier (2, 4, 7, 12, 25) when it gives none.
 * @param {object} fighter
 * @param {object} config
 * @returns {number}
 */
export function enemyXp(fighter, config) {
  if ( fighter.xp !== null ) return fighter.xp;
  return THREAT_TIERS[fighter.threat_tier];
}

/**
 * DR-R26, DR-G38, DR-E12: defeated enemies' XP, floor-shared by every PC who fought.
 * @param {object[]} fighters
 * @param {object} config
 * @returns {object}
 */
export function xpSplit(fighters, config) {
  const defeated = fighters.filter(f => (f.threat_tier !== null) && QUEUE_STATES.includes(f.status));
  const total = defeated.reduce((sum, f) => sum + enemyXp(f, config), 0);
  const fought = fighters.filter(f => (f.threat_tier === null) && f.played).map(f => f.id);
  const share = fought.length ? dice.floorDiv(total, fought.length) : 0;
  return {
    defeated: defeated.map(f => f.id),
    total,
    fighters: fought,
    share,
    remainder: total - (share * fought.length)
  };
}

/**
 * DR-G39: a Krakoan citizen: a player character (no threat tier) or a fighter on one of the
 * `citizen_sides`.
 * @param {object} fighter
 * @param {object} config
 * @returns {boolean}
 */
export function isCitizen(fighter, config) {
  return (fighter.threat_tier === null) || config.citizen_sides.includes(fighter.side);
}

/**
 * DR-R26, DR-G21, DR-G39: who is bound for the Resurrection queue (none in training): by
 * default Krakoa's citizens only (`resurrection_queue_for`), in the end states it names.
 * @param {object[]} fighters
 * @param {object} config
 * @returns {string[]}
 */
export function resurrectionQueue(fighters, config) {
  if ( config.mode === "training" ) return [];
  const includes = config.resurrection_queue_includes;
  const everyone = config.resurrection_queue_for === "everyone";
  return fighters.filter(f => includes.includes(f.status) && (everyone || isCitizen(f, config))).map(f => f.id);
}

/**
 * DR-R27, DR-G21: after a Training bout every fighter gets all Health back at once.
 * @param {object[]} fighters
 * @param {object} config
 * @returns {[object[], object]}
 */
function recover(fighters, config) {
  const training = config.mode === "training";
  const events = [];
  const after = {};
  for ( let fighter of fighters ) {
    if ( training ) {
      const top = fighter.max_health;
      fighter = { ...fighter, health: top, status: "fighting" };
      events.push({ type: "recovered", fighter: fighter.id, health: top });
    }
    after[fighter.id] = fighter;
  }
  return [events, after];
}

/**
 * DR-R26, DR-R27, DR-G21, DR-G35, DR-G38, DR-G39, DR-E12: the Storyteller's report.
 *
 * Everyone's end state, what is left on the ground (thrown weapons go back to their owners),
 * the Resurrection queue and the XP split; a Training bout then restores all Health.
 * @type {Rule}
 */
export function aftermath(input, config, queue) {
  const fighters = roster(input.state);
  const items = input.state.on_ground;
  const report = {
    end_states: fighters.map(f => ({ fighter: f.id, status: f.status, health: f.health })),
    on_ground: items.filter(i => !i.thrown).map(i => ({ item: i.item, owner: i.owner })),
    returned: items.filter(i => i.thrown).map(i => ({ item: i.item, owner: i.owner })),
    resurrection_queue: resurrectionQueue(fighters, config),
    xp: xpSplit(fighters, config)
  };
  const [events, after] = recover(fighters, config);
  return [[{ type: "aftermath", ...report }, ...events], { report, fighters: after }];
}

/**
 * DR-G40: one Generation block, hit die at max + Endurance bonus, at least `min_health`.
 * @param {number} hitDie
 * @param {number} endurance
 * @param {object} config
 * @returns {number}
 */
export function nightBlock(hitDie, endurance, config) {
  return Math.max(config.min_health, hitDie + bonus(endurance, config));
}

/**
 * DR-R27, DR-G40: Health back after `nights` nights: one Generation block a night, or all.
 * @type {Rule}
 */
export function overnightRecovery(input, config, queue) {
  const [health, top, nights] = [input.health, input.max_health, input.nights];
  const block = nightBlock(input.phenotype_hit_die, input.endurance, config);
  let after;
  if ( config.overnight_recovery === "full" ) after = nights ? Math.max(health, top) : health;
  else after = Math.max(health, Math.min(top, health + (nights * block)));
  return [[{ type: "recovery", nights, per_night: block, health: after }], { health: after }];
}

/** The rules of this module, by camelCase name, in file order. */
export const RULES = Object.freeze({ aftermath, overnightRecovery });
