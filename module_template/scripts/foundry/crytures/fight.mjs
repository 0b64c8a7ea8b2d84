/**
 * The fight as the Crytures rules core reads it: every Combatant of the viewed Combat whose token
 * is on the viewed scene becomes an engine combatant (`rules/crytures/content.mjs` `combatant`).
 * The sheet gives the stats, types and powers; the token gives the side (its disposition), the
 * space (its grid offset: column and row on a square grid, axial q and r on a hex grid, CR-G06)
 * and the elevation (in spaces: the token's elevation over the grid's distance, rounded down);
 * the Combatant's flags hold the fight's own state, written by "Roll initiative" when a fighter
 * joins (current Health, Stamina, Mana, statuses, defeated, the Major and Minor actions of the
 * round, whether a bound cryture is summoned). Position, current Health and statuses belong to
 * the fight, not the sheet (the fighter schema), so a new Combat starts everyone afresh.
 * @module foundry/crytures/fight
 */

import { MODULE_ID } from "../../config.mjs";
import { bad } from "../../rules/crytures/common.mjs";
import { combatant as engineCombatant, fighterPowers } from "../../rules/crytures/content.mjs";
import { moduleDocuments } from "../packs.mjs";

/**
 * One fighter of the fight with the documents behind it.
 * @typedef {object} Seat
 * @property {string} id                 its engine id
 * @property {string} name               the Combatant's name
 * @property {Combatant} combatant
 * @property {Actor} actor
 * @property {TokenDocument} token
 * @property {Record<string, any>} fighter   the sheet as a content document
 * @property {Record<string, any>[]} powers  its engine powers
 * @property {Record<string, Record<string, Record<string, any>>>} docs  its power, weapon and
 *   consumable documents by key (the content adapter's `docs`)
 * @property {Record<string, any>} state     the engine combatant
 */

/** The item kinds a fighter's lists name, by their module sub-type's suffix. */
const ITEM_KINDS = Object.freeze(["power", "weapon", "consumable"]);
/** CONST.TOKEN_DISPOSITIONS, as the sides they make. */
const SIDES = Object.freeze({ "-2": "secret", "-1": "hostile", 0: "neutral", 1: "friendly" });

/**
 * A document's data as plain JSON without its null fields (a data model's way of leaving a
 * field out).
 * @param {unknown} data
 * @returns {Record<string, any>}
 */
export function plainData(data) {
  /** @type {Record<string, any>} */
  const copy = JSON.parse(JSON.stringify(data ?? {}));
  for ( const key of Object.keys(copy) ) if ( copy[key] === null ) delete copy[key];
  return copy;
}

/**
 * The fight-state flags of a Combatant (`{}` before "Roll initiative" enrolled it).
 * @param {Combatant} combatant
 * @returns {Record<string, any>}
 */
export function fightFlags(combatant) {
  return /** @type {Record<string, any>} */ (/** @type {any} */ (combatant).flags?.[MODULE_ID] ?? {});
}

/**
 * Whether "Roll initiative" has enrolled this Combatant in the fight.
 * @param {Combatant} combatant
 * @returns {boolean}
 */
export function enrolled(combatant) {
  return Number.isInteger(fightFlags(combatant).health);
}

/**
 * An Item as a content document `{...system, id: key, name}` (its id when it has no key).
 * @param {Item} item
 * @returns {Record<string, any>}
 */
function itemDoc(item) {
  return { ...plainData(item.system), id: String(item.getFlag(MODULE_ID, "key") ?? item.id), name: item.name };
}

/**
 * The module's power, weapon and consumable documents by key, `actor`'s own Items over them.
 * @param {Item[]} library  the module's Items
 * @param {Actor} actor
 * @returns {Record<string, Record<string, Record<string, any>>>}
 */
function docsFor(library, actor) {
  /** @type {Record<string, Record<string, Record<string, any>>>} */
  const docs = { power: {}, weapon: {}, consumable: {} };
  for ( const item of [...library, ...actor.items] ) {
    const kind = ITEM_KINDS.find((k) => item.type === `${MODULE_ID}.${k}`);
    if ( kind ) docs[kind][itemDoc(item).id] = itemDoc(item);
  }
  return docs;
}

/**
 * The sheet of an actor as a content fighter; a list naming an item the module lacks is refused.
 * @param {Actor} actor
 * @param {Record<string, Record<string, Record<string, any>>>} docs
 * @returns {Record<string, any>}
 */
export function fighterDoc(actor, docs) {
  /** @type {Record<string, any>} */
  const fighter = { ...plainData(actor.system), id: String(actor.getFlag(MODULE_ID, "key") ?? actor.id), name: actor.name };
  const items = fighter.items ?? {};
  for ( const [list, kind] of [["powers", "power"], ["weapons", "weapon"], ["consumables", "consumable"]] ) {
    const missing = (items[list] ?? []).find((/** @type {string} */ key) => !Object.hasOwn(docs[kind], key));
    if ( missing ) throw bad(`${actor.name}: items.${list} names ${missing}, which this module has no ${kind} of`);
  }
  return fighter;
}

/**
 * The engine ids of the fighters: each Combatant's name as a slug ("sparkit"), so the trace
 * and a fixture read well, unless two share it (or it has no letter or digit): then its id.
 * @param {Combatant[]} combatants
 * @returns {string[]}
 */
