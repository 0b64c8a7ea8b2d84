/**
 * crytures content as odds queries: a power of one fighter against another; mirror of
 * `compiler/rules/crytures/matchups.py`.
 *
 * A matchup is `{item, attacker, target, options}`, ids of the content's documents. It becomes
 * the `use_power` query on a grid of two (the fighters as `content.combatant` seats them, the user
 * on [0, 0], the target `distance` spaces along the first axis, each on its own side), and each
 * outcome is summed up in the words every ruleset's report uses: hit, damage, down, location.
 */

import { combatant, fighterPowers, rulesConfig } from "./content.mjs";
import { RULESET } from "./odds.mjs";
import { DIE, damageTarget } from "./rolls.mjs";
import { resolved } from "../enumeration.mjs";
import { BAD_INPUT, RuleError } from "../errors.mjs";
import { poolScores } from "../exact.mjs";
import { sortedKeys, withOptions } from "../inputs.mjs";

/** The content kinds a matchup's item may be (a weapon's powers are powers). */
export const ATTACKS = Object.freeze(["power"]);
/**
 * CR-R06, CR-R11, CR-G05, CR-G22: a matchup's options and their defaults: the spaces between the
 * user and the target (1: adjacent), the user's elevation above the target, the target's Health
 * (null: full), a die modifier, and the target's situation (cover, obscured, can't see).
 */
export const OPTIONS = Object.freeze({
  distance: 1, elevation: 0, health: null, die_mod: 0,
  cover: false, obscured: false, cant_see: false
});
/** The sides the user and the target stand on (any two different sides: CR-R04). */
export const SIDES = Object.freeze(["party", "wild"]);
export const BLAST_AIMS = Object.freeze(["melee_blast", "ranged_blast"]);

/**
 * The document `ident` of `kind`, or a bad-input error naming `what`.
 * @param {object} library
 * @param {string} kind
 * @param {string} ident
 * @param {string} what
 * @returns {Record<string, any>}
 */
function docOf(library, kind, ident, what) {
  const found = (library[kind] ?? {})[ident];
  if ( found === undefined ) throw new RuleError(BAD_INPUT, `the content has no ${what} ${ident}`);
  return found;
}

/**
 * CR-R05: a fighter's powers as the rules take them (its own, then its weapons').
 * @param {object} library
 * @param {string} ident
 * @returns {Record<string, any>[]}
 */
export function powersOf(library, ident) {
  return fighterPowers(docOf(library, "fighter", ident, "fighter"), library);
}

/**
 * CR-R05, CR-R07: the power `item` of fighter `ident`, refused unless it attacks (rolls a pool
 * and deals damage per hit) and can be aimed at one other fighter.
 * @param {object} library
 * @param {string} ident
 * @param {string} item
 * @returns {Record<string, any>}
 */
export function attackPower(library, ident, item) {
  docOf(library, "power", item, "card, weapon or power");
  const power = powersOf(library, ident).find(p => p.id === item);
  if ( power === undefined ) throw new RuleError(BAD_INPUT, `fighter ${ident} has no power ${item}`);
  if ( (power.attack === null) || (power.attack === undefined) || !Object.hasOwn(power.hit ?? {}, "damage_per_hit") ) {
    throw new RuleError(BAD_INPUT, `${item} deals no damage, so it has no odds to show`);
  }
  if ( power.includes_user || (power.range.kind === "personal") ) {
    throw new RuleError(BAD_INPUT, `${item} reaches its user, so it has no odds against one target`);
  }
  return power;
}

/**
 * The first fighter (by id) whose powers (its own or its weapons') include `item`.
 * @param {object} library
 * @param {string} item
 * @returns {string}
 */
export function holder(library, item) {
  for ( const ident of sortedKeys(Object.keys(library.fighter ?? {})) ) {
    if ( powersOf(library, ident).some(p => p.id === item) ) return ident;
  }
  throw new RuleError(BAD_INPUT, `no fighter carries ${item}: name the attacker`);
}

/**
 * The matchup's options, defaults filled; an unknown one or a distance under 1 is bad input.
 * @param {Record<string, any>} given
 * @returns {Record<string, any>}
 */
function optionsOf(given) {
  const found = withOptions(given, OPTIONS, "a crytures matchup");
  if ( found.distance < 1 ) throw new RuleError(BAD_INPUT, "distance must be at least 1 (the target's own space)");
  return found;
}

/**
 * CR-R04, CR-G09: a content fighter on the grid at the start of a fight.
 * @param {object} library
 * @param {string} ident
 * @param {string} side
 * @param {number[]} position
 * @param {number} elevation
 * @returns {Record<string, any>}
 */
export function seat(library, ident, side, position, elevation) {
  const fighter = docOf(library, "fighter", ident, "fighter");
  return combatant(fighter, powersOf(library, ident), { side, position, elevation });
}

