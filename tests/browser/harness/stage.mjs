/**
 * What a test lays out before a macro runs, besides the scene (`runMacro`'s `scene`): the users
 * of the world and which of them is logged in here, this client's local storage (where a
 * ruleset may keep secrets, such as the Danger Room's picks), the viewed Combat and the next
 * random bytes `crypto.getRandomValues` gives. Loaded by the test with a dynamic `import()`, so
 * it shares the stand-ins' module instances.
 *
 * And the server's part between clients (`applyRemote`): what one client did reaches the others
 * as Foundry's server would pass it on; and what this client's user will do when another
 * client's request reaches it (`script`: the dice they roll, the dialogs they answer).
 * @module harness/stage
 */

import { stageFight } from "./foundry/combat.mjs";
import { scriptedDice } from "./foundry/dice.mjs";
import { scriptedAnswers } from "./foundry/dialogs.mjs";
import { idsFor } from "./foundry/utils.mjs";
import { fromUuid } from "./foundry/uuid.mjs";

/**
 * A user document from staged data (`active`: logged in).
 * @param {{_id: string, name: string, role: number, active?: boolean}} data
 */
function userOf({ active = true, ...data }) {
  const user = new (game.user.constructor)({ character: null, ...data, _active: active });
  user.targets = new Set();
  return user;
}

/**
 * Stage the users, local storage and the fight; nothing staged is recorded as an update.
 * @param {{user?: {_id: string, name: string, role: number}, users?: object[],
 *   storage?: Record<string, string>, fight?: object, nonce?: string}} stage
 *   `users`: every user of the world (`active` says who is logged in, true by default), which
 *   replace the world's users; `user`: the one logged in on this client (added when not among
 *   them); `nonce`: the hex bytes of the next secret pick's nonce
 */
export function stage({ user = null, users = null, storage = null, fight = null, nonce = null } = {}) {
  if (users) {
    game.users.clear();
    for (const data of users) game.users.set(data._id, userOf(data));
    idsFor(user?._id ?? game.user.id);  // a table of clients: each mints ids of its own
  }
  if (user) {
    const found = game.users.get(user._id) ?? userOf(user);
    found._active = true;
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

/**
 * Play the server's part between clients: apply the document updates, new chat messages and
 * socket events another client made (`from`: its user id), as Foundry's server passes them on —
 * updates applied unchecked (the server accepted them) with the update hooks fired for the
 * initiating user, messages created and rendered here, socket events delivered to this client's
 * handlers; then report what this client did in response (its own updates, messages and socket
 * events since), for the test to pass on.
 * @param {{from: string, updates?: {uuid: string, changes: object}[], messages?: object[],
 *   socket?: {event: string, data: unknown}[]}} relay
 */
export async function applyRemote({ from, updates = [], messages = [], socket = [] }) {
  const { record } = await import("./foundry/record.mjs");
  const before = { updates: record.updates.length, messages: record.messages.length, socket: record.socket.length };
  for (const { uuid, changes } of updates) {
    const document = await fromUuid(uuid);
    if (!document) throw new Error(`harness relay: no document ${uuid} on this client`);
    await document.update(changes, { remote: true, userId: from });
  }
  for (const data of messages) ChatMessage.receive(data);
  for (const { event, data } of socket) game.socket.deliver(event, data);
  await window.harness.settle();
  return {
    updates: structuredClone(record.updates.slice(before.updates)),
    messages: record.messages.slice(before.messages).map((m) => structuredClone(m)),
    socket: structuredClone(record.socket.slice(before.socket)),
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

/**
 * Mark a user as joined or gone on this client, firing `userConnected`; what this client emitted
 * on the socket in response, for the test to pass on.
 */
export async function connect(id, connected) {
  const { record } = await import("./foundry/record.mjs");
  const before = record.socket.length;
  game.users.connect(id, connected);
  await window.harness.settle();
  return { socket: structuredClone(record.socket.slice(before)) };
}

/**
 * What this client's user does when work from another client reaches it (a defence to choose
 * and roll, say), as `runMacro` scripts a macro's: the faces its rolls take and the answers its
 * dialogs get, in order. `scriptLeft` reports what was not used (the test requires nothing).
 * @param {{dice?: {d: number|string, v: number}[], answers?: object[]}} script
 */
export async function script({ dice = [], answers = [] }) {
  const { record } = await import("./foundry/record.mjs");
  scriptedDice.script(dice);
  scriptedAnswers.script(answers);
  record.dialogs.length = 0;
}

/** The scripted faces and answers left on this client, and the dialogs it showed since `script`. */
export async function scriptLeft() {
  const { record } = await import("./foundry/record.mjs");
  return {
    diceLeft: structuredClone(scriptedDice.queue),
    answersLeft: structuredClone(scriptedAnswers.queue),
    dialogs: structuredClone(record.dialogs),
  };
}
