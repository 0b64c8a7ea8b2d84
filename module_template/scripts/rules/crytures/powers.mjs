/**
 * Using a power, whole: action, cost, range, targets, opportunity attacks, then its lines; mirror
 * of `compiler/rules/crytures/powers.py`.
 *
 * A use is checked whole before anything is spent (CR-G20): a refused use emits
 * `refused{reason}` and changes nothing. Opportunity attacks a use provokes are reported, not
 * resolved; an OA is a later use with `opportunity: true` (CR-R09).
 */

import { IN, adjacent, bad, byId, distance, enemiesOf, named, onGrid } from "./common.mjs";
import { areaSpaces, inArea, measure, originOf, rangeEvent, template } from "./geometry.mjs";
import { checkStats, selfEffects, strike } from "./strikes.mjs";

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 * @typedef {import("./common.mjs").Combatant} Combatant
 * @typedef {import("../queue.mjs").DiceQueue} DiceQueue
 */

const MELEE_KINDS = Object.freeze(["melee", "melee_blast"]);
const RANGED_KINDS = Object.freeze(["ranged", "ranged_blast"]);
const SINGLE_KINDS = Object.freeze(["melee", "ranged"]);

/**
 * CR-R04, CR-G18: the slot an action uses and whether a Minor took the Major (the Major
 * "can also be used for a bonus Minor Action"); null when neither is left.
 * @param {string} action
 * @param {{major: boolean, minor: boolean}} actions
 * @returns {[string, boolean]|null}
 */
export function takeAction(action, actions) {
  if ( action === "major" ) return actions.major ? ["major", false] : null;
  if ( actions.minor ) return ["minor", false];
  return actions.major ? ["major", true] : null;
}

/**
 * CR-R04: the actions left once `slot` is used.
 * @param {{major: boolean, minor: boolean}} actions
 * @param {string} slot
 * @returns {{major: boolean, minor: boolean}}
 */
export function spent(actions, slot) {
  return { ...actions, [slot]: false };
}

/**
 * CR-R06: the one other, active combatant a Melee or Ranged power is aimed at.
 * @param {object} inp
 * @param {Map<string, Combatant>} table
 * @returns {Combatant}
 */
export function singleTarget(inp, table) {
  if ( inp.target === null ) throw bad(`${IN}.target is required for a Melee or Ranged power`);
  const target = named(table, inp.target, `${IN}.target`);
  if ( target.id === inp.user ) throw bad(`${IN}.target must be someone other than the user`);
  if ( !onGrid(target) ) throw bad(`${IN}.target is off the grid or defeated`);
  return target;
}

/**
 * CR-R06, CR-G07, CR-G08: where the power lands: the measured range (if it has an X), the
 * Blast's area event, and its targets (area targets by distance from the origin, then id).
 * @param {object} inp
 * @param {Combatant} user
 * @param {Map<string, Combatant>} table
 * @param {Combatant[]} combatants
 * @param {object} config
 * @returns {{range: object|null, area: object|null, targets: Combatant[]}}
 */
export function placement(inp, user, table, combatants, config) {
  const range = inp.power.range;
  const kind = range.kind;
  const here = user.position;
  if ( kind === "personal" ) return { range: null, area: null, targets: [user] };
  if ( SINGLE_KINDS.includes(kind) ) {
    const target = singleTarget(inp, table);
    return { range: measure(range, here, target.position, config), area: null, targets: [target] };
  }
  const origin = originOf(range, here, inp.aim, inp.direction, config);
  const area = template(range, origin, here, inp.power.includes_user, config);
  const inside = combatants.filter(c => onGrid(c) && inArea(c.position, area, config));
  const key = c => distance(origin, c.position, config);
  inside.sort((a, b) => (key(a) - key(b)) || (a.id < b.id ? -1 : Number(a.id > b.id)));
  const count = areaSpaces(area, config).length;
  const event = { type: "area", kind, y: range.y, origin, count };
  const measured = kind === "ranged_blast" ? measure(range, here, origin, config) : null;
  return { range: measured, area: event, targets: inside };
}

