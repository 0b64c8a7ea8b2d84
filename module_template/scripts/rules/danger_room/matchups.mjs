/**
 * danger_room content as odds queries: a card or weapon of one fighter against another; mirror
 * of `compiler/rules/danger_room/matchups.py`.
 *
 * A matchup is `{item, attacker, target, options}`, ids of the content's documents (a roll dialog
 * would give its actors' data instead). It becomes the `resolve_hit` query on a fight of two, and
 * each outcome is summed up in the words every ruleset's report uses: hit, damage, down, location.
 */

import { expire, losesAction } from "./conditions.mjs";
import { cardInput, combatant, rulesConfig } from "./content.mjs";
import { DOWN } from "./odds.mjs";
import { turnSpeedOf } from "./order.mjs";
import { BAD_INPUT, RuleError } from "../errors.mjs";
import { sortedKeys, withOptions } from "../inputs.mjs";

/** The content kinds a matchup's item may be (a power is a card of kind `power`). */
export const ATTACKS = Object.freeze(["card", "weapon"]);
/**
 * DR-R28, DR-G23, DR-G24: a matchup's options and their defaults: BOOSTs per hit, whether the
 * card is Unreactable, Visibility penalty dice, the target's Health (null: full) and conditions.
 */
export const OPTIONS = Object.freeze({
  boost: 0, unreactable: false, penalty_dice: 0, health: null,
  attacker_conditions: [], target_conditions: []
});

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
 * DR-R18, DR-R23, DR-G35: the card an item plays: a card (a technique taking its weapon's Damage
 * and Base Attribute), or a weapon's first technique.
 * @param {object} library
 * @param {string} item
 * @returns {Record<string, any>}
 */
export function attackCard(library, item) {
  const cards = library.card ?? {};
  let card;
  let weaponId;
  if ( Object.hasOwn(cards, item) ) {
    card = cardInput(cards[item], library);
    weaponId = card.weapon;
  } else {
    const weapon = docOf(library, "weapon", item, "card, weapon or power");
    if ( !weapon.techniques.length ) throw new RuleError(BAD_INPUT, `weapon ${item} has no technique card`);
    card = cardInput(docOf(library, "card", weapon.techniques[0], "card"), library);
    weaponId = item;
  }
  if ( (weaponId !== null) && (weaponId !== undefined) ) {
    const weapon = docOf(library, "weapon", weaponId, "weapon");
    card = { ...card, damage: weapon.damage, base_attribute: weapon.base_attribute };
  }
  if ( card.damage === null ) throw new RuleError(BAD_INPUT, `${item} deals no damage, so it has no odds to show`);
  return card;
}

/**
 * The first fighter (by id) whose items hold `item` (as a card or a weapon).
 * @param {object} library
 * @param {string} item
 * @returns {string}
 */
export function holder(library, item) {
  const fighters = library.fighter ?? {};
  for ( const ident of sortedKeys(Object.keys(fighters)) ) {
    const items = fighters[ident].items ?? {};
    if ( (items.cards ?? []).includes(item) || (items.weapons ?? []).includes(item) ) return ident;
  }
  throw new RuleError(BAD_INPUT, `no fighter carries ${item}: name the attacker`);
}

/**
 * The matchup's options, defaults filled; an unknown one is bad input.
 * @param {Record<string, any>} given
 * @returns {Record<string, any>}
 */
function optionsOf(given) {
  return withOptions(given, OPTIONS, "a danger_room matchup");
}

/**
 * DR-R01, DR-R21, DR-R22: a content fighter at the start of a fight, on side `side`.
 * @param {object} library
 * @param {string} ident
 * @param {string} side
 * @param {object} config
 * @param {string[]} conditions
 * @returns {Record<string, any>}
 */
export function seat(library, ident, side, config, conditions) {
  const fighter = docOf(library, "fighter", ident, "fighter");
  const place = { side, hex: side === "attacker" ? [0, 0] : [1, 0] };
  const seated = combatant(fighter, library.weapon ?? {}, library, config, place);
  seated.conditions = Object.fromEntries(conditions.map(name => [name, null]));
  return seated;
}

/**
 * DR-R09, DR-R19: `{item, attacker?, target, options?}` as the `resolve_hit` odds query:
 * `{query, params, config}`. Without an attacker, the fighter carrying the item attacks.
 * @param {object} library
 * @param {object} config
 * @param {Record<string, any>} choice
 * @returns {{query: string, params: object, config: object}}
 */
export function matchup(library, config, choice) {
  const merged = rulesConfig(config, library);
  const options = optionsOf(choice.options ?? {});
  const card = attackCard(library, choice.item);
  const attackerId = choice.attacker ?? holder(library, choice.item);
  const attacker = seat(library, attackerId, "attacker", merged, options.attacker_conditions);
  const target = seat(library, choice.target, "target", merged, options.target_conditions);
  if ( options.health !== null ) target.health = options.health;
  const request = {
    attacker: attacker.id, target: target.id, card,
    boost: Array(card.hits).fill(options.boost), save_boost: 0,
    unreactable: options.unreactable, penalty_dice: options.penalty_dice
  };
  const state = { turn: 1, fighters: { [attacker.id]: attacker, [target.id]: target } };
  return { query: "resolve_hit", params: { state, request }, config: merged };
}

/**
 * DR-R09, DR-R17, DR-R25: an outcome in the report's words. There is no roll to hit: a card that
 * reaches its target lands (an Immune target takes nothing); damage is the Health lost; down is
 * Down or obliterated; the ruleset has no hit locations.
 * @param {string} query
 * @param {Record<string, any>} outcome
 * @returns {{hit: boolean, damage: number, down: boolean, location: null}}
 */
