/**
 * The odds of hazard_location's five-step attack, composed; mirror of
 * `compiler/rules/hazard_location/attack_odds.py`.
 *
 * The attack's Tests, location, armour and damage are independent draws, so its exact odds are
 * composed stage by stage from the engine's own steps (`rollTest`, `decideHit`, `riposteMargin`,
 * `strike`): the attacker's and the defender's Tests are enumerated, and each pair of results
 * leads to the strike it causes, enumerated once per distinct blow. The lumpings here serve the
 * rule queries of `odds.mjs` too.
 */

import { ARMOR_DIE, ARMOR_SUCCESS_FACE, COVERAGE_DIE } from "./armor.mjs";
import { strike, weaponSource } from "./attack.mjs";
import { decideHit, riposteMargin, rollTest } from "./checks.mjs";
import { blocks, tableFor } from "./measures.mjs";
import { attackPool, defenceOf, defencePoolEvent, prepareAttack, rangeCheck } from "./pools.mjs";
import { enumerateCalls, lumping, partition, resolved } from "../enumeration.mjs";
import { bind, mapOutcomes, point } from "../exact.mjs";
import { readInput } from "../harness.mjs";
import { faceRuns, facesOf } from "../odds.mjs";
import { dieLabel } from "../queue.mjs";
import { fail } from "../shapes.mjs";

export const RULESET = "hazard_location";

/**
 * HZ-G01-G03, P9: a Test die's Mishap face, its other failures and its successes.
 * @param {object} config
 * @returns {import("../enumeration.mjs").FaceClass[]}
 */
export function testClasses(config) {
  const mishapFace = config.hazard.mishap_on_face;
  const die = config.test_die;
  const least = config.test_success_min_face;
  const marks = facesOf(die).map(face => [face === mishapFace, face >= least]);
  return faceRuns(die, marks, marks.map(([, hit]) => Number(hit)));
}

/**
 * HZ-R02, HZ-G03, P9: a Test pool: its Hazard Dice one by one, then its successes.
 * @param {object} config
 * @returns {import("../enumeration.mjs").Lumping}
 */
export function testLumping(config) {
  const die = config.test_die;
  return lumping({ [dieLabel(die)]: testClasses(config) }, config.hazard.count, "score");
}

/**
 * HZ-G10, HZ-G20, P6: the faces of `die` between neighbouring `starts` (each row's first face,
 * each coverage share's first miss), one class each.
 * @param {number} die
 * @param {Iterable<number>} starts
 * @returns {import("../enumeration.mjs").FaceClass[]}
 */
export function cutClasses(die, starts) {
  const inside = [...new Set(starts)].filter(start => (start > 1) && (start <= die)).sort((a, b) => a - b);
  return partition(die, [1, ...inside], Array(inside.length + 1).fill(0));
}

/**
 * HZ-G10, HZ-G11: by die size, the first face of every row of `tables`.
 * @param {object[]} tables
 * @returns {Map<number, Set<number>>}
 */
export function tableStarts(tables) {
  const found = new Map();
  for ( const table of tables ) {
    if ( !found.has(table.die) ) found.set(table.die, new Set());
    for ( const entry of table.entries ) found.get(table.die).add(entry.range[0]);
  }
  return found;
}

/**
 * HZ-G20: the first d100 face each partially covering share misses on (a share given as a bare
 * location covers all of it; a malformed piece is left to the rule to refuse).
 * @param {any[]} pieces
 * @returns {Set<number>}
 */
export function coverageStarts(pieces) {
  const isObject = (value) => (value !== null) && (typeof value === "object") && !Array.isArray(value);
  const shares = pieces.filter(p => isObject(p) && Array.isArray(p.coverage))
    .flatMap(p => p.coverage.filter(isObject));
  return new Set(shares.filter(c => Number.isInteger(c.percent) && (c.percent < COVERAGE_DIE))
    .map(c => c.percent + 1));
}

/**
 * HZ-R15, HZ-R18, HZ-R28, HZ-G11, HZ-G20: the dice of steps 3-5: every d100 (location, coverage,
 * Injury location) cut at every row and share, any Injury-table die at its rows, and the Armor
 * Roll's d6 pool on its 6s (cut at the rows too if an Injury table is a d6).
 * @param {object[]} tables
 * @param {any[]} pieces
 * @returns {import("../enumeration.mjs").Lumping}
 */
export function strikeLumping(tables, pieces) {
  const starts = tableStarts(tables);
  for ( const die of [COVERAGE_DIE, ARMOR_DIE] ) if ( !starts.has(die) ) starts.set(die, new Set());
  for ( const start of coverageStarts(pieces) ) starts.get(COVERAGE_DIE).add(start);
  starts.get(ARMOR_DIE).add(ARMOR_SUCCESS_FACE);
  const classes = {};
  for ( const [die, cuts] of starts ) {
    let found = cutClasses(die, cuts);
    if ( die === ARMOR_DIE ) found = found.map(c => ({ ...c, score: Number(c.face >= ARMOR_SUCCESS_FACE) }));
    classes[dieLabel(die)] = found;
  }
  return lumping(classes, 0, "score");
}

