/**
 * The SDM attack macro, one per weapon (SDM-R08-R13): the controlled token attacks the targeted
 * token with the weapon of the macro. The window asks the SDM tier, cover and concealment
 * (SDM-G02, SDM-G03, SDM-G22) and whether this is a Counter already paid (SDM-G13). The pool is
 * one Foundry `Roll` (`2 + trait + skill` d6); on a shortfall the target's owner chooses the
 * Opportunity in their own client (`opportunity.mjs`); then the engine's `attack` rule runs with
 * those faces and the damage dice, the documents take what its new state implies (the attacker's
 * Action, the target's next-turn debt, armour HP, HP) and one chat card shows it all.
 * @module foundry/sdm_pool/attack
 */

import { ITEM_TYPES, canvasTokens, readCombatants } from "./actors.mjs";
import { applyAndPost, documentChanges, missingGm } from "./changes.mjs";
import { askedDie, engineSettings, rollWith, runWith } from "./engine.mjs";
import { attackOddsRender } from "./odds.mjs";
import { askOpportunity, chooserOf } from "./opportunity.mjs";
import { outcomeLines } from "./summary.mjs";
import { formValues } from "../forms.mjs";
import { attackWindow } from "./windows.mjs";
import { MODULE_ID } from "../../config.mjs";
import { RuleError } from "../../rules/errors.mjs";
import * as notices from "../notices.mjs";

/**
 * @typedef {import("./actors.mjs").Combatant} Combatant
 * @typedef {{combatants: Combatant[], weapon: Record<string, any>, input: Record<string, any>}} Attack
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
 * The engine weapon of `attacker` made from the Item of content key `key`, or null.
 * @param {Combatant} attacker
 * @param {string} key
 * @returns {Record<string, any>|null}
 */
function weaponOf(attacker, key) {
  const id = Object.entries(attacker.items).find(([, item]) => (item.type === ITEM_TYPES.weapon)
    && (item.getFlag(MODULE_ID, "key") === key))?.[0];
  return /** @type {any[]} */ (attacker.character.weapons).find((w) => w.id === id) ?? null;
}

/**
 * The window's choices of one config table (SDM-G02, SDM-G03), the easiest first (so cover and
 * concealment start at none), with its successes.
 * @param {Record<string, number>} table
 * @returns {{id: string, label: string}[]}
 */
function levels(table) {
  return Object.entries(table).sort(([a, m], [b, n]) => (m - n) || (a < b ? -1 : 1))
    .map(([id, n]) => ({ id, label: `${id} (${n})` }));
}

/**
 * The `attack` input of the window's values, the target taking no Opportunity (it chooses one
 * only once a shortfall is rolled).
 * @param {Combatant[]} combatants
 * @param {Record<string, any>} weapon
 * @param {Record<string, string[]>} values
 * @returns {Record<string, any>}
 */
function inputOf([a, d], weapon, values) {
  const first = (/** @type {string} */ name) => values[name]?.[0] ?? "";
  return {
    attacker: a.character, target: d.character, weapon: weapon.id, tier: first("tier") || null,
    cover: first("cover") || "none", concealment: first("concealment") || "none",
    salvation_claimed: "salvation" in values, opportunity: { choice: "none" },
    cost: "counter" in values ? "none" : "action"
  };
}

/**
 * Ask the window, its live odds against the target, and build the `attack` input; null when it
 * is closed.
 * @param {Combatant[]} combatants
 * @param {Record<string, any>} weapon
 * @returns {Promise<Record<string, any>|null>}
 */
async function askInput(combatants, weapon) {
  const config = engineSettings();
  const [a, d] = combatants;
  const values = await attackWindow({
    heading: game.i18n.format("RULEPACK.Sdm.AttackHeading", { attacker: a.name, target: d.name, weapon: weapon.name ?? weapon.id }),
    tiers: [{ id: "", label: game.i18n.format("RULEPACK.Sdm.TierDefault", { tier: weapon.sdm_tier ?? config.default_attack_tier }) }, ...levels(config.sdm)],
    cover: levels(config.cover_mod), concealment: levels(config.concealment_mod),
    claimable: config.salvation?.trigger === "target_resource"
  }, attackOddsRender((v) => inputOf(combatants, weapon, v), formValues));
  return values ? inputOf(combatants, weapon, values) : null;
}

/**
 * Attack with the controlled token at the targeted token using the weapon of content key `key`.
 * @param {string} key
 * @param {{attacker: Token, target: Token}|null} [tokens]  defaults to the canvas selection
 * @returns {Promise<ChatMessage|undefined>}
 */
