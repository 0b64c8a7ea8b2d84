/**
 * Who rolls what in a Hazard Dice attack at a table of several clients (HZ-R13, HZ-R15, HZ-G30).
 * The attacker's user rolls the attack; the defender's player chooses the defence (auto, none,
 * evade, parry) and rolls it, and, when the attack strikes, rolls the dice of the character
 * struck (its hit location, armour and Injuries; for a riposte, those are the attacker's, whose
 * player rolls them), each in their own client; the active GM rolls for a character no logged-in
 * player owns (an NPC), and picks the hit-location table of a species that has none.
 *
 * One attack travels from client to client as plain JSON, "in hand" (`InHand`), over the module
 * socket (`gm-requests.mjs` `askUser`; a player who leaves is replaced by the active GM). Each
 * client rolls its own dice with Foundry's `Roll`; which die is whose is read from the rule
 * itself, run on the faces so far and the lowest face for every die still to come (its Tests'
 * pool sizes and whether it hits or is riposted). The attacker's client, where the attack began,
 * runs the rule on every face and posts the one card, which says who rolled each die. Like
 * Foundry's own dice, each client trusts the faces the others rolled.
 * @module foundry/hazard_location/rollers
 */

import { dieFormula } from "../dice.mjs";
import { NoGmError, activeGm, askUser, registerGmRequest } from "../gm-requests.mjs";
import { configOverrides, RULESET } from "./engine.mjs";
import { defenceLabels, defenceWindow, tableWindow } from "./windows.mjs";
import { runCase } from "../../rules/harness.mjs";

/**
 * @typedef {{d: number|string, v: number}} Face
 * @typedef {"attack"|"defence"|"struck"} Part  what a die is rolled for
 * @typedef {object} InHand  one attack on its way round the table (JSON)
 * @property {string} id        the attack's id on the attacker's client
 * @property {string} origin    the attacker's user: the card is posted there
 * @property {{attacker: string|null, defender: string|null, riposte: string|null}} rollers
 *   who rolls the attack, the defence (and the defender's wounds), a riposte's wounds
 * @property {{attacker: string, target: string}} names
 * @property {Record<string, any>} input  the `attack` input, its defence once chosen
 * @property {Face[]} dice
 * @property {string[]} by      the user who rolled each die
 * @property {Part[]} parts     what each die was rolled for
 * @property {object[]} rolls   each die's evaluated Roll, as JSON
 * @property {{species: string, chosen: string|null, by: string|null}|null} table  the GM's pick
 *   for a species without a table (null when the species has one)
 * @property {{choice: string, by: string|null}|null} defence  the defender's choice, once made
 * @typedef {{what: "table"|"defence"|"nodefence"|"die"|"done", who: string|null, part?: Part,
 *   die?: number|string}} Step
 * @typedef {(inHand: InHand, rolls: Roll[]) => Promise<ChatMessage|undefined>} Finish
 */

/** The request that carries an attack to the next client. */
export const ATTACK_REQUEST = "hazard_location.attack";
/** No attack asks for this many dice; one that does is looping. */
const MAX_DICE = 1000;
/** Attacks begun on this client, waiting to come back: id → what posts the card. */
const waiting = /** @type {Map<string, Finish>} */ (new Map());

/**
 * The user who rolls for a character: its player (a logged-in user who owns it and is not a GM,
 * the first by id), else the active GM (an NPC, or a PC whose player is away); null when neither.
 * @param {Actor} actor
 * @returns {string|null}
 */
export function rollerOf(actor) {
  const players = game.users.filter((u) => u.active && !u.isGM && actor.testUserPermission(u, "OWNER"));
  players.sort((a, b) => String(a.id).localeCompare(String(b.id)));
  return players[0]?.id ?? activeGm()?.id ?? null;
}

/**
 * Who acts for `userId` now: that user when logged in, else the active GM.
 * @param {string|null} userId
 * @returns {string|null}
 */
function present(userId) {
  const user = userId ? game.users.get(userId) : undefined;
  return user?.active ? String(user.id) : (activeGm()?.id ?? null);
}

/**
 * The rule on `dice` and then the lowest face of every die it asks for, to its end: what the
 * faces so far decide (the Tests' sizes, a hit or a riposte), whatever is still to roll.
 * @param {Record<string, any>} input
 * @param {Face[]} dice
 * @returns {import("../../rules/harness.mjs").CaseResult}
 */
function probe(input, dice) {
  const faces = [...dice];
  for ( ;; ) {
    const result = runCase(RULESET, "attack", configOverrides(), input, faces);
    const die = result.error?.code === "queue_exhausted" ? result.error.die : undefined;
    if ( (die === undefined) || (faces.length > MAX_DICE) ) return result;
    faces.push({ d: die, v: die === "F" ? -1 : 1 });
  }
}

/**
 * A side's Test in a probe: its pool size and die, or null when the attack never rolls it.
 * @param {import("../../rules/harness.mjs").CaseResult} result
 * @param {"attacker"|"defender"} side
 * @returns {{pool: number, die: number}|null}
 */
