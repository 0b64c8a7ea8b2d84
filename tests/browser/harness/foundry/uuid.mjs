/**
 * Stand-in for `fromUuid` (the v12 global; v13's `foundry.utils.fromUuid`): world documents of
 * `game.actors`, `game.items`, the staged Combat and Scene, compendium documents (loaded on
 * demand, like Foundry) and embedded documents below either ("Actor.a.Item.b",
 * "Combat.c.Combatant.d", an unlinked token's synthetic actor "Scene.s.Token.t.Actor.a").
 * @module harness/foundry/uuid
 */

import { embeddedCollection } from "./documents.mjs";

/** World collections by document name. */
const WORLD = Object.freeze({
  Actor: () => game.actors,
  Item: () => game.items,
  Combat: () => new Map(game.combat ? [[game.combat.id, game.combat]] : []),
  Scene: () => new Map(globalThis.canvas?.scene ? [[canvas.scene.id, canvas.scene]] : []),
  ChatMessage: () => game.messages,
});

/**
 * @param {string} uuid
 * @returns {Promise<object|null>} the document, or null when nothing has that uuid
 */
export async function fromUuid(uuid) {
  const parts = String(uuid).split(".");
  let doc;
  if (parts[0] === "Compendium") {
    const pack = game.packs.get(`${parts[1]}.${parts[2]}`);
    doc = pack && pack.documentName === parts[3] ? await pack.getDocument(parts[4]) : undefined;
    parts.splice(0, 5);
  } else {
    doc = WORLD[parts[0]]?.()?.get(parts[1]);
    parts.splice(0, 2);
  }
  while (doc && parts.length >= 2) {
    doc = embeddedCollection(doc, parts[0])?.get(parts[1]);
    parts.splice(0, 2);
  }
  return doc && parts.length === 0 ? doc : null;
}