/**
 * HZ-R29: each armour piece's id and Current AV (what ablation changes).
 * @param {object[]} pieces
 * @returns {Array<[string, number]>}
 */
export function armorState(pieces) {
  return pieces.map(p => [p.id, p.current_av]);
}

/**
 * HZ-R22, HZ-R31, HZ-G11: each Injury's location, and its Injury-table result if rolled.
 * @param {object[]} events
 * @returns {object[]}
 */
export function injuriesOf(events) {
  const found = [];
  for ( const event of events ) {
    if ( event.type === "injury" ) found.push({ location: event.location });
    else if ( event.type === "injury_roll" ) found[found.length - 1] = { ...found.at(-1), result: event.result };
  }
  return found;
}

/**
 * HZ-R02, HZ-G03, HZ-G08: one side's Test of `size` dice: [successes, Mishap].
 * @param {string} side
 * @param {number} size
 * @param {object} config
 * @returns {import("../exact.mjs").Dist}
 */
export function testOdds(side, size, config) {
  const call = (queue) => {
    const [, successes, mishap] = rollTest(side, size, [], config, queue);
    return [successes, mishap];
  };
  return enumerateCalls(call, testLumping(config));
}

/**
 * HZ-R01 steps 3-5: where the blow lands, and the target, cover and Injuries after it.
 * @param {object} target
 * @param {number} total
 * @param {object} blow
 * @param {object} config
 * @param {object[]} tables
 * @returns {import("../exact.mjs").Dist}
 */
export function strikeOdds(target, total, blow, config, tables) {
  const call = (queue) => {
    const [events, after, cover, location] = strike(target, total, blow, config, queue);
    return {
      location, stamina: after.stamina_current, armor: armorState(after.armor),
      cover: cover === null ? null : (cover.av ?? null), injuries: injuriesOf(events)
    };
  };
  return enumerateCalls(call, strikeLumping(tables, target.armor));
}

/**
 * HZ-R01, HZ-R14: one way the attack ends, the same whether composed or enumerated whole.
 * `tests` holds each side's [successes, Mishap] (the defender's null without a defence), `struck`
 * the defender's strike (null on a miss) and `riposte` the attacker's (or null).
 * @param {object} atk
 * @param {any[]} tests
 * @param {any} struck
 * @param {any} riposte
 * @returns {object}
 */
export function attackOutcome(atk, tests, struck, riposte) {
  const { defender, attacker, cover } = atk;
  const base = {
    location: null, stamina: defender.stamina_current, armor: armorState(defender.armor),
    cover: cover === null ? null : (cover.av ?? null), injuries: []
  };
  const hit = struck ?? base;
  const back = riposte ?? { stamina: attacker.stamina_current, armor: armorState(attacker.armor), injuries: [] };
  const defence = tests[1];
  return {
    hit: struck !== null, location: hit.location,
    damage: defender.stamina_current - hit.stamina, stamina: hit.stamina,
    armor: hit.armor, cover: hit.cover,
    injuries: struck !== null ? hit.injuries : back.injuries,
    mishap: tests[0][1], defender_mishap: defence === null ? false : defence[1],
    riposte: riposte !== null,
    riposte_damage: attacker.stamina_current - back.stamina,
    attacker_stamina: back.stamina, attacker_armor: back.armor
  };
}

/**
 * HZ-R01, HZ-R14: the `attack` rule's [events, state] as `attackOutcome` (for checking the
 * composed odds against the rule enumerated whole).
 * @param {object} atk
 * @returns {(events: any[], state: Record<string, any>) => object}
 */
export function attackProjection(atk) {
  return (events, state) => {
    const tests = [null, null];
    for ( const event of events ) {
      if ( event.type === "test" ) tests[event.side === "attacker" ? 0 : 1] = [event.successes, false];
      else if ( event.type === "mishap" ) tests[event.side === "attacker" ? 0 : 1][1] = true;
    }
    let struck = null;
    let riposte = null;
    if ( state.hit ) {
      struck = {
        location: state.location, stamina: state.defender.stamina_current,
        armor: armorState(state.defender.armor),
        cover: state.cover === null ? null : (state.cover.av ?? null), injuries: injuriesOf(events)
      };
    } else if ( events.some(event => event.type === "riposte") ) {
      riposte = { stamina: state.attacker.stamina_current, armor: armorState(state.attacker.armor), injuries: injuriesOf(events) };
    }
    return attackOutcome(atk, [tests[0] ?? [0, false], tests[1]], struck, riposte);
  };
}

