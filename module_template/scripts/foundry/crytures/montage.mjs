/**
 * The Battle Montage (CR-R13, CR-G23-G32), the GM's macro: the controlled tokens are the party,
 * the targeted ones the enemies, all in the viewed Combat. One window shows each enemy's
 * Complexity (step 4, `montage_complexity`) and asks, per party member, its rank, its power, the
 * enemy it squares up against, the Stamina, Mana and consumables it spends and whether it tries
 * a binding. The engine's `battle_montage` then runs with one Foundry `Roll` per Talent check;
 * the party's Health, Stamina, Mana, consumables and binding crystals and each enemy's outcome
 * (routed, killed or bound) are written to the Combatants, and the card lists every step, with
 * the GM's Undo. A consumable or crystal spent is counted off in the Combatant's flags (the sheet
 * keeps what the character owns).
 * @module foundry/crytures/montage
 */

import { enemy as enemyInput, member as memberInput } from "../../rules/crytures/content.mjs";
import { applyAndPost, flagChange } from "./changes.mjs";
import { readOrWarn, refuse, refuseResult, runDiceFree, runRolled } from "./engine.mjs";
import { board, enrolled, fightFlags, gridMatches, readFight, seatOf } from "./fight.mjs";
import { RULES_CONFIG } from "../../config.mjs";
import { askForm } from "../forms.mjs";
import { checkbox, first, row, select, textInput, wholeNumber } from "./windows.mjs";
import { escapeHtml } from "../html.mjs";

/**
 * @typedef {import("./fight.mjs").Seat} Seat
 * @typedef {import("../card-changes.mjs").Change} Change
 */

/**
 * A fighter's montage powers: those with an Attack line (the engine refuses one that is not
 * basic under `montage_power: basic`).
 * @param {Seat} seat
 * @returns {Record<string, any>[]}
 */
function attackPowers(seat) {
  return seat.powers.filter((p) => p.attack);
}

/**
 * An enemy's Complexity line (CR-G23).
 * @param {Seat} enemy
 * @returns {string}
 */
function complexityLine(enemy) {
  const result = runDiceFree("montage_complexity", { health: Math.max(0, enemy.state.health) });
  const complexity = result.error ? "?" : /** @type {any} */ (result.state).complexity;
  return game.i18n.format("RULEPACK.Crytures.Montage.Complexity", { name: enemy.name, health: enemy.state.health, complexity });
}

/**
 * One party member's rows of the window, its fields prefixed `m<index>_`.
 * @param {Seat} seat
 * @param {number} index
 * @param {Seat[]} enemies
 * @returns {string}
 */
function memberRows(seat, index, enemies) {
  const i18n = game.i18n;
  const p = `m${index}_`;
  const consumables = /** @type {any[]} */ (memberInput(seat.fighter, seat.docs, { power: null, target: null }).consumables);
  return `<fieldset><legend>${escapeHtml(seat.name)}</legend>`
    + textInput(`${p}rank`, i18n.localize("RULEPACK.Crytures.Montage.Rank"), String(index + 1))
    + select(`${p}power`, i18n.localize("RULEPACK.Crytures.Power"), attackPowers(seat).map((w) => ({ id: w.id, label: w.name })))
    + select(`${p}target`, i18n.localize("RULEPACK.Crytures.Montage.Enemy"), enemies.map((e) => ({ id: e.id, label: e.name })))
    + textInput(`${p}stamina`, i18n.localize("RULEPACK.Crytures.Montage.Stamina"), "0")
    + textInput(`${p}mana`, i18n.localize("RULEPACK.Crytures.Montage.Mana"), "0")
    + consumables.map((c) => textInput(`${p}use_${c.id}`, i18n.format("RULEPACK.Crytures.Montage.Use", { item: c.id, count: c.count }), "0")).join("")
    + checkbox(`${p}bind`, i18n.localize("RULEPACK.Crytures.Montage.Bind"))
    + "</fieldset>";
}

/**
 * The window's form: each enemy's Complexity, then each party member.
 * @param {Seat[]} party
 * @param {Seat[]} enemies
 * @returns {string}
 */
function montageForm(party, enemies) {
  const lines = enemies.map((e) => `<li>${escapeHtml(complexityLine(e))}</li>`).join("");
  return row(game.i18n.localize("RULEPACK.Crytures.Montage.Enemies"), `<ul>${lines}</ul>`)
    + party.map((seat, i) => memberRows(seat, i, enemies)).join("");
}

/**
 * A party member's carried consumables and crystals, what the fight's flags counted off applied.
 * @param {Seat} seat
 * @param {Record<string, any>} found  the content adapter's member
 */