/**
 * CR-R04-R12: `{item, attacker?, target, options?}` as the `use_power` odds query:
 * `{query, params, config}`. Without an attacker, the fighter carrying the power uses it.
 * @param {object} library
 * @param {object} config
 * @param {Record<string, any>} choice
 * @returns {{query: string, params: object, config: object}}
 */
export function matchup(library, config, choice) {
  const merged = rulesConfig(config, library);
  const options = optionsOf(choice.options ?? {});
  const userId = choice.attacker ?? holder(library, choice.item);
  const power = attackPower(library, userId, choice.item);
  if ( choice.target === userId ) throw new RuleError(BAD_INPUT, `${userId} cannot use ${choice.item} on itself`);
  const user = seat(library, userId, SIDES[0], [0, 0], options.elevation);
  const target = seat(library, choice.target, SIDES[1], [options.distance, 0], 0);
  if ( options.health !== null ) target.health = options.health;
  const situation = { cover: options.cover, obscured: options.obscured, cant_see: options.cant_see };
  const params = {
    user: user.id, power, combatants: [user, target], target: target.id,
    situations: { [target.id]: situation }, die_mods: options.die_mod ? [options.die_mod] : []
  };
  const kind = power.range.kind;
  if ( kind === "ranged_blast" ) params.aim = target.position;
  else if ( kind === "melee_blast" ) params.direction = [1, 0];
  return { query: "use_power", params, config: merged };
}

/**
 * CR-R07, CR-R08, CR-G14: an outcome in the report's words: a hit is one total hit or more, the
 * damage is what the target took, down is defeated; a refused use (out of range, no Stamina left)
 * hits nothing, its reason kept (`refused`); the ruleset has no hit locations. In a matchup the
 * power reaches its target alone (`attackPower` refuses a power that reaches its user).
 * @param {string} query
 * @param {Record<string, any>} outcome
 * @returns {{hit: boolean, damage: number, down: boolean, location: null, refused: string|null}}
 */
export function summary(query, outcome) {
  const read = outcome.reads[0];
  if ( read === undefined ) return { hit: false, damage: 0, down: false, location: null, refused: outcome.refused };
  return { hit: read.total_hits >= 1, damage: read.damage, down: read.defeated, location: null, refused: null };
}

/* -------------------------------------------- */
/*  Fights                                      */
/* -------------------------------------------- */

/** CR-R01: initiative is rolled once, when combat starts: the acting order holds all fight. */
export const ORDER_PER = "fight";

/**
 * The [user, target] combatants of a matchup's query.
 * @param {Record<string, any>} asked
 * @returns {object[]}
 */
export function sides(asked) {
  const params = asked.params;
  const table = new Map(params.combatants.map(c => [c.id, c]));
  return [table.get(params.user), table.get(params.target)];
}

/**
 * CR-R05, CR-G14, CR-G20: the matchup's query with the user's Stamina and Mana as the fight has
 * left them, and the two fighters as the fight has them (`fight`, beside the query). No rule of a
 * use reads the Health of a fighter still in the fight (the damage is the total hits times the
 * damage per hit), so the query keeps both as seated and `after` takes the damage off the fight's
 * own record: a fight asks one query per resource level, not one per Health.
 * @param {Record<string, any>} asked
 * @param {Record<string, any>} attacker
 * @param {Record<string, any>} target
 * @returns {Record<string, any>}
 */
export function restate(asked, attacker, target) {
  const [user, aimed] = sides(asked);
  const spent = { ...user, stamina: attacker.stamina, mana: attacker.mana };
  return { ...asked, params: { ...asked.params, combatants: [spent, aimed] }, fight: [attacker, target] };
}

/**
 * CR-R05, CR-R07, CR-G14, CR-G20: [user, target] after one outcome of the query (the fighters as
 * the fight has them, else as seated): the cost paid if the power was used (never below 0), the
 * damage the target read taken off its Health by the engine's own rule (`damageTarget`: the floor,
 * defeat). Status effects are counted, and no rule reads them (CR-G20), so a fight does not follow
 * them.
 * @param {Record<string, any>} asked
 * @param {Record<string, any>} outcome
 * @returns {object[]}
 */
export function after(asked, outcome) {
  const [attacker, target] = asked.fight ?? sides(asked);
  const cost = asked.params.power.cost;
  const user = { ...attacker };
  if ( outcome.used && (cost !== null) && (cost !== undefined) ) {
    user[cost.resource] = Math.max(0, user[cost.resource] - cost.amount);
  }
  const merged = resolved(RULESET, asked.query, asked.config)[2];
  const struck = { ...target };
  for ( const read of outcome.reads ) {
    if ( read.target === struck.id ) damageTarget(struck, read.damage, merged);
  }
  return [user, struck];
}

/**
 * CR-R08, CR-G14: defeated: out of the fight.
 * @param {Record<string, any>} fighter
 * @returns {boolean}
 */
