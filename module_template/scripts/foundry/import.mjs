/**
 * This module's fighters and items in a world of any game system. Foundry loads an Item or
 * Actor pack only in worlds of its system, and the build writes one copy per system the module
 * targets (worldbuilding and dnd5e unless its manifest says otherwise); in a world of another
 * system the GM imports them instead: the same documents, with the same ids, as world documents
 * in a folder of their own (`WORLD_DOCUMENTS`), which the macros then find there
 * (`foundry/packs.mjs`). pf2e refuses module Actor and Item sub-types outright
 * (foundryvtt/pf2e#14795), so there only the tables, macros and journal are available.
 *
 * At `ready` the GM is told which of these applies to the world.
 * @module foundry/import
 */

import { MODULE_ID, SYSTEM_PACKS } from "../config.mjs";
import { modulePack } from "./packs.mjs";
import * as notices from "./notices.mjs";

/** Systems that refuse module Actor and Item sub-types, with the reason shown to the GM. */
const REFUSING = Object.freeze({ pf2e: "foundryvtt/pf2e#14795" });

/**
 * Whether this module has fighters or items at all (its build targets some system).
 * @returns {boolean}
 */
function hasContent() {
  return Object.keys(SYSTEM_PACKS).length > 0;
}

/**
 * How the running world gets this module's fighters and items.
 * @returns {"packs"|"refused"|"imported"|"import"|"none"}
 */
export function worldAccess() {
  if ( !hasContent() ) return "none";
  if ( modulePack("Item") || modulePack("Actor") ) return "packs";
  if ( Object.hasOwn(REFUSING, game.system?.id ?? "") ) return "refused";
  const imported = (game.items?.filter((i) => i.getFlag(MODULE_ID, "key") !== undefined).length ?? 0)
    + (game.actors?.filter((a) => a.getFlag(MODULE_ID, "key") !== undefined).length ?? 0);
  return imported ? "imported" : "import";
}

/**
 * The documents of one type not in the world yet (an import twice imports nothing twice).
 * @param {Record<string, any>[]} documents
 * @param {foundry.utils.Collection<any>|null} world
 * @param {string} folder
 * @returns {Record<string, any>[]}
 */
function missing(documents, world, folder) {
  return documents.filter((doc) => !world?.has(String(doc._id))).map((doc) => ({ ...doc, folder }));
}

/**
 * GM: import this module's fighters and items into the world, when its system has no pack of
 * them; says what it did (or why not) as a notification.
 * @returns {Promise<number>}  how many documents were created
 */
export async function importContent() {
  if ( !game.user?.isGM ) {
    notices.warn(game.i18n.localize("RULEPACK.Import.GMOnly"));
    return 0;
  }
  const access = worldAccess();
  if ( access === "packs" || access === "none" ) {
    notices.info(game.i18n.localize("RULEPACK.Import.FromPacks"));
    return 0;
  }
  if ( access === "refused" ) {
    notices.error(game.i18n.format("RULEPACK.Import.Refused", { system: game.system.id, reason: REFUSING[/** @type {keyof typeof REFUSING} */ (game.system.id)] }));
    return 0;
  }
  const { WORLD_DOCUMENTS } = await import("../world-documents.mjs");
  const title = game.modules.get(MODULE_ID)?.title ?? MODULE_ID;
  let created = 0;
  for ( const [type, world] of /** @type {const} */ ([["Item", game.items], ["Actor", game.actors]]) ) {
    const docs = WORLD_DOCUMENTS[type];
    if ( !docs.length || !docs.some((doc) => !world?.has(String(doc._id))) ) continue;
    const folder = await Folder.create({ name: title, type });
    const cls = type === "Item" ? Item : Actor;
    created += (await cls.createDocuments(missing(docs, world, String(folder?.id)), { keepId: true })).length;
  }
  notices.info(game.i18n.format("RULEPACK.Import.Done", { count: created }));
  return created;
}

/**
 * Tell the GM at `ready` how this world gets the module's fighters and items, when it is not from
 * its compendium packs (call once, on `init`).
 */
export function registerWorldNotice() {
  Hooks.once("ready", () => {
    if ( !game.user?.isGM ) return;
    const access = worldAccess();
    if ( access === "import" ) notices.info(game.i18n.format("RULEPACK.Import.Needed", { system: game.system.id }));
    if ( access === "refused" ) {
      notices.warn(game.i18n.format("RULEPACK.Import.Refused", { system: game.system.id, reason: REFUSING[/** @type {keyof typeof REFUSING} */ (game.system.id)] }));
    }
  });
}