/**
 * CR-R04, CR-R09, CR-G10, CR-G13, CR-G20, CR-R06: why the use is refused (or null), the
 * events shown before the refusal, and the action slot it takes.
 * @param {object} inp
 * @param {Combatant} user
 * @param {object} plan
 * @param {object} config
 * @returns {[string|null, object[], [string, boolean]|null]}
 */
export function refusal(inp, user, plan, config) {
  const power = inp.power;
  const restricted = inp.opportunity || inp.basic_attack;
  if ( restricted && !(power.basic && config.basic_attack_range_kinds.includes(power.range.kind)) ) {
    return ["not_basic", [], null];
  }
  const limited = config.oa_limit === "one_per_enemy_per_triggering_turn";
  if ( inp.opportunity && limited && inp.oa_spent.includes(user.id) ) return ["oa_spent", [], null];
  let slot = null;
  if ( !inp.opportunity ) {
    slot = takeAction(inp.basic_attack ? "major" : power.action, inp.actions);
    if ( slot === null ) return ["no_action", [], null];
  }
  const cost = power.cost;
  if ( (cost !== null) && (user[cost.resource] < cost.amount) && (config.unaffordable_power === "refused") ) {
    return ["cannot_pay", [], slot];
  }
  const measured = plan.range;
  if ( (measured !== null) && !measured.in_range ) return ["out_of_range", [rangeEvent(power.range, measured)], slot];
  return [null, [], slot];
}

/**
 * CR-G09: an engaged enemy is adjacent (`adjacent`) or has the user within its reach.
 * @param {Combatant} enemy
 * @param {Combatant} user
 * @param {object} config
 * @returns {boolean}
 */
export function engaged(enemy, user, config) {
  if ( config.engaged === "melee_reach" ) return distance(enemy.position, user.position, config) <= enemy.reach;
  return adjacent(enemy.position, user.position, config);
}

/**
 * CR-R06, CR-R09, CR-G12: what in the power provokes: a Ranged kind, and Concentration
 * (on a Melee power only with `concentration_provokes_melee`).
 * @param {object} power
 * @param {object} config
 * @returns {string[]}
 */
export function triggersOf(power, config) {
  const kind = power.range.kind;
  const found = RANGED_KINDS.includes(kind) ? ["ranged_power"] : [];
  if ( power.concentration && (!MELEE_KINDS.includes(kind) || config.concentration_provokes_melee) ) {
    found.push("concentration");
  }
  return found;
}

/**
 * CR-R09, CR-G09, CR-G10: the engaged enemies provoked now, in input order; with
 * `one_per_enemy_per_triggering_turn` not those already provoked or spent this turn.
 * @param {Combatant} user
 * @param {Combatant[]} combatants
 * @param {string[]} excluded
 * @param {object} config
 * @returns {string[]}
 */
export function provokedBy(user, combatants, excluded, config) {
  const limited = config.oa_limit === "one_per_enemy_per_triggering_turn";
  return enemiesOf(combatants, user).filter(e => engaged(e, user, config) && !(limited && excluded.includes(e.id)))
    .map(e => e.id);
}

/**
 * CR-R04, CR-R09: how the use is declared: an opportunity attack, a Basic Attack (Major),
 * or the power's own Action line.
 * @param {object} inp
 * @returns {string}
 */
export function declaredAction(inp) {
  if ( inp.opportunity ) return "opportunity";
  return inp.basic_attack ? "major" : String(inp.power.action);
}

/**
 * CR-R04-R12: one use of a power on `combatants` (updated in place). `already`: enemies
 * provoked earlier in the same turn.
 * @param {object} inp
 * @param {Combatant[]} combatants
 * @param {object} config
 * @param {DiceQueue} queue
 * @param {string[]} already
 * @returns {[object[], object]}
 */
