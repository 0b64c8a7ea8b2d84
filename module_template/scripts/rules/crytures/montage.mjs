/**
 * The nine-step Battle Montage (CR-R13, CR-G23-G32); mirror of
 * `compiler/rules/crytures/montage.py`.
 *
 * Dice are taken per party member in rank order, front to back (catalogue §5.4). Everything a
 * member spends is checked against what it has before any die is rolled.
 */

import * as dice from "../dice.mjs";
import { checkMontage } from "./checks.mjs";
import { typeRelationOf } from "./modifiers.mjs";
import { DIE, damageTarget, evaluate } from "./rolls.mjs";

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 * @typedef {import("../queue.mjs").DiceQueue} DiceQueue
 */

/** CR-R13 step 4: "The Complexity of the check equals the enemy's Health divided by 5". */
export const HEALTH_PER_TASK = 5;

const MEMBER_KEYS = Object.freeze(["id", "health", "stamina", "mana", "consumables", "binding_crystals", "defeated"]);

/**
 * CR-G23, P14: Health / 5 rounded up (`ceil`) or down, at least `montage_complexity_min`.
 * @param {number} health
 * @param {object} config
 * @returns {number}
 */
export function complexityOf(health, config) {
  const divide = config.montage_complexity_rounding === "ceil" ? dice.ceilDiv : dice.floorDiv;
  return Math.max(config.montage_complexity_min, divide(health, HEALTH_PER_TASK));
}

/**
 * CR-G23, CR-E10: an enemy's Complexity from its Health.
 * @type {Rule}
 */
export function montageComplexity(inp, config, queue) {
  const complexity = complexityOf(inp.health, config);
  return [[{ type: "complexity", enemy: null, health: inp.health, complexity }], { complexity }];
}

/**
 * CR-R13 step 1, CR-G30: each character's first cryture is free, each more costs
 * `montage_extra_summon_cost` Mana (taken from its Mana before anything else).
 * @param {object[]} party
 * @param {object} config
 * @returns {object[]}
 */
export function summons(party, config) {
  const events = [];
  for ( const member of party.filter(m => m.kind === "character") ) {
    const crytures = party.filter(m => (m.kind === "cryture") && (m.summoner === member.id)).map(m => m.id);
    if ( !crytures.length ) continue;
    const extra = crytures.length - 1;
    const cost = extra * config.montage_extra_summon_cost;
    member.mana -= cost;
    events.push({ type: "summons", summoner: member.id, crytures, extra, mana_spent: cost });
  }
  return events;
}

/**
 * CR-R13 step 5, CR-G30: +3 dice per Stamina or Mana point and each consumable's
 * `montage_dice`; the dice and the `spend` event (null when nothing is spent).
 * @param {object} member
 * @returns {[number, object|null]}
 */
export function spend(member) {
  const plan = member.spend;
  const points = plan.stamina + plan.mana;
  const kinds = new Map(member.consumables.map(c => [c.id, c]));
  const bonus = (3 * points) + Object.entries(plan.consumables).reduce((sum, [i, n]) => sum + (kinds.get(i).montage_dice * n), 0);
  member.stamina -= plan.stamina;
  member.mana -= plan.mana;
  member.consumables = member.consumables.map(c => ({
    ...c, count: c.count - (Object.hasOwn(plan.consumables, c.id) ? plan.consumables[c.id] : 0)
  }));
  if ( !points && !Object.keys(plan.consumables).length ) return [bonus, null];
  return [bonus, {
    type: "spend", member: member.id, stamina: plan.stamina, mana: plan.mana,
    consumables: { ...plan.consumables }, dice: bonus
  }];
}

/**
 * CR-R13 step 6, CR-G32: the weakness and resistance roll modifiers, the only ones.
 * @param {object} power
 * @param {string[]} defenderTypes
 * @param {object} config
 * @returns {object[]}
 */
export function typeSituations(power, defenderTypes, config) {
  if ( config.montage_roll_modifiers === "none" ) return [];
  const names = typeRelationOf(power.type, defenderTypes, config).names;
  return names.map(n => ({ situation: n, modifier: n === "weak" ? 2 : -2 }));
}

/**
 * CR-R13 steps 4-6, CR-G24: the member's basic power as a Talent check against the enemy's
 * difficulty stat; its successes (hits, and crit extra hits unless `hits_only`).
 * @param {object} member
 * @param {object} enemy
 * @param {object} config
 * @param {DiceQueue} queue
 * @returns {[number, object[]]}
 */
