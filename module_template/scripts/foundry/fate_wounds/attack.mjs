/**
 * The attack macro (FW-R01-R06, FW-R10-R13): the controlled token attacks the targeted token.
 * The attacker declares the Approach, skill, power and power bonuses in a window and rolls 4dF
 * (one Foundry `Roll` per set); the defender's owner declares and rolls the defence on their own
 * client (`defence.mjs`); then (on a GM's client of the two: the attacker's, else the defender's)
 * the whole attack runs through the engine's `attack` rule on
 * exactly those faces (attacker's first, catalogue §3.4), the documents take what the new state
 * implies (the boxes checked, with overflow; bonuses spent; the round's action and attack), and
 * one chat card shows both rolls, the outcome, the wound, the changes with Undo and the trace.
 * @module foundry/fate_wounds/attack
 */

import { RULES_CONFIG } from "../../config.mjs";
import { documentFromUuid } from "../compat.mjs";
import { diceOf } from "../dice.mjs";
import { characterIds, readFighter } from "./actors.mjs";
import { applyAndPost, documentChanges, missingGm } from "./changes.mjs";
import { askDefence, defendHere, defendingUser } from "./defence.mjs";
import { actionChanges, actionLine, refusal, slotOf } from "./economy.mjs";
import { readOrWarn, rollSide, runRule } from "./engine.mjs";
import { attackOddsRender } from "./odds.mjs";
import { outcomeLines, signed } from "./summary.mjs";
import { declareWindow } from "./windows.mjs";
import * as notices from "../notices.mjs";

/**
 * @typedef {import("./actors.mjs").Fighter} Fighter
 * @typedef {import("./economy.mjs").Slot} Slot
 * @typedef {import("./windows.mjs").Declaration} Declaration
 * @typedef {import("./defence.mjs").DefenceAnswer} DefenceAnswer
 * @typedef {{attacker: Fighter, defender: Fighter, declaration: Declaration,
 *   dice: {d: number|string, v: number}[], rolls: Roll[], slot: Slot, tokenId: string|null}} Plan
 *   the attack so far
 */

/**
 * Show a warning and stop.
 * @param {string} message  localised
 * @returns {undefined}
 */
function refuse(message) {
  notices.warn(message);
  return undefined;
}

/**
 * The single controlled token, or null when none or several are.
 * @returns {Token|null}
 */
function controlledToken() {
  const controlled = canvas?.tokens?.controlled ?? [];
  return controlled.length === 1 ? controlled[0] : null;
}

/**
 * The single targeted token, or null when none or several are.
 * @returns {Token|null}
 */
function targetedToken() {
  const targets = [...(game.user?.targets ?? [])];
  return targets.length === 1 ? targets[0] : null;
}

/**
 * What the table leaves to a later issue: config values whose table procedure is not built.
 * Refused loudly rather than approximated.
 * @returns {string|null}
 */
function unsupported() {
  const config = /** @type {Record<string, unknown>} */ (RULES_CONFIG);
  if ( config.defence_costs_action === true ) return "defence_costs_action: true";
  if ( (config.attacks_per_defender_per_round ?? null) !== null ) return "attacks_per_defender_per_round";
  return null;
}

/**
 * Attack with the controlled token at the targeted token.
 * @param {{attacker?: Token|null, target?: Token|null}} [tokens]  defaults to the canvas selection
 * @returns {Promise<ChatMessage|undefined>}
 */
export async function attack({ attacker = controlledToken(), target = targetedToken() } = {}) {
  const i18n = game.i18n;
  const setting = unsupported();
  if ( setting ) return refuse(i18n.format("RULEPACK.FateWounds.Unsupported", { setting }));
  const [mine, theirs] = [attacker?.actor ?? null, target?.actor ?? null];
  if ( !mine || !theirs ) return refuse(i18n.localize("RULEPACK.FateWounds.NeedTokens"));
  const tokenId = attacker?.id ?? null;
  const slot = slotOf(tokenId, mine);
  if ( missingGm([mine, theirs, ...(slot.combatant ? [slot.combatant] : [])]) ) return refuse(i18n.localize("RULEPACK.Gm.NoneOnline"));
  const ids = characterIds([mine, theirs]);
  const fighters = readOrWarn(() => [readFighter(mine, ids[0]), readFighter(theirs, ids[1])]);
  if ( !fighters ) return undefined;
  const [a, d] = fighters;
  const refused = refusal(slot, true, a.name);
  if ( refused ) return refuse(refused);
  const found = runRule("conditions", { character: a.character }).result;
  if ( found.error ) return refuse(i18n.format("RULEPACK.Error.RuleFailed", { message: found.error.message }));
  if ( found.state.incapacitated ) return refuse(i18n.format("RULEPACK.FateWounds.IsOut", { name: a.name }));
  const heading = i18n.format("RULEPACK.FateWounds.AttackHeading", { attacker: a.name, target: d.name });
  const declaration = await declareWindow({ side: "attack", heading, character: a.character, disadvantage: Number(found.state.disadvantage) },
    attackOddsRender(a.character, d.character, d.name));
  if ( !declaration ) return undefined;
  const rolled = await rollSide(a.character, "attack", declaration);
  if ( rolled.result.error ) return refuse(i18n.format("RULEPACK.Error.RuleFailed", { message: rolled.result.error.message }));
  const plan = { attacker: a, defender: d, declaration, dice: rolled.dice, rolls: rolled.rolls, slot, tokenId };
  return defend(plan, /** @type {any} */ (rolled.result.state).total, theirs);
}

