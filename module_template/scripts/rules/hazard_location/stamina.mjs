/**
 * Rules for Stamina, Injuries and Attribute Damage; mirror of `compiler/rules/hazard_location/stamina.py`.
 *
 * Each rule takes `character` (catalogue §4.5) and optional `content`, and returns the character
 * with its new ratings as `state.character`.
 */

import { selectTable } from "./armor.mjs";
import { massiveInjuries, restorationCost } from "./arith.mjs";
import { SCORE_MAX } from "./content.mjs";
import { has } from "./fields.mjs";
import { derivedEvent, loadContent, prepare, takeDamage } from "./harm.mjs";
import { fail } from "../shapes.mjs";

const IN = "input";
const CHARACTER = `${IN}.character`;

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
export function derivedValues(fields, config, queue) {
  const [content, character] = load(fields, config);
  const event = derivedEvent(character, config, content, CHARACTER);
  return [[event], { character }];
}

/**
 * HZ-R22: Massive Damage iff damage >= 2 * Total Stamina; then floor(damage / total).
 * @type {Rule}
 */
export function massiveDamage(fields, config, queue) {
  const injuries = massiveInjuries(fields.damage, fields.total_stamina);
  const event = { type: "massive_damage_check", massive: injuries > 0, injuries };
  return [[event], { massive: injuries > 0, injuries }];
}

/**
 * HZ-G26: a damage source; one that does not say is traumatic as config.traumatic_default.
 * @param {object} source
 * @param {object} config
 * @returns {object}
 */
export function damageSource(source, config) {
  return {
    id: source.id,
    traumatic: has(source, "traumatic") ? source.traumatic : config.traumatic_default,
    triggers_injury: source.triggers_injury,
    additional: source.additional_injuries_rolled
  };
}

/**
 * HZ-R21, HZ-R22, HZ-R27, HZ-R31, HZ-G11, HZ-G26, HZ-G29: damage after armour to Stamina.
 * @type {Rule}
 */
export function applyDamage(fields, config, queue) {
  const [content, character, total] = load(fields, config);
  const location = fields.location;
  const source = damageSource(fields.source, config);
  const fallback = (has(fields, "fallback_table") ? fields.fallback_table : null) ?? config.fallback_table;
  const [table] = selectTable(content, character.species, fallback, `${IN}.fallback_table`);
  const rolledFrom = location === null ? 1 : (source.additional ? 2 : 0);
  const full = { ...source, rolled_from: rolledFrom, table, content };
  const hit = [fields.damage, location, full];
  const [events, after] = takeDamage(character, total, hit, config, queue);
  return [events, { character: after }];
}

/**
 * HZ-R23, HZ-R31, HZ-G27: lower an Attribute, recalculate, clamp Stamina; 0 means lost.
 * @type {Rule}
 */
export function attributeDamage(fields, config, queue) {
  let [content, character] = load(fields, config);
  const name = attribute(fields, character);
  const before = character.attributes[name];
  const after = Math.max(0, before - fields.amount);
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
  const name = fields.attribute;
  if ( !has(character.attributes, name) ) throw fail(IN, `${IN}.attribute is not an attribute of the character`);
  return name;
}

/**
 * HZ-R24: spend Advancements to restore an Attribute, r to r + 1 costing r + 1.
 * @type {Rule}
 */
export function restoreAttribute(fields, config, queue) {
  let [content, character] = load(fields, config);
  const name = attribute(fields, character);
  const current = character.attributes[name];
  const undamaged = has(character.attributes_undamaged, name) ? character.attributes_undamaged[name] : current;
  const target = targetOf(fields, current, undamaged);
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
 * The rating `to` restore up to: from the current rating to the undamaged one.
 * @param {object} fields
 * @param {number} current
 * @param {number} undamaged
 * @returns {number}
 */
function targetOf(fields, current, undamaged) {
  const target = fields.to;
  const high = Math.max(current, Math.min(undamaged, SCORE_MAX));
  if ( !((current <= target) && (target <= high)) ) throw fail(IN, `${IN}.to must be an integer in ${current}..${high}`);
  return target;
}

/**
 * HZ-R31, HZ-R32: a Rest Shift or another rule restores Stamina, never above the total.
 * @type {Rule}
 */
export function restoreStamina(fields, config, queue) {
  const [, character, total] = load(fields, config);
  const before = character.stamina_current;
  const after = Math.min(total, before + fields.amount);
  const event = { type: "stamina_restored", source: fields.source, from: before, to: after, total };
  return [[event], { character: { ...character, stamina_current: after } }];
}