export function talentCheck(member, enemy, config, queue) {
  const power = member.power;
  const [bonus, spentEvent] = spend(member);
  const base = power.attack.pool_stats.reduce((sum, name) => sum + member.stats[name], 0);
  const size = dice.poolSize(base, [bonus], config.pool_floor);
  const faces = queue.takeMany(DIE, size);
  const situations = typeSituations(power, enemy.types, config);
  const rollMod = situations.reduce((sum, s) => sum + s.modifier, 0);
  const difficulty = enemy.stats[power.attack.difficulty_stat];
  const found = evaluate(faces, rollMod, difficulty, power.crit.extra_hits, config);
  const counted = config.montage_successes === "hits_and_crit_extra_hits";
  const successes = counted ? found.total_hits : found.hits;
  const event = {
    type: "montage_roll", member: member.id, enemy: enemy.id, base, bonus_dice: bonus, size, faces,
    situations, roll_mod: rollMod, difficulty, results: found.results, hits: found.hits,
    crits: found.crits, successes
  };
  return [successes, [spentEvent, event].filter(e => e !== null)];
}

/**
 * CR-R13 step 7, CR-G26: the dice of the enemy's basic power, +2 if the receiver is weak to
 * its type, -2 if it resists, at least `montage_damage_per_failure_min`.
 * @param {object} enemy
 * @param {object} receiver
 * @param {object} config
 * @returns {number}
 */
export function perFailure(enemy, receiver, config) {
  const power = enemy.power;
  const pool = power.attack.pool_stats.reduce((sum, name) => sum + enemy.stats[name], 0);
  const modifier = typeRelationOf(power.type, receiver.types, config).modifier;
  return Math.max(config.montage_damage_per_failure_min, pool + modifier);
}

/**
 * CR-G27 (`front_absorbs`): the front living member takes what it can before it is
 * defeated, the excess goes to the next, and the last one takes the rest.
 * @param {object[]} members
 * @param {number} start
 * @param {number} damage
 * @param {object} config
 * @returns {object[]}
 */
export function absorb(members, start, damage, config) {
  const living = members.slice(start).filter(m => !m.defeated);
  const events = [];
  let left = damage;
  for ( const [index, member] of living.entries() ) {
    const last = index === living.length - 1;
    const room = Math.max(0, member.health - config.defeated_at_health);
    const taken = last ? left : Math.min(left, room);
    events.push(...damageTarget(member, taken, config));
    left -= taken;
    if ( !left ) break;
  }
  return events;
}

/**
 * CR-G25, CR-G27: the ranks an enemy's damage goes to: its frontmost attacker (or each),
 * or, unattacked, rank k for the k-th unattacked enemy (`round_robin`) or the front living
 * member (`front_absorbs`).
 * @param {number[]} attackers
 * @param {number} unattackedRank
 * @param {object[]} members
 * @param {object} config
 * @returns {number[]}
 */
export function receivers(attackers, unattackedRank, members, config) {
  if ( attackers.length ) {
    const each = config.montage_shared_damage === "each_attacker";
    return each ? [...attackers] : [attackers[0]];
  }
  if ( config.montage_unattacked_assignment === "round_robin" ) return [unattackedRank % members.length];
  return members.map((m, i) => [m, i]).filter(([m]) => !m.defeated).map(([, i]) => i).slice(0, 1);
}

/**
 * CR-R13 steps 7-8, CR-G26: the enemy's failure damage on each receiving member. `blow`:
 * the failures, the receiving ranks, and whether the front absorbs it (CR-G27).
 * @param {object} enemy
 * @param {[number, number[], boolean]} blow
 * @param {object[]} members
 * @param {object} config
 * @returns {object[]}
 */
export function dealDamage(enemy, blow, members, config) {
  const [failures, ranks, absorbing] = blow;
  const events = [];
  for ( const rank of ranks ) {
    const each = perFailure(enemy, members[rank], config);
    const damage = failures * each;
    events.push({ type: "montage_damage", enemy: enemy.id, member: members[rank].id, failures, per_failure: each, damage });
    if ( absorbing ) events.push(...absorb(members, rank, damage, config));
    else events.push(...damageTarget(members[rank], damage, config));
  }
  return events;
}

/**
 * CR-R13 step 9, CR-G28, CR-G29: bound, or routed with more than half the Complexity left,
 * killed with less, `montage_half` at exactly half.
 * @param {number} remaining
 * @param {number} complexity
 * @param {boolean} bound
 * @param {object} config
 * @returns {string}
 */
export function outcomeOf(remaining, complexity, bound, config) {
  if ( bound ) return "bound";
  if ( (2 * remaining) > complexity ) return "routed";
  if ( (2 * remaining) < complexity ) return "killed";
  return String(config.montage_half);
}

