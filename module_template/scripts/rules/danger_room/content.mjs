/**
 * Shipped content → the engine's inputs, one pure function per kind; mirror of
 * `compiler/rules/danger_room/content.py`.
 *
 * The danger_room content schemas keep the engine's own field names, so most of this is copying.
 * What it does besides:
 *
 * - a card's `keywords` are the engine's card `tags`; an Active Defence document becomes a card of
 *   kind `active_defence`; a condition a card inflicts without a duration takes the condition's
 *   `default_duration_turns` (DR-G17);
 * - a fighter's Generation, phenotype and Sensorial Class are looked up in the ruleset's tables;
 * - the `sizes` and `visibility_levels` tables replace those config keys (DR-G23, DR-G32).
 *
 * Inputs are a document's data with its `id` (as validated, defaults filled, or as Foundry stores
 * it, where a field left out is null), and `data`, the ruleset's tables as the module's
 * `RULES_DATA` holds them: `{kind: {id: document}}`.
 */

import { BAD_INPUT, RuleError } from "../errors.mjs";
import { sortedKeys } from "../inputs.mjs";
import { vitals } from "./health.mjs";

/**
 * @typedef {Readonly<Record<string, Readonly<Record<string, any>>>>} Data
 *   The ruleset's data kinds by kind, then id (the module's `RULES_DATA`).
 */

const REACH_KEYS = Object.freeze(["shape", "size", "origin", "range", "include_self"]);
const DEFENCE_KEYS = Object.freeze(["emergency", "uses_per_fight", "targets", "effect", "amount"]);

/**
 * The entry `ident` of the `kind` table (`bad_input` naming `where` when there is none).
 * @param {Data} data
 * @param {string} kind
 * @param {string} ident
 * @param {string} where
 * @returns {Record<string, any>}
 */
function entry(data, kind, ident, where) {
  const table = data[kind] ?? {};
  if ( !Object.hasOwn(table, ident) ) throw new RuleError(BAD_INPUT, `${where} names no ${kind} of the ruleset's data`);
  return table[ident];
}

/**
 * DR-G23, DR-G32: `config` with `sizes` and `visibility_levels` from the ruleset's tables.
 *
 * A ruleset without a sizes/ (or visibility_levels/) table keeps the config's own.
 * @param {Record<string, any>} config
 * @param {Data} data
 * @returns {Record<string, any>}
 */
export function rulesConfig(config, data) {
  const updated = { ...config };
  const sizes = data.size ?? {};
  if ( Object.keys(sizes).length ) {
    updated.sizes = Object.fromEntries(sortedKeys(Object.keys(sizes)).map(
      (ident) => [ident, { hit_die: sizes[ident].hit_die, bulk: sizes[ident].bulk }]
    ));
  }
  const levels = data.visibility_level ?? {};
  if ( Object.keys(levels).length ) {
    updated.visibility_levels = Object.fromEntries(sortedKeys(Object.keys(levels)).map(
      (ident) => [ident, levels[ident].penalty]
    ));
  }
  return updated;
}

/**
 * DR-R01, DR-R02: a fighter as the cardless rules take it: `{id, attributes}`.
 * @param {Record<string, any>} fighter
 * @returns {{id: string, attributes: Record<string, number>}}
 */
export function fighterRef(fighter) {
  return { id: fighter.id, attributes: { ...fighter.attributes } };
}

/**
 * DR-R21, DR-R22, DR-G32: the `sheet` of the `fighter_vitals` rule.
 *
 * A player character brings its Generation multiplier (null: the config default) and its
 * phenotype's hit die; an enemy its threat tier. Everyone brings a size, for its Bulk.
 * @param {Record<string, any>} fighter
 * @param {Data} data
 * @returns {Record<string, any>}
 */
export function fighterSheet(fighter, data) {
  const physiology = fighter.physiology;
  const pc = fighter.role === "pc";
  const generation = pc ? (fighter.generation ?? null) : null;
  const multiplier = (generation === null) ? null
    : entry(data, "generation", generation, "fighter.generation").multiplier;
  const hitDie = pc ? entry(data, "phenotype", physiology.phenotype, "fighter.physiology.phenotype").hit_die : null;
  return {
    kind: fighter.role,
    attributes: { ...fighter.attributes },
    generation: multiplier,
    phenotype_hit_die: hitDie,
    threat_tier: pc ? null : fighter.threat_tier,
    size: physiology.size,
    soak: fighter.soak ?? null,
    toughness: fighter.toughness ?? null,
    shield_points: fighter.shield_points ?? null,
    stamina_max: fighter.stamina_max ?? null
  };
}

/**
 * DR-R12, DR-G24, DR-G25: `{id, acuity, <second rating>}` from the table; null: the default.
 * @param {string|null|undefined} ident
 * @param {Data} data
 * @param {Record<string, any>} config
 * @returns {Record<string, string>|null}
 */
export function sensorialClass(ident, data, config) {
  if ( (ident === null) || (ident === undefined) ) return null;
  const found = entry(data, "sensorial_class", ident, "fighter.physiology.sensorial_class");
  const second = config.sensorial.second_rating_name;
  return { id: ident, acuity: found.acuity, [second]: found.reaction };
}

/**
 * DR-G38: an enemy's own XP, else its tier's default_xp; null leaves it to the engine.
 * @param {Record<string, any>} fighter
 * @param {Data} data
 * @returns {number|null}
 */
function xpOf(fighter, data) {
  if ( fighter.role === "pc" ) return null;
  const own = fighter.xp ?? null;
  if ( own !== null ) return own;
  const tier = (data.threat_tier ?? {})[fighter.threat_tier] ?? {};
  return tier.default_xp ?? null;
}

