/**
 * After the fight: the report, XP, the Resurrection queue and recovery; mirror of
 * `compiler/rules/danger_room/aftermath.py` (see it for the fight-state shape it reads).
 */

import * as dice from "../dice.mjs";
import { bonus } from "./attributes.mjs";
import { THREAT_TIERS, checkFighter, requireKeys } from "./combatant.mjs";
import { BAD_INPUT, RuleError } from "../errors.mjs";
import { SMALL_INT, expectObject, getBool, getChoice, getInt, getList, getStr, sortedKeys } from "../inputs.mjs";

const IN = "input";
const CF = "config";
const S = SMALL_INT;
const QUEUE_STATES = Object.freeze(["obliterated", "down"]);

/**
 * @typedef {import("../queue.mjs").DiceQueue} DiceQueue
 * @typedef {[object[], object]} Result  The rule's events and new state.
 * @callback Rule
 * @param {unknown} input     The fixture's input (checked by the rule: `bad_input`).
 * @param {object} config     The ruleset's config defaults merged with the fixture's overrides.
 * @param {DiceQueue} queue   The dice queue (C1).
 * @returns {Result}          The events and the new state.
 */

/**
 * The fighters of the final state, checked, in id order.
 * @param {object} state
 * @param {string} where
 * @returns {object[]}
 */
function roster(state, where) {
  const all = state.fighters;
  if ( (all === null) || (typeof all !== "object") || Array.isArray(all) ) {
    throw new RuleError(BAD_INPUT, `${where}.fighters must be an object`);
  }
  return sortedKeys(Object.keys(all)).map((key, index) => {
    const at = `${where}.fighters[${index}]`;
    const fighter = checkFighter(all[key], at);
    requireKeys(fighter, at, ["xp", "played"]);
    if ( fighter.xp !== null ) getInt(fighter, "xp", at, 0, S);
    getBool(fighter, "played", at);
    return fighter;
  });
}

/**
 * The items on the ground, checked.
 * @param {object} state
 * @param {string} where
 * @returns {object[]}
 */
function ground(state, where) {
  return getList(state, "on_ground", where).map((raw, index) => {
    const at = `${where}.on_ground[${index}]`;
    const item = expectObject(raw, at, ["item", "owner", "thrown"]);
    getStr(item, "item", at);
    getStr(item, "owner", at);
    getBool(item, "thrown", at);
    return { ...item };
  });
}

/**
 * DR-G38: an enemy's XP, or its tier multiplier (2, 4, 7, 12, 25) when it gives none.
 * @param {object} fighter
 * @param {object} config
 * @returns {number}
 */
export function enemyXp(fighter, config) {
  getChoice(config, "xp_default", CF, ["tier_multiplier"]);
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
  getChoice(config, "xp_remainder", CF, ["discard"]);
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
 * DR-R26, DR-G21, DR-G39: who is bound for the Resurrection queue (none in training).
 * @param {object[]} fighters
 * @param {object} config
 * @returns {string[]}
 */
export function resurrectionQueue(fighters, config) {
  if ( getChoice(config, "mode", CF, ["live", "training"]) === "training" ) return [];
  const where = `${CF}.resurrection_queue_includes`;
  const includes = getList(config, "resurrection_queue_includes", CF);
  includes.forEach((name, index) => getChoice({ status: name }, "status", `${where}[${index}]`, QUEUE_STATES));
  return fighters.filter(f => includes.includes(f.status)).map(f => f.id);
}

/**
 * DR-R27, DR-G21: after a Training bout every fighter gets all Health back at once.
 * @param {object[]} fighters
 * @param {object} config
 * @returns {[object[], object]}
 */
function recover(fighters, config) {
  const training = getChoice(config, "mode", CF, ["live", "training"]) === "training";
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
  const fields = expectObject(input, IN, ["state"]);
  const where = `${IN}.state`;
  const state = requireKeys(fields.state, where, ["fighters", "on_ground"]);
  const fighters = roster(state, where);
  const items = ground(state, where);
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
  return Math.max(getInt(config, "min_health", CF, 1, 1000), hitDie + bonus(endurance, config));
}

/**
 * DR-R27, DR-G40: Health back after `nights` nights: one Generation block a night, or all.
 * @type {Rule}
 */
export function overnightRecovery(input, config, queue) {
  const fields = expectObject(input, IN, ["health", "max_health", "phenotype_hit_die", "endurance", "nights"]);
  const health = getInt(fields, "health", IN, -S, S);
  const top = getInt(fields, "max_health", IN, 1, S);
  const die = getInt(fields, "phenotype_hit_die", IN, 1, 1000);
  const endurance = getInt(fields, "endurance", IN, 0, 1000);
  const nights = getInt(fields, "nights", IN, 0, 10000);
  const rate = getChoice(config, "overnight_recovery", CF, ["generation_block", "full"]);
  const block = nightBlock(die, endurance, config);
  let after;
  if ( rate === "full" ) after = nights ? Math.max(health, top) : health;
  else after = Math.max(health, Math.min(top, health + (nights * block)));
  return [[{ type: "recovery", nights, per_night: block, health: after }], { health: after }];
}

/** The rules of this module, by camelCase name, in file order. */
export const RULES = Object.freeze({ aftermath, overnightRecovery });
