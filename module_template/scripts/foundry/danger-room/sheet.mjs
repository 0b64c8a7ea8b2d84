/**
 * What a Danger Room fighter's sheet and the module's card Items say, in the rules core's words:
 * an Actor's `system` (the content's fighter fields) becomes the fixed part of an engine fighter
 * record and the `fighter_vitals` sheet, and a card, Active Defence or weapon Item becomes the
 * engine's card or weapon. Reference data (phenotypes, Generations, Sensorial Classes) comes from
 * `RULES_DATA`. Nothing here changes a document.
 * @module foundry/danger-room/sheet
 */

import { MODULE_ID, PACKS, RULES_DATA } from "../../config.mjs";
import { PlayError } from "./errors.mjs";

/**
 * @typedef {Record<string, any>} Json  a plain JSON object of the rules core's input
 */

/** The five attributes, all required on a sheet (DR-R02, DR-G02: none is ever assumed). */
export const ATTRIBUTES = Object.freeze(["brawn", "agility", "endurance", "intellect", "perception"]);

/** The Item sub-types a fighter plays as its card for the Turn. */
const CARD_KINDS = Object.freeze(["card", "active_defence"]);

/** A sheet or an Item the GM has to complete. */
export class SheetError extends PlayError {}

/**
 * One reference document of this module (`RULES_DATA[kind][id]`), or a SheetError.
 * @param {string} kind
 * @param {string} id
 * @param {string} owner  whose sheet names it, for the message
 * @returns {Json}
 */
function reference(kind, id, owner) {
  const found = RULES_DATA[kind]?.[id];
  if ( !found ) throw new SheetError(`${owner}: no ${kind} "${id}" in this module`);
  return found;
}

/**
 * The fighter's `system`, as stored.
 * @param {Actor} actor
 * @returns {Json}
 */
function systemOf(actor) {
  return /** @type {Json} */ (actor.system ?? {});
}

/**
 * The five attributes of a sheet; a missing one is a SheetError naming it.
 * @param {Actor} actor
 * @returns {Record<string, number>}
 */
export function attributesOf(actor) {
  const scores = systemOf(actor).attributes ?? {};
  const missing = ATTRIBUTES.filter((name) => !Number.isInteger(scores[name]));
  if ( missing.length ) throw new SheetError(`${actor.name}: the sheet gives no ${missing.join(", ")}`);
  return Object.fromEntries(ATTRIBUTES.map((name) => [name, scores[name]]));
}

/**
 * The `fighter_vitals` sheet (DR-R21, DR-R22): role, Generation multiplier or threat tier, the
 * phenotype's and size's numbers, and the sheet's optional overrides (null: the config default).
 * @param {Actor} actor
 * @returns {Json}
 */
export function vitalsSheet(actor) {
  const system = systemOf(actor);
  const pc = system.role !== "enemy";
  const physiology = system.physiology ?? {};
  const generation = pc && system.generation ? reference("generation", system.generation, actor.name).multiplier : null;
  const phenotype = pc && physiology.phenotype ? reference("phenotype", physiology.phenotype, actor.name) : null;
  return {
    kind: pc ? "pc" : "enemy",
    attributes: attributesOf(actor),
    generation,
    phenotype_hit_die: phenotype ? phenotype.hit_die : null,
    threat_tier: pc ? null : (system.threat_tier ?? null),
    size: physiology.size ?? "",
    soak: system.soak ?? null,
    toughness: system.toughness ?? null,
    shield_points: system.shield_points ?? null,
    stamina_max: system.stamina_max ?? null
  };
}

/**
 * The Sensorial Class of the Physiology as the engine reads it; null: the config default.
 * @param {Actor} actor
 * @returns {Json|null}
 */
function sensorialClass(actor) {
  const id = systemOf(actor).physiology?.sensorial_class;
  if ( !id ) return null;
  const found = reference("sensorial_class", id, actor.name);
  return { id: found.id, acuity: found.acuity, reaction: found.reaction };
}

/**
 * The parts of an engine fighter record the sheet fixes (the rest is the fight's state).
 * @param {Actor} actor
 * @returns {Json}
 */
export function fixedRecord(actor) {
  const system = systemOf(actor);
  const physiology = system.physiology ?? {};
  return {
    attributes: attributesOf(actor),
    threat_tier: system.role === "enemy" ? (system.threat_tier ?? null) : null,
    vulnerable: [...(physiology.vulnerable ?? [])],
    resist: [...(physiology.resist ?? [])],
    immune: [...(physiology.immune ?? [])],
    xp: system.role === "enemy" ? (system.xp ?? null) : null,
    sensorial_class: sensorialClass(actor),
    traits: (physiology.traits ?? []).map((/** @type {Json} */ t) => ({ id: t.id, tags: [...(t.tags ?? [])] }))
  };
}

/* -------------------------------------------- */
/*  Items                                       */
/* -------------------------------------------- */

/**
 * Every Item of this module's Item pack, by author key.
 * @returns {Promise<Map<string, Item>>}
 */
