/**
 * An attack card's action (DR-R09, DR-R10, DR-R15, DR-R16, DR-R19, DR-R23), step by step with the
 * engine's public rules, in the order and with the inputs of the engine's own Turn
 * (`rules/danger_room/acts.mjs` `attack`): the weapon's shot or throw (`weapon_use`), the landing
 * (`attack_landing`: Reach, Confused, Dazzled, and which targets an armed defence negates, from
 * `defence_check` on an untouched copy of the fight), each catch that happens (`defence_check`),
 * then each target the attack lands on (`resolve_hit`). Every step is its own chat card, but for
 * an attack over an area (a Line, a Cone, a Burst: DR-G22), whose steps all go on one card of
 * several: how many targets it reached and hit, then each step with its own Undo (issue 14).
 * @module foundry/danger_room/attack
 */

import { runCase } from "../../rules/harness.mjs";
import { PlayError } from "./errors.mjs";
import { applyState, nameOf } from "./fight.mjs";
import { appliedStep, fightStep, postStep, postSteps, runStep } from "./steps.mjs";
import { fightConfig } from "./settings.mjs";
import { wordOf } from "../trace.mjs";
import { MISSES, STATUSES } from "./words.mjs";

/**
 * @typedef {Record<string, any>} Json
 * @typedef {import("./fight.mjs").Fight} Fight
 * @typedef {import("./fight.mjs").Entry} Entry
 * @typedef {{entry: Entry, card: Json, name: string, speed: number, aim: Json, boost: number[],
 *   speaker: ChatSpeakerData}} Attack  one attack: the attacker, its engine card and printed
 *   name, its Turn Speed, the aim the targets give, the BOOSTs per hit
 */

/** The card kinds that attack (a card of another kind arms a defence, moves, reloads …). */
export const ATTACKS = Object.freeze(["strike", "power", "grab"]);

/** Fighters out of the fight: no longer on the map for Reach. */
const OUT = Object.freeze(["down", "obliterated"]);
/**
 * The miss check each miss reason comes from (DR-G03).
 * @type {Readonly<Record<string, string>>}
 */
const CHECK_OF = Object.freeze({ target_out_of_reach: "target_out_of_reach", dazzled: "dazzled" });

/**
 * Run a rule that rolls no dice and changes nothing; its state, or a PlayError.
 * @param {string} rule
 * @param {Json} input
 * @returns {Json}
 */
function ask(rule, input) {
  const outcome = runCase("danger_room", rule, fightConfig(), input, []);
  if ( outcome.error ) throw new PlayError(game.i18n.format("RULEPACK.Error.RuleFailed", { message: outcome.error.message }));
  return outcome.state;
}

/**
 * What a fighter's senses are made of (DR-R12, DR-R14), as `sight` and `unreactable` read it.
 * @param {Json} record
 * @returns {Json}
 */
function sensesInput(record) {
  return {
    id: record.id, sensorial_class: record.sensorial_class, traits: record.traits,
    conditions: Object.keys(record.conditions).sort()
  };
}

/**
 * Every fighter's Visibility penalty dice at the fight's location (DR-R13, DR-G23).
 * @param {Fight} fight
 * @returns {Record<string, number>}
 */
export function penalties(fight) {
  return Object.fromEntries(Object.values(fight.state.fighters).map((f) => [
    f.id, ask("sight", { fighter: sensesInput(f), visibility: fight.visibility }).penalty
  ]));
}

/**
 * Whether the attack is too fast for `target`'s senses (DR-R15, DR-G24).
 * @param {Attack} attack
 * @param {Json} target  an engine fighter record
 * @returns {boolean}
 */
function unreactable(attack, target) {
  const input = { speed: attack.speed, card_speed: attack.card.speed, tags: attack.card.tags, target: sensesInput(target) };
  return ask("unreactable", input).unreactable;
}

/**
 * The `defence_check` request of the attack on one target.
 * @param {Fight} fight
 * @param {Attack} attack
 * @param {string} target
 * @param {Record<string, number>} sight
 * @returns {Json}
 */
