/**
 * The Hazard Dice attack macro (HZ-R01, HZ-R16): the controlled token attacks the targeted token.
 * One window asks the weapon, distance (measured between the tokens, one hex = 10 m), movement,
 * cover, complications and, when the target has no recorded species, the species; its
 * Called Shot button opens the Called Shot window listing the species' locations with their
 * penalties (the engine's `called_shot_options`). The whole attack then runs through the engine's
 * `attack` rule with Foundry's dice, each rolled by whoever the table says rolls it
 * (`rollers.mjs`: the defender's player chooses and rolls the defence and the wounds, the GM for
 * an NPC, and picks the table of a species without one), the documents take what the new state
 * implies (Stamina, Injuries, each armour piece's Current AV, weapon condition), and one chat
 * card shows it all, with who rolled each die.
 * @module foundry/hazard_location/attack
 */


import { characterIds, engineContent, locationLabels, readCombatant, speciesChoices } from "./actors.mjs";
import { controlledToken, hexesBetween, targetedToken, typeDistanceNote } from "./canvas.mjs";
import { applyAndPost, documentChanges, missingGm, namesOf } from "./changes.mjs";
import { NoGmError } from "../gm-requests.mjs";
import { RULESET, configOverrides, readOrWarn, runDiceFree } from "./engine.mjs";
import { formatQuantity, metresOf, parseQuantity } from "./numbers.mjs";
import { outcomeLines } from "./summary.mjs";
import { beginAttack, rollerLines, rollerOf } from "./rollers.mjs";
import { attackWindow, calledShotWindow } from "./windows.mjs";
import { attackOddsRender } from "./odds.mjs";
import { RULES_CONFIG } from "../../config.mjs";
import { metresPerHex } from "./settings.mjs";
import { runCase } from "../../rules/harness.mjs";
import * as notices from "../notices.mjs";

/**
 * @typedef {import("./actors.mjs").Combatant} Combatant
 * @typedef {import("./numbers.mjs").Length} Length
 * @typedef {import("./windows.mjs").AttackAnswer} AttackAnswer
 * @typedef {{error: string} | {input: Record<string, unknown>, distanceText: string}} Built
 */

/** This module's rules_config, read as the engine reads it. */
const CONFIG = /** @type {Record<string, any>} */ (RULES_CONFIG);

/**
 * A length as the window and the card show it: "3 hexes (30 m)", "25 m".
 * @param {Length} length
 * @returns {string}
 */
export function lengthText(length) {
  // One hex in metres (HZ-G32), as the world's setting says.
  const metres = metresOf(length, metresPerHex());
  const data = { value: formatQuantity(length.value), metres: metres === null ? "?" : formatQuantity(metres) };
  return length.unit === "hex" ? game.i18n.format("RULEPACK.Hazard.Hexes", data)
    : game.i18n.format("RULEPACK.Hazard.Metres", data);
}

/**
 * A weapon's choice in the window: its name and, for a ranged weapon at a measured distance, the
 * range penalty the engine gives there (HZ-R10) or that it is out of range (HZ-G31).
 * @param {any} weapon  an engine weapon
 * @param {Length|null} distance
 * @returns {{id: string, label: string}}
 */
function weaponOption(weapon, distance) {
  const name = weapon.name ?? weapon.id;
  if ( (weapon.mode !== "ranged") || (distance === null) ) return { id: weapon.id, label: name };
  const result = runDiceFree("range_penalty", {
    optimal_range_m: weapon.optimal_range_m, max_range_m: weapon.max_range_m, distance
  });
  if ( result.error ) return { id: weapon.id, label: name };
  const label = result.state.in_range
    ? game.i18n.format("RULEPACK.Hazard.WeaponInRange", { name, penalty: result.state.penalty })
    : game.i18n.format("RULEPACK.Hazard.WeaponOutOfRange", { name });
  return { id: weapon.id, label };
}

/**
 * The first of a form field's values ("" when absent).
 * @param {Record<string, string[]>} values
 * @param {string} name
 * @returns {string}
 */
function first(values, name) {
  return values[name]?.[0] ?? "";
}

/**
 * The cover of the window's answer (HZ-R12, HZ-G18): null, or the engine's cover object.
 * @param {Record<string, string[]>} values
 * @returns {{cover: object|null} | {error: string}}
 */
function coverOf(values) {
  const kind = first(values, "cover");
  if ( (kind === "none") || (kind === "") ) return { cover: null };
  const text = first(values, "cover_av").trim();
  if ( text === "" ) {
    return kind === "protective" ? { error: game.i18n.localize("RULEPACK.Hazard.CoverAvNeeded") } : { cover: { kind } };
  }
  if ( !/^\d{1,4}$/.test(text) ) return { error: game.i18n.localize("RULEPACK.Hazard.CoverAvNeeded") };
  return { cover: kind === "partial" ? { kind } : { kind, av: Number(text) } };
}

