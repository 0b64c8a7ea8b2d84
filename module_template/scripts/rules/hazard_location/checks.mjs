/**
 * Tests, contests and initiative of hazard_location; mirror of `compiler/rules/hazard_location/checks.py`.
 *
 * A Test pool's first die is the Hazard Die (HZ-G03); initiative counts successes without one.
 */

import * as dice from "../dice.mjs";
import { choice, derivedSources, flag, hazard, number, optionalId } from "./config.mjs";
import { readScores } from "./content.mjs";
import { anyKeys, expectFields, fail, getIds, has, idList, optInt } from "./fields.mjs";
import { SMALL_INT, getChoice, getInt, getIntList, getList } from "../inputs.mjs";

const IN = "input";
const S = SMALL_INT;
export const DEFENCE_KINDS = Object.freeze(["parry", "evade", "other"]);

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
  choice(config, "nonpositive_pool");
  const [count, mishapFace, counted] = hazard(config);
  const die = number(config, "test_die", 2, 1000);
  const minFace = number(config, "test_success_min_face", 1, 1000);
  const size = dice.poolSize(base, mods, 0);
  const faces = queue.takeMany(die, size);
  const scored = counted ? faces : faces.slice(count);
  const successes = dice.countAtLeast(scored, minFace);
  const events = [{ type: "test", side, pool: size, die, faces, successes }];
  const mishap = dice.hazard(faces, count, mishapFace);
  if ( mishap ) {
    const table = optionalId(config, "mishap_table");
    events.push({ type: "mishap", side, faces: faces.slice(0, count), table });
  }
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
  const tie = choice(config, "contest_tie");
  const contested = d !== null;
  const won = (d === null) || (dice.opposed(a, d, tie) === "attacker");
  const mos = dice.marginOfSuccess(a, d === null ? 0 : d, contested, choice(config, "mos"));
  return [(a >= 1) && won, mos];
}

/**
 * HZ-R14, HZ-G07: the parrying defender's MoS d - a when it meets a, else null.
 * @param {number} a
 * @param {number} d
 * @param {string|null} kind
 * @param {object} config
 * @returns {number|null}
 */
export function riposteMargin(a, d, kind, config) {
  if ( (kind !== "parry") || (dice.opposed(a, d, choice(config, "contest_tie")) !== "defender") ) return null;
  if ( flag(config, "riposte_requires_attacker_success") && (a < 1) ) return null;
  const margin = dice.margin(d, a);
  return margin >= a ? margin : null;
}

/**
 * HZ-R08, HZ-R13, HZ-R14, HZ-R21, HZ-G05-G07: hit, MoS, Damage = DV + MoS, or a riposte.
 * @type {Rule}
 */
export function resolveHit(input, config, queue) {
  const keys = ["attacker_successes", "defender_successes", "defence_kind", "attacker_dv", "defender_dv"];
  const fields = expectFields(input, IN, keys);
  const a = getInt(fields, "attacker_successes", IN, 0, S);
  const d = fields.defender_successes === null ? null : getInt(fields, "defender_successes", IN, 0, S);
  const kind = fields.defence_kind === null ? null : getChoice(fields, "defence_kind", IN, DEFENCE_KINDS);
  const dv = getInt(fields, "attacker_dv", IN, 0, S);
  const defenderDv = fields.defender_dv === null ? null : getInt(fields, "defender_dv", IN, 0, S);
  const [hit, mos] = decideHit(a, d, config);
  if ( hit ) {
    const event = { type: "hit", a, d, mos, damage: dv + mos };
    return [[event], { hit: true, mos, damage: dv + mos, riposte: null }];
  }
  const events = [{ type: "miss", a, d }];
  const margin = d === null ? null : riposteMargin(a, d, kind, config);
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
export function hazardTest(input, config, queue) {
  const fields = expectFields(input, IN, ["base", "die_mods"]);
  const base = getInt(fields, "base", IN, -S, S);
  const mods = getIntList(fields, "die_mods", IN, -S, S);
  const [events, successes, mishap] = rollTest("tester", base, mods, config, queue);
  return [events, { successes, mishap }];
}

/**
 * HZ-R03, HZ-G01, HZ-G27: AGI + INT +/- dice, successes high to low, ties act together.
 * @type {Rule}
 */
export function initiative(input, config, queue) {
  const fields = expectFields(input, IN, ["participants"]);
  const sources = derivedSources(config, "initiative");
  const die = number(config, "test_die", 2, 1000);
  const minFace = number(config, "test_success_min_face", 1, 1000);
  const events = [];
  const scores = new Map();
  getList(fields, "participants", IN).forEach((item, index) => {
    const where = `${IN}.participants[${index}]`;
    const member = expectFields(item, where, ["id", "attributes"], ["bonus_dice", "penalty_dice"]);
    const ident = newId(member, where, scores);
    const attributes = readScores(member.attributes, `${where}.attributes`);
    let base = 0;
    for ( const key of sources ) base += score(attributes, key, `${where}.attributes`);
    const mods = [optInt(member, "bonus_dice", where, [0, S], 0), -optInt(member, "penalty_dice", where, [0, S], 0)];
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
  if ( (typeof ident !== "string") || !ident || seen.has(ident) ) {
    throw fail(where, `${where}.id must be a new non-empty string`);
  }
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
export function runInitiativeOrder(input, config, queue) {
  const fields = expectFields(input, IN, ["groups", "incapacitates"]);
  const groups = getList(fields, "groups", IN).map((g, i) => idList(g, `${IN}.groups[${i}]`));
  const where = `${IN}.incapacitates`;
  const effects = expectFields(fields.incapacitates, where, [], anyKeys(fields.incapacitates));
  const deferred = choice(config, "simultaneous") === "deferred";
  const down = [];
  const events = [];
  for ( const group of groups ) {
    let pending = [];
    for ( const ident of group ) {
      if ( down.includes(ident) ) {
        events.push({ type: "skipped", id: ident });
        continue;
      }
      const victims = has(effects, ident) ? getIds(effects, ident, where) : [];
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
