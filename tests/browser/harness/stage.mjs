/**
 * What a test lays out before a macro runs, besides the scene (`runMacro`'s `scene`): the
 * logged-in user, this client's local storage (where a ruleset may keep secrets, such as the
 * Danger Room's picks), the viewed Combat and the next random bytes `crypto.getRandomValues`
 * gives. Loaded by the test with a dynamic `import()`, so it shares the stand-ins' module
 * instances.
 * @module harness/stage
 */

import { stageFight } from "./foundry/combat.mjs";

/**
 * Stage the user, local storage and the fight; nothing staged is recorded as an update.
 * @param {{user?: {_id: string, name: string, role: number}, storage?: Record<string, string>,
 *   fight?: object, nonce?: string}} stage  `nonce`: the hex bytes of the next secret pick's nonce
 */
export function stage({ user = null, storage = null, fight = null, nonce = null } = {}) {
  if (user) {
    const found = new (game.user.constructor)({ ...user, character: null });
    found.targets = new Set();
    game.users.set(found.id, found);
    game.user = found;
  }
  if (storage) {
    localStorage.clear();
    for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, value);
  }
  if (fight) stageFight(fight);
  if (nonce) scriptNonce(nonce);
}

/** This client's local storage, for secrecy checks. */
export function storageDump() {
  return Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)]));
}

/**
 * The next `crypto.getRandomValues` call fills its array from `hex` (once), so a secret pick's
 * nonce, and thus its commitment, is known to the test the way scripted dice are.
 * @param {string} hex
 */
export function scriptNonce(hex) {
  const bytes = Uint8Array.from(hex.match(/../g).map((b) => parseInt(b, 16)));
  const real = crypto.getRandomValues.bind(crypto);
  crypto.getRandomValues = (array) => {
    crypto.getRandomValues = real;
    array.set(bytes.subarray(0, array.length));
    return array;
  };
}

/** The Combat or Combatant of the viewed fight with this uuid. */
function fightDocument(uuid) {
  const [, combatId, , combatantId] = uuid.split(".");
  if (!game.combat || game.combat.id !== combatId) throw new Error(`harness relay: no Combat ${combatId}`);
  return combatantId ? game.combat.combatants.get(combatantId, { strict: true }) : game.combat;
}

/**
 * Play the server's part between clients: apply updates and chat messages another client made
 * (`from`: its user id), firing the hooks as Foundry does for a remote change, without recording
 * them as this client's; then report what this client did in response (its own updates and
 * messages since), for the test to pass on.
 * @param {{from: string, updates?: {uuid: string, changes: object}[], messages?: object[]}} relay
 */
export async function applyRemote({ from, updates = [], messages = [] }) {
  const { record } = await import("./foundry/record.mjs");
  const before = { updates: record.updates.length, messages: record.messages.length };
  for (const { uuid, changes } of updates) {
    const at = record.updates.length;
    await fightDocument(uuid).update(changes, { userId: from });
    record.updates.splice(at, 1);
  }
  for (const data of messages) {
    const message = new ChatMessage(structuredClone(data));
    Hooks.callAll("createChatMessage", message, {}, from);
  }
  await window.harness.settle();
  return {
    updates: structuredClone(record.updates.slice(before.updates)),
    messages: structuredClone(record.messages.slice(before.messages)),
  };
}

/** What this client could read of the fight: the Combat, local storage and the chat log. */
export function readable() {
  return JSON.stringify({
    combat: game.combat?.toObject() ?? null,
    storage: storageDump(),
    chat: document.getElementById("chat-log").textContent,
  });
}