/**
 * The distance of the answer for `weapon`: null in melee, else the typed length.
 * @param {Record<string, string[]>} values
 * @param {any} weapon
 * @returns {{distance: Length|null} | {error: string}}
 */
function distanceOf(values, weapon) {
  if ( weapon.mode !== "ranged" ) return { distance: null };
  const value = parseQuantity(first(values, "distance"));
  const unit = first(values, "distance_unit") === "m" ? "m" : "hex";
  if ( value === null ) return { error: game.i18n.localize("RULEPACK.Hazard.DistanceNeeded") };
  return { distance: { value, unit } };
}

/**
 * The engine's `attack` input from the window's answer (HZ-R06, HZ-R09, HZ-R12, HZ-R19).
 * @param {Combatant} attacker
 * @param {Combatant} defender
 * @param {AttackAnswer} answer
 * @param {{called: string|null, species: string|null, content: object}} extra
 * @returns {Built}
 */
function attackInput(attacker, defender, answer, extra) {
  const { values } = answer;
  const weapon = /** @type {any[]} */ (attacker.character.weapons).find((w) => w.id === first(values, "weapon"));
  if ( !weapon ) return { error: game.i18n.localize("RULEPACK.Hazard.NoWeapon") };
  const distance = distanceOf(values, weapon);
  const cover = coverOf(values);
  if ( "error" in distance ) return distance;
  if ( "error" in cover ) return cover;
  const target = extra.species === null ? defender.character : { ...defender.character, species: extra.species };
  const input = {
    attacker: attacker.character, defender: target, weapon: weapon.id, distance: distance.distance,
    attacker_moved: "attacker_moved" in values, target_moved: "target_moved" in values,
    called_shot: extra.called, cover: cover.cover, complications: values.complication ?? [], die_mods: [],
    content: extra.content
  };
  const range = distance.distance === null ? game.i18n.localize("RULEPACK.Hazard.Melee") : lengthText(distance.distance);
  return { input, distanceText: game.i18n.format("RULEPACK.Hazard.WeaponAt", { weapon: weapon.name ?? weapon.id, range }) };
}

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
 * The species the attack uses: the target's recorded one, else the window's choice (HZ-R16).
 * @param {Combatant} defender
 * @param {AttackAnswer} answer
 * @returns {string|null}  the chosen species, or null when the recorded one applies
 */
function chosenSpecies(defender, answer) {
  if ( defender.character.species ) return null;
  return first(answer.values, "species") || null;
}

/**
 * A species' name as the windows show it (its id when the content does not name it).
 * @param {Record<string, any>} content
 * @param {string} id
 * @returns {string}
 */
function speciesName(content, id) {
  return speciesChoices(content).find((c) => c.id === id)?.label ?? id;
}

/**
 * Ask for the called location (HZ-R16, HZ-R19): the Called Shot window lists every location of
 * the species' table with the engine's penalty, and the odds of the attack at the one selected.
 * Null when closed.
 * @param {Combatant} defender
 * @param {string|null} chosen
 * @param {object} content
 * @param {(event: Event, dialog: HTMLElement | foundry.applications.api.DialogV2) => void} render
 * @returns {Promise<string|null>}
 */
async function askCalledShot(defender, chosen, content, render) {
  const species = defender.character.species ?? null;
  const result = runDiceFree("called_shot_options", { target_species: species, chosen_species: chosen, content });
  if ( result.error ) {
    refuse(game.i18n.format("RULEPACK.Error.RuleFailed", { message: result.error.message }));
    return null;
  }
  return calledShotWindow(speciesName(content, species ?? chosen ?? ""), result.state.locations, render);
}

/**
 * Attack with the controlled token at the targeted token and post the card.
 * @param {{attacker?: Token|null, target?: Token|null}} [tokens]  defaults to the canvas selection
 * @returns {Promise<ChatMessage|undefined>}
 */