export function down(fighter) {
  return Boolean(fighter.defeated);
}

/**
 * CR-R04: a fighter still in the fight uses its power on its turn.
 * @param {Record<string, any>} fighter
 * @returns {boolean}
 */
export function acts(fighter) {
  return !down(fighter);
}

/**
 * CR-R04: the next round: every combatant has its Major and Minor Action again (a query starts
 * with both), and nothing else changes.
 * @param {Record<string, any>} fighter
 * @returns {Record<string, any>}
 */
export function newRound(fighter) {
  return { ...fighter };
}

/**
 * CR-R01, CR-R02, CR-G17: how many of the d10 sequences of both pools put each first: a higher
 * Speed + Reflexes d10 total first; a tie is rolled off, which each of two wins half the time under
 * either `initiative_ties` (it is symmetric and ends with probability 1), so a tie counts once for
 * each, every other sequence twice for its winner.
 * @param {Record<string, any>} first
 * @param {Record<string, any>} second
 * @returns {bigint[]}
 */
export function initiativeWeights(first, second) {
  const faces = Array.from({ length: DIE }, (_, i) => [i + 1, 1]);
  const [mine, theirs] = [first, second].map(f => poolScores(f.stats.speed + f.stats.reflexes, faces));
  let ahead = 0n;
  let behind = 0n;
  let tied = 0n;
  for ( const [a, ways] of mine ) {
    for ( const [b, others] of theirs ) {
      const count = ways * others;
      if ( a > b ) ahead += count;
      else if ( a < b ) behind += count;
      else tied += count;
    }
  }
  return [(2n * ahead) + tied, (2n * behind) + tied];
}

/**
 * CR-R01, CR-R02: the acting order of two matchups' users, as [phases, weight] pairs.
 * @param {Record<string, any>} first
 * @param {Record<string, any>} second
 * @returns {Array<[string[][], bigint]>}
 */
export function order(first, second) {
  const a = sides(first)[0];
  const b = sides(second)[0];
  const [ahead, behind] = initiativeWeights(a, b);
  return [[[[a.id], [b.id]], ahead], [[[b.id], [a.id]], behind]];
}

/* -------------------------------------------- */
/*  Balance                                     */
/* -------------------------------------------- */

/**
 * CR-R05, CR-G05: the balance matrix's reference target first, then the fighter a power of the
 * reference itself goes against: the fighters by id, those without types first (their Guard and
 * Will alone are their armour, no type chart multiplies the damage).
 * @param {object} library
 * @returns {string[]}
 */
export function referenceTargets(library) {
  const fighters = library.fighter ?? {};
  const names = sortedKeys(Object.keys(fighters));
  const typed = ident => (fighters[ident].types?.length ? 1 : 0);
  return [...names].sort((a, b) => typed(a) - typed(b)).slice(0, 2);
}

/**
 * CR-R05, CR-R07: the ids of fighter `ident`'s powers that deal damage to one target.
 * @param {object} library
 * @param {string} ident
 * @returns {string[]}
 */
export function damagingPowers(library, ident) {
  const found = [];
  for ( const power of powersOf(library, ident) ) {
    try {
      attackPower(library, ident, power.id);
    } catch ( error ) {
      if ( error instanceof RuleError ) continue;
      throw error;
    }
    found.push(power.id);
  }
  return found;
}

/**
 * CR-R05, CR-R07: the balance matrix's rows: every fighter's powers that deal damage to one
 * target, each once, against the one reference target (`referenceTargets`), so the rows compare
 * the powers themselves; the reference's own powers go against the next fighter.
 * @param {object} library
 * @returns {object[]}
 */
export function balanceGrid(library) {
  const rows = [];
  const references = referenceTargets(library);
  for ( const attacker of sortedKeys(Object.keys(library.fighter ?? {})) ) {
    const target = references.find(t => t !== attacker);
    if ( target === undefined ) continue;
    for ( const item of damagingPowers(library, attacker) ) {
      const labels = { item, attacker, target, armour: target, pool: null };
      rows.push({ item, attacker, target, options: {}, labels });
    }
  }
  return rows;
}

/**
 * CR-R01, CR-R04: the report's one-against-one fight: the first two fighters (by id) with a power
 * that deals damage, each using its first such power on the other; none if there are not two.
 * @param {object} library
 * @param {object} config
 * @returns {object[]}
 */
export function duel(library, config) {
  const firsts = new Map();
  for ( const row of balanceGrid(library) ) {
    if ( !firsts.has(row.attacker) ) firsts.set(row.attacker, row.item);
  }
  const names = sortedKeys([...firsts.keys()]).slice(0, 2);
  if ( names.length < 2 ) return [];
  return [names, [...names].reverse()].map(([a, b]) => matchup(library, config, { item: firsts.get(a), attacker: a, target: b }));
}
