/**
 * The result lines of a Crytures chat card, from a rule's events: what a player reads at a
 * glance (the rules trace below them holds every step). Engine ids become the fighters' names.
 * @module foundry/crytures/summary
 */

/** Where the summary's strings live in lang/crytures/en.json. */
const KEY = "RULEPACK.Crytures.Summary.";

/**
 * @typedef {Record<string, string>} Names  engine id → the fighter's name
 */

/**
 * A fighter's name (its id when the fight has none for it).
 * @param {Names} names
 * @param {string} id
 * @returns {string}
 */
function nameOf(names, id) {
  return Object.hasOwn(names, id) ? names[id] : id;
}

/**
 * A refusal's reason, localised.
 * @param {string} reason
 * @returns {string}
 */
export function reasonText(reason) {
  return game.i18n.localize(`RULEPACK.Crytures.Reason.${reason}`);
}

/**
 * One event's line, or null for an event the summary leaves to the trace.
 * @param {any} e
 * @param {Names} names
 * @returns {string|null}
 */
function line(e, names) {
  const f = (/** @type {string} */ key, /** @type {Record<string, unknown>} */ data) => game.i18n.format(KEY + key, data);
  switch ( e.type ) {
    case "refused": return f("Refused", { reason: reasonText(e.reason) });
    case "action": return f(e.converted ? "ActionConverted" : "Action", { slot: game.i18n.localize(`RULEPACK.Crytures.Slot.${e.slot}`) });
    case "cost": return f("Cost", { resource: game.i18n.localize(`RULEPACK.Crytures.Resource.${e.resource}`), before: e.before, after: e.after });
    case "provoked": return f("Provoked", { by: e.by.map((/** @type {string} */ id) => nameOf(names, id)).join(", ") });
    case "hits": return f("Hits", { target: nameOf(names, e.target), hits: e.total_hits, crits: e.crits, difficulty: e.difficulty, mod: e.roll_mod });
    case "damage": return f("Damage", { target: nameOf(names, e.target), damage: e.damage, health: e.health });
    case "defeated": return f("Defeated", { name: nameOf(names, e.combatant) });
    case "status": return f("Status", { name: nameOf(names, e.combatant), status: e.status, count: e.count });
    default: return null;
  }
}

/**
 * The summary of a power's use (`use_power`) or a turn's steps (`take_turn`).
 * @param {object[]} events
 * @param {Names} names
 * @returns {string[]}
 */
export function powerLines(events, names) {
  return events.map((e) => line(e, names)).filter((l) => l !== null);
}