export async function attack(key, tokens = canvasTokens()) {
  if ( !tokens?.attacker?.actor || !tokens.target?.actor ) return refuse(game.i18n.localize("RULEPACK.Sdm.NeedTokens"));
  const actors = [tokens.attacker.actor, tokens.target.actor];
  if ( missingGm(actors) ) return refuse(game.i18n.localize("RULEPACK.Gm.NoneOnline"));
  let combatants;
  try {
    combatants = readCombatants(actors);
  } catch(err) {
    if ( !(err instanceof RuleError) ) throw err;
    return refuse(game.i18n.format("RULEPACK.Error.RuleFailed", { message: err.message }));
  }
  const weapon = weaponOf(combatants[0], key);
  if ( !weapon ) return refuse(game.i18n.format("RULEPACK.Sdm.NoWeapon", { name: combatants[0].name, weapon: key }));
  const input = await askInput(combatants, weapon);
  if ( !input ) return undefined;
  return rollPool({ combatants, weapon, input });
}

/**
 * Roll the pool (one Foundry roll) and see whether it falls short; on a shortfall ask the
 * Opportunity, else finish at once. A rule that refuses before any die (no Action left) is posted.
 * @param {Attack} attack
 * @returns {Promise<ChatMessage|undefined>}
 */
async function rollPool(attack) {
  const first = runWith("attack", attack.input);
  if ( askedDie(first) === undefined ) return finish(attack, "none", { dice: [], rolls: [] });
  const { input, weapon } = attack;
  const pool = runWith("attack_pool", { attacker: input.attacker, weapon: weapon.id });
  if ( pool.error ) return refuse(game.i18n.format("RULEPACK.Error.RuleFailed", { message: pool.error.message }));
  const { call, result: rolled, rolls } = await rollWith("attack_roll", {
    pool: pool.state.pool, attack_kind: weapon.attack_kind, tier: input.tier ?? weapon.sdm_tier ?? null,
    cover: input.cover, concealment: input.concealment, salvation_claimed: input.salvation_claimed
  });
  if ( rolled.error ) return refuse(game.i18n.format("RULEPACK.Error.RuleFailed", { message: rolled.error.message }));
  const so = { dice: call.dice, rolls };
  // A target down at 0 HP (or dead) can take no Opportunity (SDM-G21): nothing to ask.
  const down = attack.combatants[1].character.incapacitated || attack.combatants[1].character.dead;
  if ( (rolled.state.result !== "shortfall") || down ) return finish(attack, "none", so);
  return opportunity(attack, rolled.state, so);
}

/**
 * Ask the target's owner for the Opportunity, then finish with their choice.
 * @param {Attack} attack
 * @param {Record<string, any>} roll  the `attack_roll` state: successes, needed
 * @param {{dice: any[], rolls: Roll[]}} so
 * @returns {Promise<ChatMessage|undefined>}
 */
async function opportunity(attack, roll, so) {
  const [a, d] = attack.combatants;
  const chooser = chooserOf(d.actor);
  if ( !chooser ) return refuse(game.i18n.localize("RULEPACK.Gm.NoneOnline"));
  const allotment = runWith("action_allotment", { character: d.character });
  const owed = Number(d.character.owed_actions ?? 0);
  const actions = allotment.error ? "?" : Math.max(allotment.state.actions - owed, 0);
  const heading = game.i18n.format("RULEPACK.Sdm.OpportunityHeading", {
    attacker: a.name, target: d.name, successes: roll.successes, needed: roll.needed, actions
  });
  const done = await askOpportunity(chooser, d.actor, { heading, name: d.name }, (choice) => finish(attack, choice, so));
  return /** @type {ChatMessage|undefined} */ (done);
}

/**
 * Run the whole `attack` with the pool's faces and the Opportunity chosen, rolling the damage
 * dice as one roll if damage lands; apply the changes and post the card.
 * @param {Attack} attack
 * @param {string} choice
 * @param {{dice: any[], rolls: Roll[]}} so
 * @returns {Promise<ChatMessage|undefined>}
 */
async function finish(attack, choice, so) {
  const { combatants, weapon } = attack;
  /** @type {Record<string, any>} */
  const input = { ...attack.input, opportunity: { choice } };
  const { call, result, rolls } = await rollWith("attack", input, so);
  if ( result.error ) return refuse(game.i18n.format("RULEPACK.Error.RuleFailed", { message: result.error.message }));
  const [a, d] = combatants;
  const changes = documentChanges(combatants, [result.state.attacker, result.state.target]);
  /** @type {Record<string, string>} */
  const names = {};
  for ( const c of combatants ) {
    names[c.character.id] = c.name;
    for ( const [id, item] of Object.entries(c.items) ) names[id] ??= item.name;
  }
  const who = { attacker: a.name, target: d.name, weapon: weapon.name ?? weapon.id };
  const heading = input.cost === "none" ? game.i18n.format("RULEPACK.Sdm.Summary.Counter", who)
    : game.i18n.format("RULEPACK.Sdm.Summary.Attack", who);
  const title = game.i18n.format("RULEPACK.Sdm.AttackCard", { attacker: a.name, target: d.name });
  return applyAndPost(changes, {
    title, rolls, call, result, summary: [heading, ...outcomeLines(result.events, names)],
    speaker: ChatMessage.getSpeaker({ actor: a.actor })
  });
}