function testOf(result, side) {
  const event = /** @type {any[]} */ (result.events ?? []).find((e) => (e.type === "test") && (e.side === side));
  return event ? { pool: event.pool, die: event.die } : null;
}

/**
 * What the attack needs next, and from whom.
 * @param {InHand} inHand
 * @returns {Step}
 */
export function nextStep(inHand) {
  const { input, dice, rollers } = inHand;
  if ( inHand.table && (inHand.table.by === null) ) return { what: "table", who: activeGm()?.id ?? null };
  if ( !inHand.defence ) {
    const attack = testOf(probe({ ...input, defender_can_react: false }, dice), "attacker");
    if ( !attack ) return { what: "nodefence", who: inHand.origin };
    if ( dice.length < attack.pool ) return { what: "die", who: rollers.attacker, part: "attack", die: attack.die };
    return { what: "defence", who: rollers.defender };
  }
  const real = runCase(RULESET, "attack", configOverrides(), input, dice);
  if ( real.error?.code !== "queue_exhausted" ) return { what: "done", who: inHand.origin };
  const ahead = probe(input, dice);
  const a = testOf(ahead, "attacker")?.pool ?? 0;
  const d = testOf(ahead, "defender")?.pool ?? 0;
  const n = dice.length;
  const riposte = /** @type {any[]} */ (ahead.events ?? []).some((e) => e.type === "riposte");
  if ( n < a ) return { what: "die", who: rollers.attacker, part: "attack", die: real.error.die };
  if ( n < a + d ) return { what: "die", who: rollers.defender, part: "defence", die: real.error.die };
  return { what: "die", who: riposte ? rollers.riposte : rollers.defender, part: "struck", die: real.error.die };
}

/**
 * Roll one die here with Foundry's `Roll` and add it to the attack.
 * @param {InHand} inHand
 * @param {Part} part
 * @param {number|string} die
 */
async function rollHere(inHand, part, die) {
  const roll = await new Roll(dieFormula(die)).evaluate();
  const face = roll.dice[0]?.results[0]?.result;
  if ( !Number.isInteger(face) ) throw new Error(`${roll.formula} gave no face`);
  inHand.dice.push({ d: die, v: /** @type {number} */ (face) });
  inHand.by.push(String(game.user?.id));
  inHand.parts.push(part);
  inHand.rolls.push(/** @type {object} */ (roll.toJSON()));
}

/**
 * The defence a choice means (HZ-R13, HZ-G14, HZ-G15): "auto" leaves the engine's per-mode
 * default of whether the defender can react and evades; a parry names the defender's first
 * melee weapon, which a riposte strikes with.
 * @param {string} choice  auto, none, evade or parry
 * @param {Record<string, any>} defender  the engine character
 * @returns {Record<string, unknown>}
 */
export function defenceFields(choice, defender) {
  if ( choice === "none" ) return { defender_can_react: false };
  if ( (choice !== "evade") && (choice !== "parry") ) return { defence: { kind: "evade" } };
  /** @type {Record<string, unknown>} */
  const defence = { kind: choice };
  const melee = /** @type {any[]} */ (defender.weapons ?? []).find((w) => w.mode === "melee");
  if ( (choice === "parry") && melee ) defence.weapon = melee.id;
  return { defender_can_react: true, defence };
}

/**
 * The defender (or the GM for an NPC) chooses the defence, seeing the attack's successes; a
 * window closed unanswered is "auto".
 * @param {InHand} inHand
 */
async function chooseDefence(inHand) {
  const attack = /** @type {any[]} */ (probe({ ...inHand.input, defender_can_react: false }, inHand.dice).events ?? [])
    .find((e) => (e.type === "test") && (e.side === "attacker"));
  const choice = await defenceWindow({ ...inHand.names, successes: attack?.successes ?? 0 }) ?? "auto";
  Object.assign(inHand.input, defenceFields(choice, inHand.input.defender));
  inHand.defence = { choice, by: String(game.user?.id) };
}

/**
 * The GM picks the table of a species that has none (HZ-G30); closed unanswered, the
 * rules_config's fallback table stands.
 * @param {InHand} inHand
 */
async function pickTable(inHand) {
  const table = /** @type {NonNullable<InHand["table"]>} */ (inHand.table);
  const tables = /** @type {any[]} */ (inHand.input.content.hit_location_tables ?? []);
  const options = tables.map((t) => ({ id: String(t.id), label: String(t.name ?? t.id) }));
  const chosen = await tableWindow({ target: inHand.names.target, species: table.species, tables: options });
  if ( chosen ) inHand.input.fallback_table = chosen;
  table.chosen = chosen;
  table.by = String(game.user?.id);
}

/**
 * Carry the attack as far as this client can: whatever is this user's to do, then on to the
 * next user's client, until it is back where it began and the card is posted.
 * @param {InHand} inHand
 * @returns {Promise<ChatMessage|undefined>}  the card, when posted on this client
 */
