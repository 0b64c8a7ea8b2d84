/**
 * The document changes a chat card records and undoes (`foundry/chat-card.mjs`): applied in
 * order with their before and after values, checked so that each can be restored exactly, and
 * restored in reverse order unless a document moved on since.
 * @module foundry/card-changes
 */

import { MODULE_ID } from "../config.mjs";
import { documentFromUuid } from "./compat.mjs";
import { fieldLabelKey } from "./sheets.mjs";

/**
 * A world Actor or Item (their `system.*` fields), or a world Combat or Combatant (this module's
 * flags, where the Danger Room keeps the fight): the documents a card may change and undo.
 * @typedef {foundry.abstract.Document & {name?: string|null}} Changeable
 */

/**
 * How a card shows a change, where the stored values or the path would not do: `label`, a lang
 * key (or plain text) naming the field (else `changeLabel` finds one), and `shown`, the effective
 * values the rules used where the stored one means a default (a null Current Stamina that is the
 * Total Stamina). Undo always restores the stored `before`, never these.
 * @typedef {{label?: string, shown?: {before?: unknown, after?: unknown}}} ChangeDisplay
 */

/**
 * One change for `applyChanges`: a document (or its uuid), a field path (`system.*` of an Actor or
 * Item, `flags.<module id>.*` of a Combat or Combatant) and the new value, and optionally how the
 * card shows it (`ChangeDisplay`).
 * Values are JSON leaves (numbers, strings, booleans, null or arrays): Foundry merges objects on
 * update, so an object could not be restored exactly; point at its fields instead.
 * @typedef {{uuid?: string, document?: Changeable, path: string, value: unknown} & ChangeDisplay} Change
 */

/**
 * What one applied change did; `after` is the value read back after the update.
 * @typedef {{uuid: string, name: string, path: string, before: unknown, after: unknown} & ChangeDisplay} ChangeRecord
 */

/** Path segments after the root: plain field names, no array indices (Foundry would merge them). */
const FIELDS = "(?:\\.[A-Za-z_][A-Za-z0-9_]*)+$";
/** This module's flag scope, escaped for a pattern (a module id may hold `-` or `.`). */
const SCOPE = MODULE_ID.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/**
 * The paths a card may change, by document type: an Actor's or Item's data (`system.*`), the
 * fight state this module keeps on a Combat or Combatant (`flags.<module id>.*`; other modules'
 * flags and the Combat's own fields stay out of reach).
 * @type {ReadonlyMap<string, RegExp>}
 */
const PATHS = new Map([
  ["Actor", new RegExp(`^system${FIELDS}`)],
  ["Item", new RegExp(`^system${FIELDS}`)],
  ["Combat", new RegExp(`^flags\\.${SCOPE}${FIELDS}`)],
  ["Combatant", new RegExp(`^flags\\.${SCOPE}${FIELDS}`)]
]);

/**
 * Is `value` a JSON scalar: null, a string, a boolean or a finite number?
 * @param {unknown} value
 * @returns {boolean}
 */
function isScalar(value) {
  return (value === null) || ["string", "boolean"].includes(typeof value) || Number.isFinite(value);
}

/**
 * Is `value` plain JSON (scalars, arrays and plain objects of them)?
 * @param {unknown} value
 * @returns {boolean}
 */
function isJson(value) {
  if ( Array.isArray(value) ) return value.every(isJson);
  if ( (typeof value === "object") && (value !== null) && (Object.getPrototypeOf(value) === Object.prototype) ) {
    return Object.values(/** @type {object} */ (value)).every(isJson);
  }
  return isScalar(value);
}

/**
 * Is `value` a JSON leaf: a scalar, or an array (an update replaces an array whole, so one of
 * records, like a fighter's weapons, is restored exactly)? Not an object, which an update would
 * merge rather than replace.
 * @param {unknown} value
 * @returns {boolean}
 */
function isLeaf(value) {
  return Array.isArray(value) ? value.every(isJson) : isScalar(value);
}

/**
 * Whether a document lives in the world, not a compendium (an embedded one with its parent).
 * @param {foundry.abstract.Document} document
 * @returns {boolean}
 */
