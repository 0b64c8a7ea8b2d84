/**
 * The document changes a chat card records and undoes (`foundry/chat-card.mjs`): applied in
 * order with their before and after values, checked so that each can be restored exactly, and
 * restored in reverse order unless a document moved on since.
 * @module foundry/card-changes
 */

import { MODULE_ID } from "../config.mjs";
import { documentFromUuid } from "./compat.mjs";

/**
 * An Actor or an Item: the documents a card may change and undo.
 * @typedef {foundry.abstract.Document & {name: string}} Changeable
 */

/**
 * One change for `applyChanges`: a document (or its uuid), a `system.*` path and the new value.
 * Values are JSON leaves (numbers, strings, booleans, null or arrays): Foundry merges objects on
 * update, so an object could not be restored exactly; point at its fields instead.
 * @typedef {{uuid?: string, document?: Changeable, path: string, value: unknown}} Change
 */

/**
 * What one applied change did; `after` is the value read back after the update.
 * @typedef {{uuid: string, name: string, path: string, before: unknown, after: unknown}} ChangeRecord
 */

/** A `system.*` path of plain field names: no array indices (Foundry would merge them). */
const SYSTEM_PATH = /^system(?:\.[A-Za-z_][A-Za-z0-9_]*)+$/;
/** The document types a card may change and undo. */
const CHANGEABLE = new Set(["Actor", "Item"]);

/**
 * Is `value` a JSON leaf (not an object, which an update would merge rather than replace)?
 * @param {unknown} value
 * @returns {boolean}
 */
function isLeaf(value) {
  if ( Array.isArray(value) ) return value.every(isLeaf);
  return (value === null) || ["string", "boolean"].includes(typeof value) || Number.isFinite(value);
}

/**
 * The document of a change or record, checked: a world Actor or Item, a `system.*` path.
 * @param {{uuid?: string, document?: Changeable, path: string}} change
 * @returns {Promise<Changeable>}
 */
async function target(change) {
  const found = change.document ?? (change.uuid ? await documentFromUuid(change.uuid) : null);
  if ( !found ) throw new Error(`${MODULE_ID} | no document ${change.uuid} for ${change.path}`);
  if ( !CHANGEABLE.has(found.documentName) || found.pack ) {
    throw new Error(`${MODULE_ID} | ${found.uuid} is not a world Actor or Item`);
  }
  if ( !SYSTEM_PATH.test(change.path) ) throw new Error(`${MODULE_ID} | ${change.path} is not a system.* field path`);
  return /** @type {Changeable} */ (found);
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
 * checked before the first is applied: a world Actor or Item, a `system.*` path that exists, and
 * JSON-leaf values (see `Change`).
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
    records.push({ uuid: document.uuid, name: document.name, path: change.path, before, after: read(document, change.path) });
  }
  return records;
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