function catchInput(fight, attack, target, sight) {
  const request = {
    target, card: attack.card, unreactable: unreactable(attack, fight.state.fighters[target]), sight_penalties: sight
  };
  return { state: fight.state, request };
}

/**
 * DR-R23, DR-G35: a technique shoots or throws its wielded weapon and takes its Damage and Base
 * Attribute. Returns the card as it hits.
 * @param {Fight} fight
 * @param {Attack} attack
 * @returns {Promise<Json>}
 */
async function weaponCard(fight, attack) {
  const { card, entry } = attack;
  if ( card.weapon === null ) return card;
  const me = entry.record;
  const index = me.weapons.findIndex((/** @type {Json} */ w) => w.id === card.weapon);
  if ( !me.wielded.includes(card.weapon) || index < 0 ) {
    throw new PlayError(game.i18n.format("RULEPACK.DangerRoom.NotWielded", { name: entry.combatant.name, weapon: card.weapon }));
  }
  const input = { fighter: me.id, weapon: me.weapons[index], action: "attack", on_ground: fight.state.on_ground };
  const step = await runStep("weapon_use", input);
  const { weapon, in_hand: inHand, on_ground: onGround } = step.result.state;
  const weapons = me.weapons.map((/** @type {Json} */ w, /** @type {number} */ i) => (i === index ? weapon : w));
  const wielded = inHand ? me.wielded : me.wielded.filter((/** @type {string} */ w) => w !== weapon.id);
  const changes = await applyState(fight, { fighters: { [me.id]: { ...me, weapons, wielded } }, on_ground: onGround });
  if ( step.result.events.length ) {
    await postStep(step, { title: title("Weapon", { name: entry.combatant.name, card: attack.name }), changes, speaker: attack.speaker });
  }
  return { ...card, damage: weapon.damage, base_attribute: weapon.base_attribute };
}

/**
 * A localised card title of the DangerRoom.Title group.
 * @param {"Weapon"|"Landing"|"Catch"|"Hit"} which
 * @param {Record<string, unknown>} data
 * @returns {string}
 */
function title(which, data) {
  switch ( which ) {
    case "Weapon": return game.i18n.format("RULEPACK.DangerRoom.Title.Weapon", data);
    case "Landing": return game.i18n.format("RULEPACK.DangerRoom.Title.Landing", data);
    case "Catch": return game.i18n.format("RULEPACK.DangerRoom.Title.Catch", data);
    default: return game.i18n.format("RULEPACK.DangerRoom.Title.Hit", data);
  }
}

/**
 * The `attack_landing` input: who is on the map, the attacker's afflictions, and which targets
 * an armed defence would negate (asked on the fight as it is, changing nothing).
 * @param {Fight} fight
 * @param {Attack} attack
 * @param {Record<string, number>} sight
 * @returns {Json}
 */
function landingInput(fight, attack, sight) {
  const inside = Object.values(fight.state.fighters).filter((f) => !OUT.includes(f.status));
  const bodies = inside.map((f) => ({ id: f.id, side: f.side, hex: f.hex, airborne: f.airborne }));
  const me = attack.entry.record;
  const caughtBy = inside.filter((f) => f.id !== me.id)
    .filter((f) => ask("defence_check", catchInput(fight, attack, f.id, sight)).negated)
    .map((f) => f.id);
  return {
    attacker: me.id, confused: "confused" in me.conditions, dazzled: "dazzled" in me.conditions,
    card: { reach: attack.card.reach, tags: attack.card.tags }, aim: attack.aim, fighters: bodies, caught_by: caughtBy
  };
}

/**
 * The targets that reached the Active Defence check, in the order the attack declared them:
 * every declared target but those a check ordered before it already missed (DR-G03).
 * @param {Json[]} events  the landing's events
 * @param {Json} aim
 * @returns {string[]}
 */
