/**
 * Work only a GM's client may do, asked of exactly one GM: `game.users.activeGM` ("one User who
 * is an active Gamemaster (non-assistant if possible), or null"), over the module's socket
 * (`"socket": true`, event `module.<id>`). Nothing travels through the chat log, so nothing is
 * left in it or in the world's database.
 *
 * A request names the GM it is for, so with several GMs online exactly one does the work; a GM
 * who is offline is never chosen, and when the chosen GM leaves before answering, the request
 * goes to the next active GM (`userConnected`), or waits for one to join. Foundry's server never
 * delivers an event back to its sender, so a GM asking itself runs the handler at once. Each
 * request id is done once per client, however often it arrives. Like Foundry's own dice, this
 * trusts the asking client: a handler checks what a request may touch, not how it was rolled.
 * A request may also name one user (`askUser`: a player's part of a roll), and goes to the active
 * GM when that user leaves.
 * @module foundry/gm-requests
 */

import { MODULE_ID } from "../config.mjs";
import * as notices from "./notices.mjs";

/**
 * @typedef {(data: any, sender: User|null) => Promise<void>|void} GmHandler
 * @typedef {{type: "request", id: string, kind: string, data: unknown, from: string, to: string}} Request
 * @typedef {{type: "done", id: string, from: string, to: string, error: string|null}} Done
 */

/** The module's socket event. */
const EVENT = `module.${MODULE_ID}`;
/** @type {Map<string, GmHandler>} */
const handlers = new Map();
/** Requests this client sent that no GM has answered yet, by id. @type {Map<string, Request>} */
const pending = new Map();
/** Request ids this client has done (or is doing). @type {Set<string>} */
const done = new Set();

/** No active GM can do what a player's client may not. */
export class NoGmError extends Error {}

/**
 * A request id: random, unique enough for one session's requests.
 * @returns {string}
 */
function requestId() {
  return [...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The GM who does requests now, if any.
 * @returns {User|null}
 */
export function activeGm() {
  return game.users?.activeGM ?? null;
}

/**
 * Whether this client is the active GM's (the one client that does GM-only work that every
 * client's hooks see, such as ordering a round).
 * @returns {boolean}
 */
export function isActiveGm() {
  const gm = activeGm();
  return Boolean(gm && game.user && gm.id === game.user.id);
}

/**
 * Register what the active GM's client does for requests of `kind` (once, on `init`).
 * @param {string} kind
 * @param {GmHandler} handler
 */
export function registerGmRequest(kind, handler) {
  if ( handlers.has(kind) ) throw new Error(`${MODULE_ID} | GM request "${kind}" is registered twice`);
  handlers.set(kind, handler);
}

/**
 * Emit one message on the module's socket.
 * @param {Request|Done} message
 */
function emit(message) {
  const socket = game.socket;
  if ( !socket ) throw new Error(`${MODULE_ID} | no socket: the GM's client cannot be reached`);
  socket.emit(EVENT, message);
}

/**
 * Ask the active GM's client to do `kind` with `data`. On the active GM's own client it runs at
 * once; elsewhere it is sent and kept until that GM answers. A NoGmError when no GM is online
 * (check `activeGm()` before changing anything, so nothing is left half done).
 * @param {string} kind
 * @param {unknown} data  JSON
 * @returns {Promise<void>}
 */
export async function askGm(kind, data) {
  if ( !handlers.has(kind) ) throw new Error(`${MODULE_ID} | no GM request "${kind}"`);
  const gm = activeGm()?.id;
  const me = game.user?.id;
  if ( !gm || !me ) throw new NoGmError(game.i18n.localize("RULEPACK.Gm.NoneOnline"));
  /** @type {Request} */
  const request = { type: "request", id: requestId(), kind, data, from: me, to: gm };
  if ( gm === me ) return run(request);
  pending.set(request.id, request);
  emit(request);
}

/**
 * Ask one user's client to do `kind` with `data` (a player's own part of a roll: their defence,
 * their dice): at once when that user is this client's, else sent over the socket like a GM
 * request. When that user leaves before answering, the request goes to the active GM instead
 * (`resend`), who rolls for a character whose player is away.
 * @param {string} userId
 * @param {string} kind
 * @param {unknown} data  JSON
 * @returns {Promise<void>}
 */
export async function askUser(userId, kind, data) {
  if ( !handlers.has(kind) ) throw new Error(`${MODULE_ID} | no request "${kind}"`);
  const me = game.user?.id;
  if ( !me ) throw new NoGmError(game.i18n.localize("RULEPACK.Gm.NoneOnline"));
  /** @type {Request} */
  const request = { type: "request", id: requestId(), kind, data, from: me, to: userId };
  if ( userId === me ) return run(request);
  pending.set(request.id, request);
  emit(request);
}

/**
 * Do a request on this client (the GM it names), once; answer the sender.
 * @param {Request} request
 * @returns {Promise<void>}
 */
async function run(request) {
  if ( done.has(request.id) ) return;
  done.add(request.id);
  let error = null;
  try {
    const handler = handlers.get(request.kind);
    if ( !handler ) throw new Error(`${MODULE_ID} | no GM request "${request.kind}"`);
    await handler(request.data, game.users.get(request.from) ?? null);
  } catch(err) {
    error = err instanceof Error ? err.message : String(err);
    notices.error(game.i18n.format("RULEPACK.Gm.Failed", { message: error }));
  }
  if ( request.from !== game.user?.id ) {
    emit({ type: "done", id: request.id, from: game.user?.id ?? "", to: request.from, error });
  }
}

/**
 * A message on the module's socket: a request for this client's user, or the answer to one of
 * this client's requests.
 * @param {Request|Done} message
 */
function onMessage(message) {
  if ( !message || (message.to !== game.user?.id) ) return;
  if ( message.type === "request" ) {
    run(message).catch((err) => console.error(`${MODULE_ID} | GM request`, err));
    return;
  }
  if ( message.type === "done" && pending.delete(message.id) && message.error ) {
    notices.error(game.i18n.format("RULEPACK.Gm.Failed", { message: message.error }));
  }
}

/**
 * Send again every unanswered request whose GM is gone (or that waits for one) to the active GM.
 */
function resend() {
  const gm = activeGm()?.id;
  for ( const request of pending.values() ) {
    const target = game.users.get(request.to);
    if ( target?.active ) continue;
    if ( !gm ) {
      notices.warn(game.i18n.localize("RULEPACK.Gm.Waiting"));
      return;
    }
    request.to = gm;
    if ( gm === game.user?.id ) {
      pending.delete(request.id);
      run(request).catch((err) => console.error(`${MODULE_ID} | GM request`, err));
    }
    else emit(request);
  }
}

/**
 * Listen on the module's socket and follow GMs joining and leaving, and any user leaving (their
 * unanswered requests go to the active GM) (call once, on `init`).
 */
export function registerGmRequests() {
  game.socket?.on(EVENT, onMessage);
  Hooks.on("userConnected", (/** @type {User} */ user, /** @type {boolean} */ connected) => {
    if ( user.isGM || (connected === false) ) resend();
  });
}
