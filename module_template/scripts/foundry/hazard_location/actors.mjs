/**
 * Foundry documents as the Hazard Dice rules core reads them. An actor becomes an engine
 * character through the shipped-content adapter (`rules/hazard_location/shipped.mjs`): its
 * `system` is the content document's data, its embedded armour and weapon Items are what it wears
 * and carries (`{id, name, ...system}` each). The module's hit-location RollTables and its
 * reference data (`RULES_DATA`: species, weapon ranges, injury tables) become the engine's
 * `content`. Every engine id points back at the document it came from, so the rules' new state
 * can be written back.
 * @module foundry/hazard_location/actors
 */

import { MODULE_ID, PACKS, RULES_CONFIG, RULES_DATA } from "../../config.mjs";
import { character, engineContent as shippedContent, explosive } from "../../rules/hazard_location/shipped.mjs";

/**
 * A Foundry actor with its engine character.
 * @typedef {object} Combatant
 * @property {Actor} actor
 * @property {string} name
 * @property {Record<string, any>} character     the engine character (tests/golden/README.md)
 * @property {Record<string, Item>} items         engine armour piece and weapon id → its Item
 */

/** The module sub-types of the items a character wears and carries. */
export const ITEM_TYPES = Object.freeze({
  armor: `${MODULE_ID}.armor`, weapon: `${MODULE_ID}.weapon`, explosive: `${MODULE_ID}.explosive`
});

/**
 * A document's data as plain JSON without its empty fields: a data model fills an optional field
 * the content left out with null, which the content kinds mean as "absent" (an undamaged piece
 * has no Current AV, a fresh character no Current Stamina).
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
 * The engine id of each item: its content key when no other item of the list shares it (the
 * fixtures and the trace read "cuirass"), else the Item's own id.
 * @param {Item[]} items
 * @returns {string[]}
 */
export function engineIds(items) {
  const keys = items.map((item) => item.getFlag(MODULE_ID, "key"));
  return items.map((item, i) => {
    const key = keys[i];
    const unique = (typeof key === "string") && (keys.filter((k) => k === key).length === 1);
    return unique ? key : String(item.id);
  });
}

/**
 * An Item as a content document: `{id, name, ...system}`.
 * @param {Item} item
 * @param {string} id
 * @returns {Record<string, any>}
 */
function itemDoc(item, id) {
  return { ...plainData(item.system), id, name: item.name };
}

/**
 * The engine ids of the characters of one rule call: each actor's name as a slug ("bob"), so the
 * trace and a fixture read well, unless two share it (or it has no letter or digit): then the
 * actor's own id.
 * @param {Actor[]} actors
 * @returns {string[]}
 */
export function characterIds(actors) {
  const slugs = actors.map((a) => a.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, ""));
  return actors.map((a, i) => {
    const slug = slugs[i];
    return slug && (slugs.filter((s) => s === slug).length === 1) ? slug : String(a.id);
  });
}

/**
 * An actor as an engine character with the id given (`characterIds`), with the documents behind
 * its ids. Throws the shipped adapter's `bad_input` (a weapon whose category names no weapon
 * range, say).
 * @param {Actor} actor
 * @param {string} id
 * @returns {Combatant}
 */
export function readCombatant(actor, id) {
  const gear = [...actor.items].filter((item) => (item.type === ITEM_TYPES.armor) || (item.type === ITEM_TYPES.weapon));
  const ids = engineIds(gear);
  /** @type {Record<string, Item>} */
  const items = {};
  const docs = gear.map((item, i) => {
    items[ids[i]] = item;
    return { item, doc: itemDoc(item, ids[i]) };
  });
  const armor = docs.filter(({ item }) => item.type === ITEM_TYPES.armor).map(({ doc }) => doc);
  const weapons = docs.filter(({ item }) => item.type === ITEM_TYPES.weapon).map(({ doc }) => doc);
  const data = { ...plainData(actor.system), id, name: actor.name };
  const ranges = /** @type {Record<string, any>} */ (RULES_DATA.weapon_range ?? {});
  return { actor, name: actor.name, character: character(data, armor, weapons, ranges), items };
}

/**
 * An explosive Item as the engine's explosive.
 * @param {Item} item
 * @returns {Record<string, any>}
 */
export function readExplosive(item) {
  const [id] = engineIds([item]);
  return explosive(itemDoc(item, id));
}

/**
 * One hit-location RollTable as the content document it was built from.
 * @param {RollTable} table
 * @returns {Record<string, any>}
 */
function tableDoc(table) {
  const results = [...table.results].sort((a, b) => a.range[0] - b.range[0]);
  return {
    id: table.getFlag(MODULE_ID, "key"), name: table.name, die: Number(table.formula.replace(/^1d/, "")),
    locations: results.map((r) => ({
      id: r.getFlag(MODULE_ID, "key"), name: r.getFlag(MODULE_ID, "label"), range: [r.range[0], r.range[1]]
    }))
  };
}

/**
 * The engine's `content`: this module's hit-location tables (its RollTables), species and Injury
 * tables (HZ-G09, HZ-G11, HZ-G28).
 * @returns {Promise<Record<string, any>>}
 */
export async function engineContent() {
  const pack = PACKS.RollTable ? game.packs.get(`${MODULE_ID}.${PACKS.RollTable}`) : undefined;
  const tables = pack ? /** @type {RollTable[]} */ (await pack.getDocuments()) : [];
  /** @type {Record<string, Record<string, any>>} */
  const hitLocations = {};
  for ( const table of tables ) {
    const doc = tableDoc(table);
    if ( typeof doc.id === "string" ) hitLocations[doc.id] = doc;
  }
  return shippedContent({ ...RULES_DATA, hit_locations: hitLocations });
}

/**
 * The hit-location tables the engine will know: the content's and the config's default one
 * (HZ-G09), which the engine adds unless the content has a table of its id.
 * @param {Record<string, any>} content
 * @returns {Record<string, any>[]}
 */
function knownTables(content) {
  const tables = /** @type {Record<string, any>[]} */ (content.hit_location_tables ?? []);
  const config = /** @type {Record<string, any>} */ (RULES_CONFIG);
  const fallback = /** @type {Record<string, any>|null} */ (config.default_hit_location_table ?? null);
  if ( !fallback || tables.some((t) => t.id === fallback.id) ) return tables;
  return [...tables, fallback];
}

/**
 * The species the attack window offers when the target has none recorded (HZ-R16): each species
 * of the content, then the species of any table no species record names.
 * @param {Record<string, any>} content
 * @returns {{id: string, label: string}[]}
 */
export function speciesChoices(content) {
  const records = /** @type {Record<string, any>[]} */ (content.species ?? []);
  const choices = records.map((s) => ({ id: String(s.id), label: String(s.name ?? s.id) }));
  for ( const table of knownTables(content) ) {
    if ( !choices.some((c) => c.id === table.species) ) choices.push({ id: table.species, label: String(table.name ?? table.species) });
  }
  return choices;
}

/**
 * Every location id of the known tables with its label (the first table naming it wins).
 * @param {Record<string, any>} content
 * @returns {Record<string, string>}
 */
export function locationLabels(content) {
  /** @type {Record<string, string>} */
  const labels = {};
  for ( const table of knownTables(content) ) {
    for ( const entry of table.entries ?? [] ) labels[entry.location] ??= String(entry.label ?? entry.location);
  }
  return labels;
}
