/**
 * The fight as the rules core sees it, read from the Combat, and the document updates a rule's new
 * state implies. The one adapter between Foundry documents and engine fighter records:
 *
 * - the sheet gives the fighter at the start of a fight (`sheet.mjs`, the engine's content
 *   adapter): attributes, Health, Bulk, Stamina, Physiology, weapons;
 * - the token gives the side (its disposition) and the hex (its grid space, axial [q, r]);
 * - the fight's own state lives on the Combatant (`flags.<module>.fighter`: Health, status,
 *   Stamina, Shield points, conditions, defence uses, acted/played, altitude, weapons) and on the
 *   Combat (`flags.<module>.fight`: armed defences, items on the ground, Visibility). The Turn is
 *   the Combat's round.
 *
 * Maps of the engine record (conditions, defence uses) are stored as [key, value] pairs, because a
 * Foundry update merges objects (a removed condition would stay) but replaces arrays.
 * @module foundry/danger_room/fight
 */

import { MODULE_ID } from "../../config.mjs";
import { applyChanges } from "../card-changes.mjs";
import { SheetError, startingRecord } from "./sheet.mjs";
import { wordOf } from "../trace.mjs";
import { CONDITIONS, STATUSES } from "./words.mjs";

/**
 * @typedef {Record<string, any>} Json
 * @typedef {{combatant: Combatant, actor: Actor, token: TokenDocument|null, record: Json}} Entry
 *   one fighter: its Combatant, Actor, token and engine record
 * @typedef {{title: string, call: Json, result: Json, summary?: string[]}} RelayedCard
 *   the card whose rule made a relayed update: the GM's client lists the update on a card of its own
 * @typedef {{combatant: string|null, changes: Json, card?: RelayedCard,
 *   group?: {title: string, summary: string[]}}} Write
 *   an update this client may not make itself (a Combatant's id, or null for the Combat); a step
 *   of a card of several names that card (`group`), for the GM's client to post one such card too
 * @typedef {{combat: Combat, entries: Entry[], state: Json, visibility: string, pending: Write[]}} Fight
 *   the whole fight: its engine state `{turn, fighters, defences, on_ground}`, and the updates
 *   waiting for the GM's client (`relay.mjs`)
 * @typedef {{name: string, path: string, before: unknown, after: unknown, label?: string,
 *   shown?: {before?: unknown, after?: unknown}}} Change
 *   one change left for the GM's client, as the chat card's summary lists it (`changeText`)
 * @typedef {import("../card-changes.mjs").ChangeRecord} ChangeRecord
 * @typedef {import("../card-changes.mjs").Change} LeafChange
 * @typedef {{records: ChangeRecord[], relayed: Change[], pending: Write[]}} Applied
 *   what a new fight state did: the changes this client made (the card lists them with Undo)
 *   and those it left for the GM's client (summary lines, and the updates waiting in the fight)
 */

/** The fighter record keys the fight changes; stored on the Combatant. */
export const FIGHT_KEYS = Object.freeze([
  "health", "status", "stamina", "shield_points", "conditions", "defence_uses", "acted", "played",
  "airborne", "weapons", "wielded"
]);
/** Keys stored as [key, value] pairs. */
const PAIRED = Object.freeze(["conditions", "defence_uses"]);
/**
 * Token dispositions (CONST.TOKEN_DISPOSITIONS) as engine sides: allies share a side.
 * @type {Readonly<Record<string, string>>}
 */
const SIDES = Object.freeze({ "-2": "secret", "-1": "hostile", 0: "neutral", 1: "friendly" });
/** The fight-level state stored on the Combat, with its value before anything happened. */
const FIGHT_DEFAULTS = Object.freeze({ defences: [], on_ground: [], visibility: "clear" });

/**
 * How a card names each fight key it changes (`card-changes.mjs` `ChangeDisplay.label`): a lang
 * key, localised when the card is shown.
 * @type {Readonly<Record<string, {label: string}>>}
 */
