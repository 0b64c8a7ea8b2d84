/**
 * A card played on its fighter's turn (DR-R07 steps 3-4), from the selected token against the
 * targeted ones: the card is revealed and checked against the commitment, the turn begins, and
 * the card acts as the engine's Turn would make it act (`rules/danger_room/turn.mjs`
 * `fighterTurn`): nothing when a dampener disables it or a Dizzy takes the action, else by kind
 * (an attack, arming a defence, taking off or landing, a reload, a weapon change). Token movement is the table's,
 * on the canvas: the card moves no one.
 * @module foundry/danger_room/play
 */

import { inCone } from "../../rules/danger_room/hexes.mjs";
import { ATTACKS, attackAction } from "./attack.mjs";
import { PlayError } from "./errors.mjs";
import { applyState, entryFor, readFight } from "./fight.mjs";
import { turnSpeed } from "./order.mjs";
import { sendPending } from "./relay.mjs";
import { moduleItems } from "./sheet.mjs";
import { fightStep } from "./steps.mjs";
import { hitOddsRender } from "./odds.mjs";
import { beginTurn, checkTurn, revealCard } from "./turn.mjs";
import { activeCombat, askForm, needsGm, report, selectedCombatant, speakerOf, targetedCombatants } from "./ui.mjs";
import { fightConfig } from "./settings.mjs";

/**
 * @typedef {Record<string, any>} Json
 * @typedef {import("./fight.mjs").Fight} Fight
 * @typedef {import("./fight.mjs").Entry} Entry
 * @typedef {{fight: Fight, entry: Entry, card: Json, name: string, targets: string[],
 *   speaker: ChatSpeakerData}} Play  a card being played: by whom, against whom
 * @typedef {{idle: string|null, attack?: import("./attack.mjs").Attack, wield?: string[]}} Prepared
 *   what a card needs before the turn begins
 */

const DEFENDS = Object.freeze(["block", "active_defence"]);
const ALTITUDE = Object.freeze(["take_off", "land"]);
const SINGLE_TARGET = Object.freeze(["adjacent", "hexes"]);

/* -------------------------------------------- */
/*  Aim and BOOST                               */
/* -------------------------------------------- */

/**
 * The one targeted fighter; a PlayError for none or several.
 * @param {Play} play
 * @returns {string}
 */
function oneTarget(play) {
  if ( play.targets.length !== 1 ) throw new PlayError(game.i18n.localize("RULEPACK.DangerRoom.TargetOne"));
  return play.targets[0];
}

/**
 * DR-R09, DR-G22: the aim the targets give the card's Reach: the target for Adjacent and N
 * hexes; nothing for a Burst on the user; the target's hex for a Burst around a hex; for a Line
 * or a Cone, the first of the six directions whose Cone holds the target.
 * @param {Play} play
 * @returns {Json}
 */
function aimOf(play) {
  const reach = play.card.reach;
  if ( SINGLE_TARGET.includes(reach.shape) ) return { target: oneTarget(play) };
  if ( reach.shape === "burst" ) {
    const origin = reach.origin ?? fightConfig().reach_geometry.burst_origin_default;
    return origin === "self" ? {} : { hex: play.fight.state.fighters[oneTarget(play)].hex };
  }
  const from = play.entry.record.hex;
  const to = play.fight.state.fighters[oneTarget(play)].hex;
  const far = Math.max(Math.abs(to[0] - from[0]), Math.abs(to[1] - from[1]), Math.abs(to[0] - from[0] + to[1] - from[1]));
  const direction = [0, 1, 2, 3, 4, 5].find((d) => inCone(from, to, d, Math.max(1, far), true));
  if ( direction === undefined ) throw new PlayError(game.i18n.localize("RULEPACK.DangerRoom.TargetOne"));
  return { direction };
}

/**
 * DR-G15, C4: the BOOSTs per hit the player adds to the damage rolls (each costs Stamina); none
 * asked when BOOST is not allowed on damage or the fighter has no Stamina for one. The form
 * shows the live odds of the hit on each target (`odds.mjs`), one panel each.
 * @param {Play} play
 * @param {import("./attack.mjs").Attack} attack  the attack being prepared
 * @returns {Promise<number[]>}
 */