/**
 * DR-R01, DR-R21, DR-R22, DR-R24, DR-G36: a fighter at the start of a fight, as `turn` has it.
 *
 * `weapons` holds the carried weapons by id; `config` is the fight's config with the tables in
 * (`rulesConfig`), from which the engine's own `vitals` work out Health, Bulk and Stamina;
 * `seat` says where the fighter starts: `{side, hex}`.
 * @param {Record<string, any>} fighter
 * @param {Readonly<Record<string, Record<string, any>>>} weapons
 * @param {Data} data
 * @param {Record<string, any>} config
 * @param {{side: string, hex: number[]}} seat
 * @returns {Record<string, any>}
 */
export function combatant(fighter, weapons, data, config, seat) {
  const numbers = vitals(fighterSheet(fighter, data), config);
  const physiology = fighter.physiology;
  const pc = fighter.role === "pc";
  const carried = fighter.items.weapons ?? [];
  carried.forEach((ident, index) => {
    if ( !Object.hasOwn(weapons, ident) ) throw new RuleError(BAD_INPUT, `fighter.items.weapons[${index}] is not in weapons`);
  });
  return {
    id: fighter.id,
    side: seat.side,
    attributes: { ...fighter.attributes },
    health: numbers.health,
    max_health: numbers.max_health,
    status: "fighting",
    threat_tier: pc ? null : fighter.threat_tier,
    bulk: numbers.bulk,
    soak: numbers.soak,
    toughness: numbers.toughness,
    shield_points: numbers.shield_points,
    vulnerable: [...physiology.vulnerable],
    resist: [...physiology.resist],
    immune: [...physiology.immune],
    stamina: numbers.stamina,
    stamina_max: numbers.stamina_max,
    conditions: {},
    acted: false,
    defence_uses: {},
    xp: xpOf(fighter, data),
    played: false,
    hex: [seat.hex[0], seat.hex[1]],
    airborne: fighter.airborne,
    sensorial_class: sensorialClass(physiology.sensorial_class, data, config),
    traits: physiology.traits.map((t) => ({ id: t.id, tags: [...t.tags] })),
    weapons: carried.map((ident) => weaponInput(weapons[ident])),
    wielded: [...fighter.wielded]
  };
}

/**
 * DR-G22: the keys the card gives, in the engine's order (Foundry's nulls left out).
 * @param {Record<string, any>|null|undefined} reach
 * @returns {Record<string, any>|null}
 */
function reachOf(reach) {
  if ( (reach === null) || (reach === undefined) ) return null;
  return Object.fromEntries(REACH_KEYS.filter((key) => (reach[key] ?? null) !== null).map((key) => [key, reach[key]]));
}

/**
 * DR-G17: each rider's Turns, else its condition's default (null: config's).
 * @param {Record<string, any>} card
 * @param {Data} data
 * @returns {{condition: string, duration_turns: number|null}[]}
 */
function inflictsOf(card, data) {
  return card.inflicts.map((rider, index) => {
    let turns = rider.duration_turns ?? null;
    if ( turns === null ) {
      const condition = entry(data, "condition", rider.condition, `card.inflicts[${index}].condition`);
      turns = condition.default_duration_turns ?? null;
    }
    return { condition: rider.condition, duration_turns: turns };
  });
}

/**
 * DR-R07, DR-R09, DR-R11, DR-R18, DR-R20, DR-G35: a card as a Turn choice carries it.
 * @param {Record<string, any>} card
 * @param {Data} data
 * @returns {Record<string, any>}
 */
export function cardInput(card, data) {
  const save = card.save ?? null;
  return {
    id: card.id,
    kind: card.kind,
    speed: card.speed,
    focus: card.focus,
    movement: card.movement,
    reach: reachOf(card.reach),
    tags: [...card.keywords],
    weapon: card.weapon ?? null,
    damage: card.damage ?? null,
    base_attribute: card.base_attribute ?? null,
    damage_type: card.damage_type ?? null,
    hits: card.hits,
    save: (save === null) ? null : { attribute: save.attribute, on_save: save.on_save },
    inflicts: inflictsOf(card, data),
    active_defence: null
  };
}

/**
 * DR-R15, DR-R16, DR-G11, DR-G26: an Active Defence as the card that arms it.
 * @param {Record<string, any>} defence
 * @returns {Record<string, any>}
 */
export function activeDefenceCard(defence) {
  const onBlock = defence.on_block;
  return {
    id: defence.id,
    kind: "active_defence",
    speed: defence.speed,
    focus: defence.focus,
    movement: defence.movement,
    reach: null,
    tags: [...defence.keywords],
    weapon: null,
    damage: null,
    base_attribute: null,
    damage_type: null,
    hits: 1,
    save: null,
    inflicts: [],
    active_defence: {
      stops: [...defence.stops, ...defence.stops_damage_types],
      ...Object.fromEntries(DEFENCE_KEYS.map((key) => [key, defence[key]])),
      on_block: { heal: onBlock.heal, empower: onBlock.empower }
    }
  };
}

/**
 * DR-R23, DR-G35: a weapon as a fighter carries it; a firearm starts loaded.
 * @param {Record<string, any>} weapon
 * @returns {Record<string, any>}
 */
export function weaponInput(weapon) {
  const capacity = weapon.capacity ?? null;
  return {
    id: weapon.id,
    hands: weapon.hands,
    damage: weapon.damage,
    base_attribute: weapon.base_attribute,
    techniques: [...weapon.techniques],
    capacity,
    loaded: capacity,
    thrown: weapon.thrown
  };
}
