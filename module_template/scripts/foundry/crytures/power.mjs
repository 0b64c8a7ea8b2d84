/**
 * The Crytures power macro (CR-R04-R12): the controlled token uses one of its powers, at the
 * targeted token for a Melee, Ranged or Blast power aimed at someone. The power window lists
 * every power with its type relation against the target and its range measured on the grid
 * (CR-R06, CR-R12: shown before the roll) and asks the die modifiers and the situations the grid
 * cannot see (cover, obscured, the target can't see the attacker; CR-G22); flanking and
 * elevation the engine reads off the grid. The engine's `use_power` then runs with one Foundry
 * `Roll` per attack pool, the Combatants take what the new state implies (Health, Stamina, Mana,
 * statuses, defeated, the actions left) and one chat card shows it all.
 * @module foundry/crytures/power
 */

import { RULES_CONFIG } from "../../config.mjs";
import { steps, distance } from "../../rules/crytures/common.mjs";
import { actionChanges, actionsOf, applyAndPost, fightChanges, missingGm, oaChanges, oaSpentOf } from "./changes.mjs";
import { readOrWarn, refuse, refuseResult, runDiceFree, runRolled } from "./engine.mjs";
import { enrolled, gridMatches, readFight, seatOf } from "./fight.mjs";
import { powerOddsRender } from "./odds.mjs";
import { powerLines } from "./summary.mjs";
import { askForm } from "../forms.mjs";
import { checkbox, dieMods, first, select, textInput } from "./windows.mjs";
import { escapeHtml } from "../html.mjs";
import { oddsSlot } from "../odds-view.mjs";

/** This module's rules_config, read as the engine reads it. */
const CONFIG = /** @type {Record<string, any>} */ (RULES_CONFIG);
/** Range kinds aimed at a targeted token. */
const AIMED = Object.freeze(["melee", "ranged", "ranged_blast", "melee_blast"]);
/** The situations of CR-G22 the window asks. */
const SITUATIONS = Object.freeze([
  { id: "cover", label: "RULEPACK.Crytures.Situation.cover" },
  { id: "obscured", label: "RULEPACK.Crytures.Situation.obscured" },
  { id: "cant_see", label: "RULEPACK.Crytures.Situation.cant_see" }
]);

/**
 * @typedef {import("./fight.mjs").Seat} Seat
 * @typedef {{seats: Seat[], user: Seat, target: Seat|undefined, round: number, combat: Combat}} Fight
 */

/**
 * The one token the user controls, if exactly one.
 * @returns {Token|null}
 */
function controlledToken() {
  const controlled = canvas?.tokens?.controlled ?? [];
  return controlled.length === 1 ? controlled[0] : null;
}

/**
 * The one token the user targets, if exactly one.
 * @returns {Token|null}
 */
export function targetedToken() {
  const targets = [...(game.user?.targets ?? [])];
  return targets.length === 1 ? targets[0] : null;
}

/**
 * A power's type relation against the target, as the window shows it (CR-R12, CR-G04, CR-G05).
 * @param {Record<string, any>} power
 * @param {Seat|undefined} target
 * @returns {string}
 */
function relationText(power, target) {
  if ( !target || !power.attack ) return "";
  const result = runDiceFree("type_relation", { attack_type: power.type, defender_types: target.state.types });
  if ( result.error ) return "";
  const { modifier } = /** @type {any} */ (result.state);
  const data = { target: target.name, modifier: modifier > 0 ? `+${modifier}` : String(modifier) };
  if ( modifier > 0 ) return game.i18n.format("RULEPACK.Crytures.Relation.Weak", data);
  if ( modifier < 0 ) return game.i18n.format("RULEPACK.Crytures.Relation.Resists", data);
  return game.i18n.format("RULEPACK.Crytures.Relation.Neutral", data);
}

/**
 * A power's range against the target, measured on the grid (CR-R06, CR-G08).
 * @param {Record<string, any>} power
 * @param {Seat} user
 * @param {Seat|undefined} target
 * @returns {string}
 */
