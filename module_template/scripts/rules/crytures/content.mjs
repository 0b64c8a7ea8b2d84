/**
 * Shipped content → the crytures rules' inputs, one pure function per kind; mirror of
 * `compiler/rules/crytures/content.py`.
 *
 * The content schemas keep the engine's field names, so most of this is copying. What it adds:
 * the type charts joined into `rules_config.type_chart` (CR-G04), a fighter's powers from its own
 * list and its weapons', its melee reach, its carried consumables and binding crystals counted,
 * and the checks the schemas cannot make (a cryture has a basic Melee power, a bound fighter is a
 * cryture, a cost is in Stamina or Mana). Null and absent fields are read alike (Foundry stores a
 * field left out as null).
 */

import { bad } from "./common.mjs";

const RESOURCES = Object.freeze(["stamina", "mana"]);
const POWER_LINES = Object.freeze(["hit", "crit", "effect"]);
const POWER_FLAGS = Object.freeze(["concentration", "basic", "includes_user"]);

/**
 * Whether `value` is neither null nor undefined.
 * @param {unknown} value
 * @returns {boolean}
 */
const given = value => (value !== null) && (value !== undefined);

/**
 * A document's fields without the null ones (Foundry's way of leaving a field out).
 * @param {Record<string, any>|null|undefined} value
 * @returns {Record<string, any>}
 */
export function present(value) {
  return Object.fromEntries(Object.entries(value ?? {}).filter(([, v]) => given(v)));
}

/**
 * CR-G04: `config` with `type_chart` replaced by every type chart's relations joined (a
 * ruleset without type_charts/ keeps the config's own).
 * @param {object} config
 * @param {Record<string, Record<string, any>>} data
 * @returns {object}
 */
export function rulesConfig(config, data) {
  const charts = data.type_chart ?? {};
  if ( !Object.keys(charts).length ) return { ...config };
  const joined = { weak_to: {}, resists: {} };
  for ( const ident of Object.keys(charts).sort() ) {
    for ( const relation of charts[ident].relations ) {
      for ( const key of ["weak_to", "resists"] ) {
        if ( !Object.hasOwn(joined[key], relation.defender) ) joined[key][relation.defender] = [];
        const known = joined[key][relation.defender];
        known.push(...(relation[key] ?? []).filter(t => !known.includes(t)));
      }
    }
  }
  for ( const key of ["weak_to", "resists"] ) {
    joined[key] = Object.fromEntries(Object.entries(joined[key]).filter(([, types]) => types.length));
  }
  return { ...config, type_chart: joined };
}

/**
 * CR-R05, CR-G20: a power document as the rules take it; a cost in anything but Stamina
 * or Mana is refused.
 * @param {Record<string, any>} power
 * @returns {Record<string, any>}
 */
export function powerInput(power) {
  const cost = power.cost ?? null;
  if ( (cost !== null) && !RESOURCES.includes(cost.resource) ) throw bad(`power ${power.id}: cost.resource must be stamina or mana`);
  const found = {
    id: power.id, name: power.name || power.id, type: power.type ?? null, action: power.action,
    cost: cost === null ? null : { ...cost }, range: present(power.range), attack: power.attack ?? null
  };
  for ( const line of POWER_LINES ) if ( given(power[line]) ) found[line] = present(power[line]);
  for ( const flag of POWER_FLAGS ) found[flag] = Boolean(power[flag]);
  return found;
}

/**
 * CR-R05: a fighter's powers: its own, then those its weapons enable, each once.
 * @param {Record<string, any>} fighter
 * @param {Record<string, Record<string, any>>} docs
 * @returns {Record<string, any>[]}
 */
export function fighterPowers(fighter, docs) {
  const items = fighter.items ?? {};
  const idents = [...(items.powers ?? [])];
  for ( const weapon of items.weapons ?? [] ) {
    idents.push(...(docs.weapon[weapon].powers ?? []).filter(p => !idents.includes(p)));
  }
  return idents.map(ident => powerInput(docs.power[ident]));
}

/**
 * CR-G13: the fighter's basic Melee powers; a cryture without one is refused.
 * @param {Record<string, any>} fighter
 * @param {Record<string, any>[]} powers
 * @returns {Record<string, any>[]}
 */
export function basicMelee(fighter, powers) {
  const found = powers.filter(p => p.basic && (p.range.kind === "melee"));
  if ( (fighter.kind === "cryture") && !found.length ) throw bad(`fighter ${fighter.id}: a cryture needs a basic Melee power`);
  return found;
}

/**
 * CR-R04, CR-G09, CR-G19: a fighter on the grid; `seat` holds the fight's own fields
 * (`side`; `position`, current `health`, `stamina`, `mana`, `elevation`, `summoner`,
 * `statuses`, `defeated`, `wielded` where they differ from the sheet).
 * @param {Record<string, any>} fighter
 * @param {Record<string, any>[]} powers
 * @param {Record<string, any>} seat
 * @returns {Record<string, any>}
 */