const FIGHT_LABELS = Object.freeze({
  health: { label: "RULEPACK.DangerRoom.Key.Health" },
  status: { label: "RULEPACK.DangerRoom.Key.Status" },
  stamina: { label: "RULEPACK.DangerRoom.Key.Stamina" },
  shield_points: { label: "RULEPACK.DangerRoom.Key.ShieldPoints" },
  conditions: { label: "RULEPACK.DangerRoom.Key.Conditions" },
  defence_uses: { label: "RULEPACK.DangerRoom.Key.DefenceUses" },
  acted: { label: "RULEPACK.DangerRoom.Key.Acted" },
  played: { label: "RULEPACK.DangerRoom.Key.Played" },
  airborne: { label: "RULEPACK.DangerRoom.Key.Airborne" },
  weapons: { label: "RULEPACK.DangerRoom.Key.Weapons" },
  wielded: { label: "RULEPACK.DangerRoom.Key.Wielded" },
  defences: { label: "RULEPACK.DangerRoom.Key.Defences" },
  on_ground: { label: "RULEPACK.DangerRoom.Key.OnGround" }
});

/**
 * The label of a fight key (a key without one is named by `changeLabel` from its path).
 * @param {string} key
 * @returns {{label?: string}}
 */
function labelOf(key) {
  return Object.hasOwn(FIGHT_LABELS, key) ? FIGHT_LABELS[key] : {};
}

/**
 * How a card shows a fight key's change: its label, and a status or the conditions by their
 * words from lang ("Down", "Dizzy 3"), never the engine's keys.
 * @param {string} key
 * @param {unknown} before  the stored values (conditions as [id, turn] pairs)
 * @param {unknown} after
 * @returns {{label?: string, shown?: {before: unknown, after: unknown}}}
 */
function displayOf(key, before, after) {
  const localize = (/** @type {string} */ k) => game.i18n.localize(k);
  /** @type {(value: unknown) => unknown} */
  let word;
  if ( key === "status" ) word = (value) => ((typeof value === "string") ? wordOf(STATUSES, value, localize) : value);
  else if ( key === "conditions" ) {
    word = (pairs) => (Array.isArray(pairs) ? pairs.map(([id, turn]) => [wordOf(CONDITIONS, id, localize), turn]) : pairs);
  }
  else return labelOf(key);
  return { ...labelOf(key), shown: { before: word(before), after: word(after) } };
}

/* -------------------------------------------- */
/*  Reading                                     */
/* -------------------------------------------- */

/**
 * The hex of a token: the grid space under its placeable's centre, as axial [q, r] (the cube's
 * q and r, DR-G22).
 * @param {TokenDocument|null} token
 * @returns {[number, number]}
 */
export function hexOf(token) {
  const grid = canvas?.grid;
  const placed = token ? canvas?.tokens?.placeables.find((t) => t.id === token.id) : undefined;
  if ( !grid?.isHexagonal || !placed ) throw new SheetError(game.i18n.localize("RULEPACK.DangerRoom.NeedsHexGrid"));
  const cube = /** @type {foundry.grid.HexagonalGrid} */ (grid).offsetToCube(grid.getOffset(placed.center));
  return [cube.q, cube.r];
}

/**
 * The stored fight state of a Combatant, or null before it joined the fight.
 * @param {Combatant} combatant
 * @returns {Json|null}
 */
function storedFighter(combatant) {
  const stored = combatant.getFlag(MODULE_ID, "fighter");
  if ( !stored ) return null;
  const record = { ...stored };
  for ( const key of PAIRED ) record[key] = Object.fromEntries(stored[key] ?? []);
  return record;
}

/**
 * The side of a token: its disposition (allies share a side).
 * @param {TokenDocument|null} token
 * @returns {string}
 */
function sideOf(token) {
  return SIDES[String(token?.disposition ?? 0)] ?? "neutral";
}

/**
 * One Combatant's engine fighter record: the fighter at the start of the fight (`sheet.mjs`
 * `startingRecord`), then the fight state its Combatant stores.
 * @param {Combatant} combatant
 * @param {Map<string, Item>} items
 * @returns {Entry}
 */
function entryOf(combatant, items) {
  const actor = combatant.actor;
  if ( !actor ) throw new SheetError(`${combatant.name}: no actor`);
  const id = combatant.getFlag(MODULE_ID, "fighter")?.id;
  if ( !id ) throw new SheetError(game.i18n.format("RULEPACK.DangerRoom.NotJoined", { name: combatant.name }));
  const token = combatant.token;
  const start = startingRecord(actor, id, { side: sideOf(token), hex: hexOf(token) }, items);
  return { combatant, actor, token, record: { ...start, ...storedFighter(combatant) } };
}