function inWorld(document) {
  return !document.pack && !document.parent?.pack;
}

/**
 * The document of a change or record, checked: a world document of a changeable type, a path
 * that type allows (`PATHS`).
 * @param {{uuid?: string, document?: Changeable, path: string}} change
 * @returns {Promise<Changeable>}
 */
async function target(change) {
  const found = change.document ?? (change.uuid ? await documentFromUuid(change.uuid) : null);
  if ( !found ) throw new Error(`${MODULE_ID} | no document ${change.uuid} for ${change.path}`);
  const pattern = PATHS.get(found.documentName);
  if ( !pattern || !inWorld(found) ) {
    throw new Error(`${MODULE_ID} | ${found.uuid} is not a world Actor, Item, Combat or Combatant`);
  }
  if ( !pattern.test(change.path) ) {
    throw new Error(`${MODULE_ID} | ${change.path} of ${found.uuid} is not a field path a card may change`);
  }
  return /** @type {Changeable} */ (found);
}

/**
 * The name a card shows for a document: its own, or, for a Combat (the one changed document
 * with no name), the module's word for it (core's `DOCUMENT.*` strings are not the module's to
 * rely on for a card's wording).
 * @param {Changeable} document
 * @returns {string}
 */
function nameOf(document) {
  return document.name || game.i18n.localize("RULEPACK.Card.CombatName");
}

/**
 * A copy of the value at `path`.
 * @param {foundry.abstract.Document} document
 * @param {string} path
 * @returns {unknown}
 */
function read(document, path) {
  const value = foundry.utils.getProperty(document, path);
  return value === undefined ? undefined : structuredClone(value);
}

/**
 * Apply document changes in order and record each one's before and after. Every change is
 * checked before the first is applied: a world document and a path its type allows (see
 * `Change`), and JSON-leaf values there and to come. A Combatant's ownership (for Undo's author
 * check) is its actor's, as Foundry's `testUserPermission` gives it.
 * @param {Change[]} changes
 * @returns {Promise<ChangeRecord[]>}  in the order applied; hand them to `postCard`
 */
export async function applyChanges(changes) {
  const documents = await Promise.all(changes.map(target));
  changes.forEach((change, i) => {
    if ( !isLeaf(change.value) || !isLeaf(read(documents[i], change.path)) ) {
      throw new Error(`${MODULE_ID} | ${change.path} of ${documents[i].uuid}: only JSON leaf values can be undone`);
    }
  });
  const records = [];
  for ( const [i, change] of changes.entries() ) {
    const document = documents[i];
    const before = read(document, change.path);
    await document.update({ [change.path]: change.value });
    const record = { uuid: document.uuid, name: nameOf(document), path: change.path, before, after: read(document, change.path) };
    records.push({ ...record, ...display(change) });
  }
  return records;
}

/**
 * The display fields of a change, copied as plain JSON (only those given).
 * @param {ChangeDisplay} change
 * @returns {ChangeDisplay}
 */
function display({ label, shown }) {
  /** @type {ChangeDisplay} */
  const out = {};
  if ( typeof label === "string" && label ) out.label = label;
  if ( shown && (typeof shown === "object") ) out.shown = structuredClone({ before: shown.before, after: shown.after });
  return out;
}

/* -------------------------------------------- */
/*  How a card words a change                   */
/* -------------------------------------------- */

/**
 * The field a change names, in words: its own `label` (a lang key or text), else the sheet's
 * label of a `system.*` field (`fieldLabelKey`, as the sheets), else its last path segment in
 * words. Never the raw path.
 * @param {{path: string} & ChangeDisplay} change
 * @returns {string}
 */