export function summary(query, outcome) {
  return { hit: true, damage: outcome.lost, down: DOWN.includes(outcome.status), location: null };
}

/**
 * DR-R07, DR-G43: the attacker's Speed for the Turn with the matchup's card.
 * @param {Record<string, any>} params
 * @param {object} config
 * @returns {number}
 */
export function speed(params, config) {
  const request = params.request;
  const attacker = params.state.fighters[request.attacker];
  const card = request.card;
  return turnSpeedOf(attacker.attributes, card.speed, card.focus, config);
}

/* -------------------------------------------- */
/*  Fights                                      */
/* -------------------------------------------- */

/** DR-R07: Speeds are revealed every Turn, so the acting order is drawn each round. */
export const ORDER_PER = "round";

/**
 * The [attacker, target] records of a matchup's query.
 * @param {Record<string, any>} asked
 * @returns {object[]}
 */
export function sides(asked) {
  const request = asked.params.request;
  const fighters = asked.params.state.fighters;
  return [fighters[request.attacker], fighters[request.target]];
}

/**
 * The matchup's query with the attacker and target as the fight has left them (Turn 1: a
 * fight's records count Turns from the current one).
 * @param {Record<string, any>} asked
 * @param {Record<string, any>} attacker
 * @param {Record<string, any>} target
 * @returns {Record<string, any>}
 */
export function restate(asked, attacker, target) {
  const params = asked.params;
  const state = { ...params.state, fighters: { [attacker.id]: attacker, [target.id]: target } };
  return { ...asked, params: { ...params, state } };
}

/**
 * DR-R19, DR-R25, DR-R28: [attacker, target] after one outcome of the query; the attacker has
 * acted this Turn (a Dizzy it takes now costs it the next Turn's action).
 * @param {Record<string, any>} asked
 * @param {Record<string, any>} outcome
 * @returns {object[]}
 */
export function after(asked, outcome) {
  const [attacker, target] = sides(asked);
  const kept = Object.fromEntries(["health", "status", "shield_points", "conditions"].map(key => [key, outcome[key]]));
  return [{ ...attacker, stamina: outcome.stamina, acted: true }, { ...target, ...kept }];
}

/**
 * DR-R25, DR-G34: Down or obliterated: out of the fight.
 * @param {Record<string, any>} fighter
 * @returns {boolean}
 */
export function down(fighter) {
  return DOWN.includes(fighter.status);
}

/**
 * DR-R19 step 6, DR-G18: whether the fighter's card does something this Turn.
 * @param {Record<string, any>} fighter
 * @returns {boolean}
 */
export function acts(fighter) {
  return !down(fighter) && !losesAction(fighter, 1);
}

/**
 * DR-G17, DR-G18: the next Turn, counted again as Turn 1: conditions that ended drop, the others
 * come one Turn nearer, and nobody has acted yet.
 * @param {Record<string, any>} fighter
 * @returns {Record<string, any>}
 */
export function newRound(fighter) {
  const [, kept] = expire(fighter, 1);
  const held = Object.fromEntries(Object.entries(kept.conditions).map(([name, last]) => [name, last === null ? null : last - 1]));
  return { ...kept, conditions: held, acted: false };
}

/**
 * DR-R07, DR-G19: the acting order of two matchups' attackers, as [phases, weight] pairs: the
 * faster first; a tie is a d10 roll-off, which each wins half the time (it is symmetric and ends
 * with probability 1).
 * @param {Record<string, any>} first
 * @param {Record<string, any>} second
 * @returns {Array<[string[][], number]>}
 */
export function order(first, second) {
  const fast = speed(first.params, first.config);
  const slow = speed(second.params, second.config);
  const a = sides(first)[0].id;
  const b = sides(second)[0].id;
  if ( fast === slow ) return [[[[a], [b]], 1], [[[b], [a]], 1]];
  return [[fast > slow ? [[a], [b]] : [[b], [a]], 1]];
}

/* -------------------------------------------- */
/*  Balance                                     */
/* -------------------------------------------- */

/**
 * DR-R18, DR-R19: the balance matrix's rows: every damaging card or weapon a fighter carries,
 * against every other fighter (whose Soak, Toughness and Shield are its armour).
 * @param {object} library
 * @returns {object[]}
 */
export function balanceGrid(library) {
  const rows = [];
  const fighters = sortedKeys(Object.keys(library.fighter ?? {}));
  for ( const kind of ATTACKS ) {
    for ( const item of sortedKeys(Object.keys(library[kind] ?? {})) ) {
      let attacker;
      try {
        attackCard(library, item);
        attacker = holder(library, item);
      } catch(err) {
        if ( !(err instanceof RuleError) ) throw err;
        continue;
      }
      for ( const target of fighters.filter(t => t !== attacker) ) {
        const labels = { item, attacker, target, armour: target, pool: null };
        rows.push({ item, attacker, target, options: {}, labels });
      }
    }
  }
  return rows;
}

/**
 * DR-R07: the report's one-against-one fight: the first two fighters (by id) that carry a
 * damaging item, each with its first, against the other; none if there are not two.
 * @param {object} library
 * @param {object} config
 * @returns {object[]}
 */
export function duel(library, config) {
  const firsts = {};
  for ( const row of balanceGrid(library) ) if ( !Object.hasOwn(firsts, row.attacker) ) firsts[row.attacker] = row.item;
  const names = sortedKeys(Object.keys(firsts)).slice(0, 2);
  if ( names.length < 2 ) return [];
  return [names, [...names].reverse()].map(([a, b]) => matchup(library, config, { item: firsts[a], attacker: a, target: b }));
}
