/**
 * The five-step attack and the blast; mirror of `compiler/rules/hazard_location/attack.py`.
 *
 * Canonical dice order (catalogue §4.4): attacker pool (first die the Hazard Die), defender pool,
 * hit-location d100 unless a Called Shot, partial-coverage d100s outer to inner, Effective AV d6,
 * then per Injury its location d100 (if it rolls one) and its Injury-table die (if configured).
 */

import { entryOf, resolveArmor, rollLocation } from "./armor.mjs";
import { decideHit, riposteMargin, rollTest } from "./checks.mjs";
import { has, lengthM } from "./fields.mjs";
import { loadContent, prepare, takeDamage } from "./harm.mjs";
import { blastEvent, blocks, explosiveOf, tableFor } from "./measures.mjs";
import { attackPool, defenceOf, defencePoolEvent, prepareAttack, rangeCheck } from "./pools.mjs";
import { fail } from "../shapes.mjs";

const IN = "input";

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 * @typedef {import("../queue.mjs").DiceQueue} DiceQueue
 */

/**
 * HZ-R01: the marker opening one step of the attack order in the trace.
 * @param {number} number
 * @param {string} name
 * @param {string} target
 * @returns {object}
 */
export function step(number, name, target) {
  return { type: "step", step: number, name, target };
}

/**
 * HZ-R01 steps 3-5: locate the hit, resolve armour, apply the rest to Stamina.
 *
 * `blow` is `{table, table_event, called, pen, damage, cover, source}`; returns
 * [events, target after, cover after, struck location].
 * @param {object} target
 * @param {number} total
 * @param {object} blow
 * @param {object} config
 * @param {DiceQueue} queue
 * @returns {[object[], object, object|null, string]}
 */
export function strike(target, total, blow, config, queue) {
  const events = [step(3, "hit_location", target.id), blow.table_event];
  let location;
  if ( blow.called !== null ) {
    location = blow.called;
    events.push({ type: "hit_location", table: blow.table.id, location, called: true });
  } else {
    const [rolled, struck] = rollLocation(blow.table, queue);
    events.push(rolled);
    location = struck;
  }
  events.push(step(4, "armor", target.id));
  const [armorEvents, through, worn, cover] = resolveArmor(target.armor, blow.cover,
    [location, blow.pen, blow.damage], config, queue);
  events.push(...armorEvents, step(5, "damage", target.id));
  const [harm, after] = takeDamage({ ...target, armor: worn }, total, [through, location, blow.source], config, queue);
  return [[...events, ...harm], after, cover, location];
}

/**
 * HZ-R22, HZ-G26: a weapon as a localised source; further Injuries roll only if it says so.
 * @param {object} weapon
 * @param {object} table
 * @param {object} content
 * @returns {object}
 */
export function weaponSource(weapon, table, content) {
  const rolledFrom = weapon.additional_injuries_rolled ? 2 : 0;
  return { id: weapon.id, traumatic: weapon.traumatic, triggers_injury: false, rolled_from: rolledFrom, table, content };
}

/**
 * HZ-R01-R02, HZ-R06-R10, HZ-R12-R15, HZ-R19, HZ-R21, HZ-G03-G08, HZ-G13-G15, HZ-G18, HZ-G31.
 *
 * One attack through the five steps; a parried attack may instead give a riposte (HZ-R14).
 * @type {Rule}
 */
export function attack(fields, config, queue) {
  const atk = prepareAttack(fields, config);
  const defence = defenceOf(atk);
  atk.defence = defence;
  const state = { hit: false, location: null, attacker: atk.attacker, defender: atk.defender, cover: atk.cover };
  const events = [step(1, "attack", atk.defender.id)];
  if ( blocks(atk.cover) ) return [[...events, { type: "blocked_by_cover" }], state];
  let rangeDice = 0;
  if ( atk.mode === "ranged" ) {
    const [checked, penalty] = rangeCheck(atk);
    events.push(checked);
    if ( penalty === null ) return [events, state];
    rangeDice = penalty;
  }
  const [pool, size] = attackPool(atk, rangeDice, config);
  const [rolled, a] = rollTest("attacker", size, [], config, queue);
  events.push(pool, ...rolled, step(2, "defence", atk.defender.id));
  let d = null;
  if ( defence === null ) events.push({ type: "no_defence" });
  else {
    const [defencePool, defenceSize] = defencePoolEvent(atk, defence, config);
    const [defenceRolled, successes] = rollTest("defender", defenceSize, [], config, queue);
    events.push(defencePool, ...defenceRolled);
    d = successes;
  }
  return outcome(atk, [a, d], events, config, queue);
}

/**
 * Steps 3-5 after a hit, or the miss (and a possible riposte).
 * @param {object} atk
 * @param {[number, number|null]} successes
 * @param {object[]} events
 * @param {object} config
 * @param {DiceQueue} queue
 * @returns {[object[], object]}
 */