export function engineIds(combatants) {
  const slugs = combatants.map((c) => String(c.name ?? "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, ""));
  return combatants.map((c, i) => {
    const slug = slugs[i];
    return slug && (slugs.filter((s) => s === slug).length === 1) ? slug : String(c.id);
  });
}

/**
 * The grid space of a token (CR-G06): [column, row] on a square grid, [q, r] on a hex grid.
 * @param {TokenDocument} token
 * @returns {number[]}
 */
export function spaceOf(token) {
  const placed = board().tokens.placeables.find((t) => t.id === token.id);
  if ( !placed ) throw bad(`${token.name} has no token on the viewed scene`);
  return spaceAt(placed.center);
}

/**
 * The grid space of a point of the viewed scene (CR-G06), as `spaceOf` reads a token's centre.
 * @param {{x: number, y: number}} point
 * @returns {number[]}
 */
export function spaceAt(point) {
  const { grid } = board();
  const offset = grid.getOffset(point);
  if ( !grid.isHexagonal ) return [offset.j, offset.i];
  const cube = /** @type {foundry.grid.HexagonalGrid} */ (grid).offsetToCube(offset);
  return [cube.q, cube.r];
}

/**
 * Whether the viewed scene's grid is the one the rules measure (`config.grid`, CR-G06).
 * @param {string} grid  "square" or "hex"
 * @returns {boolean}
 */
export function gridMatches(grid) {
  const shown = canvas?.grid;
  if ( !shown || shown.isGridless || !canvas?.tokens ) return false;
  return (grid === "hex") === shown.isHexagonal;
}

/**
 * The viewed scene's grid and Tokens layer (`gridMatches` checked there is one).
 * @returns {{grid: foundry.grid.BaseGrid, tokens: {readonly placeables: Token[], readonly controlled: Token[]}}}
 */
export function board() {
  const grid = canvas?.grid;
  const tokens = canvas?.tokens;
  if ( !grid || !tokens ) throw bad("no scene is viewed");
  return { grid, tokens };
}

/**
 * The summoner of a cryture (CR-G19): the one its flags name, else the first character of its
 * side in the fight whose sheet has bound its kind.
 * @param {Record<string, any>} fighter
 * @param {Record<string, any>} flags
 * @param {{id: string, side: string, fighter: Record<string, any>}[]} others
 * @param {string} side
 * @returns {string|null}
 */
function summonerOf(fighter, flags, others, side) {
  if ( fighter.kind !== "cryture" ) return null;
  if ( typeof flags.summoner === "string" ) return flags.summoner;
  const owner = others.find((o) => (o.side === side) && (o.fighter.kind === "character")
    && (o.fighter.crytures_bound ?? []).includes(fighter.id));
  return owner ? owner.id : null;
}

/**
 * The engine's statuses of the flags' `[{status, count}]`.
 * @param {unknown} list
 * @returns {Record<string, number>}
 */
export function statusMap(list) {
  return Object.fromEntries((Array.isArray(list) ? list : []).map((s) => [s.status, s.count]));
}

/**
 * The seat's fight-state fields from the Combatant's flags and the token (CR-G14, CR-G19).
 * @param {{id: string, token: TokenDocument, flags: Record<string, any>, summoner: string|null}} seat
 * @returns {Record<string, unknown>}
 */
function seatFields({ id, token, flags, summoner }) {
  const off = (summoner !== null) && (flags.active !== true);
  const elevation = Math.floor(Number(token.elevation ?? 0) / board().grid.distance);
  return {
    id, side: SIDES[/** @type {"-2"|"-1"|"0"|"1"} */ (String(token.disposition))] ?? "neutral",
    position: off ? null : spaceOf(token), elevation, summoner,
    health: flags.health, stamina: flags.stamina, mana: flags.mana, statuses: statusMap(flags.statuses),
    defeated: flags.defeated === true
  };
}

/**
 * Read the viewed Combat: every Combatant with an actor and a token on the scene, in the
 * tracker's order. Throws the content adapter's `bad_input` for a sheet the rules refuse.
 * @param {Combat} combat
 * @returns {Promise<Seat[]>}
 */
export async function readFight(combat) {
  const library = await moduleDocuments("Item");
  const present = combat.turns.filter((c) => c.actor && c.token);
  const ids = engineIds(present);
  const read = present.map((c, i) => {
    const actor = /** @type {Actor} */ (c.actor);
    const docs = docsFor(library, actor);
    const fighter = fighterDoc(actor, docs);
    const side = SIDES[/** @type {"-2"|"-1"|"0"|"1"} */ (String(/** @type {TokenDocument} */ (c.token).disposition))] ?? "neutral";
    return { id: ids[i], combatant: c, actor, token: /** @type {TokenDocument} */ (c.token), docs, fighter, side };
  });
  return read.map((r) => {
    const flags = fightFlags(r.combatant);
    const powers = fighterPowers(r.fighter, r.docs);
    const summoner = summonerOf(r.fighter, flags, read, r.side);
    const state = engineCombatant(r.fighter, powers, seatFields({ id: r.id, token: r.token, flags, summoner }));
    return { id: r.id, name: r.combatant.name, combatant: r.combatant, actor: r.actor, token: r.token,
      fighter: r.fighter, powers, docs: r.docs, state };
  });
}

/**
 * The seat of a token, if it is in the fight.
 * @param {Seat[]} seats
 * @param {Token|null|undefined} token
 * @returns {Seat|undefined}
 */
export function seatOf(seats, token) {
  return token ? seats.find((s) => s.token.id === token.id) : undefined;
}
