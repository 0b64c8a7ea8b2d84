/**
 * A shipped fight in one click. The module's Scene pack holds each ruleset's first fight: a map
 * with its fighters' tokens, each naming its actor by the id the fighter has in every copy of the
 * module's Actor pack. A compendium scene brings no actors along, so when the GM imports one
 * (the compendium's "Import", `Scenes#importFromCompendium`) the GM's client brings the fighters
 * its tokens name into the world with those ids (`keepId`), in a folder named after the scene,
 * and the tokens find them: linked ones their sheet, unlinked ones the base of their own copy.
 *
 * From the world's system's Actor pack when it has one; else, in a world of a system the module
 * has no pack for, with every fighter and item of the module (`import.mjs`); in a world whose
 * system refuses module Actor types (pf2e) the GM is told that no fighter can come.
 * @module foundry/scenes
 */

import { MODULE_ID } from "../config.mjs";
import { importContent, worldAccess } from "./import.mjs";
import { modulePack } from "./packs.mjs";
import * as notices from "./notices.mjs";

/**
 * The actor ids the scene's tokens name that the world has no actor of.
 * @param {Scene} scene
 * @returns {string[]}
 */
function missingActors(scene) {
  const ids = [...scene.tokens].map((token) => token.actorId).filter((id) => typeof id === "string");
  return [...new Set(ids)].filter((id) => !game.actors?.has(id));
}

/**
 * The stored data of the pack's actors `ids`, as an import from the compendium makes them
 * (`_stats.compendiumSource`: the document they came from).
 * @param {CompendiumCollection<Actor>} pack
 * @param {string[]} ids
 * @returns {Promise<Record<string, any>[]>}
 */
async function packSources(pack, ids) {
  const found = await pack.getDocuments({ _id__in: ids });
  return found.map((actor) => {
    const data = actor.toObject();
    return { ...data, _stats: { ...data._stats, compendiumSource: actor.uuid } };
  });
}

/**
 * GM: bring the fighters the scene's tokens name into the world, keeping their ids.
 * @param {Scene} scene
 * @returns {Promise<number>}  how many actors were created
 */
export async function bringFighters(scene) {
  const missing = missingActors(scene);
  if ( !missing.length ) return 0;
  const pack = modulePack("Actor");
  if ( !pack ) {
    if ( worldAccess() === "refused" ) {
      notices.warn(game.i18n.format("RULEPACK.Scene.NoFighters", { scene: scene.name }));
      return 0;
    }
    return importContent();
  }
  const folder = await Folder.create({ name: scene.name, type: "Actor" });
  const sources = (await packSources(pack, missing)).map((data) => ({ ...data, folder: folder?.id ?? null }));
  const created = await Actor.createDocuments(sources, { keepId: true });
  notices.info(game.i18n.format("RULEPACK.Scene.FightersImported", { count: created.length, scene: scene.name }));
  return created.length;
}

/**
 * Bring a scene's fighters in when this client's user has just imported one of this module's
 * scenes (call once, on `init`). A fault is shown to the GM, never left unhandled.
 */
export function registerSceneImport() {
  Hooks.on("createScene", (/** @type {Scene} */ scene, /** @type {unknown} */ _options, /** @type {unknown} */ userId) => {
    if ( (userId !== game.user?.id) || !game.user?.isGM || (scene.getFlag(MODULE_ID, "kind") !== "scene") ) return;
    bringFighters(scene).catch((/** @type {unknown} */ err) => {
      console.error(`${MODULE_ID} | bringing the fighters of ${scene.name}`, err);
      notices.error(game.i18n.format("RULEPACK.Scene.Failed", { scene: scene.name }));
    });
  });
}