async function boostsOf(play, attack) {
  const hits = play.card.hits;
  const boost = fightConfig().boost;
  const none = Array(hits).fill(0);
  if ( !boost.rolls.includes("damage") || play.entry.record.stamina < boost.cost || boost.max_per_roll < 1 ) return none;
  const fields = none.map((_, i) => ({
    name: `hit${i + 1}`, label: game.i18n.format("RULEPACK.DangerRoom.BoostHit", { hit: i + 1 }),
    value: 0, min: 0, max: boost.max_per_roll
  }));
  const title = game.i18n.format("RULEPACK.DangerRoom.BoostTitle", { name: play.name, stamina: play.entry.record.stamina });
  const targets = play.targets;
  const render = targets.length ? hitOddsRender(play.fight, attack, targets, fields) : undefined;
  const answer = await askForm("rulepack-dialog-danger_room-boost", title, fields, render, targets.length);
  if ( !answer ) throw new PlayError(game.i18n.localize("RULEPACK.DangerRoom.Cancelled"));
  return fields.map((f) => Number(answer[f.name]));
}

/* -------------------------------------------- */
/*  Actions                                     */
/* -------------------------------------------- */

/**
 * A card that does nothing this turn (disabled, action lost, a utility): its card is the turn's
 * own rule (`expire_defences` at `own_turn`, which has already run once) with the reason.
 * @param {Play} play
 * @param {string} line
 * @returns {Promise<void>}
 */
async function nothing(play, line) {
  const input = { state: play.fight.state, moment: "own_turn", fighter: play.entry.record.id };
  await fightStep(play.fight, "expire_defences", input, { title: titleOf(play), lines: [line], speaker: play.speaker });
}

/**
 * The card title of a play: "X-23 plays Claw Strike".
 * @param {Play} play
 * @returns {string}
 */
function titleOf(play) {
  return game.i18n.format("RULEPACK.DangerRoom.Title.Play", { name: play.entry.combatant.name, card: play.name });
}

/**
 * DR-R16, DR-G26, DR-G27: arm the card's Active Defence (Block's built-in one) over the fighter,
 * or over the one targeted teammate.
 * @param {Play} play
 * @returns {Promise<void>}
 */
async function defend(play) {
  const protects = play.targets.length === 1 ? play.targets[0] : play.entry.record.id;
  const input = { state: play.fight.state, owner: play.entry.record.id, card: play.card, protects };
  await fightStep(play.fight, "arm_defence", input, { title: titleOf(play), speaker: play.speaker });
}

/**
 * DR-R24, DR-G31: take off or land; the whole action.
 * @param {Play} play
 * @returns {Promise<void>}
 */
async function altitude(play) {
  const me = play.entry.record;
  const fighter = { id: me.id, airborne: me.airborne, traits: me.traits, conditions: Object.keys(me.conditions).sort() };
  await fightStep(play.fight, "change_altitude", { fighter, card: play.card.kind }, {
    title: titleOf(play), speaker: play.speaker, stateOf: (s) => ({ fighters: { [me.id]: { ...me, airborne: s.airborne } } })
  });
}

/**
 * DR-R23: reload the card's firearm; the whole action.
 * @param {Play} play
 * @returns {Promise<void>}
 */
async function reload(play) {
  const me = play.entry.record;
  const index = me.weapons.findIndex((/** @type {Json} */ w) => w.id === play.card.weapon);
  if ( index < 0 || !me.wielded.includes(play.card.weapon) ) {
    throw new PlayError(game.i18n.format("RULEPACK.DangerRoom.NotWielded", { name: play.entry.combatant.name, weapon: play.card.weapon }));
  }
  const input = { fighter: me.id, weapon: me.weapons[index], action: "reload", on_ground: play.fight.state.on_ground };
  await fightStep(play.fight, "weapon_use", input, {
    title: titleOf(play), speaker: play.speaker,
    stateOf: (s) => ({
      fighters: { [me.id]: { ...me, weapons: me.weapons.map((/** @type {Json} */ w, /** @type {number} */ i) => (i === index ? s.weapon : w)) } },
      on_ground: s.on_ground
    })
  });
}

/**
 * DR-G36: the weapons to wield after a change, asked before the turn begins: one choice per
 * hand among the weapons the fighter carries and did not throw this fight (or an empty hand);
 * the rule refuses more hands than two.
 * @param {Play} play
 * @returns {Promise<string[]>}
 */
async function wieldOf(play) {
  const me = play.entry.record;
  const thrown = play.fight.state.on_ground.filter((/** @type {Json} */ g) => g.owner === me.id && g.thrown).map((/** @type {Json} */ g) => g.item);
  const options = [{ value: "", label: game.i18n.localize("RULEPACK.DangerRoom.EmptyHand") },
    ...me.weapons.filter((/** @type {Json} */ w) => !thrown.includes(w.id)).map((/** @type {Json} */ w) => ({ value: w.id, label: String(w.name ?? w.id) }))];
  const fields = [1, 2].map((hand) => ({
    name: `hand${hand}`, label: game.i18n.format("RULEPACK.DangerRoom.Hand", { hand }), value: me.wielded[hand - 1] ?? "", options
  }));
  const answer = await askForm("rulepack-dialog-danger_room-wield", game.i18n.format("RULEPACK.DangerRoom.WieldTitle", { name: play.entry.combatant.name }), fields);
  if ( !answer ) throw new PlayError(game.i18n.localize("RULEPACK.DangerRoom.Cancelled"));
  return [...new Set(fields.map((f) => String(answer[f.name])).filter((v) => v !== ""))];
}

