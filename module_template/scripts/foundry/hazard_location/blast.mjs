/**
 * The Hazard Dice blast macro (HZ-R25-R27): an explosive detonates at the selected measured
 * template (every token inside it) or at the controlled token (every token the user targets).
 * Each target's distance from the detonation is measured in hexes (one hex = 10 m, HZ-G32) and
 * the engine's `blast` rule resolves its Damage, Armor Roll and Stamina with Foundry's dice; the
 * documents take what each new state implies. One card shows the whole blast: how many targets it
 * reached and hurt, then each target's lines and changes with an Undo of its own (issue 14); each
 * target is one rules call, so "Copy as fixture" gives one fixture per target, replayed exactly.
 * @module foundry/hazard_location/blast
 */

import { moduleDocuments } from "../packs.mjs";
import {
  ITEM_TYPES, characterIds, engineContent, locationLabels, readCombatant, readExplosive
} from "./actors.mjs";
import { lengthText } from "./attack.mjs";
import { controlledToken, hexesBetween, onHexes, selectedTemplate, targetedTokens, templateOrigin, tokensInTemplate } from "./canvas.mjs";
import { applyAndPostTargets, documentChanges, missingGm, namesOf } from "./changes.mjs";
import { readOrWarn, runRolled } from "./engine.mjs";
import { outcomeLines } from "./summary.mjs";
import { blastWindow } from "./windows.mjs";
import * as notices from "../notices.mjs";

/**
 * @typedef {import("./numbers.mjs").Length} Length
 * @typedef {{token: Token, distance: Length}} Victim
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
 * The explosives of this module (its Items pack for the world's system, else those imported).
 * @returns {Promise<Item[]>}
 */
async function explosives() {
  const items = /** @type {Item[]} */ (await moduleDocuments("Item"));
  return items.filter((item) => item.type === ITEM_TYPES.explosive);
}

/**
 * Where the blast detonates and whom it reaches: the template's origin and the tokens inside it,
 * else the controlled token's centre and the targeted tokens. Null when neither is set up or the
 * scene is gridless (no exact distance).
 * @returns {Victim[]|null}
 */
function victims() {
  const template = selectedTemplate();
  const centre = template ? templateOrigin(template) : controlledToken()?.center;
  if ( !centre ) return null;
  const tokens = template ? tokensInTemplate(template) : targetedTokens();
  /** @type {Victim[]} */
  const found = [];
  for ( const token of tokens ) {
    const distance = hexesBetween(centre, token.center);
    if ( (distance === null) || !token.actor ) return null;
    found.push({ token, distance });
  }
  return found.length ? found : null;
}

/**
 * Resolve the blast on one target: its rules call, rolls and lines, and the changes it makes
 * (applied with the others, on the blast's one card).
 * @param {Item} item  the explosive
 * @param {Victim} victim
 * @param {Record<string, any>} content
 * @returns {Promise<import("../gm-writes.mjs").Target|undefined>}
 */
async function strike(item, { token, distance }, content) {
  const actor = /** @type {Actor} */ (token.actor);
  const read = await readOrWarn(async () => ({
    target: readCombatant(actor, characterIds([actor])[0]), explosive: readExplosive(item)
  }));
  if ( !read ) return undefined;
  const { target, explosive } = read;
  const input = { explosive, distance, target: target.character, content };
  const { call, result, rolls } = await runRolled("blast", input);
  if ( result.error ) {
    notices.warn(game.i18n.format("RULEPACK.Error.RuleFailed", { message: result.error.message }));
    return undefined;
  }
  const changes = documentChanges([target], [result.state.target], result.events);
  const names = namesOf([target], locationLabels(content), { [explosive.id]: item.name });
  const heading = game.i18n.format("RULEPACK.Hazard.Summary.Blast", {
    explosive: item.name, target: target.name, distance: lengthText(distance)
  });
  const summary = [heading, ...outcomeLines(result.events, names, target.character.id)];
  return { part: { call, result, rolls, summary }, changes };
}

/**
 * Whether a target's rules call hurt it: it lost Stamina (HZ-R21) or took an Injury (HZ-R31).
 * @param {import("../gm-writes.mjs").Target} struck
 * @returns {boolean}
 */
function hurt({ part }) {
  return /** @type {any[]} */ (part.result.events).some((e) => ((e.type === "stamina") && (e.after < e.before)) || (e.type === "injury"));
}

/**
 * The blast's outcome line: how many targets it reached, how many it hurt.
 * @param {string} explosive
 * @param {import("../gm-writes.mjs").Target[]} struck
 * @returns {string}
 */
function outcome(explosive, struck) {
  const data = { explosive, count: struck.length, hurt: struck.filter(hurt).length };
  return struck.length === 1 ? game.i18n.format("RULEPACK.Hazard.Summary.BlastOutcomeOne", data)
    : game.i18n.format("RULEPACK.Hazard.Summary.BlastOutcome", data);
}

/**
 * Detonate an explosive at the selected template (or the controlled token) and post one card
 * for every target reached, in the order the tokens are listed, each rolled in turn.
 * @returns {Promise<ChatMessage|undefined>}
 */
export async function blast() {
  if ( canvas?.grid && !onHexes() ) return refuse(game.i18n.localize("RULEPACK.Hazard.BlastNeedsHexes"));
  const reached = victims();
  if ( !reached ) return refuse(game.i18n.localize("RULEPACK.Hazard.NeedBlast"));
  if ( missingGm(reached.map(({ token }) => /** @type {Actor} */ (token.actor))) ) return refuse(game.i18n.localize("RULEPACK.Gm.NoneOnline"));
  const choices = await explosives();
  if ( !choices.length ) return refuse(game.i18n.localize("RULEPACK.Hazard.NoExplosives"));
  const id = await blastWindow({
    explosives: choices.map((item) => ({ id: String(item.id), label: item.name })),
    targets: reached.map(({ token, distance }) => game.i18n.format("RULEPACK.Hazard.BlastTarget", {
      name: token.name, distance: lengthText(distance)
    }))
  });
  const item = choices.find((c) => c.id === id);
  if ( !item ) return undefined;
  const content = await readOrWarn(engineContent);
  if ( !content ) return undefined;
  const struck = [];
  for ( const victim of reached ) {
    const target = await strike(item, victim, content);
    if ( target ) struck.push(target);
  }
  if ( !struck.length ) return undefined;
  const title = game.i18n.format("RULEPACK.Hazard.BlastCard", { explosive: item.name });
  return applyAndPostTargets({ title, summary: [outcome(item.name, struck)] }, struck);
}
