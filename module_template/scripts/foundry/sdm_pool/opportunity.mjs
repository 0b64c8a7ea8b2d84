/**
 * The Opportunity of a shortfall (SDM-R11, SDM-R12), chosen by the target's owner in their own
 * client: a player who owns the target and is logged in (the one whose character it is first),
 * else the active GM (an NPC's choice is the GM's). On the attacker's own client the window opens
 * at once; otherwise the request travels over the module socket (`module.<id>`, the event
 * `foundry/gm-requests.mjs` uses, with message types of this ruleset's own) to that user alone,
 * whose client shows the window and answers the attacker's client, which then finishes the
 * attack. An answer counts only from the user asked, for a request this client made, once. When
 * the user asked logs out before answering, the question goes to whoever chooses now (the
 * active GM, for a player gone), as `foundry/gm-requests.mjs` does with its requests.
 * @module foundry/sdm_pool/opportunity
 */

import { MODULE_ID } from "../../config.mjs";
import { activeGm } from "../gm-requests.mjs";
import { CHOICES, opportunityWindow } from "./windows.mjs";
import * as notices from "../notices.mjs";

/** The module's socket event. */
const EVENT = `module.${MODULE_ID}`;
const ASK = "sdm_pool.opportunity";
const ANSWER = "sdm_pool.opportunity.answer";

/**
 * @typedef {{type: string, id: string, from: string, to: string, heading?: string, choice?: string}} Message
 * @typedef {(choice: string) => Promise<unknown>} Continue
 */

/**
 * Requests this client sent that wait for an answer: id → who was asked, about whose target,
 * what the window says and what then.
 * @type {Map<string, {to: string, actor: Actor, shown: {heading: string, name: string}, next: Continue}>}
 */
const pending = new Map();
/** Request ids this client has answered. @type {Set<string>} */
const answered = new Set();

/**
 * A request id: random, unique enough for one session.
 * @returns {string}
 */
function requestId() {
  return [...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The user who chooses the Opportunity of `actor`: a logged-in player who owns it (the one whose
 * character it is first), else the active GM; null when neither is online.
 * @param {Actor} actor
 * @returns {User|null}
 */
export function chooserOf(actor) {
  const players = [...game.users].filter((u) => u.active && !u.isGM && actor.testUserPermission(u, "OWNER"));
  const own = players.find((u) => u.character?.id === actor.id) ?? players[0];
  return own ?? activeGm();
}

/**
 * Emit one message on the module's socket.
 * @param {Message} message
 */
function emit(message) {
  if ( !game.socket ) throw new Error(`${MODULE_ID} | no socket: the chooser's client cannot be reached`);
  game.socket.emit(EVENT, message);
}

/**
 * Ask `chooser` for the Opportunity and go on with `next(choice)`: at once on this client when
 * the chooser is this user, else when their answer arrives.
 * @param {User} chooser
 * @param {Actor} actor  the target, whose chooser may change if `chooser` leaves
 * @param {{heading: string, name: string}} shown  the window's heading and the target's name
 * @param {Continue} next
 * @returns {Promise<unknown>}  what `next` gives when answered here; undefined when sent
 */
export async function askOpportunity(chooser, actor, shown, next) {
  if ( chooser.id === game.user?.id ) return next(await opportunityWindow(shown.heading));
  const id = requestId();
  pending.set(id, { to: String(chooser.id), actor, shown, next });
  send(id, chooser);
  return undefined;
}

/**
 * Send request `id` to `chooser`.
 * @param {string} id
 * @param {User} chooser
 */
function send(id, chooser) {
  const waiting = pending.get(id);
  if ( !waiting ) return;
  waiting.to = String(chooser.id);
  emit({ type: ASK, id, from: String(game.user?.id), to: waiting.to, heading: waiting.shown.heading });
  notices.info(game.i18n.format("RULEPACK.Sdm.Waiting", { name: waiting.shown.name, user: chooser.name }));
}

/**
 * A user logged out: each question waiting on them goes to whoever chooses now, this client's
 * user included (its window opens here).
 * @param {User} user
 * @returns {Promise<void>}
 */
async function reask(user) {
  for ( const [id, waiting] of [...pending] ) {
    if ( waiting.to !== user.id ) continue;
    const chooser = chooserOf(waiting.actor);
    if ( !chooser ) continue;
    if ( chooser.id !== game.user?.id ) {
      send(id, chooser);
      continue;
    }
    pending.delete(id);
    await waiting.next(await opportunityWindow(waiting.shown.heading));
  }
}

/**
 * This client is asked: show the window, answer the asker.
 * @param {Message} message
 * @returns {Promise<void>}
 */
async function answer(message) {
  if ( answered.has(message.id) ) return;
  answered.add(message.id);
  const choice = await opportunityWindow(String(message.heading ?? ""));
  emit({ type: ANSWER, id: message.id, from: String(game.user?.id), to: message.from, choice });
}

/**
 * The answer to one of this client's requests: from the user asked, a known choice, once.
 * @param {Message} message
 * @returns {Promise<void>}
 */
async function resume(message) {
  const waiting = pending.get(message.id);
  if ( !waiting || (waiting.to !== message.from) ) return;
  pending.delete(message.id);
  const choice = CHOICES.includes(String(message.choice)) ? String(message.choice) : "none";
  await waiting.next(choice);
}

/**
 * Report a failure of the Opportunity's work.
 * @param {unknown} err
 */
function failed(err) {
  console.error(`${MODULE_ID} | Opportunity`, err);
  notices.error(game.i18n.format("RULEPACK.Error.RuleFailed", { message: err instanceof Error ? err.message : String(err) }));
}

/**
 * Listen for Opportunity requests and answers on the module's socket, and for the users asked
 * leaving (once, on `init`).
 */
export function registerOpportunity() {
  game.socket?.on(EVENT, (/** @type {Message} */ message) => {
    if ( !message || (message.to !== game.user?.id) ) return;
    const work = message.type === ASK ? answer(message) : message.type === ANSWER ? resume(message) : null;
    work?.catch(failed);
  });
  Hooks.on("userConnected", (/** @type {User} */ user, /** @type {boolean} */ connected) => {
    if ( !connected ) reask(user).catch(failed);
  });
}