function reachedCatch(events, aim) {
  const area = events.find((e) => e.type === "area");
  const confused = events.find((e) => e.type === "confused");
  const declared = area ? area.targets : [confused?.redirected_to ?? aim.target];
  const checks = /** @type {string[]} */ (fightConfig().miss_checks);
  const before = checks.slice(0, checks.indexOf("active_defence_caught"));
  const missed = events.filter((e) => e.type === "miss" && before.includes(CHECK_OF[e.reason] ?? "")).map((e) => e.target);
  return declared.filter((/** @type {string} */ id) => !missed.includes(id));
}

/**
 * The Landing card's outcome on top (issue 14): whom the attack lands on, then each target it
 * misses and why (DR-R11's miss checks), or that it lands on no one.
 * @param {Fight} fight
 * @param {{state: Json, events: Json[]}} result  the `attack_landing` result
 * @returns {string[]}
 */
function landingLines(fight, { state, events }) {
  const localize = (/** @type {string} */ key) => game.i18n.localize(key);
  const lines = state.targets.length ? [game.i18n.format("RULEPACK.DangerRoom.LandsOn", {
    targets: state.targets.map((/** @type {string} */ id) => nameOf(fight, id)).join(", ")
  })] : [];
  for ( const miss of events.filter((e) => e.type === "miss") ) {
    lines.push(game.i18n.format("RULEPACK.DangerRoom.MissesTarget", { target: nameOf(fight, miss.target), reason: wordOf(MISSES, miss.reason, localize) }));
  }
  return lines.length ? lines : [localize("RULEPACK.DangerRoom.LandsOnNoOne")];
}

/**
 * Play an attack card's action: a card per step, or one card for an attack over an area.
 * @param {Fight} fight
 * @param {Attack} attack
 * @returns {Promise<void>}
 */
export async function attackAction(fight, attack) {
  const played = { ...attack, card: await weaponCard(fight, attack) };
  const sight = penalties(fight);
  const who = { name: attack.entry.combatant.name, card: attack.name };
  const landing = await appliedStep(fight, "attack_landing", landingInput(fight, played, sight), () => ({ fighters: {} }));
  const area = landing.step.result.events.find((e) => e.type === "area");
  if ( area ) return areaAction(fight, played, { landing, sight, who, area });
  await postStep(landing.step, {
    title: title("Landing", who), lines: landingLines(fight, landing.step.result), changes: landing.changes, speaker: attack.speaker
  });
  for ( const target of reachedCatch(landing.step.result.events, attack.aim) ) {
    const step = await runStep("defence_check", catchInput(fight, played, target, sight));
    const changes = await applyState(fight, step.result.state.state);
    if ( !step.result.events.length ) continue;
    await postStep(step, { title: title("Catch", { ...who, target: nameOf(fight, target) }), changes, speaker: attack.speaker });
  }
  for ( const target of landing.step.result.state.targets ) {
    await hit(fight, played, target, sight, who);
  }
}

/**
 * DR-G22: the rest of an attack over an area, on one card: the catches that happen, then each
 * target it lands on, each step a part with its own Undo; on top, how many of the fighters the
 * area caught it landed on.
 * @param {Fight} fight
 * @param {Attack} played  the attack, its card as it hits
 * @param {{landing: import("./steps.mjs").Ran, sight: Record<string, number>,
 *   who: {name: string, card: string}, area: Json}} done  the landing, and what the steps need
 * @returns {Promise<void>}
 */