function carriedNow(seat, found) {
  const flags = fightFlags(seat.combatant);
  if ( Array.isArray(flags.consumables) ) {
    found.consumables = found.consumables.map((/** @type {any} */ c) => ({ ...c, count: flags.consumables.find((/** @type {any} */ f) => f.id === c.id)?.count ?? c.count }));
  }
  if ( Number.isInteger(flags.binding_crystals) ) found.binding_crystals = flags.binding_crystals;
}

/**
 * One party member's engine input from its rows, or an error message.
 * @param {Seat} seat
 * @param {number} index
 * @param {Record<string, string[]>} values
 * @param {Seat[]} party
 * @returns {{rank: number, member: Record<string, any>} | {error: string}}
 */
function partyMember(seat, index, values, party) {
  const p = `m${index}_`;
  const numbers = ["rank", "stamina", "mana"].map((k) => wholeNumber(first(values, p + k)));
  if ( numbers.some((n) => (n === null) || (n < 0)) ) return { error: game.i18n.format("RULEPACK.Crytures.Montage.BadNumber", { name: seat.name }) };
  const [rank, stamina, mana] = /** @type {number[]} */ (numbers);
  const summoner = party.some((s) => s.id === seat.state.summoner) ? seat.state.summoner : null;
  const found = memberInput(seat.fighter, seat.docs, {
    id: seat.id, health: seat.state.health, stamina: seat.state.stamina, mana: seat.state.mana, summoner,
    power: first(values, `${p}power`), target: first(values, `${p}target`), bind: `${p}bind` in values
  });
  if ( !found.power ) return { error: game.i18n.format("RULEPACK.Crytures.Montage.NoPower", { name: seat.name }) };
  carriedNow(seat, found);
  /** @type {Record<string, number>} */
  const consumables = {};
  for ( const c of found.consumables ) {
    const n = wholeNumber(first(values, `${p}use_${c.id}`));
    if ( (n === null) || (n < 0) ) return { error: game.i18n.format("RULEPACK.Crytures.Montage.BadNumber", { name: seat.name }) };
    if ( n > 0 ) consumables[c.id] = n;
  }
  found.spend = { stamina, mana, consumables };
  return { rank, member: found };
}

/**
 * An enemy's engine input: its first basic power with an Attack line (CR-G13, CR-G26).
 * @param {Seat} seat
 * @returns {Record<string, any>|null}
 */
function enemyOf(seat) {
  const power = attackPowers(seat).find((p) => p.basic) ?? attackPowers(seat)[0];
  return power ? enemyInput(seat.fighter, seat.docs, { id: seat.id, health: Math.max(1, seat.state.health), power: power.id }) : null;
}

/**
 * The changes the montage's state implies: each member's Health, Stamina, Mana, defeat,
 * consumables and crystals; each enemy's outcome (and defeat when killed).
 * @param {Seat[]} party
 * @param {Seat[]} enemies
 * @param {any} state
 * @returns {Change[]}
 */
function montageChanges(party, enemies, state) {
  /** @type {Change[]} */
  const changes = [];
  for ( const now of state.party ) {
    const seat = /** @type {Seat} */ (party.find((s) => s.id === now.id));
    for ( const key of ["health", "stamina", "mana", "defeated"] ) {
      if ( seat.state[key] !== now[key] ) changes.push(flagChange(seat, key, now[key]));
    }
    const before = memberInput(seat.fighter, seat.docs, { power: null, target: null });
    carriedNow(seat, before);
    const counts = now.consumables.map((/** @type {any} */ c) => ({ id: c.id, count: c.count }));
    if ( JSON.stringify(counts) !== JSON.stringify(before.consumables.map((/** @type {any} */ c) => ({ id: c.id, count: c.count }))) ) changes.push(flagChange(seat, "consumables", counts));
    if ( now.binding_crystals !== before.binding_crystals ) changes.push(flagChange(seat, "binding_crystals", now.binding_crystals));
  }
  for ( const now of state.enemies ) {
    const seat = /** @type {Seat} */ (enemies.find((s) => s.id === now.id));
    changes.push(flagChange(seat, "outcome", now.outcome));
    if ( (now.outcome === "killed") && !seat.state.defeated ) changes.push(flagChange(seat, "defeated", true));
  }
  return changes;
}

/** An enemy's outcome, by engine name. */
const OUTCOMES = Object.freeze({
  routed: { label: "RULEPACK.Crytures.Outcome.routed" },
  killed: { label: "RULEPACK.Crytures.Outcome.killed" },
  bound: { label: "RULEPACK.Crytures.Outcome.bound" }
});