export async function advance(inHand) {
  for ( ;; ) {
    if ( inHand.dice.length > MAX_DICE ) throw new Error(`an attack asked for more than ${MAX_DICE} dice`);
    const step = nextStep(inHand);
    const who = present(step.who);
    if ( !who ) throw new NoGmError(game.i18n.localize("RULEPACK.Gm.NoneOnline"));
    if ( who !== game.user?.id ) {
      await askUser(who, ATTACK_REQUEST, inHand);
      return undefined;
    }
    if ( step.what === "done" ) return finish(inHand);
    if ( step.what === "table" ) await pickTable(inHand);
    else if ( step.what === "defence" ) await chooseDefence(inHand);
    else if ( step.what === "nodefence" ) {
      Object.assign(inHand.input, { defender_can_react: false });
      inHand.defence = { choice: "none", by: null };
    }
    else await rollHere(inHand, /** @type {Part} */ (step.part), /** @type {number|string} */ (step.die));
  }
}

/**
 * Back on the attacker's client: post the card of an attack begun here (its rolls rebuilt from
 * the JSON each client sent, `Roll.fromData`).
 * @param {InHand} inHand
 * @returns {Promise<ChatMessage|undefined>}
 */
async function finish(inHand) {
  const post = waiting.get(inHand.id);
  if ( !post ) return undefined;
  waiting.delete(inHand.id);
  return post(inHand, inHand.rolls.map((data) => Roll.fromData(data)));
}

/**
 * A user's name as the card shows it.
 * @param {string|null} id
 * @returns {string}
 */
function userName(id) {
  return (id ? game.users.get(id)?.name : undefined) ?? "?";
}

/**
 * What a run of dice was rolled for, as the card says it.
 * @param {Part} part
 * @returns {string}
 */
function partLabel(part) {
  if ( part === "attack" ) return game.i18n.localize("RULEPACK.Hazard.Rollers.Part.attack");
  if ( part === "defence" ) return game.i18n.localize("RULEPACK.Hazard.Rollers.Part.defence");
  return game.i18n.localize("RULEPACK.Hazard.Rollers.Part.struck");
}

/**
 * Dice numbers as the card lists them: "1–6", "7".
 * @param {number} first  0-based
 * @param {number} last   0-based, inclusive
 * @returns {string}
 */
function diceRange(first, last) {
  return first === last ? `${first + 1}` : `${first + 1}–${last + 1}`;
}

/**
 * The card's lines on who did what: the GM's table, the defence and who chose it, and who
 * rolled each die (one line per run of dice one user rolled for one part).
 * @param {InHand} inHand
 * @param {Record<string, string>} tableNames  table id → name
 * @param {string} fallback  the rules_config table used when the GM picked none
 * @returns {string[]}
 */
export function rollerLines(inHand, tableNames, fallback) {
  const i18n = game.i18n;
  const lines = [];
  const { table, defence } = inHand;
  if ( table ) {
    lines.push(table.chosen
      ? i18n.format("RULEPACK.Hazard.Rollers.TableChosen", { name: userName(table.by), species: table.species, table: tableNames[table.chosen] ?? table.chosen })
      : i18n.format("RULEPACK.Hazard.Rollers.TableDefault", { name: userName(table.by), species: table.species, table: tableNames[fallback] ?? fallback }));
  }
  if ( defence?.by ) {
    const choice = defenceLabels()[defence.choice] ?? defence.choice;
    lines.push(i18n.format("RULEPACK.Hazard.Rollers.Defence", { name: userName(defence.by), defence: choice }));
  }
  let start = 0;
  inHand.dice.forEach((_, i) => {
    const next = i + 1;
    if ( (next < inHand.dice.length) && (inHand.by[next] === inHand.by[i]) && (inHand.parts[next] === inHand.parts[i]) ) return;
    const part = partLabel(inHand.parts[i]);
    lines.push(i18n.format("RULEPACK.Hazard.Rollers.Rolled", { name: userName(inHand.by[i]), part, dice: diceRange(start, i) }));
    start = next;
  });
  return lines;
}

/**
 * Begin an attack on this client: keep what posts its card, and carry it round the table.
 * @param {InHand} inHand
 * @param {Finish} post
 * @returns {Promise<ChatMessage|undefined>}  the card, when every step was this client's; a
 *   NoGmError when a step needs a GM (or a player's stand-in) and none is online
 */
export async function beginAttack(inHand, post) {
  waiting.set(inHand.id, post);
  try {
    return await advance(inHand);
  } catch(err) {
    waiting.delete(inHand.id);
    throw err;
  }
}

/**
 * Handle the attacks other clients hand to this one (call once, on `init`).
 */
export function registerRollers() {
  registerGmRequest(ATTACK_REQUEST, async (data) => {
    await advance(/** @type {InHand} */ (data));
  });
}
