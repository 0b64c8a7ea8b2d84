/**
 * Summoning and recalling a bound cryture (CR-R04, CR-G19), through the engine's `take_turn`
 * with one step. A character's bound cryture joins the Combat with its token on the scene but
 * stays off the grid until summoned: its Combatant's `active` flag says it is on the grid
 * (`fight.mjs`). To summon, the player puts the cryture's token where it should appear (a free
 * space adjacent to the character), controls the character's token and targets the cryture's;
 * the engine checks the Major action, that the cryture is theirs, the limit of active crytures,
 * adjacency and a free space. To recall, the same selection (a Minor action): the cryture leaves
 * the grid keeping its Health.
 * @module foundry/crytures/summon
 */

import { RULES_CONFIG } from "../../config.mjs";
import { actionChanges, actionsOf, applyAndPost, flagChange, missingGm } from "./changes.mjs";
import { RULESET, configOverrides, readOrWarn, refuse, refuseResult, runDiceFree } from "./engine.mjs";
import { board, enrolled, gridMatches, readFight, seatOf, spaceOf } from "./fight.mjs";
import { targetedToken } from "./power.mjs";
import { powerLines } from "./summary.mjs";

/**
 * @typedef {import("./fight.mjs").Seat} Seat
 */

/**
 * The character (controlled) and the cryture (targeted) of the canvas selection, or a warning.
 * @returns {Promise<{seats: Seat[], actor: Seat, cryture: Seat, round: number}|undefined>}
 */
async function readPair() {
  const combat = game.combat;
  if ( !combat ) return refuse(game.i18n.localize("RULEPACK.Crytures.NeedCombat"));
  const grid = /** @type {any} */ (RULES_CONFIG).grid;
  if ( !gridMatches(grid) ) return refuse(game.i18n.format("RULEPACK.Crytures.WrongGrid", { grid }));
  const controlled = board().tokens.controlled;
  const target = targetedToken();
  if ( (controlled.length !== 1) || !target ) return refuse(game.i18n.localize("RULEPACK.Crytures.NeedSummoner"));
  const seats = await readOrWarn(() => readFight(combat));
  if ( !seats ) return undefined;
  const actor = seatOf(seats, controlled[0]);
  const cryture = seatOf(seats, target);
  if ( !actor || !cryture ) return refuse(game.i18n.localize("RULEPACK.Crytures.NotInFight"));
  if ( !seats.every((s) => enrolled(s.combatant)) ) return refuse(game.i18n.localize("RULEPACK.Crytures.NotEnrolled"));
  return { seats, actor, cryture, round: combat.round };
}

/**
 * Run one summon or recall step and post the card.
 * @param {"summon"|"recall"} kind
 * @returns {Promise<ChatMessage|undefined>}
 */
async function step(kind) {
  const pair = await readPair();
  if ( !pair ) return undefined;
  const { seats, actor, cryture, round } = pair;
  if ( missingGm([actor.combatant, cryture.combatant]) ) return refuse(game.i18n.localize("RULEPACK.Gm.NoneOnline"));
  const stepData = kind === "summon" ? { kind, cryture: cryture.id, to: spaceOf(cryture.token) } : { kind, cryture: cryture.id };
  const actions = actionsOf(actor, round);
  const input = { actor: actor.id, combatants: seats.map((s) => s.state), steps: [stepData], actions };
  const result = runDiceFree("take_turn", input);
  if ( result.error ) return refuseResult(result);
  const state = /** @type {any} */ (result.state);
  const now = state.combatants.find((/** @type {any} */ c) => c.id === cryture.id);
  const changes = [...actionChanges(actor, actions, state.actions, round)];
  if ( (now.position === null) !== (cryture.state.position === null) ) changes.push(flagChange(cryture, "active", now.position !== null));
  const names = Object.fromEntries(seats.map((s) => [s.id, s.name]));
  const who = { summoner: actor.name, cryture: cryture.name };
  const title = kind === "summon" ? game.i18n.format("RULEPACK.Crytures.SummonCard", who)
    : game.i18n.format("RULEPACK.Crytures.RecallCard", who);
  const call = { ruleset: RULESET, rule: "take_turn", config: configOverrides(), input, dice: [] };
  return applyAndPost(changes, { title, call, result, summary: powerLines(result.events, names),
    speaker: ChatMessage.getSpeaker({ actor: actor.actor }) });
}

/**
 * Summon the targeted cryture next to the controlled character (Major).
 * @returns {Promise<ChatMessage|undefined>}
 */
export function summon() {
  return step("summon");
}

/**
 * Recall the targeted cryture of the controlled character (Minor).
 * @returns {Promise<ChatMessage|undefined>}
 */
export function recall() {
  return step("recall");
}