/**
 * DR-G36: change the wielded weapons, the card's whole action (`change_weapons`).
 * @param {Play} play
 * @param {string[]} wield
 * @returns {Promise<void>}
 */
async function changeWeapons(play, wield) {
  const me = play.entry.record;
  await fightStep(play.fight, "change_weapons", { fighter: me.id, weapons: me.weapons, wielded: wield }, {
    title: titleOf(play), speaker: play.speaker, stateOf: (s) => ({ fighters: { [me.id]: { ...me, wielded: s.wielded } } })
  });
}

/**
 * Why the card does nothing this turn, if it does nothing (DR-G41 dampener, DR-G18 Dizzy).
 * @param {Play} play
 * @returns {string|null}
 */
function idleReason(play) {
  const me = play.entry.record;
  const dampener = fightConfig().dampener;
  const gift = (dampener.disables_focus && play.card.focus)
    || play.card.tags.some((/** @type {string} */ t) => dampener.disables_tags.includes(t));
  if ( "dampened" in me.conditions && gift ) {
    return game.i18n.format("RULEPACK.DangerRoom.Disabled", { name: play.entry.combatant.name, card: play.name });
  }
  const dizzy = me.conditions.dizzy;
  if ( dizzy !== undefined && dizzy !== null && dizzy >= play.fight.state.turn ) {
    return game.i18n.format("RULEPACK.DangerRoom.ActionLost", { name: play.entry.combatant.name });
  }
  return null;
}

/**
 * What the card needs before the turn begins: why it does nothing, for an attack its aim and
 * BOOSTs, for a weapon change the weapons (asked first, so a missing target or a cancelled
 * dialog changes nothing).
 * @param {Play} play
 * @returns {Promise<Prepared>}
 */
async function prepare(play) {
  const idle = idleReason(play);
  if ( !idle && (play.card.kind === "change_weapons") ) return { idle, wield: await wieldOf(play) };
  if ( idle || !ATTACKS.includes(play.card.kind) ) return { idle };
  /** @type {import("./attack.mjs").Attack} */
  const attack = {
    entry: play.entry, card: play.card, name: play.name, speaker: play.speaker,
    speed: turnSpeed(play.entry.record, play.card), aim: aimOf(play), boost: []
  };
  attack.boost = await boostsOf(play, attack);
  return { idle, attack };
}

/**
 * The card's action by kind.
 * @param {Play} play
 * @param {Prepared} prepared
 * @returns {Promise<void>}
 */
async function act(play, { idle, attack, wield }) {
  const kind = play.card.kind;
  if ( idle ) return nothing(play, idle);
  if ( attack ) return attackAction(play.fight, attack);
  if ( wield ) return changeWeapons(play, wield);
  if ( DEFENDS.includes(kind) ) return defend(play);
  if ( ALTITUDE.includes(kind) ) return altitude(play);
  if ( kind === "reload" ) return reload(play);
  return nothing(play, game.i18n.format("RULEPACK.DangerRoom.Utility", { name: play.entry.combatant.name, card: play.name }));
}

/**
 * Play one of the selected fighter's cards on its turn against the targeted fighters.
 * @param {string} cardKey  the card's author key, e.g. "claw-strike"
 * @returns {Promise<void>}
 */
export async function playCard(cardKey) {
  try {
    needsGm();
    const combat = activeCombat();
    const combatant = selectedCombatant(combat);
    checkTurn(combat, combatant);
    const items = await moduleItems();
    const fight = readFight(combat, items);
    const entry = entryFor(fight, combatant);
    if ( entry.record.acted ) throw new PlayError(game.i18n.format("RULEPACK.DangerRoom.Acted", { name: combatant.name }));
    const card = await revealCard(fight, entry, cardKey, items);
    const targets = targetedCombatants(combat).map((c) => entryFor(fight, c).record.id);
    const play = { fight, entry, card, name: items.get(cardKey)?.name ?? cardKey, targets, speaker: speakerOf(combatant) };
    const prepared = await prepare(play);
    await beginTurn(fight, entry);
    await act(play, prepared);
    await applyState(fight, { fighters: { [entry.record.id]: { ...entry.record, acted: true } } });
    await sendPending(fight);
  } catch(err) {
    report(err);
  }
}