/**
 * CR-R13, CR-G23, CR-G24, CR-G25, CR-G26, CR-G27, CR-G28, CR-G29, CR-G30, CR-G31,
 * CR-G32, CR-E10: the party in ranks against the enemies, steps 1 to 9.
 * @type {Rule}
 */
export function battleMontage(inp, config, queue) {
  // Each member's own object: the steps set its fields, never change a value in place.
  const party = inp.party.map(m => ({ ...m }));
  const enemies = inp.enemies;
  checkMontage(party, enemies, config);
  const events = summons(party, config);
  events.push({ type: "ranks", ranks: party.map(m => m.id) });
  const complexity = new Map(enemies.map(e => [e.id, complexityOf(e.health, config)]));
  events.push(...enemies.map(e => ({ type: "complexity", enemy: e.id, health: e.health, complexity: complexity.get(e.id) })));
  events.push(...party.map(m => ({ type: "square_up", member: m.id, enemy: m.target })));
  const byEnemy = new Map(enemies.map(e => [e.id, e]));
  const successes = new Map(enemies.map(e => [e.id, 0]));
  for ( const member of party ) {
    const [got, rolled] = talentCheck(member, byEnemy.get(member.target), config, queue);
    successes.set(member.target, successes.get(member.target) + got);
    events.push(...rolled);
  }
  const failures = new Map(enemies.map(e => [e.id, Math.max(0, complexity.get(e.id) - successes.get(e.id))]));
  events.push(...enemies.map(e => ({
    type: "tasks", enemy: e.id, complexity: complexity.get(e.id), successes: successes.get(e.id),
    failures: failures.get(e.id), attacked_by: party.filter(m => m.target === e.id).map(m => m.id)
  })));
  const members = party.map(m => ({ ...m, defeated: false }));
  events.push(...damagePhase(enemies, failures, members, config));
  const [outcomes, closing] = bindingsAndOutcomes(enemies, [complexity, failures], members, config);
  const state = {
    party: members.map(m => Object.fromEntries(MEMBER_KEYS.map(k => [k, m[k]]))),
    enemies: enemies.map(e => ({
      id: e.id, complexity: complexity.get(e.id), successes: successes.get(e.id),
      failures: failures.get(e.id), outcome: outcomes.get(e.id)
    }))
  };
  return [[...events, ...closing], state];
}

/**
 * CR-R13 steps 7-8, CR-G25, CR-G27: every enemy with failed tasks deals its damage, in
 * input order; an unattacked one fails all its tasks.
 * @param {object[]} enemies
 * @param {Map<string, number>} failures
 * @param {object[]} members
 * @param {object} config
 * @returns {object[]}
 */
export function damagePhase(enemies, failures, members, config) {
  const events = [];
  let unattacked = 0;
  const absorbing = config.montage_unattacked_assignment === "front_absorbs";
  for ( const enemy of enemies ) {
    const attackers = members.map((m, i) => [m, i]).filter(([m]) => m.target === enemy.id).map(([, i]) => i);
    const rank = unattacked;
    if ( !attackers.length ) unattacked += 1;
    if ( failures.get(enemy.id) ) {
      const ranks = receivers(attackers, rank, members, config);
      const blow = [failures.get(enemy.id), ranks, absorbing && !attackers.length];
      events.push(...dealDamage(enemy, blow, members, config));
    }
  }
  return events;
}

/**
 * CR-R13 step 9, CR-G29: each binding (one crystal, consumed per
 * `binding_crystal_consumed`) succeeds iff all of the cryture's tasks were successful; then
 * each enemy is bound, routed or killed.
 * @param {object[]} enemies
 * @param {[Map<string, number>, Map<string, number>]} tallies
 * @param {object[]} members
 * @param {object} config
 * @returns {[Map<string, string>, object[]]}
 */
export function bindingsAndOutcomes(enemies, tallies, members, config) {
  const [complexity, failures] = tallies;
  const outcomes = new Map();
  const events = [];
  for ( const enemy of enemies ) {
    const ident = enemy.id;
    const binders = members.filter(m => (m.target === ident) && m.bind);
    const bound = (binders.length > 0) && (failures.get(ident) === 0);
    for ( const member of binders ) {
      events.push({ type: "binding", member: member.id, enemy: ident, bound });
      if ( bound || (config.binding_crystal_consumed === "always") ) member.binding_crystals -= 1;
    }
    outcomes.set(ident, outcomeOf(failures.get(ident), complexity.get(ident), bound, config));
    events.push({ type: "outcome", enemy: ident, remaining: failures.get(ident), complexity: complexity.get(ident), outcome: outcomes.get(ident) });
  }
  return [outcomes, events];
}

/** The rules of this module by camelCase name, in file order. */
export const RULES = Object.freeze({ montageComplexity, battleMontage });
