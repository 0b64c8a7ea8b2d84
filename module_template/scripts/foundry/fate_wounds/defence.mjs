/**
 * The defence, declared and rolled on the defender's owner's client (FW-R03: "the opposing
 * player or GM rolls"). The attacker's client asks the defender's player (an active non-GM owner;
 * an NPC's, or a character whose player is away: the active GM) over the module socket; that
 * client asks the defence in its own window, rolls its dice with Foundry's `Roll` and answers
 * with the declaration and the rolls (their JSON). A GM's client resolves the attack itself and
 * posts the one card (it may write every document); a player's answers, and the attacker's
 * client resolves the attack (`attack.mjs`). When the asked user leaves before answering, the active GM is asked instead.
 * Foundry's server never delivers an event to its sender, so a defence asked of this client's
 * own user is asked here at once. Like Foundry's own dice, this trusts the answering client.
 * @module foundry/fate_wounds/defence
 */

import { MODULE_ID } from "../../config.mjs";
import { documentFromUuid } from "../compat.mjs";
import { activeGm } from "../gm-requests.mjs";
import { readFighter } from "./actors.mjs";
import { rollSide, runRule } from "./engine.mjs";
import { defenceOddsRender } from "./odds.mjs";
import { declareWindow } from "./windows.mjs";
import * as notices from "../notices.mjs";

/** The module's socket event (shared with `gm-requests.mjs`, which ignores these types). */
const EVENT = `module.${MODULE_ID}`;
const ASK = "fate_wounds.defend";
const ANSWER = "fate_wounds.defended";

/**
 * What the defender's client is asked.
 * @typedef {object} DefenceAsk
 * @property {string} id          the request's id
 * @property {string} from        the attacker's user
 * @property {string} to          the user asked
 * @property {string} defender    the defending actor's uuid
 * @property {string} ident       its engine id in this attack
 * @property {string} heading     the window's heading (localised on the attacker's client)
 * @property {number} total       the attack's total (the defence window's odds are against it)
 * @property {HandedAttack} attack  what a GM's client needs to resolve the attack itself
 * @typedef {{attacker: string, ident: string, token: string|null,
 *   declaration: import("./windows.mjs").Declaration, rolls: Record<string, unknown>[]}} HandedAttack
 *   the attacker's actor uuid, engine id and token id, its declaration and its rolls' JSON
 * @typedef {{declaration: import("./windows.mjs").Declaration|null, rolls: Record<string, unknown>[],
 *   error: string|null, resolved?: boolean}} DefenceAnswer  `resolved`: the defender's (GM's) client posted the card
 * @typedef {(answer: DefenceAnswer) => Promise<unknown>} Continue
 * @typedef {(ask: DefenceAsk, answer: DefenceAnswer) => Promise<unknown>} Resolver
 */

/** The attacks this client waits on, by request id. @type {Map<string, {ask: DefenceAsk, then: Continue}>} */
const waiting = new Map();
/** How a GM's client resolves an attack it defended (`attack.mjs`, set on `init`). @type {Resolver|null} */
let resolver = null;

/**
 * The user who defends `actor`: its first active player owner (by id), else the active GM.
 * @param {Actor} actor
 * @returns {User|null}
 */
export function defendingUser(actor) {
  const players = [...game.users].filter((u) => u.active && !u.isGM && actor.testUserPermission(u, "OWNER"));
  players.sort((a, b) => String(a.id).localeCompare(String(b.id)));
  return players[0] ?? activeGm();
}

/**
 * Ask the defence on this client: the window until the rules accept the declaration (a refused
 * one is shown and asked again), then the dice. Closing the window declares no defence.
 * @param {DefenceAsk} ask
 * @returns {Promise<DefenceAnswer>}
 */
export async function defendHere(ask) {
  const actor = /** @type {Actor|null} */ (await documentFromUuid(ask.defender));
  if ( !actor ) return { declaration: null, rolls: [], error: `no actor ${ask.defender}` };
  const { character } = readFighter(actor, ask.ident);
  const found = runRule("conditions", { character }).result;
  const disadvantage = found.error ? 0 : Number(found.state.disadvantage);
  for ( ;; ) {
    const odds = Number.isInteger(ask.total) ? defenceOddsRender(character, ask.total) : undefined;
    const declaration = await declareWindow({ side: "defence", heading: ask.heading, character, disadvantage }, odds);
    if ( !declaration ) return { declaration: null, rolls: [], error: null };
    const rolled = await rollSide(character, "defence", declaration);
    if ( !rolled.result.error ) return { declaration, rolls: rolled.rolls.map((r) => r.toJSON()), error: null };
    notices.warn(game.i18n.format("RULEPACK.Error.RuleFailed", { message: rolled.result.error.message }));
  }
}

/**
 * A request id: random, unique enough for one session's requests.
 * @returns {string}
 */
function requestId() {
  return [...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Ask `user`'s client for the defence; `then` runs here when the answer arrives.
 * @param {User} user
 * @param {Omit<DefenceAsk, "id"|"from"|"to">} what
 * @param {Continue} then
 */
export function askDefence(user, what, then) {
  const ask = { ...what, id: requestId(), from: String(game.user?.id), to: String(user.id) };
  waiting.set(ask.id, { ask, then });
  game.socket?.emit(EVENT, { type: ASK, ...ask });
}

/**
 * The defender's side of a request addressed to this user: defend; on a GM's client, resolve
 * the attack and post its card here; then answer (saying whether the card is posted).
 * @param {DefenceAsk} ask
 */
async function onAsk(ask) {
  const answer = await defendHere(ask);
  const resolved = Boolean(game.user?.isGM && resolver && !answer.error);
  if ( resolved ) await /** @type {Resolver} */ (resolver)(ask, answer);
  game.socket?.emit(EVENT, { type: ANSWER, id: ask.id, from: game.user?.id, to: ask.from, ...answer, resolved });
}

/**
 * A message on the module socket for this user: a request to defend, or the answer to one of
 * this client's requests (run once).
 * @param {any} message
 */
function onMessage(message) {
  if ( !message || (message.to !== game.user?.id) ) return;
  if ( message.type === ASK ) {
    onAsk(message).catch((err) => console.error(`${MODULE_ID} | defence`, err));
    return;
  }
  const entry = message.type === ANSWER ? waiting.get(message.id) : undefined;
  if ( !entry ) return;
  waiting.delete(message.id);
  const { declaration = null, rolls = [], error = null, resolved = false } = message;
  entry.then({ declaration, rolls, error, resolved }).catch((err) => console.error(`${MODULE_ID} | attack`, err));
}

/**
 * Ask the active GM for each defence whose asked user left before answering.
 * @param {User} user
 */
function onLeave(user) {
  const gm = activeGm();
  for ( const entry of waiting.values() ) {
    if ( (entry.ask.to !== user.id) || !gm ) continue;
    entry.ask.to = String(gm.id);
    if ( gm.id === game.user?.id ) {
      waiting.delete(entry.ask.id);
      defendHere(entry.ask).then(entry.then).catch((err) => console.error(`${MODULE_ID} | defence`, err));
    }
    else game.socket?.emit(EVENT, { type: ASK, ...entry.ask });
  }
}

/**
 * Listen for defences asked of this client and answers to its own (call once, on `init`).
 * @param {Resolver} resolve  how this client, if a GM's, resolves an attack it defended
 */
export function registerDefence(resolve) {
  resolver = resolve;
  game.socket?.on(EVENT, onMessage);
  Hooks.on("userConnected", (/** @type {User} */ user, /** @type {boolean} */ connected) => {
    if ( !connected ) onLeave(user);
  });
}