export function changeLabel(change) {
  if ( change.label ) return game.i18n.localize(change.label);
  const field = /^system\.(.+)$/.exec(change.path)?.[1];
  if ( field && game.i18n.has(fieldLabelKey(field)) ) return game.i18n.localize(fieldLabelKey(field));
  const words = (change.path.split(".").at(-1) ?? "").replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * One entry of a listed value in words: a scalar as is, a pair (`[key, value]`) as "key value",
 * a record by its name or id; undefined when it has none of those.
 * @param {unknown} entry
 * @returns {string|undefined}
 */
function entryText(entry) {
  if ( Array.isArray(entry) ) return entry.every(isScalar) ? entry.map(String).join(" ") : undefined;
  if ( entry && (typeof entry === "object") ) {
    const { name, id } = /** @type {{name?: unknown, id?: unknown}} */ (entry);
    const found = name ?? id;
    return isScalar(found) && (found !== null) ? String(found) : undefined;
  }
  return String(entry);
}

/**
 * A value as a card shows it: a number or text as is, yes or no, none for an absent value or an
 * empty list, a list by its entries (`entryText`), or by its length when they cannot be named.
 * @param {unknown} value
 * @returns {string}
 */
export function shownValue(value) {
  if ( (value === null) || (value === undefined) ) return game.i18n.localize("RULEPACK.Card.NoValue");
  if ( typeof value === "boolean" ) return value ? game.i18n.localize("RULEPACK.Card.Yes") : game.i18n.localize("RULEPACK.Card.No");
  if ( !Array.isArray(value) ) return (typeof value === "object") ? JSON.stringify(value) : String(value);
  if ( !value.length ) return game.i18n.localize("RULEPACK.Card.NoValue");
  const named = value.map(entryText);
  return named.every((v) => v !== undefined) ? named.join(", ") : String(value.length);
}

/**
 * One change as a card line: "name: label before → after", with the effective values when given.
 * @param {{name: string, path: string, before: unknown, after: unknown} & ChangeDisplay} change
 * @returns {string}
 */
export function changeText(change) {
  const before = change.shown?.before ?? change.before;
  const after = change.shown?.after ?? change.after;
  return game.i18n.format("RULEPACK.Card.ChangeLine", {
    name: change.name, label: changeLabel(change), before: shownValue(before), after: shownValue(after)
  });
}

/**
 * The first record whose `after` is no longer what its document holds, replaying the records
 * backwards (a path changed twice must hold the second `after`, then the first).
 * @param {ChangeRecord[]} changes
 * @param {Changeable[]} documents
 * @returns {ChangeRecord|undefined}
 */
function conflict(changes, documents) {
  /** @type {Map<string, string>} */
  const held = new Map();
  for ( let i = changes.length - 1; i >= 0; i-- ) {
    const { uuid, path, after, before } = changes[i];
    const key = JSON.stringify([uuid, path]);
    const now = held.get(key) ?? JSON.stringify(read(documents[i], path));
    if ( now !== JSON.stringify(after) ) return changes[i];
    held.set(key, JSON.stringify(before));
  }
  return undefined;
}

/**
 * The first record whose document no longer holds its `after` (someone changed it since the
 * card), or undefined when every record can be restored. Every record's document is checked.
 * @param {ChangeRecord[]} changes
 * @returns {Promise<ChangeRecord|undefined>}
 */
export async function changedSince(changes) {
  return conflict(changes, await Promise.all(changes.map(target)));
}

/**
 * The first record whose document the card's author could not have changed themselves, or
 * undefined. Undo writes as the GM who clicks it, so it only restores what the card's author
 * owns (or anything, for a card a GM posted): a card forged by a player cannot make a GM write
 * values to documents that player does not own.
 * @param {ChangeRecord[]} changes
 * @param {User|null} author
 * @returns {Promise<ChangeRecord|undefined>}
 */
export async function notOwnedBy(changes, author) {
  if ( author?.isGM ) return undefined;
  const documents = await Promise.all(changes.map(target));
  const index = documents.findIndex((doc) => !author || !doc.testUserPermission(author, "OWNER"));
  return index < 0 ? undefined : changes[index];
}

/**
 * Restore every record's `before`, last change first.
 * @param {ChangeRecord[]} changes
 */
export async function restoreChanges(changes) {
  const documents = await Promise.all(changes.map(target));
  for ( let i = changes.length - 1; i >= 0; i-- ) {
    await documents[i].update({ [changes[i].path]: changes[i].before });
  }
}
