/**
 * hazard_location content as odds queries: a weapon of one character against another; mirror of
 * `compiler/rules/hazard_location/matchups.py`.
 *
 * A matchup is `{item, attacker, target, options}`, ids of the content's documents. It becomes
 * the `attack` query, the characters as `libraryCharacter` equips them, and each outcome is summed
 * up in the words every ruleset's report uses: hit, damage, down, location.
 */

import { cover as coverOf, engineConfig, engineContent, libraryCharacter } from "./shipped.mjs";
import { initiativeOdds } from "./odds.mjs";
import { BAD_INPUT, RuleError } from "../errors.mjs";
import { sortedKeys, withOptions } from "../inputs.mjs";

/** The content kinds a matchup's item may be. */
export const ATTACKS = Object.freeze(["weapon"]);
export const DEFENCES = Object.freeze(["auto", "none", "evade", "parry"]);
/**
 * HZ-R06, HZ-R09, HZ-R10, HZ-R12, HZ-R13, HZ-R19, HZ-G14: a matchup's options and defaults: the
 * distance in metres (null: point blank for melee, the Optimal Range for a ranged weapon), a
 * Called Shot's location, the defence (`auto`: the config says whether the target reacts, and it
 * evades), who moved, a cover id, complications, extra dice, the target's Current Stamina (null:
 * full) and the armour it wears (null: its own).
 */