function rangeText(power, user, target) {
  const kind = power.range.kind;
  if ( !["melee", "ranged", "ranged_blast"].includes(kind) || !target?.state.position || !user.state.position ) return "";
  const result = runDiceFree("range_check", { range: power.range, user: user.state.position, target: target.state.position });
  if ( result.error ) return "";
  const { distance: spaces, in_range: inRange, die_mod: dieMod } = result.state;
  if ( !inRange ) return game.i18n.format("RULEPACK.Crytures.Range.Out", { distance: spaces });
  if ( dieMod ) return game.i18n.format("RULEPACK.Crytures.Range.Extended", { distance: spaces, dice: dieMod });
  return game.i18n.format("RULEPACK.Crytures.Range.In", { distance: spaces });
}

/**
 * A power's choice in the window: "Rock Slam (earth, melee 1): weak, +2 against Voltflare; in range".
 * @param {Record<string, any>} power
 * @param {Seat} user
 * @param {Seat|undefined} target
 * @returns {{id: string, label: string}}
 */
function powerOption(power, user, target) {
  const range = power.range.x !== undefined ? `${power.range.kind} ${power.range.x}` : power.range.kind;
  const head = game.i18n.format("RULEPACK.Crytures.PowerOption", { name: power.name, type: power.type ?? "-", range });
  const notes = [relationText(power, target), rangeText(power, user, target)].filter((n) => n !== "");
  return { id: power.id, label: notes.length ? `${head}: ${notes.join("; ")}` : head };
}

/**
 * The power window's form, `chosen` (a power's id) selected, else the first power.
 * @param {Seat} user
 * @param {Seat|undefined} target
 * @param {string} [chosen]
 * @returns {string}
 */
function powerForm(user, target, chosen) {
  const i18n = game.i18n;
  const heading = target ? i18n.format("RULEPACK.Crytures.PowerHeading", { user: user.name, target: target.name })
    : i18n.format("RULEPACK.Crytures.PowerHeadingAlone", { user: user.name });
  const options = user.powers.map((p) => powerOption(p, user, target));
  return `<p class="rulepack-heading">${escapeHtml(heading)}</p>`
    + select("power", i18n.localize("RULEPACK.Crytures.Power"), options, chosen)
    + textInput("die_mods", i18n.localize("RULEPACK.Crytures.DieMods"), "")
    + SITUATIONS.map((s) => checkbox(s.id, i18n.localize(s.label))).join("")
    + checkbox("opportunity", i18n.localize("RULEPACK.Crytures.Opportunity"))
    + oddsSlot();
}

/**
 * The neighbour step from `from` nearest `to` (a Melee Blast's direction, CR-G07).
 * @param {number[]} from
 * @param {number[]} to
 * @returns {number[]}
 */
function directionTo(from, to) {
  let best = null;
  for ( const [dx, dy] of steps(CONFIG) ) {
    const d = distance([from[0] + dx, from[1] + dy], to, CONFIG);
    if ( (best === null) || (d < best.d) ) best = { d, step: [dx, dy] };
  }
  return /** @type {{d: number, step: number[]}} */ (best).step;
}

/**
 * The situations the window checked, for every combatant the power may reach (CR-G22).
 * @param {Record<string, string[]>} values
 * @param {Seat[]} seats
 * @param {Seat} user
 * @returns {Record<string, Record<string, boolean>>}
 */
function situationsOf(values, seats, user) {
  const checked = SITUATIONS.map((s) => s.id).filter((s) => s in values);
  if ( !checked.length ) return {};
  const situation = Object.fromEntries(checked.map((s) => [s, true]));
  return Object.fromEntries(seats.filter((s) => s !== user).map((s) => [s.id, { ...situation }]));
}

/**
 * The `use_power` input from the window's answer, or an error message.
 * @param {Fight} fight
 * @param {Record<string, string[]>} values
 * @returns {{input: Record<string, unknown>, power: Record<string, any>, actions: {major: boolean, minor: boolean}} | {error: string}}
 */
function powerInput(fight, values) {
  const { seats, user, target } = fight;
  const power = user.powers.find((p) => p.id === first(values, "power"));
  if ( !power ) return { error: game.i18n.localize("RULEPACK.Crytures.NoPower") };
  const mods = dieMods(first(values, "die_mods"));
  if ( mods === null ) return { error: game.i18n.localize("RULEPACK.Crytures.BadDieMods") };
  const kind = power.range.kind;
  if ( AIMED.includes(kind) && (!target || !target.state.position) ) return { error: game.i18n.localize("RULEPACK.Crytures.NeedTarget") };
  const actions = actionsOf(user, fight.round);
  /** @type {Record<string, unknown>} */
  const input = {
    user: user.id, power, combatants: seats.map((s) => s.state), situations: situationsOf(values, seats, user),
    die_mods: mods, actions, opportunity: "opportunity" in values, oa_spent: oaSpentOf(fight.combat)
  };
  const aim = /** @type {Seat} */ (target)?.state.position;
  if ( (kind === "melee") || (kind === "ranged") ) input.target = /** @type {Seat} */ (target).id;
  if ( kind === "ranged_blast" ) input.aim = aim;
  if ( kind === "melee_blast" ) input.direction = directionTo(user.state.position, aim);
  return { input, power, actions };
}