function outcome(atk, successes, events, config, queue) {
  const [a, d] = successes;
  const [hit, mos] = decideHit(a, d, config);
  const state = { hit, location: null, attacker: atk.attacker, defender: atk.defender, cover: atk.cover };
  if ( !hit ) {
    events.push({ type: "miss", a, d });
    return riposte(atk, successes, events, config, queue);
  }
  const weapon = atk.weapon;
  const damage = weapon.dv_current + mos;
  events.push({ type: "hit", a, d, mos, dv: weapon.dv_current, damage });
  const blow = { table: atk.table, table_event: atk.table_event, called: atk.called, pen: weapon.pen, damage,
    cover: atk.cover, source: weaponSource(weapon, atk.table, atk.content) };
  const [more, defender, cover, location] = strike(atk.defender, atk.defender_total, blow, config, queue);
  Object.assign(state, { defender, cover, location });
  return [[...events, ...more], state];
}

/**
 * HZ-R14, HZ-G07: a parry whose MoS meets the attacker's successes strikes back.
 * @param {object} atk
 * @param {[number, number|null]} successes
 * @param {object[]} events
 * @param {object} config
 * @param {DiceQueue} queue
 * @returns {[object[], object]}
 */
function riposte(atk, successes, events, config, queue) {
  const [a, d] = successes;
  const defence = atk.defence;
  const state = { hit: false, location: null, attacker: atk.attacker, defender: atk.defender, cover: atk.cover };
  const margin = (d === null) || (defence === null) ? null : riposteMargin(a, d, defence.kind, config);
  if ( margin === null ) return [events, state];
  const weapon = has(defence, "weapon_item") ? defence.weapon_item : null;
  if ( weapon === null ) throw fail(IN, `${IN}.defence.weapon is required for a riposte`);
  const damage = weapon.dv_current + margin;
  events.push({ type: "riposte", margin, dv: weapon.dv_current, damage });
  const [table, tableEvent] = tableFor(atk.fields, config, atk.attacker.species, atk.content);
  const blow = { table, table_event: tableEvent, called: null, pen: weapon.pen, damage, cover: null,
    source: weaponSource(weapon, table, atk.content) };
  const [more, attacker] = strike(atk.attacker, atk.attacker_total, blow, config, queue);
  state.attacker = attacker;
  return [[...events, ...more], state];
}

/**
 * HZ-G24: the location whose armour makes a blast's Armor Roll, and its events.
 *
 * `blast_armor_location` names it, or `rolled` rolls it on the target's table; a table lacking
 * the named one takes `blast_armor_fallback`: a rolled location, the largest (the first on a
 * tie), or `refuse` (bad_config).
 * @param {object} table
 * @param {object} config
 * @param {DiceQueue} queue
 * @returns {[object[], string]}
 */
export function blastLocation(table, config, queue) {
  const named = config.blast_armor_location;
  const entries = table.entries;
  if ( (named !== "rolled") && entries.some((e) => e.location === named) ) return [[], named];
  const fallback = named === "rolled" ? "rolled" : config.blast_armor_fallback;
  if ( fallback === "refuse" ) entryOf(table, named, "config.blast_armor_location");
  if ( fallback === "largest" ) {
    let top = entries[0];
    for ( const entry of entries ) if ( entry.percent > top.percent ) top = entry;
    return [[], top.location];
  }
  const [rolled, location] = rollLocation(table, queue);
  return [[rolled], location];
}

/**
 * HZ-R25-R27, HZ-G23-G26: a blast's Damage at distance, one Armor Roll, then each Injury.
 *
 * Every Injury rolls its own location, the Massive Damage ones included.
 * @type {Rule}
 */
export function blast(fields, config, queue) {
  const content = loadContent(fields, config);
  const [target, total] = prepare(fields.target, `${IN}.target`, config, content);
  const explosive = explosiveOf(fields, config);
  const distance = lengthM(fields.distance, config.metres_per_hex);
  const damageEvent = blastEvent(explosive, distance, config);
  const damage = damageEvent.damage;
  if ( damage === 0 ) return [[damageEvent], { target }];
  const [table, tableEvent] = tableFor(fields, config, target.species, content);
  const [located, location] = blastLocation(table, config, queue);
  const events = [damageEvent, tableEvent, ...located];
  const [armorEvents, through, worn] = resolveArmor(target.armor, null, [location, explosive.pen, damage], config, queue);
  const source = { id: explosive.id, traumatic: explosive.traumatic, triggers_injury: false, rolled_from: 1, table,
    content };
  const [harm, after] = takeDamage({ ...target, armor: worn }, total, [through, null, source], config, queue);
  return [[...events, ...armorEvents, ...harm], { target: after }];
}
