/**
 * Stamina, Injuries, Massive Damage and Attribute Damage; mirror of
 * `compiler/rules/hazard_location/harm.py`.
 *
 * Dice in canonical order, per Injury: a location d100 when the Injury rolls its own location
 * (blasts; further Injuries of a source that says so), then an Injury-table die if one is set.
 */

import * as dice from "../dice.mjs";
import { rollLocation } from "./armor.mjs";
import { massiveInjuries } from "./arith.mjs";
import { checkCharacter, checkContent } from "./content.mjs";
import { byId, has } from "./fields.mjs";
import { fail } from "../shapes.mjs";

/**
 * @typedef {import("../queue.mjs").DiceQueue} DiceQueue
 */

/**
 * HZ-G09, HZ-G10: the input's `content`, with the config's default hit-location table.
 * @param {object} fields
 * @param {object} config
 * @returns {object}
 */
export function loadContent(fields, config) {
  return checkContent(fields.content, "input", config.default_hit_location_table, config.hit_location_die);
}

/**
 * HZ-G27: a derived value, the sum of its source attributes' current ratings.
 * @param {object} character
 * @param {object} config
 * @param {string} name
 * @param {string} where
 * @returns {number}
 */
export function derivedValue(character, config, name, where) {
  let total = 0;
  for ( const key of config.derived[name] ) {
    if ( !has(character.attributes, key) ) throw fail(where, `${where}.attributes.${key} is required`);
    total += character.attributes[key];
  }
  return total;
}

/**
 * HZ-R31, HZ-G28: the Maximum Stamina caps from species, sex and phenotype.
 * @param {object} character
 * @param {object} content
 * @returns {number[]}
 */
export function staminaCaps(character, content) {
  const species = byId(content.species, character.species ?? "");
  if ( species === null ) return [];
  const caps = has(species, "max_stamina") ? [species.max_stamina] : [];
  const sexCaps = species.sex_caps;
  if ( (character.sex !== null) && has(sexCaps, character.sex) ) caps.push(sexCaps[character.sex]);
  const phenotype = byId(species.phenotypes, character.phenotype ?? "");
  if ( (phenotype !== null) && has(phenotype, "max_stamina") ) caps.push(phenotype.max_stamina);
  return caps;
}

/**
 * HZ-R31, HZ-G27, HZ-G28: END + WIL, capped by the lowest Maximum Stamina.
 * @param {object} character
 * @param {object} config
 * @param {object} content
 * @param {string} where
 * @returns {number}
 */
export function staminaTotal(character, config, content, where) {
  let total = derivedValue(character, config, "stamina_total", where);
  const caps = staminaCaps(character, content);
  if ( (config.stamina_cap === "min_of_caps") && caps.length ) total = Math.min(total, ...caps);
  return total;
}

/**
 * HZ-R31: a character and its Total Stamina; Current Stamina starts at the total.
 * @param {object} value
 * @param {string} where
 * @param {object} config
 * @param {object} content
 * @returns {[object, number]}
 */
export function prepare(value, where, config, content) {
  const character = checkCharacter(value, where, config.traumatic_default);
  const total = staminaTotal(character, config, content, where);
  const current = has(character, "stamina_current") ? character.stamina_current : total;
  if ( current > total ) {
    throw fail(where, `${where}.stamina_current must be an integer in 0..${total}`);
  }
  return [{ ...character, stamina_current: current }, total];
}

/**
 * HZ-R23, HZ-G27: every derived value, recalculated from current attributes.
 * @param {object} character
 * @param {object} config
 * @param {object} content
 * @param {string} where
 * @returns {object}
 */
export function derivedEvent(character, config, content, where) {
  return {
    type: "derived",
    stamina_total: staminaTotal(character, config, content, where),
    movement: derivedValue(character, config, "movement", where),
    initiative: derivedValue(character, config, "initiative", where)
  };
}

/**
 * HZ-R22, HZ-R31, HZ-G26, HZ-G29: [Injuries, Massive-Damage Injuries or 0] for one source.
 * @param {number} before
 * @param {number} damage
 * @param {number} total
 * @param {object} source
 * @returns {[number, number]}
 */
export function injuryCount(before, damage, total, source) {
  const triggers = source.traumatic || source.triggers_injury;
  if ( (damage < 1) || !triggers ) return [0, 0];
  const normal = (before === 0) || (damage >= before) ? 1 : 0;
  if ( !source.traumatic ) return [normal, 0];
  if ( total < 1 ) throw fail("input", "Total Stamina is 0, so Massive Damage is undefined (HZ-G29)");
  const massive = massiveInjuries(damage, total);
  return [Math.max(normal, massive), massive];
}

/**
 * HZ-R01 step 5, HZ-R21, HZ-R22, HZ-R27, HZ-R31: damage to Stamina, then each Injury.
 *
 * `hit` is [damage after armour, struck location or null for a blast, source], the source
 * being `{id, traumatic, triggers_injury, rolled_from, table, content}` where `rolled_from` is
 * the first Injury index that rolls its own location (1 for blasts, 0 for never).
 * @param {object} character
 * @param {number} total
 * @param {[number, string|null, object]} hit
 * @param {object} config
 * @param {DiceQueue} queue
 * @returns {[object[], object]}
 */
export function takeDamage(character, total, hit, config, queue) {
  const [damage, location, source] = hit;
  const before = character.stamina_current;
  const after = Math.max(0, before - damage);
  let events = [{ type: "stamina", character: character.id, before, damage, after, total }];
  const [count, massive] = injuryCount(before, damage, total, source);
  if ( massive ) events.push({ type: "massive_damage", damage, total, injuries: massive });
  for ( let index = 1; index <= count; index++ ) events = events.concat(injury(index, location, source, config, queue));
  return [events, { ...character, stamina_current: after }];
}

/**
 * One Injury: its location (rolled if it needs one), the event, and its table roll if set.
 * @param {number} index
 * @param {string|null} location
 * @param {object} source
 * @param {object} config
 * @param {DiceQueue} queue
 * @returns {object[]}
 */
function injury(index, location, source, config, queue) {
  const events = [];
  const rolledFrom = source.rolled_from;
  if ( (location === null) || (rolledFrom && (index >= rolledFrom)) ) {
    const [event, rolled] = rollLocation(source.table, queue);
    events.push({ ...event, injury: index });
    location = rolled;
  }
  events.push({ type: "injury", location, source_id: source.id, index });
  const tableId = config.injury_table;
  if ( tableId !== null ) events.push(injuryRoll(tableId, location, source.content, queue));
  return events;
}

/**
 * The Injury-table roll: the table for this location, else the configured general one.
 * @param {string} tableId
 * @param {string} location
 * @param {object} content
 * @param {DiceQueue} queue
 * @returns {object}
 */
function injuryRoll(tableId, location, content, queue) {
  const tables = content.injury_tables;
  let table = tables.find(t => has(t, "location") && (t.location === location)) ?? null;
  table = table ?? byId(tables, tableId);
  if ( table === null ) throw fail("input", "input.content.injury_tables lacks the table config.injury_table names");
  const face = queue.take(table.die);
  const index = dice.tableLookup(table.entries.map(e => e.range), face);
  const entry = table.entries[index];
  const event = { type: "injury_roll", table: table.id, die: table.die, face, result: entry.result };
  if ( has(entry, "effects") ) event.effects = entry.effects;
  return event;
}
