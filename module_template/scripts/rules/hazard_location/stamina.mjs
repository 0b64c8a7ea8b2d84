/**
 * Rules for Stamina, Injuries and Attribute Damage; mirror of `compiler/rules/hazard_location/stamina.py`.
 *
 * Each rule takes `character` (catalogue §4.5) and optional `content`, and returns the character
 * with its new ratings as `state.character`.
 */

import { selectTable } from "./armor.mjs";
import { massiveInjuries, restorationCost } from "./arith.mjs";
import { flag } from "./config.mjs";
import { SCORE_MAX } from "./content.mjs";
import { expectFields, fail, has, optBool, optStr } from "./fields.mjs";
import { derivedEvent, loadContent, prepare, takeDamage } from "./harm.mjs";
import { SMALL_INT, getChoice, getInt, getStr } from "../inputs.mjs";

const IN = "input";
const S = SMALL_INT;
const CHARACTER = `${IN}.character`;
export const RESTORE_SOURCES = Object.freeze(["rest_shift", "rule"]);
const SOURCE_FIELDS = ["name", "traumatic", "triggers_injury", "additional_injuries_rolled"];

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 */

/**
 * HZ-G09, HZ-G10, HZ-R31: [content, character, Total Stamina] of a rule's input.
 * @param {object} fields
 * @param {object} config
 * @returns {[object, object, number]}
 */
export function load(fields, config) {
  const content = loadContent(fields, config);
  const [character, total] = prepare(fields.character, CHARACTER, config, content);
  return [content, character, total];
}

/**
 * HZ-R31, HZ-G27, HZ-G28: Total Stamina (capped), movement and initiative sources.
 * @type {Rule}
 */
export function derivedValues(input, config, queue) {
  const fields = expectFields(input, IN, ["character"], ["content"]);
  const [content, character] = load(fields, config);
  const event = derivedEvent(character, config, content, CHARACTER);
  return [[event], { character }];
}

/**
 * HZ-R22: Massive Damage iff damage >= 2 * Total Stamina; then floor(damage / total).
 * @type {Rule}
 */
export function massiveDamage(input, config, queue) {
  const fields = expectFields(input, IN, ["damage", "total_stamina"]);
  const damage = getInt(fields, "damage", IN, 0, S);
  const injuries = massiveInjuries(damage, getInt(fields, "total_stamina", IN, 1, S));
  const event = { type: "massive_damage_check", massive: injuries > 0, injuries };
  return [[event], { massive: injuries > 0, injuries }];
}

/**
 * HZ-G26: a damage source `{id, traumatic?, triggers_injury?, additional_injuries_rolled?}`.
 * @param {object} fields
 * @param {object} config
 * @returns {object}
 */
export function readSource(fields, config) {
  const where = `${IN}.source`;
  const source = expectFields(fields.source, where, ["id"], SOURCE_FIELDS);
  const id = getStr(source, "id", where);
  const traumatic = optBool(source, "traumatic", where, flag(config, "traumatic_default"));
  const triggers = optBool(source, "triggers_injury", where, false);
  const additional = optBool(source, "additional_injuries_rolled", where, false);
  return { id, traumatic, triggers_injury: triggers, additional };
}

/**
 * HZ-R21, HZ-R22, HZ-R27, HZ-R31, HZ-G11, HZ-G26, HZ-G29: damage after armour to Stamina.
 * @type {Rule}
 */
export function applyDamage(input, config, queue) {
  const keys = ["character", "damage", "location", "source"];
  const fields = expectFields(input, IN, keys, ["content", "fallback_table"]);
  const [content, character, total] = load(fields, config);
  const damage = getInt(fields, "damage", IN, 0, S);
  const location = optStr(fields, "location", IN, null);
  const source = readSource(fields, config);
  const fallback = optStr(fields, "fallback_table", IN, null) ?? getStr(config, "fallback_table", "config");
  const [table] = selectTable(content, character.species, fallback, `${IN}.fallback_table`);
  const rolledFrom = location === null ? 1 : (source.additional ? 2 : 0);
  const full = { ...source, rolled_from: rolledFrom, table, content };
  const [events, after] = takeDamage(character, total, [damage, location, full], config, queue);
  return [events, { character: after }];
}

/**
 * HZ-R23, HZ-R31, HZ-G27: lower an Attribute, recalculate, clamp Stamina; 0 means lost.
 * @type {Rule}
 */
export function attributeDamage(input, config, queue) {
  const fields = expectFields(input, IN, ["character", "attribute", "amount"], ["content"]);
  let [content, character] = load(fields, config);
  const name = attribute(fields, character);
  const amount = getInt(fields, "amount", IN, 0, S);
  const before = character.attributes[name];
  const after = Math.max(0, before - amount);
  character = { ...character, attributes: { ...character.attributes, [name]: after } };
  const events = [{ type: "attribute_damage", attribute: name, from: before, to: after }];
  const derived = derivedEvent(character, config, content, CHARACTER);
  events.push(derived);
  const current = character.stamina_current;
  if ( current > derived.stamina_total ) {
    events.push({ type: "stamina_clamped", from: current, to: derived.stamina_total });
    character.stamina_current = derived.stamina_total;
  }
  if ( (after === 0) && !character.permanently_lost ) {
    events.push({ type: "permanently_lost", character: character.id, attribute: name });
    character.permanently_lost = true;
  }
  return [events, { character }];
}

/**
 * The input's `attribute`, which the character must have.
 * @param {object} fields
 * @param {object} character
 * @returns {string}
 */
function attribute(fields, character) {
  const name = getStr(fields, "attribute", IN);
  if ( !has(character.attributes, name) ) throw fail(IN, `${IN}.attribute is not an attribute of the character`);
  return name;
}

/**
 * HZ-R24: spend Advancements to restore an Attribute, r to r + 1 costing r + 1.
 * @type {Rule}
 */
export function restoreAttribute(input, config, queue) {
  const fields = expectFields(input, IN, ["character", "attribute", "to"], ["content"]);
  let [content, character] = load(fields, config);
  const name = attribute(fields, character);
  const current = character.attributes[name];
  const undamaged = has(character.attributes_undamaged, name) ? character.attributes_undamaged[name] : current;
  const target = getInt(fields, "to", IN, current, Math.max(current, Math.min(undamaged, SCORE_MAX)));
  const cost = restorationCost(current, target);
  if ( cost > character.advancements ) {
    const refused = { type: "restoration_refused", attribute: name, cost, advancements: character.advancements };
    return [[refused], { character }];
  }
  const events = [];
  for ( let r = current; r < target; r++ ) events.push({ type: "restore", attribute: name, from: r, to: r + 1, cost: r + 1 });
  character = { ...character, attributes: { ...character.attributes, [name]: target },
    advancements: character.advancements - cost };
  events.push({ type: "advancements_spent", cost, left: character.advancements });
  events.push(derivedEvent(character, config, content, CHARACTER));
  return [events, { character }];
}

/**
 * HZ-R31, HZ-R32: a Rest Shift or another rule restores Stamina, never above the total.
 * @type {Rule}
 */
export function restoreStamina(input, config, queue) {
  const fields = expectFields(input, IN, ["character", "amount", "source"], ["content"]);
  const [, character, total] = load(fields, config);
  const amount = getInt(fields, "amount", IN, 0, S);
  const source = getChoice(fields, "source", IN, RESTORE_SOURCES);
  const before = character.stamina_current;
  const after = Math.min(total, before + amount);
  const event = { type: "stamina_restored", source, from: before, to: after, total };
  return [[event], { character: { ...character, stamina_current: after } }];
}
