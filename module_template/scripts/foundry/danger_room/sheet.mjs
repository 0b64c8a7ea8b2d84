/**
 * The Danger Room's documents as the rules core takes them, through the engine's own content
 * adapter (`rules/danger_room/content.mjs`, the mirror of `compiler/rules/danger_room/content.py`):
 * an Actor's `system` is a fighter document, a module Item's `system` a card, Active Defence or
 * weapon document, each with its author key as `id`. Reference data comes from `RULES_DATA`.
 * Nothing here changes a document.
 * @module foundry/danger_room/sheet
 */

import { MODULE_ID, RULES_DATA } from "../../config.mjs";
import { activeDefenceCard, cardInput, combatant, weaponInput } from "../../rules/danger_room/content.mjs";
import { RuleError } from "../../rules/errors.mjs";
import { moduleDocuments } from "../packs.mjs";
import { PlayError } from "./errors.mjs";
import { fightConfig } from "./settings.mjs";

/**
 * @typedef {Record<string, any>} Json  a plain JSON object of the rules core's input
 */

/** The five attributes (DR-R02). */
export const ATTRIBUTES = Object.freeze(["brawn", "agility", "endurance", "intellect", "perception"]);

/** The Item sub-types a fighter plays as its card for the Turn. */
const CARD_KINDS = Object.freeze(["card", "active_defence"]);

/** A sheet or an Item the GM has to complete. */
export class SheetError extends PlayError {}

/**
 * Run one of the content adapter's functions; what it refuses is a SheetError naming `owner`.
 * @template T
 * @param {string} owner
 * @param {() => T} convert
 * @returns {T}
 */
function adapted(owner, convert) {
  try {
    return convert();
  } catch(err) {
    if ( err instanceof RuleError ) throw new SheetError(`${owner}: ${err.message}`);
    throw err;
  }
}

/**
 * A document's content: its `system` with its author key (or the given id) as `id`.
 * @param {Actor|Item} document
 * @param {string} [id]
 * @returns {Json}
 */
function contentOf(document, id) {
  return { .../** @type {Json} */ (document.system), id: id ?? document.getFlag(MODULE_ID, "key") };
}

/* -------------------------------------------- */
/*  Items                                       */
/* -------------------------------------------- */

/**
 * Every Item of this module, by author key: its Item pack's for the world's system, else the
 * ones the GM imported into the world (`foundry/packs.mjs`).
 * @returns {Promise<Map<string, Item>>}
 */
export async function moduleItems() {
  /** @type {Item[]} */
  const items = await moduleDocuments("Item");
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
  const items = /** @type {Json} */ (actor.system).items ?? {};
  return [...(items.cards ?? []), ...(items.active_defences ?? [])];
}

/**
 * A card or Active Defence Item as the engine's card (`cardInput`, `activeDefenceCard`).
 * @param {Item} item
 * @returns {Json}
 */
export function engineCard(item) {
  const doc = contentOf(item);
  if ( subtypeOf(item) === "active_defence" ) return adapted(item.name, () => activeDefenceCard(doc));
  return adapted(item.name, () => cardInput(doc, RULES_DATA));
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

/* -------------------------------------------- */
/*  Fighters                                    */
/* -------------------------------------------- */

/**
 * A fighter at the start of a fight (`combatant`): the sheet's numbers, full Health and Stamina,
 * its weapons, on the side and hex given.
 * @param {Actor} actor
 * @param {string} id  the fighter id of its Combatant
 * @param {{side: string, hex: number[]}} seat
 * @param {Map<string, Item>} items
 * @returns {Json}
 */
export function startingRecord(actor, id, seat, items) {
  const carried = /** @type {Json} */ (actor.system).items?.weapons ?? [];
  /** @type {Record<string, Json>} */
  const weapons = {};
  for ( const key of carried ) {
    const item = items.get(key);
    if ( !item || subtypeOf(item) !== "weapon" ) throw new SheetError(`${actor.name}: no weapon "${key}" in this module`);
    weapons[key] = contentOf(item);
  }
  return adapted(actor.name, () => combatant(contentOf(actor, id), weapons, RULES_DATA, fightConfig(), seat));
}

/**
 * A weapon Item as the engine's weapon, loaded (`weaponInput`).
 * @param {Item} item
 * @returns {Json}
 */
export function engineWeapon(item) {
  return adapted(item.name, () => weaponInput(contentOf(item)));
}