async function areaAction(fight, played, { landing, sight, who, area }) {
  const { events, state } = landing.step.result;
  /** @type {import("./steps.mjs").Part[]} */
  const parts = [{ ...landing, line: game.i18n.localize("RULEPACK.DangerRoom.Part.Landing") }];
  for ( const target of reachedCatch(events, played.aim) ) {
    const caught = await appliedStep(fight, "defence_check", catchInput(fight, played, target, sight), (s) => s.state);
    if ( caught.step.result.events.length ) {
      parts.push({ ...caught, line: game.i18n.format("RULEPACK.DangerRoom.Part.Catch", { target: nameOf(fight, target) }) });
    }
  }
  for ( const target of state.targets ) {
    const request = hitRequest(fight, played, target, sight);
    const struck = await appliedStep(fight, "resolve_hit", { state: fight.state, request });
    parts.push({ ...struck, line: game.i18n.format("RULEPACK.DangerRoom.Part.Hit", { target: nameOf(fight, target) }) });
  }
  const data = { card: who.card, count: area.targets.length, hit: state.targets.length };
  const outcome = data.count === 1 ? game.i18n.format("RULEPACK.DangerRoom.AreaOutcomeOne", data)
    : game.i18n.format("RULEPACK.DangerRoom.AreaOutcome", data);
  await postSteps({ title: game.i18n.format("RULEPACK.DangerRoom.Title.Area", who), summary: [outcome], speaker: played.speaker }, parts);
}

/**
 * A Hit card's outcome on top (issue 14): the target immune, or the Health it loses over the
 * card's hits (DR-R19), then each fighter's fall to a new status (DR-R25).
 * @param {Fight} fight
 * @param {string} target  the target's fighter id
 * @param {Json[]} events  the `resolve_hit` events
 * @returns {string[]}
 */
function hitLines(fight, target, events) {
  const localize = (/** @type {string} */ key) => game.i18n.localize(key);
  const name = nameOf(fight, target);
  if ( events.some((e) => e.type === "immune") ) return [game.i18n.format("RULEPACK.DangerRoom.HitImmune", { target: name })];
  const damage = events.filter((e) => e.type === "damage");
  const lost = damage.reduce((sum, e) => sum + e.health_lost, 0);
  const lines = damage.length ? [game.i18n.format("RULEPACK.DangerRoom.HitLoses", { target: name, lost })] : [];
  for ( const e of events.filter((e) => e.type === "status") ) {
    lines.push(game.i18n.format("RULEPACK.DangerRoom.HitStatus", { name: nameOf(fight, e.fighter), status: wordOf(STATUSES, e.to, localize) }));
  }
  return lines;
}

/**
 * DR-R11, DR-R19: the `resolve_hit` request of the attack on one target it lands on (`attack`
 * holding the card as it hits: a technique's weapon Damage in, `weaponCard`).
 * @param {Fight} fight
 * @param {Attack} attack
 * @param {string} target
 * @param {Record<string, number>} sight
 * @returns {Json}
 */
export function hitRequest(fight, attack, target, sight) {
  const { card, entry } = attack;
  return {
    attacker: entry.record.id, target, card,
    boost: card.damage === null ? [] : attack.boost,
    save_boost: 0,
    unreactable: unreactable(attack, fight.state.fighters[target]),
    penalty_dice: sight[entry.record.id]
  };
}

/**
 * DR-R23, DR-G35: the card as it will hit, read without using the weapon (the odds of a hit,
 * asked before the turn): a technique takes its wielded weapon's Damage and Base Attribute, as
 * `weaponCard` gives them once `weapon_use` has run (which changes ammunition, not Damage).
 * @param {Attack} attack
 * @returns {Json}
 */
export function cardAsItHits(attack) {
  const { card, entry } = attack;
  if ( card.weapon === null ) return card;
  const weapon = entry.record.weapons.find((/** @type {Json} */ w) => w.id === card.weapon);
  return weapon ? { ...card, damage: weapon.damage, base_attribute: weapon.base_attribute } : card;
}

/**
 * DR-R11, DR-R17-R20, DR-R25: one target the attack lands on (`resolve_hit`).
 * @param {Fight} fight
 * @param {Attack} attack
 * @param {string} target
 * @param {Record<string, number>} sight
 * @param {{name: string, card: string}} who
 * @returns {Promise<void>}
 */
async function hit(fight, attack, target, sight, who) {
  const request = hitRequest(fight, attack, target, sight);
  await fightStep(fight, "resolve_hit", { state: fight.state, request }, {
    title: title("Hit", { ...who, target: nameOf(fight, target) }), speaker: attack.speaker,
    linesOf: (_state, events) => hitLines(fight, target, events)
  });
}