export async function moduleItems() {
  const pack = PACKS.Item ? game.packs.get(`${MODULE_ID}.${PACKS.Item}`) : undefined;
  /** @type {Item[]} */
  const items = pack ? await pack.getDocuments() : [];
  return new Map(items.map((item) => [item.getFlag(MODULE_ID, "key"), item]));
}

/**
 * The sub-type of a module Item (`<moduleId>.<subtype>`), without the module id.
 * @param {Item} item
 * @returns {string}
 */
export function subtypeOf(item) {
  return item.type.startsWith(`${MODULE_ID}.`) ? item.type.slice(MODULE_ID.length + 1) : item.type;
}

/**
 * The card keys on a fighter's sheet: its cards and Active Defences.
 * @param {Actor} actor
 * @returns {string[]}
 */
export function cardKeys(actor) {
  const items = systemOf(actor).items ?? {};
  return [...(items.cards ?? []), ...(items.active_defences ?? [])];
}

/**
 * A card Item as the engine's card (DR-R07, DR-R09, DR-R18); an Active Defence Item is a card of
 * kind `active_defence` whose defence stops the kinds, keywords and damage types it lists.
 * @param {Item} item
 * @returns {Json}
 */
export function engineCard(item) {
  const system = /** @type {Json} */ (item.system);
  const key = item.getFlag(MODULE_ID, "key");
  const base = {
    id: key, speed: system.speed, focus: system.focus ?? false, movement: system.movement,
    tags: [...(system.keywords ?? [])]
  };
  if ( subtypeOf(item) === "active_defence" ) return { ...base, ...defenceFields(system) };
  return {
    ...base, kind: system.kind, reach: reachOf(system.reach), weapon: system.weapon ?? null,
    damage: system.damage ?? null, base_attribute: system.base_attribute ?? null,
    damage_type: system.damage_type ?? null, hits: system.hits ?? 1,
    save: system.save ? { attribute: system.save.attribute, on_save: system.save.on_save ?? "half" } : null,
    inflicts: (system.inflicts ?? []).map((/** @type {Json} */ i) => ({
      condition: i.condition, duration_turns: i.duration_turns ?? null
    })),
    active_defence: null
  };
}

/**
 * A card's Reach as the engine reads it: the fields the card gives (a data model stores the
 * others as null, which the engine would refuse: an Adjacent Reach has no size).
 * @param {Json|null|undefined} reach
 * @returns {Json|null}
 */
function reachOf(reach) {
  if ( !reach ) return null;
  return Object.fromEntries(Object.entries(reach).filter(([, value]) => (value !== null) && (value !== undefined)));
}

/**
 * The card fields of an Active Defence (DR-R16, DR-G11, DR-G26).
 * @param {Json} system
 * @returns {Json}
 */
function defenceFields(system) {
  const onBlock = system.on_block ?? {};
  return {
    kind: "active_defence", reach: null, weapon: null, damage: null, base_attribute: null,
    damage_type: null, hits: 1, save: null, inflicts: [],
    active_defence: {
      stops: [...(system.stops ?? []), ...(system.stops_damage_types ?? [])],
      emergency: system.emergency ?? false,
      uses_per_fight: system.uses_per_fight ?? null,
      targets: system.targets ?? "self",
      effect: system.effect ?? "negate",
      amount: system.amount ?? 0,
      on_block: { heal: onBlock.heal ?? 0, empower: onBlock.empower ?? 0 }
    }
  };
}

/**
 * The engine card of one of the fighter's cards, or a SheetError.
 * @param {Actor} actor
 * @param {string} key
 * @param {Map<string, Item>} items
 * @returns {Json}
 */
export function fighterCard(actor, key, items) {
  if ( !cardKeys(actor).includes(key) ) throw new SheetError(`${actor.name} has no card "${key}"`);
  const item = items.get(key);
  if ( !item || !CARD_KINDS.includes(subtypeOf(item)) ) throw new SheetError(`no card "${key}" in this module`);
  return engineCard(item);
}

/**
 * A weapon Item as the engine's weapon, loaded to capacity (DR-R23, DR-G35).
 * @param {Item} item
 * @returns {Json}
 */
export function engineWeapon(item) {
  const system = /** @type {Json} */ (item.system);
  const capacity = system.capacity ?? null;
  return {
    id: item.getFlag(MODULE_ID, "key"), hands: system.hands ?? 1, damage: system.damage,
    base_attribute: system.base_attribute, techniques: [...(system.techniques ?? [])],
    capacity, loaded: capacity, thrown: system.thrown ?? false
  };
}

/**
 * The weapons a fighter carries and those in hand when the fight starts.
 * @param {Actor} actor
 * @param {Map<string, Item>} items
 * @returns {{weapons: Json[], wielded: string[]}}
 */
export function startingWeapons(actor, items) {
  const system = systemOf(actor);
  const weapons = (system.items?.weapons ?? []).map((/** @type {string} */ key) => {
    const item = items.get(key);
    if ( !item || subtypeOf(item) !== "weapon" ) throw new SheetError(`${actor.name}: no weapon "${key}" in this module`);
    return engineWeapon(item);
  });
  return { weapons, wielded: [...(system.wielded ?? [])] };
}