/**
 * The fight of `combat`: every Combatant that joined, as engine records keyed by fighter id.
 * @param {Combat} combat
 * @param {Map<string, Item>} items
 * @returns {Fight}
 */
export function readFight(combat, items) {
  const entries = [...combat.combatants].map((c) => entryOf(c, items));
  const stored = { ...FIGHT_DEFAULTS, ...(combat.getFlag(MODULE_ID, "fight") ?? {}) };
  const state = {
    turn: Math.max(1, combat.round),
    fighters: Object.fromEntries(entries.map((e) => [e.record.id, e.record])),
    defences: stored.defences, on_ground: stored.on_ground
  };
  return { combat, entries, state, visibility: stored.visibility, pending: [] };
}

/**
 * The entry of one fighter id, or of one Combatant.
 * @param {Fight} fight
 * @param {string|Combatant} who
 * @returns {Entry}
 */
export function entryFor(fight, who) {
  const found = fight.entries.find((e) => (typeof who === "string" ? e.record.id === who : e.combatant === who));
  if ( !found ) throw new SheetError(game.i18n.localize("RULEPACK.DangerRoom.NotInFight"));
  return found;
}

/**
 * The Combatant's name for a fighter id (the id itself for one that left the fight).
 * @param {Fight} fight
 * @param {string} id
 * @returns {string}
 */
export function nameOf(fight, id) {
  return fight.entries.find((e) => e.record.id === id)?.combatant.name ?? id;
}

/* -------------------------------------------- */
/*  Joining                                     */
/* -------------------------------------------- */

/**
 * A fighter id for a Combatant: its actor's author key (or name) made an engine id, with -2,
 * -3... after the first of the same key, in the Combatants' order.
 * @param {Combatant} combatant
 * @param {Set<string>} taken
 * @returns {string}
 */