/**
 * An enemy's outcome, localised.
 * @param {string} outcome
 * @returns {string}
 */
function outcomeText(outcome) {
  const known = /** @type {Record<string, {label: string}>} */ (OUTCOMES)[outcome];
  return known ? game.i18n.localize(known.label) : outcome;
}

/**
 * The card's summary: each enemy's outcome, each member's damage and binding.
 * @param {any[]} events
 * @param {Record<string, string>} names
 * @returns {string[]}
 */
function montageLines(events, names) {
  const i18n = game.i18n;
  const name = (/** @type {string} */ id) => names[id] ?? id;
  /** @type {string[]} */
  const lines = [];
  for ( const e of events ) {
    const who = { member: name(e.member), enemy: name(e.enemy) };
    if ( e.type === "tasks" ) {
      lines.push(i18n.format("RULEPACK.Crytures.Montage.Tasks", { ...who, successes: e.successes, complexity: e.complexity, failures: e.failures }));
    }
    else if ( e.type === "montage_damage" ) lines.push(i18n.format("RULEPACK.Crytures.Montage.Damage", { ...who, damage: e.damage }));
    else if ( e.type === "binding" ) {
      lines.push(e.bound ? i18n.format("RULEPACK.Crytures.Montage.Bound", who) : i18n.format("RULEPACK.Crytures.Montage.NotBound", who));
    }
    else if ( e.type === "outcome" ) lines.push(i18n.format("RULEPACK.Crytures.Montage.Outcome", { ...who, outcome: outcomeText(e.outcome) }));
  }
  return lines;
}

/**
 * The party (controlled) and the enemies (targeted) in the viewed Combat, or a warning.
 * @returns {Promise<{party: Seat[], enemies: Seat[]}|undefined>}
 */
async function readSides() {
  const combat = game.combat;
  if ( !game.user?.isGM ) return refuse(game.i18n.localize("RULEPACK.Crytures.GmOnly"));
  if ( !combat ) return refuse(game.i18n.localize("RULEPACK.Crytures.NeedCombat"));
  const grid = /** @type {any} */ (RULES_CONFIG).grid;
  if ( !gridMatches(grid) ) return refuse(game.i18n.format("RULEPACK.Crytures.WrongGrid", { grid }));
  const seats = await readFight(combat);
  const party = board().tokens.controlled.map((t) => seatOf(seats, t));
  const enemies = [...game.user.targets].map((t) => seatOf(seats, t));
  if ( !party.length || !enemies.length ) return refuse(game.i18n.localize("RULEPACK.Crytures.Montage.NeedSides"));
  if ( [...party, ...enemies].some((s) => !s || !enrolled(s.combatant)) ) return refuse(game.i18n.localize("RULEPACK.Crytures.NotEnrolled"));
  return { party: /** @type {Seat[]} */ (party), enemies: /** @type {Seat[]} */ (enemies) };
}

/**
 * GM: run a Battle Montage of the controlled party against the targeted enemies.
 * @returns {Promise<ChatMessage|undefined>}
 */
export async function battleMontage() {
  const sides = await readOrWarn(readSides);
  if ( !sides ) return undefined;
  const { party, enemies } = sides;
  const values = await askForm("rulepack-dialog-crytures-montage", game.i18n.localize("RULEPACK.Crytures.Montage.Title"), montageForm(party, enemies),
    game.i18n.localize("RULEPACK.Crytures.Montage.Run"));
  if ( !values ) return undefined;
  const built = party.map((seat, i) => partyMember(seat, i, values, party));
  const error = built.find((b) => "error" in b);
  if ( error && "error" in error ) return refuse(error.error);
  const ranked = /** @type {{rank: number, member: Record<string, any>}[]} */ (built).map((b, i) => ({ ...b, i }))
    .sort((a, b) => (a.rank - b.rank) || (a.i - b.i));
  const foes = enemies.map(enemyOf);
  if ( foes.some((e) => e === null) ) return refuse(game.i18n.localize("RULEPACK.Crytures.Montage.EnemyNoPower"));
  const input = { party: ranked.map((r) => r.member), enemies: foes };
  const { call, result, rolls } = await runRolled("battle_montage", input);
  if ( result.error ) return refuseResult(result);
  const names = Object.fromEntries([...party, ...enemies].map((s) => [s.id, s.name]));
  const changes = montageChanges(party, enemies, result.state);
  const summary = montageLines(result.events, names);
  return applyAndPost(changes, { title: game.i18n.localize("RULEPACK.Crytures.Montage.Card"), rolls, call, result, summary });
}
