/**
 * Stand-in for `fromUuid` (the v12 global; v13's `foundry.utils.fromUuid`): world documents of
 * `game.actors` and the staged Combat, compendium documents (loaded on demand, like Foundry) and
 * embedded documents below either ("Actor.a.Item.b", "Combat.c.Combatant.d").
 * @module harness/foundry/uuid
 */

/** World collections by document name: the actors, and the one staged Combat (`game.combat`). */
const WORLD = Object.freeze({
  Actor: () => game.actors,
  Combat: () => new Map(game.combat ? [[game.combat.id, game.combat]] : []),
});

/** The embedded collection of `parent` holding documents named `documentName`, if any. */
function embeddedCollection(parent, documentName) {
  const field = Object.entries(parent.constructor.embedded).find(([, name]) => name === documentName)?.[0];
  return field ? parent[field] : undefined;
}

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
    doc = WORLD[parts[0]]?.().get(parts[1]);
    parts.splice(0, 2);
  }
  while (doc && parts.length >= 2) {
    doc = embeddedCollection(doc, parts[0])?.get(parts[1]);
    parts.splice(0, 2);
  }
  return doc && parts.length === 0 ? doc : null;
}