export function resolveUse(inp, combatants, config, queue, already) {
  const table = byId(combatants, `${IN}.combatants`);
  const user = named(table, inp.user, `${IN}.user`);
  const power = inp.power;
  const events = [{ type: "declare", user: user.id, power: power.id, action: declaredAction(inp) }];
  const unchanged = { used: false, actions: { ...inp.actions }, oa_spent: [...inp.oa_spent], provoked: [], targets: [] };
  if ( user.defeated || (user.position === null) ) {
    const why = user.defeated ? "defeated" : "off_grid";
    return [[...events, { type: "refused", reason: why }], { ...unchanged, combatants }];
  }
  const plan = placement(inp, user, table, combatants, config);
  checkStats(user, plan.targets, power);
  const [reason, shown, slot] = refusal(inp, user, plan, config);
  if ( reason !== null ) {
    return [[...events, ...shown, { type: "refused", reason }], { ...unchanged, combatants }];
  }
  const use = { inp, user, combatants, config, already: [...already] };
  return carryOut(use, plan, slot, events, queue);
}

/**
 * CR-R04, CR-G18, CR-G20: spend the action slot and the cost (never below 0); the actions
 * left.
 * @param {object} use
 * @param {[string, boolean]|null} slot
 * @param {object[]} events
 * @returns {{major: boolean, minor: boolean}}
 */
export function pay(use, slot, events) {
  const { inp, user } = use;
  let actions = { ...inp.actions };
  if ( slot !== null ) {
    events.push({ type: "action", slot: slot[0], converted: slot[1] });
    actions = spent(actions, slot[0]);
  }
  const cost = inp.power.cost;
  if ( cost !== null ) {
    const before = user[cost.resource];
    user[cost.resource] = Math.max(0, before - cost.amount);
    events.push({ type: "cost", resource: cost.resource, amount: cost.amount, before, after: user[cost.resource] });
  }
  return actions;
}

/**
 * CR-R04-R12, CR-G20: spend the action and the cost, then land the power.
 * @param {object} use
 * @param {object} plan
 * @param {[string, boolean]|null} slot
 * @param {object[]} events
 * @param {DiceQueue} queue
 * @returns {[object[], object]}
 */
export function carryOut(use, plan, slot, events, queue) {
  const { inp, user, combatants, config, already } = use;
  const power = inp.power;
  const actions = pay(use, slot, events);
  if ( plan.range !== null ) events.push(rangeEvent(power.range, plan.range));
  if ( plan.area !== null ) events.push(plan.area);
  const targets = plan.targets;
  events.push({ type: "targets", targets: targets.map(t => t.id) });
  const triggers = inp.opportunity ? [] : triggersOf(power, config);
  const excluded = [...inp.oa_spent, ...already];
  const by = triggers.length ? provokedBy(user, combatants, excluded, config) : [];
  if ( by.length ) events.push({ type: "provoked", triggers, by });
  const extension = plan.range !== null ? plan.range.extension : 0;
  const dieMods = extension ? [-extension] : [];
  const context = { power, config, combatants, situations: inp.situations };
  events.push(...strike(user, targets, [...dieMods, ...inp.die_mods], context, queue));
  events.push(...selfEffects(user, power));
  const oaSpent = inp.opportunity ? [...inp.oa_spent, user.id] : [...inp.oa_spent];
  return [events, { used: true, combatants, actions, oa_spent: oaSpent, provoked: by, targets: targets.map(t => t.id) }];
}

/**
 * CR-R04, CR-R05, CR-R06, CR-R07, CR-R08, CR-R09, CR-R10, CR-R11, CR-R12, CR-G01, CR-G02,
 * CR-G03, CR-G07, CR-G08, CR-G10, CR-G12, CR-G13, CR-G14, CR-G15, CR-G18, CR-G20, CR-G22,
 * CR-E09: one power used whole, as one chat card replays it.
 * @type {Rule}
 */
export function usePower(inp, config, queue) {
  // Each combatant's own object: the rules set its fields, never change a value in place.
  const combatants = inp.combatants.map(c => ({ ...c }));
  return resolveUse(inp, combatants, config, queue, []);
}

/** The rules of this module by camelCase name, in file order. */
export const RULES = Object.freeze({ usePower });