export function combatant(fighter, powers, seat) {
  const stats = { ...fighter.stats };
  const reach = Math.max(1, ...basicMelee(fighter, powers).map(p => p.range.x));
  const where = present(seat);
  const or = (key, fallback) => (Object.hasOwn(where, key) ? where[key] : fallback);
  return {
    id: or("id", fighter.id), side: where.side, health: or("health", stats.health), kind: fighter.kind,
    types: [...(fighter.types ?? [])], stats, stamina: or("stamina", stats.stamina ?? 0),
    mana: or("mana", stats.mana ?? 0), position: or("position", null), elevation: or("elevation", 0),
    summoner: or("summoner", null), statuses: { ...or("statuses", {}) }, defeated: Boolean(or("defeated", false)),
    reach, wielded: or("wielded", null)
  };
}

/**
 * CR-R01: a fighter as initiative rolls it: Speed + Reflexes.
 * @param {Record<string, any>} fighter
 * @param {string|null} [ident]
 * @returns {{id: string, speed: number, reflexes: number}}
 */
export function roller(fighter, ident = null) {
  return { id: ident || fighter.id, speed: fighter.stats.speed, reflexes: fighter.stats.reflexes };
}

/**
 * CR-R13 step 5: a fighter's consumables (`{id, count, montage_dice}`, first-listed order)
 * and how many binding crystals it carries (one item listed per crystal).
 * @param {Record<string, any>} fighter
 * @param {Record<string, Record<string, any>>} docs
 * @returns {[Record<string, any>[], number]}
 */
export function carried(fighter, docs) {
  const items = fighter.items ?? {};
  const counts = new Map();
  for ( const ident of items.consumables ?? [] ) counts.set(ident, (counts.get(ident) ?? 0) + 1);
  const consumables = [...counts].map(([ident, n]) => ({ id: ident, count: n, montage_dice: docs.consumable[ident].montage_dice ?? 3 }));
  return [consumables, (items.binding_crystals ?? []).length];
}

/**
 * CR-G19: the crytures a character has bound; a bound fighter that is no cryture is refused.
 * @param {Record<string, any>} fighter
 * @param {Record<string, Record<string, any>>} docs
 * @returns {string[]}
 */
export function boundCrytures(fighter, docs) {
  const found = [...(fighter.crytures_bound ?? [])];
  for ( const ident of found ) {
    if ( docs.fighter[ident].kind !== "cryture" ) throw bad(`fighter ${fighter.id}: crytures_bound names ${ident}, not a cryture`);
  }
  return found;
}

/**
 * CR-R13, CR-G31: a fighter as a montage party member; `seat` holds the dialog's choices
 * (`power` id, `target`, and optionally `id`, `health`, `summoner`, `spend`, `bind`).
 * @param {Record<string, any>} fighter
 * @param {Record<string, Record<string, any>>} docs
 * @param {Record<string, any>} seat
 * @returns {Record<string, any>}
 */
export function member(fighter, docs, seat) {
  const powers = new Map(fighterPowers(fighter, docs).map(p => [p.id, p]));
  const [consumables, crystals] = carried(fighter, docs);
  const where = present(seat);
  const or = (key, fallback) => (Object.hasOwn(where, key) ? where[key] : fallback);
  const stats = { ...fighter.stats };
  const found = {
    id: or("id", fighter.id), health: or("health", stats.health), power: powers.get(where.power),
    target: where.target, kind: fighter.kind, types: [...(fighter.types ?? [])], stats,
    stamina: or("stamina", stats.stamina ?? 0), mana: or("mana", stats.mana ?? 0), summoner: or("summoner", null),
    consumables, binding_crystals: crystals, bind: Boolean(or("bind", false))
  };
  if ( Object.hasOwn(where, "spend") ) found.spend = { ...where.spend };
  return found;
}

/**
 * CR-R13, CR-G29: a fighter as a montage enemy; `seat` names its basic attack `power` (and
 * optionally its `id` and current `health`).
 * @param {Record<string, any>} fighter
 * @param {Record<string, Record<string, any>>} docs
 * @param {Record<string, any>} seat
 * @returns {Record<string, any>}
 */
export function enemy(fighter, docs, seat) {
  const powers = new Map(fighterPowers(fighter, docs).map(p => [p.id, p]));
  const where = present(seat);
  const or = (key, fallback) => (Object.hasOwn(where, key) ? where[key] : fallback);
  const stats = { ...fighter.stats };
  return {
    id: or("id", fighter.id), health: or("health", stats.health), power: powers.get(where.power),
    kind: fighter.kind, types: [...(fighter.types ?? [])], stats, bindable: Boolean(fighter.bindable ?? false)
  };
}