/**
 * HZ-R01, HZ-R13, HZ-G14: the attack's checked inputs and defence, as the rule reads them.
 * @param {any} params
 * @param {object} config
 * @returns {Record<string, any>}
 */
export function readAttackInput(params, config) {
  const [engine, , read] = resolved(RULESET, "attack", config);
  const atk = prepareAttack(readInput(engine, "attack", params), read);
  atk.defence = defenceOf(atk);
  return atk;
}

/**
 * The tables a strike may roll on.
 * @param {Record<string, any>} atk
 * @param {object} config
 * @returns {object[]}
 */
function tablesOf(atk, config) {
  const tables = atk.content.hit_location_tables;
  if ( config.injury_table === null ) return tables;
  return [...tables, ...atk.content.injury_tables];
}

/**
 * `strike`'s blow: `aim` is `{table, table_event, called, cover, content}`.
 * @param {Record<string, any>} aim
 * @param {Record<string, any>} weapon
 * @param {number} damage
 * @returns {object}
 */
function blowOf(aim, weapon, damage) {
  return {
    table: aim.table, table_event: aim.table_event, called: aim.called, pen: weapon.pen,
    damage, cover: aim.cover, source: weaponSource(weapon, aim.table, aim.content)
  };
}

/**
 * One pair of Test results: the hit and its strike, a riposte, or nothing.
 * @param {Record<string, any>} atk
 * @param {any[]} tests
 * @param {Record<string, any>} config
 * @param {Map<string, import("../exact.mjs").Dist>} strikes
 * @returns {import("../exact.mjs").Dist}
 */
function struckOf(atk, tests, config, strikes) {
  const a = tests[0][0];
  const d = tests[1] === null ? null : tests[1][0];
  const [hit, mos] = decideHit(a, d, config);
  const tables = tablesOf(atk, config);
  if ( hit ) {
    const weapon = atk.weapon;
    const damage = weapon.dv_current + mos;
    const key = `hit ${damage}`;
    if ( !strikes.has(key) ) {
      strikes.set(key, strikeOdds(atk.defender, atk.defender_total, blowOf(atk, weapon, damage), config, tables));
    }
    return mapOutcomes(strikes.get(key), s => attackOutcome(atk, tests, s, null));
  }
  const defence = atk.defence;
  const margin = ((d === null) || (defence === null)) ? null : riposteMargin(a, d, defence.kind, config);
  if ( margin === null ) return point(attackOutcome(atk, tests, null, null));
  const weapon = defence.weapon_item ?? null;
  if ( weapon === null ) throw fail("input", "input.defence.weapon is required for a riposte");
  const damage = weapon.dv_current + margin;
  const key = `riposte ${damage}`;
  if ( !strikes.has(key) ) {
    const [table, tableEvent] = tableFor(atk.fields, config, atk.attacker.species, atk.content);
    const aim = { table, table_event: tableEvent, called: null, cover: null, content: atk.content };
    strikes.set(key, strikeOdds(atk.attacker, atk.attacker_total, blowOf(aim, weapon, damage), config, tables));
  }
  return mapOutcomes(strikes.get(key), s => attackOutcome(atk, tests, null, s));
}

/**
 * The attack's merged config.
 * @param {object} config
 * @returns {Record<string, any>}
 */
function merged(config) {
  return resolved(RULESET, "attack", config)[2];
}

/**
 * HZ-R01-R02, HZ-R06-R10, HZ-R12-R15, HZ-R19, HZ-R21, HZ-G03-G08, HZ-G13-G15, HZ-G18, HZ-G31.
 *
 * The whole attack: blocked by cover or out of range (no dice), else the attacker's Test and the
 * defender's, then for each pair of results the hit's strike (location, armour, Stamina, Injuries)
 * or the parry's riposte.
 * @param {any} params
 * @param {object} config
 * @returns {import("../exact.mjs").Dist}
 */
export function attackOdds(params, config) {
  const read = merged(config);
  const atk = readAttackInput(params, read);
  const nothing = [[0, false], null];
  if ( blocks(atk.cover) ) return point(attackOutcome(atk, nothing, null, null));
  let rangeDice = 0;
  if ( atk.mode === "ranged" ) {
    const [, penalty] = rangeCheck(atk);
    if ( penalty === null ) return point(attackOutcome(atk, nothing, null, null));
    rangeDice = penalty;
  }
  const [, size] = attackPool(atk, rangeDice, read);
  const attacks = testOdds("attacker", size, read);
  let defences = point(null);
  if ( atk.defence !== null ) {
    const [, defenceSize] = defencePoolEvent(atk, atk.defence, read);
    defences = testOdds("defender", defenceSize, read);
  }
  const pairs = bind(attacks, a => mapOutcomes(defences, d => [a, d]));
  const strikes = new Map();
  return bind(pairs, tests => struckOf(atk, tests, read, strikes));
}