export async function attack({ attacker = controlledToken(), target = targetedToken() } = {}) {
  if ( !attacker?.actor || !target?.actor ) return refuse(game.i18n.localize("RULEPACK.Hazard.NeedTokens"));
  const actors = [attacker.actor, target.actor];
  if ( missingGm(actors) ) return refuse(game.i18n.localize("RULEPACK.Gm.NoneOnline"));
  const read = await readOrWarn(async () => {
    const ids = characterIds(actors);
    return { content: await engineContent(), a: readCombatant(actors[0], ids[0]), d: readCombatant(actors[1], ids[1]) };
  });
  if ( !read ) return undefined;
  const { content, a, d } = read;
  if ( !a.character.weapons.length ) return refuse(game.i18n.format("RULEPACK.Hazard.NoWeapons", { name: a.name }));
  const measured = hexesBetween(attacker.center, target.center);
  const answer = await attackWindow({
    attacker: a.name, target: d.name,
    weapons: a.character.weapons.map((/** @type {any} */ w) => weaponOption(w, measured)),
    distance: measured === null ? "" : formatQuantity(measured.value),
    distanceNote: measured === null ? typeDistanceNote() : lengthText(measured),
    species: d.character.species ? null : speciesChoices(content),
    speciesLabel: speciesName(content, d.character.species ?? ""),
    complications: /** @type {any[]} */ (CONFIG.complications ?? []).map((c) => ({ id: c.id, label: c.id }))
  }, attackOddsRender((values) => {
    const asked = /** @type {AttackAnswer} */ ({ action: "attack", values });
    return attackInput(a, d, asked, { called: null, species: chosenSpecies(d, asked), content });
  }, locationLabels(content)));
  if ( !answer ) return undefined;
  const species = chosenSpecies(d, answer);
  const calledOdds = attackOddsRender((values) => attackInput(a, d, answer, { called: values.location?.[0] ?? null, species, content }), locationLabels(content));
  const called = answer.action === "called" ? await askCalledShot(d, species, content, calledOdds) : null;
  if ( (answer.action === "called") && (called === null) ) return undefined;
  const built = attackInput(a, d, answer, { called, species, content });
  if ( "error" in built ) return refuse(built.error);
  return resolve([a, d], built, { content, species });
}

/**
 * A random id for an attack on its way round the table.
 * @returns {string}
 */
function attackId() {
  return [...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The species of the target when it has no hit-location table (the GM picks one, HZ-G30), else
 * null.
 * @param {Combatant} defender
 * @param {string|null} chosen  the species the window chose
 * @param {object} content
 * @returns {string|null}
 */
function tableless(defender, chosen, content) {
  const species = defender.character.species ?? chosen;
  if ( !species ) return null;
  const result = runDiceFree("called_shot_options", { target_species: species, chosen_species: null, content });
  const event = /** @type {any[]} */ (result.events ?? []).find((e) => e.type === "table");
  return event?.fallback ? String(species) : null;
}

/**
 * Carry the attack round the table (`rollers.mjs`): the attack rolled here, the defence chosen
 * and rolled by the defender's player (the GM for an NPC), the table of a species without one
 * picked by the GM; the card is posted here once every die is in.
 * @param {Combatant[]} combatants  attacker, defender
 * @param {{input: Record<string, unknown>, distanceText: string}} built
 * @param {{content: object, species: string|null}} extra
 * @returns {Promise<ChatMessage|undefined>}
 */
async function resolve(combatants, built, extra) {
  const [a, d] = combatants;
  const species = tableless(d, extra.species, extra.content);
  /** @type {import("./rollers.mjs").InHand} */
  const inHand = {
    id: attackId(), origin: String(game.user?.id),
    rollers: { attacker: String(game.user?.id), defender: rollerOf(d.actor), riposte: rollerOf(a.actor) },
    names: { attacker: a.name, target: d.name }, input: built.input, dice: [], by: [], parts: [], rolls: [],
    table: species === null ? null : { species, chosen: null, by: null }, defence: null
  };
  try {
    return await beginAttack(inHand, (done, rolls) => post(combatants, built, extra.content, { inHand: done, rolls }));
  } catch(err) {
    if ( !(err instanceof NoGmError) ) throw err;
    return refuse(err.message);
  }
}

/**
 * Run the attack on every face, apply what it changed and post the card.
 * @param {Combatant[]} combatants  attacker, defender
 * @param {{input: Record<string, unknown>, distanceText: string}} built
 * @param {object} content
 * @param {{inHand: import("./rollers.mjs").InHand, rolls: Roll[]}} rolled
 * @returns {Promise<ChatMessage|undefined>}
 */
async function post(combatants, built, content, { inHand, rolls }) {
  const config = configOverrides();
  const call = { ruleset: RULESET, rule: "attack", config, input: inHand.input, dice: inHand.dice };
  const result = runCase(RULESET, "attack", config, inHand.input, inHand.dice);
  if ( result.error ) return refuse(game.i18n.format("RULEPACK.Error.RuleFailed", { message: result.error.message }));
  const [a, d] = combatants;
  const after = [result.state.attacker, result.state.defender];
  const changes = documentChanges(combatants, after, result.events);
  const names = namesOf(combatants, locationLabels(content));
  const heading = game.i18n.format("RULEPACK.Hazard.Summary.Attack", { attacker: a.name, target: d.name, weapon: built.distanceText });
  const tables = Object.fromEntries(/** @type {any[]} */ ((/** @type {any} */ (content)).hit_location_tables ?? []).map((t) => [t.id, String(t.name ?? t.id)]));
  const summary = [heading, ...outcomeLines(result.events, names, d.character.id), ...rollerLines(inHand, tables, String(CONFIG.fallback_table))];
  const title = game.i18n.format("RULEPACK.Hazard.AttackCard", { attacker: a.name, target: d.name });
  return applyAndPost(changes, { title, rolls, call, result, summary, speaker: ChatMessage.getSpeaker({ actor: a.actor }) });
}
