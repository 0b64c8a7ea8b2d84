/**
 * This module's compendium packs in the running world, and the documents they hold. Tables,
 * macros and the journal load in every world; an Item or Actor pack only in worlds of its game
 * system (foundryvtt/foundryvtt#12649), so the build writes one copy per system it targets
 * (`SYSTEM_PACKS`). In a world of another system, the GM imports the module's fighters and items
 * into the world instead (`foundry/import.mjs`), and they are found there.
 * @module foundry/packs
 */

import { MODULE_ID, PACKS, SYSTEM_PACKS } from "../config.mjs";

/**
 * The name of this module's pack of `documentName` for the running world's system, if it has
 * one.
 * @param {string} documentName  "Item", "Actor", "RollTable", "Macro", "JournalEntry"
 * @returns {string|undefined}
 */
export function packName(documentName) {
  const own = SYSTEM_PACKS[game.system?.id ?? ""] ?? {};
  return Object.hasOwn(own, documentName) ? own[documentName] : PACKS[documentName];
}

/**
 * This module's loaded pack of `documentName` in the running world, if any.
 * @param {string} documentName
 * @returns {CompendiumCollection|undefined}
 */
export function modulePack(documentName) {
  const name = packName(documentName);
  return name ? game.packs.get(`${MODULE_ID}.${name}`) : undefined;
}

/**
 * This module's documents of `documentName`: its pack's in a world that loads one, else the ones
 * imported into the world (`import.mjs`: world documents carrying this module's `key` flag).
 * @param {"Item"|"Actor"} documentName
 * @returns {Promise<any[]>}
 */
export async function moduleDocuments(documentName) {
  const pack = modulePack(documentName);
  if ( pack ) return pack.getDocuments();
  const world = documentName === "Item" ? game.items : game.actors;
  return world ? world.filter((doc) => doc.getFlag(MODULE_ID, "key") !== undefined) : [];
}
