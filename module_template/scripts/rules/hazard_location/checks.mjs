/**
 * Tests, contests and initiative of hazard_location; mirror of `compiler/rules/hazard_location/checks.py`.
 *
 * A Test pool's first die is the Hazard Die (HZ-G03); initiative counts successes without one.
 */

import * as dice from "../dice.mjs";
import { has } from "./fields.mjs";
import { fail } from "../shapes.mjs";

const IN = "input";

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 * @typedef {import("../queue.mjs").DiceQueue} DiceQueue
 */

/**
 * HZ-R02, HZ-G01-G03, HZ-G08, P9, P11: a Test pool; returns [events, successes, mishap].
 * @param {string} side
 * @param {number} base
 * @param {number[]} mods
 * @param {object} config
 * @param {DiceQueue} queue
 * @returns {[object[], number, boolean]}
 */
export function rollTest(side, base, mods, config, queue) {
  const hazard = config.hazard;
  const [count, counted] = [hazard.count, hazard.counts_for_success];
  const [die, minFace] = [config.test_die, config.test_success_min_face];
  const size = dice.poolSize(base, mods, 0);
  const faces = queue.takeMany(die, size);
  const scored = counted ? faces : faces.slice(count);
  const successes = dice.countAtLeast(scored, minFace);
  const events = [{ type: "test", side, pool: size, die, faces, successes }];
  const mishap = dice.hazard(faces, count, hazard.mishap_on_face);
  if ( mishap ) events.push({ type: "mishap", side, faces: faces.slice(0, count), table: config.mishap_table });
  return [events, successes, mishap];
}

/**
 * HZ-R08, HZ-G05, HZ-G06, P12, P13: [hit, MoS]; a hit needs a >= 1 and the contest won.
 * @param {number} a
 * @param {number|null} d
 * @param {object} config
 * @returns {[boolean, number]}
 */
export function decideHit(a, d, config) {
  const contested = d !== null;
  const won = (d === null) || (dice.opposed(a, d, config.contest_tie) === "attacker");
  const mos = dice.marginOfSuccess(a, d === null ? 0 : d, contested, config.mos);
  return [(a >= 1) && won, mos];
}

/**
 * HZ-R14, HZ-G06, HZ-G07, P13: the parrying defender's MoS when it meets a, else null.
 *
 * The defender's MoS is read as the attacker's is (`mos`): d - a under `standard`, d - max(1, a)
 * under `unified`, so a whiffed attack (a = 0) is riposted by any winning parry, with margin
 * d - 1, and rolling worse never protects the attacker.
 * @param {number} a
 * @param {number} d
 * @param {string|null} kind
 * @param {object} config
 * @returns {number|null}
 */
export function riposteMargin(a, d, kind, config) {
  if ( (kind !== "parry") || (dice.opposed(a, d, config.contest_tie) !== "defender") ) return null;
  if ( config.riposte_requires_attacker_success && (a < 1) ) return null;
  const margin = dice.marginOfSuccess(d, a, true, config.mos);
  return margin >= a ? margin : null;
}

/**
 * HZ-R08, HZ-R13, HZ-R14, HZ-R21, HZ-G05-G07: hit, MoS, Damage = DV + MoS, or a riposte.
 * @type {Rule}
 */
export function resolveHit(fields, config, queue) {
  const [a, d] = [fields.attacker_successes, fields.defender_successes];
  const [dv, defenderDv] = [fields.attacker_dv, fields.defender_dv];
  const [hit, mos] = decideHit(a, d, config);
  if ( hit ) {
    const event = { type: "hit", a, d, mos, damage: dv + mos };
    return [[event], { hit: true, mos, damage: dv + mos, riposte: null }];
  }
  const events = [{ type: "miss", a, d }];
  const margin = d === null ? null : riposteMargin(a, d, fields.defence_kind, config);
  let riposte = null;
  if ( margin !== null ) {
    if ( defenderDv === null ) throw fail(IN, `${IN}.defender_dv is required for a riposte`);
    riposte = { margin, damage: defenderDv + margin };
    events.push({ type: "riposte", ...riposte });
  }
  return [events, { hit: false, mos: null, damage: null, riposte }];
}

