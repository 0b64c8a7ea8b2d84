/**
 * The round economy at the table (FW-R01): "two actions: one of which can be an attack". In the
 * viewed Combat, once it has started, each combatant's actions this round are kept on its
 * Combatant (`flags.<module id>.fw`: the round they count for, actions taken, attacks taken);
 * a new round (the tracker's Next Round) starts them afresh. An attack takes an action and the
 * round's one attack; any other action takes an action. The counts are changes of the card that
 * takes the action, so its Undo gives the action back. Outside a started Combat nothing is
 * counted. Defending takes no action (FW-G08 `defence_costs_action: false`).
 * @module foundry/fate_wounds/economy
 */

import { MODULE_ID } from "../../config.mjs";
import { ACTIONS, ATTACKS } from "../../rules/fate_wounds/rounds.mjs";
import { attackText } from "./text.mjs";

/** Where the counts live on a Combatant. */
const ROOT = `flags.${MODULE_ID}.fw`;

/**
 * @typedef {import("../card-changes.mjs").Change} Change
 * @typedef {{actions: number, attacks: number}} Spent  this round's actions and attacks taken
 * @typedef {{combatant: Combatant|null, spent: Spent}} Slot  the combatant (null outside a
 *   started Combat) and what it took this round
 */

/**
 * The token's (or else the actor's) combatant in the viewed Combat, once it has started.
 * @param {string|null} tokenId
 * @param {Actor} actor
 * @returns {Combatant|null}
 */
export function combatantOf(tokenId, actor) {
  const combat = game.combat;
  if ( !combat?.started ) return null;
  const all = [...combat.combatants];
  return all.find((c) => tokenId && (c.tokenId === tokenId)) ?? all.find((c) => c.actor?.id === actor.id) ?? null;
}

/**
 * What the combatant took in the Combat's current round.
 * @param {Combatant|null} combatant
 * @returns {Spent}
 */
export function spentBy(combatant) {
  const stored = /** @type {any} */ (combatant ? foundry.utils.getProperty(combatant, ROOT) : null);
  if ( !combatant || !stored || (stored.round !== game.combat?.round) ) return { actions: 0, attacks: 0 };
  return { actions: Number(stored.actions ?? 0), attacks: Number(stored.attacks ?? 0) };
}

/**
 * The slot of an action: its combatant and what it took this round.
 * @param {string|null} tokenId  the acting token's id, if any
 * @param {Actor} actor
 * @returns {Slot}
 */
export function slotOf(tokenId, actor) {
  const combatant = combatantOf(tokenId, actor);
  return { combatant, spent: spentBy(combatant) };
}

/**
 * Why the slot cannot take one more action (an attack if `attack`), localised; null if it can.
 * @param {Slot} slot
 * @param {boolean} attack
 * @param {string} name
 * @returns {string|null}
 */
export function refusal(slot, attack, name) {
  if ( !slot.combatant ) return null;
  if ( slot.spent.actions >= ACTIONS ) return game.i18n.format("RULEPACK.FateWounds.NoActionLeft", { name, actions: ACTIONS });
  if ( attack && (slot.spent.attacks >= ATTACKS) ) return game.i18n.format("RULEPACK.FateWounds.NoAttackLeft", { name });
  return null;
}

/**
 * The changes that record one more action (an attack if `attack`) on the slot's combatant: each
 * count whose stored value (0 when none is stored) it changes.
 * @param {Slot} slot
 * @param {boolean} attack
 * @returns {Change[]}
 */
export function actionChanges(slot, attack) {
  const combatant = slot.combatant;
  if ( !combatant ) return [];
  const round = Number(game.combat?.round ?? 0);
  const after = { round, actions: slot.spent.actions + 1, attacks: slot.spent.attacks + (attack ? 1 : 0) };
  const stored = /** @type {Record<string, unknown>} */ (foundry.utils.getProperty(combatant, ROOT) ?? {});
  return Object.entries(after).filter(([key, value]) => (stored[key] ?? 0) !== value)
    .map(([key, value]) => ({ document: combatant, path: `${ROOT}.${key}`, value }));
}

/**
 * The line a card shows for the action taken: actions left this round, and whether the attack
 * was taken (FW-R01). Null outside a started Combat.
 * @param {Slot} slot
 * @param {boolean} attack
 * @param {string} name
 * @returns {string|null}
 */
export function actionLine(slot, attack, name) {
  if ( !slot.combatant ) return null;
  const actions = slot.spent.actions + 1;
  const attacks = slot.spent.attacks + (attack ? 1 : 0);
  return game.i18n.format("RULEPACK.FateWounds.Summary.Actions", {
    name, left: ACTIONS - actions, actions: ACTIONS,
    attack: attackText(attacks >= ATTACKS)
  });
}

/**
 * The value a count (round, actions, attacks) holds before it is first written: 0, so the card
 * records a `before` its Undo can write back (an absent flag it could not).
 * @param {string} path
 * @returns {unknown}
 */
export function economyDefault(path) {
  return path.startsWith(`${ROOT}.`) ? 0 : undefined;
}