export const OPTIONS = Object.freeze({
  distance: null, called_shot: null, defence: "auto", attacker_moved: false,
  target_moved: false, cover: null, complications: [], die_mods: [],
  stamina: null, target_armor: null
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
 * The first character (by id) whose items hold the weapon `item`.
 * @param {object} library
 * @param {string} item
 * @returns {string}
 */
export function holder(library, item) {
  const fighters = library.fighter ?? {};
  for ( const ident of sortedKeys(Object.keys(fighters)) ) {
    if ( ((fighters[ident].items ?? {}).weapons ?? []).includes(item) ) return ident;
  }
  throw new RuleError(BAD_INPUT, `no character carries ${item}: name the attacker`);
}

/**
 * The matchup's options, defaults filled; an unknown one is bad input.
 * @param {Record<string, any>} given
 * @returns {Record<string, any>}
 */
function optionsOf(given) {
  const options = withOptions(given, OPTIONS, "a hazard_location matchup");
  if ( !DEFENCES.includes(options.defence) ) throw new RuleError(BAD_INPUT, `defence must be one of ${DEFENCES.join(", ")}`);
  return options;
}

/**
 * HZ-R31, HZ-G27: a content character with its items, or wearing the armour ids `armor`.
 * @param {object} library
 * @param {string} ident
 * @param {string[]|null} armor
 * @returns {Record<string, any>}
 */
export function equip(library, ident, armor) {
  let doc = docOf(library, "fighter", ident, "character");
  if ( armor !== null ) doc = { ...doc, items: { ...(doc.items ?? {}), armor: [...armor] } };
  return libraryCharacter(doc, library);
}

/**
 * HZ-R13, HZ-G15: the defence input for `kind` (a parry with the first melee weapon).
 * @param {Record<string, any>} target
 * @param {string} kind
 * @returns {object|null}
 */
function defenceOf(target, kind) {
  if ( kind === "none" ) return null;
  if ( kind !== "parry" ) return { kind: "evade" };
  const blade = target.weapons.find(w => w.mode === "melee");
  if ( blade === undefined ) throw new RuleError(BAD_INPUT, `${target.id} has no melee weapon to parry with`);
  return { kind: "parry", weapon: blade.id };
}

/**
 * The attack's distance: the option in metres, or the weapon's default.
 * @param {Record<string, any>} weapon
 * @param {any} metres
 * @returns {object|null}
 */
function distanceOf(weapon, metres) {
  if ( metres === null ) return weapon.mode === "melee" ? null : { value: weapon.optimal_range_m, unit: "m" };
  return { value: metres, unit: "m" };
}

/**
 * HZ-R01: `{item, attacker?, target, options?}` as the `attack` odds query:
 * `{query, params, config}`. Without an attacker, the character carrying the weapon attacks.
 * @param {object} library
 * @param {object} config
 * @param {Record<string, any>} choice
 * @returns {{query: string, params: object, config: object}}
 */
export function matchup(library, config, choice) {
  const options = optionsOf(choice.options ?? {});
  const item = choice.item;
  docOf(library, "weapon", item, "weapon");
  const attacker = equip(library, choice.attacker ?? holder(library, item), null);
  if ( attacker.weapons.every(w => w.id !== item) ) throw new RuleError(BAD_INPUT, `${attacker.id} does not carry ${item}`);
  const target = equip(library, choice.target, options.target_armor);
  if ( target.id === attacker.id ) target.id = `${target.id}-double`;  // a character against its own double
  if ( options.stamina !== null ) target.stamina_current = options.stamina;
  const weapon = attacker.weapons.find(w => w.id === item);
  const cover = options.cover;
  const params = {
    attacker, defender: target, weapon: item,
    distance: distanceOf(weapon, options.distance),
    attacker_moved: options.attacker_moved, target_moved: options.target_moved,
    called_shot: options.called_shot,
    cover: cover === null ? null : coverOf(docOf(library, "cover", cover, "cover")),
    complications: [...options.complications], die_mods: [...options.die_mods],
    content: engineContent(library)
  };
  if ( options.defence !== "auto" ) {
    const defence = defenceOf(target, options.defence);
    params.defender_can_react = defence !== null;
    if ( defence !== null ) params.defence = defence;
  } else if ( weapon.mode === "melee" ) {
    params.defence = { kind: "evade" };
  }
  return { query: "attack", params, config: engineConfig(config, library) };
}

/**
 * HZ-R08, HZ-R15, HZ-R21, HZ-R31: an outcome in the report's words: the hit, the Stamina it
 * takes, down (the seed defines no Down: the report counts Current Stamina 0) and where it struck.
 * @param {string} query
 * @param {Record<string, any>} outcome
 * @returns {{hit: boolean, damage: number, down: boolean, location: string|null}}
 */
export function summary(query, outcome) {
  return { hit: outcome.hit, damage: outcome.damage, down: outcome.stamina === 0, location: outcome.location };
}

/* -------------------------------------------- */
/*  Fights                                      */
/* -------------------------------------------- */

/** HZ-R03: "Keep this Initiative order for the encounter": it is drawn once per fight. */
export const ORDER_PER = "fight";

/**
 * The [attacker, defender] characters of a matchup's query.
 * @param {Record<string, any>} asked
 * @returns {object[]}
 */
export function sides(asked) {
  return [asked.params.attacker, asked.params.defender];
}

/**
 * The matchup's query with the attacker and defender as the fight has left them.
 * @param {Record<string, any>} asked
 * @param {Record<string, any>} attacker
 * @param {Record<string, any>} target
 * @returns {Record<string, any>}
 */
export function restate(asked, attacker, target) {
  return { ...asked, params: { ...asked.params, attacker, defender: target } };
}

/**
 * A character's armour with the Current AVs of `armor` ([id, AV] pairs).
 * @param {Record<string, any>} character
 * @param {Array<[string, number]>} armor
 * @returns {Record<string, any>}
 */
function worn(character, armor) {
  const current = new Map(armor);
  return { ...character, armor: character.armor.map(p => ({ ...p, current_av: current.get(p.id) ?? p.current_av })) };
}

/**
 * HZ-R14, HZ-R29, HZ-R31: [attacker, defender] after one outcome: Stamina, and armour ablated (a
 * riposte strikes the attacker).
 * @param {Record<string, any>} asked
 * @param {Record<string, any>} outcome
 * @returns {object[]}
 */
export function after(asked, outcome) {
  const [attacker, target] = sides(asked);
  return [{ ...worn(attacker, outcome.attacker_armor), stamina_current: outcome.attacker_stamina },
    { ...worn(target, outcome.armor), stamina_current: outcome.stamina }];
}

/**
 * HZ-R31: the report's Down (the seed defines none): Current Stamina 0.
 * @param {Record<string, any>} fighter
 * @returns {boolean}
 */
export function down(fighter) {
  return fighter.stamina_current === 0;
}

/**
 * HZ-R04: a character still standing takes its turn.
 * @param {Record<string, any>} fighter
 * @returns {boolean}
 */
export function acts(fighter) {
  return !down(fighter);
}

/**
 * HZ-R04: nothing of a character changes between rounds.
 * @param {Record<string, any>} fighter
 * @returns {Record<string, any>}
 */
export function newRound(fighter) {
  return { ...fighter };
}

/**
 * HZ-R03, HZ-G16: the Initiative of the two attackers, as [phases, weight] pairs: each group of
 * equal successes acts together (the `initiative` rule, enumerated).
 * @param {Record<string, any>} first
 * @param {Record<string, any>} second
 * @returns {Array<[string[][], bigint]>}
 */
export function order(first, second) {
  const people = [sides(first)[0], sides(second)[0]].map(c => ({ id: c.id, attributes: c.attributes }));
  const dist = initiativeOdds({ participants: people }, first.config);
  return sortedKeys([...dist.outcomes.keys()]).map(key => [dist.outcomes.get(key), dist.weights.get(key)]);
}

/* -------------------------------------------- */
/*  Balance                                     */
/* -------------------------------------------- */

/** The balance matrix's pools: each weapon's own pool, and two dice fewer and more. */
export const POOL_STEPS = Object.freeze([-2, 0, 2]);

/**
 * The attack pool a character has with a weapon: the weapon's Attribute plus its Skill.
 * @param {object} library
 * @param {string} attacker
 * @param {string} item
 * @returns {number}
 */
function poolOf(library, attacker, item) {
  const weapon = docOf(library, "weapon", item, "weapon");
  const doc = docOf(library, "fighter", attacker, "character");
  return (doc.attributes[weapon.attribute ?? ""] ?? 0) + ((doc.skills ?? {})[weapon.skill ?? ""] ?? 0);
}

/**
 * HZ-R07, HZ-R28: the balance matrix's rows: every carried weapon against every character, bare,
 * in each of its own armour pieces and in all of them, with the weapon's pool and two dice fewer
 * and more (at the weapon's Optimal Range, so no range penalty).
 * @param {object} library
 * @returns {object[]}
 */
export function balanceGrid(library) {
  const rows = [];
  const fighters = sortedKeys(Object.keys(library.fighter ?? {}));
  for ( const item of sortedKeys(Object.keys(library.weapon ?? {})) ) {
    let attacker;
    try {
      attacker = holder(library, item);
    } catch(err) {
      if ( !(err instanceof RuleError) ) throw err;
      continue;
    }
    const base = poolOf(library, attacker, item);
    for ( const target of fighters ) {
      const own = [...((library.fighter[target].items ?? {}).armor ?? [])];
      const sets = [[], ...own.map(piece => [piece]), ...(own.length > 1 ? [own] : [])];
      for ( const armour of sets ) {
        for ( const step of POOL_STEPS ) {
          const labels = { item, attacker, target, armour: armour.join("+") || "none", pool: Math.max(0, base + step) };
          const options = { target_armor: armour, die_mods: step ? [step] : [] };
          rows.push({ item, attacker, target, options, labels });
        }
      }
    }
  }
  return rows;
}

/**
 * HZ-R01, HZ-R03: the report's one-against-one fight: the first armed character against its own
 * double, each with the first weapon it carries; none if nobody carries one.
 * @param {object} library
 * @param {object} config
 * @returns {object[]}
 */
export function duel(library, config) {
  const rows = balanceGrid(library).filter(row => row.target === row.attacker);
  if ( !rows.length ) return [];
  const first = matchup(library, config, { item: rows[0].item, attacker: rows[0].attacker, target: rows[0].target });
  const [attacker, target] = sides(first);
  return [first, restate(first, target, attacker)];
}