/**
 * Ask the defence of the defender's owner: here, or on their client. A GM's client there (an
 * NPC's defence, or a character whose player is away) resolves the attack itself and posts the
 * one card, with every change and Undo, as it may write every document; a player's client
 * answers, and the card is posted here when the answer arrives.
 * @param {Plan} plan
 * @param {number} total  the attack's total
 * @param {Actor} actor   the defending actor
 * @returns {Promise<ChatMessage|undefined>}
 */
async function defend(plan, total, actor) {
  const user = defendingUser(actor);
  if ( !user ) return refuse(game.i18n.localize("RULEPACK.Gm.NoneOnline"));
  const what = {
    defender: actor.uuid, ident: plan.defender.character.id, total,
    heading: game.i18n.format("RULEPACK.FateWounds.DefenceHeading", { target: plan.defender.name, attacker: plan.attacker.name, total: signed(total) }),
    attack: {
      attacker: plan.attacker.actor.uuid, ident: plan.attacker.character.id, token: plan.tokenId,
      declaration: plan.declaration, rolls: plan.rolls.map((r) => r.toJSON())
    }
  };
  if ( user.id === game.user?.id ) return resolve(plan, await defendHere({ ...what, id: "", from: String(user.id), to: String(user.id) }));
  askDefence(user, what, async (answer) => (answer.resolved ? undefined : resolve(plan, answer)));
  notices.info(game.i18n.format("RULEPACK.FateWounds.Waiting", { name: user.name, target: plan.defender.name }));
  return undefined;
}

/**
 * On the GM's client that defended: resolve an attack another client declared and rolled, as
 * the attacker's client would have (its rolls' faces first), and post the card.
 * @param {import("./defence.mjs").DefenceAsk} ask
 * @param {DefenceAnswer} answer
 * @returns {Promise<ChatMessage|undefined>}
 */
export async function resolveHere(ask, answer) {
  const handed = ask.attack;
  const [mine, theirs] = await Promise.all([documentFromUuid(handed.attacker), documentFromUuid(ask.defender)]);
  if ( !mine || !theirs ) throw new Error(`no actor ${handed.attacker} or ${ask.defender}`);
  const fighters = readOrWarn(() => [readFighter(/** @type {Actor} */ (mine), handed.ident), readFighter(/** @type {Actor} */ (theirs), ask.ident)]);
  if ( !fighters ) return undefined;
  const rolls = handed.rolls.map((data) => Roll.fromData(data));
  const plan = {
    attacker: fighters[0], defender: fighters[1], declaration: handed.declaration, dice: diceOf(...rolls), rolls,
    slot: slotOf(handed.token, /** @type {Actor} */ (mine)), tokenId: handed.token
  };
  return resolve(plan, answer);
}

/**
 * Run the attack on both sides' faces, apply what it changed and post the card.
 * @param {Plan} plan
 * @param {DefenceAnswer} answer
 * @returns {Promise<ChatMessage|undefined>}
 */
async function resolve(plan, answer) {
  if ( answer.error ) return refuse(game.i18n.format("RULEPACK.Error.RuleFailed", { message: answer.error }));
  const { attacker: a, defender: d } = plan;
  const defenceRolls = answer.rolls.map((data) => Roll.fromData(data));
  const input = { attacker: a.character, defender: d.character, attack: plan.declaration, defence: answer.declaration };
  const { call, result } = runRule("attack", input, [...plan.dice, ...diceOf(...defenceRolls)]);
  if ( result.error ) return refuse(game.i18n.format("RULEPACK.Error.RuleFailed", { message: result.error.message }));
  const state = /** @type {any} */ (result.state);
  const changes = [...documentChanges([a, d], [state.attacker, state.defender]), ...actionChanges(plan.slot, true)];
  const names = {
    characters: { [a.character.id]: a.name, [d.character.id]: d.name },
    columns: Object.fromEntries(state.defender.wound_track.columns.map((/** @type {any} */ c) => [c.id, c.label]))
  };
  const powers = Object.fromEntries([...a.character.powers, ...d.character.powers].map((/** @type {any} */ p) => [p.id, p.name ?? p.id]));
  const economy = actionLine(plan.slot, true, a.name);
  const summary = [...outcomeLines(result.events, names, powers), ...(economy ? [economy] : [])];
  const title = game.i18n.format("RULEPACK.FateWounds.AttackCard", { attacker: a.name, target: d.name });
  return applyAndPost(changes, { title, rolls: [...plan.rolls, ...defenceRolls], call, result, summary, speaker: ChatMessage.getSpeaker({ actor: a.actor }) });
}