/**
 * HZ-R02, HZ-G01-G03, HZ-G08: roll one Test pool of base + sum(die_mods) dice.
 * @type {Rule}
 */
export function hazardTest(fields, config, queue) {
  const [events, successes, mishap] = rollTest("tester", fields.base, fields.die_mods, config, queue);
  return [events, { successes, mishap }];
}

/**
 * HZ-R03, HZ-G01, HZ-G27: AGI + INT +/- dice, successes high to low, ties act together.
 * @type {Rule}
 */
export function initiative(fields, config, queue) {
  const sources = config.derived.initiative;
  const [die, minFace] = [config.test_die, config.test_success_min_face];
  const events = [];
  const scores = new Map();
  fields.participants.forEach((member, index) => {
    const where = `${IN}.participants[${index}]`;
    const ident = newId(member, where, scores);
    let base = 0;
    for ( const key of sources ) base += score(member.attributes, key, `${where}.attributes`);
    const mods = [member.bonus_dice, -member.penalty_dice];
    const faces = queue.takeMany(die, dice.poolSize(base, mods, 0));
    scores.set(ident, dice.countAtLeast(faces, minFace));
    events.push({ type: "initiative", id: ident, faces, successes: scores.get(ident) });
  });
  const groups = rank(scores);
  events.push({ type: "order", groups });
  return [events, { groups, successes: Object.fromEntries(scores) }];
}

/**
 * The participant's id, which must be new.
 * @param {object} member
 * @param {string} where
 * @param {Map<string, number>} seen
 * @returns {string}
 */
function newId(member, where, seen) {
  const ident = member.id;
  if ( seen.has(ident) ) throw fail(where, `${where}.id must be a new non-empty string`);
  return ident;
}

/**
 * One named score, which must be present.
 * @param {object} scores
 * @param {string} key
 * @param {string} where
 * @returns {number}
 */
function score(scores, key, where) {
  if ( !has(scores, key) ) throw fail(where, `${where}.${key} is required`);
  return scores[key];
}

/**
 * Ids grouped by equal successes, highest first, roster order within a group.
 * @param {Map<string, number>} scores
 * @returns {string[][]}
 */
function rank(scores) {
  const ranked = [...new Set(scores.values())].sort((x, y) => y - x);
  return ranked.map(value => [...scores].filter(([, s]) => s === value).map(([ident]) => ident));
}

/**
 * HZ-R03, HZ-G16: act group by group; `deferred` lets a whole tie group act first.
 * @type {Rule}
 */
export function runInitiativeOrder(fields, config, queue) {
  const [groups, effects] = [fields.groups, fields.incapacitates];
  const deferred = config.simultaneous === "deferred";
  const down = [];
  const events = [];
  for ( const group of groups ) {
    let pending = [];
    for ( const ident of group ) {
      if ( down.includes(ident) ) {
        events.push({ type: "skipped", id: ident });
        continue;
      }
      const victims = has(effects, ident) ? effects[ident] : [];
      events.push({ type: "acts", id: ident, incapacitates: victims });
      pending = pending.concat(victims.filter(v => !down.includes(v) && !pending.includes(v)));
      if ( !deferred ) {
        down.push(...fall(events, pending));
        pending = [];
      }
    }
    down.push(...fall(events, pending));
  }
  return [events, { incapacitated: down }];
}

/**
 * Record the victims as incapacitated now.
 * @param {object[]} events
 * @param {string[]} victims
 * @returns {string[]}
 */
function fall(events, victims) {
  if ( victims.length ) events.push({ type: "incapacitated", ids: [...victims] });
  return [...victims];
}