function newFighterId(combatant, taken) {
  const source = combatant.actor?.getFlag(MODULE_ID, "key") ?? combatant.name;
  const base = String(source).toLowerCase().replace(/[^a-z0-9_-]+/g, "-").replace(/^[-_]+/, "").slice(0, 56) || "fighter";
  let id = base;
  for ( let n = 2; taken.has(id); n++ ) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

/**
 * Store the fight state of every Combatant that has none yet: its fighter id, full Health and
 * Stamina (GM only; run when a Turn's cards are picked).
 * @param {Combat} combat
 * @param {Map<string, Item>} items
 * @returns {Promise<void>}
 */
export async function joinFight(combat, items) {
  const combatants = [...combat.combatants];
  const taken = new Set(combatants.map((c) => c.getFlag(MODULE_ID, "fighter")?.id).filter(Boolean));
  const updates = [];
  for ( const combatant of combatants ) {
    if ( combatant.getFlag(MODULE_ID, "fighter") || !combatant.actor ) continue;
    const id = newFighterId(combatant, taken);
    const token = combatant.token;
    const start = startingRecord(combatant.actor, id, { side: sideOf(token), hex: hexOf(token) }, items);
    updates.push({ _id: combatant.id, [`flags.${MODULE_ID}.fighter`]: { id, ...storable(start) } });
  }
  if ( updates.length ) await combat.updateEmbeddedDocuments("Combatant", updates);
}

/* -------------------------------------------- */
/*  Writing                                     */
/* -------------------------------------------- */

/**
 * The stored form of the fight keys of a record (maps as pairs, in key order).
 * @param {Json} record
 * @returns {Json}
 */
function storable(record) {
  /** @type {Json} */
  const out = {};
  for ( const key of FIGHT_KEYS ) {
    if ( !(key in record) ) continue;
    out[key] = PAIRED.includes(key) ? Object.entries(record[key]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) : record[key];
  }
  return out;
}

/**
 * Whether two JSON values differ.
 * @param {unknown} a
 * @param {unknown} b
 * @returns {boolean}
 */
function differs(a, b) {
  return JSON.stringify(a) !== JSON.stringify(b);
}

/**
 * Apply what a rule's new fight state changes: each changed fight key of each fighter on its
 * Combatant, then armed defences and items on the ground on the Combat, each key one leaf change
 * through `applyChanges` (all checked before the first is made), so the card lists them before →
 * after and the GM can undo them. Keys of documents this user may not update (a player's card
 * hurting an enemy) are left for the GM's client (`relay.mjs` sends them).
 * @param {Fight} fight   the fight the rule ran on (it is updated to the new state)
 * @param {Json} after    the new state: `{fighters, defences?, on_ground?}`
 * @returns {Promise<Applied>}
 */
export async function applyState(fight, after) {
  /** @type {Change[]} */
  const relayed = [];
  /** @type {LeafChange[]} */
  const mine = [];
  const waiting = fight.pending.length;
  for ( const entry of fight.entries ) {
    const next = after.fighters?.[entry.record.id];
    if ( !next ) continue;
    const keys = changedKeys(storable(entry.record), storable(next));
    split(fight, entry.combatant, `flags.${MODULE_ID}.fighter`, keys, { mine, relayed });
    Object.assign(entry.record, next);
  }
  /** @type {Json} */
  const fightKeys = {};
  for ( const key of ["defences", "on_ground"] ) {
    if ( !(key in after) || !differs(fight.state[key], after[key]) ) continue;
    fightKeys[key] = { before: fight.state[key], after: after[key] };
    fight.state[key] = after[key];
  }
  split(fight, fight.combat, `flags.${MODULE_ID}.fight`, fightKeys, { mine, relayed });
  await storeDefaults(mine);
  return { records: mine.length ? await applyChanges(mine) : [], relayed, pending: fight.pending.slice(waiting) };
}

/**
 * Store the value a fight key held by default (`FIGHT_DEFAULTS`: nothing stored yet) before it
 * changes, so the card records a `before` that Undo can write back (an absent flag it could not).
 * @param {LeafChange[]} changes
 * @returns {Promise<void>}
 */
export async function storeDefaults(changes) {
  for ( const { document, path } of changes ) {
    const key = path.split(".").at(-1) ?? "";
    if ( !document || !(key in FIGHT_DEFAULTS) || (foundry.utils.getProperty(document, path) !== undefined) ) continue;
    await document.update({ [path]: FIGHT_DEFAULTS[/** @type {keyof typeof FIGHT_DEFAULTS} */ (key)] });
  }
}

/**
 * The keys whose stored value changed, with their stored values before and after.
 * @param {Json} before
 * @param {Json} after
 * @returns {Record<string, {before: unknown, after: unknown}>}
 */
function changedKeys(before, after) {
  /** @type {Record<string, {before: unknown, after: unknown}>} */
  const changed = {};
  for ( const key of Object.keys(after) ) {
    if ( differs(before[key], after[key]) ) changed[key] = { before: before[key], after: after[key] };
  }
  return changed;
}

/**
 * Sort one document's changed keys: leaf changes this user makes, or (where this user may not
 * update the document) one update left for the GM's client and its summary lines.
 * @param {Fight} fight
 * @param {Combat|Combatant} document
 * @param {string} prefix   the flag path the keys live under
 * @param {Record<string, {before: unknown, after: unknown}>} keys
 * @param {{mine: LeafChange[], relayed: Change[]}} into
 */
function split(fight, document, prefix, keys, { mine, relayed }) {
  const entries = Object.entries(keys);
  if ( !entries.length ) return;
  if ( game.user?.isGM || document.isOwner ) {
    for ( const [key, { before, after }] of entries ) mine.push({ document, path: `${prefix}.${key}`, value: after, ...displayOf(key, before, after) });
    return;
  }
  const name = document.documentName === "Combatant"
    ? /** @type {Combatant} */ (document).name : game.i18n.localize("RULEPACK.DangerRoom.Fight");
  for ( const [key, { before, after }] of entries ) relayed.push({ name, path: key, before, after, ...displayOf(key, before, after) });
  const changes = Object.fromEntries(entries.map(([key, { after }]) => [`${prefix}.${key}`, after]));
  fight.pending.push({ combatant: document.documentName === "Combatant" ? document.id : null, changes });
}