/**
 * The fight around the canvas selection, or a warning.
 * @param {Token|null} attacker
 * @param {Token|null} targeted
 * @returns {Promise<Fight|undefined>}
 */
async function readSelection(attacker, targeted) {
  const combat = game.combat;
  if ( !combat ) return refuse(game.i18n.localize("RULEPACK.Crytures.NeedCombat"));
  if ( !gridMatches(CONFIG.grid) ) return refuse(game.i18n.format("RULEPACK.Crytures.WrongGrid", { grid: CONFIG.grid }));
  if ( !attacker ) return refuse(game.i18n.localize("RULEPACK.Crytures.NeedUser"));
  const seats = await readOrWarn(() => readFight(combat));
  if ( !seats ) return undefined;
  const user = seatOf(seats, attacker);
  const target = seatOf(seats, targeted);
  if ( !user || (targeted && !target) ) return refuse(game.i18n.localize("RULEPACK.Crytures.NotInFight"));
  if ( !seats.every((s) => enrolled(s.combatant)) ) return refuse(game.i18n.localize("RULEPACK.Crytures.NotEnrolled"));
  return { seats, user, target, round: combat.round, combat };
}

/**
 * Use a power of the controlled token's fighter and post the card. A power's own macro names it
 * (its key): the window opens with it chosen, and a fighter without it is told so; the chooser
 * macro names none (the first power is chosen).
 * @param {string} [powerKey]  the power's key, as its macro names it
 * @param {{user?: Token|null, target?: Token|null}} [tokens]  defaults to the canvas selection
 * @returns {Promise<ChatMessage|undefined>}
 */
export async function usePower(powerKey, { user = controlledToken(), target = targetedToken() } = {}) {
  const fight = await readSelection(user, target);
  if ( !fight ) return undefined;
  if ( !fight.user.powers.length ) return refuse(game.i18n.format("RULEPACK.Crytures.NoPowers", { name: fight.user.name }));
  const chosen = fight.user.powers.find((p) => p.id === powerKey);
  if ( (powerKey !== undefined) && !chosen ) {
    const power = fight.user.docs.power[String(powerKey)]?.name ?? String(powerKey);
    return refuse(game.i18n.format("RULEPACK.Crytures.LacksPower", { name: fight.user.name, power }));
  }
  const odds = powerOddsRender((answer) => powerInput(fight, answer), fight.target?.id ?? null);
  const values = await askForm("rulepack-dialog-crytures-power", game.i18n.localize("RULEPACK.Crytures.PowerTitle"), powerForm(fight.user, fight.target, chosen?.id),
    game.i18n.localize("RULEPACK.Crytures.Use"), odds);
  if ( !values ) return undefined;
  const built = powerInput(fight, values);
  if ( "error" in built ) return refuse(built.error);
  if ( missingGm([...fight.seats.map((s) => s.combatant), fight.combat]) ) return refuse(game.i18n.localize("RULEPACK.Gm.NoneOnline"));
  const { call, result, rolls } = await runRolled("use_power", built.input);
  if ( result.error ) return refuseResult(result);
  const state = /** @type {any} */ (result.state);
  const changes = [...fightChanges(fight.seats, state.combatants),
    ...actionChanges(fight.user, built.actions, state.actions, fight.round),
    ...oaChanges(fight.combat, /** @type {string[]} */ (built.input.oa_spent), state.oa_spent)];
  const names = Object.fromEntries(fight.seats.map((s) => [s.id, s.name]));
  const title = game.i18n.format("RULEPACK.Crytures.PowerCard", { user: fight.user.name, power: built.power.name });
  const summary = powerLines(result.events, names);
  return applyAndPost(changes, { title, rolls, call, result, summary, speaker: ChatMessage.getSpeaker({ actor: fight.user.actor }) });
}
