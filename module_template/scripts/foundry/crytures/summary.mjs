/**
 * The result lines of a Crytures chat card, from a rule's events: what a player reads at a
 * glance (the rules trace below them holds every step). Engine ids become the fighters' names.
 * @module foundry/crytures/summary
 */

/** Each reason a use or a step is refused, by its engine name. */
const REASONS = Object.freeze({
  defeated: { label: "RULEPACK.Crytures.Reason.defeated" },
  off_grid: { label: "RULEPACK.Crytures.Reason.off_grid" },
  not_basic: { label: "RULEPACK.Crytures.Reason.not_basic" },
  oa_spent: { label: "RULEPACK.Crytures.Reason.oa_spent" },
  no_action: { label: "RULEPACK.Crytures.Reason.no_action" },
  cannot_pay: { label: "RULEPACK.Crytures.Reason.cannot_pay" },
  out_of_range: { label: "RULEPACK.Crytures.Reason.out_of_range" },
  too_far: { label: "RULEPACK.Crytures.Reason.too_far" },
  occupied: { label: "RULEPACK.Crytures.Reason.occupied" },
  not_adjacent: { label: "RULEPACK.Crytures.Reason.not_adjacent" },
  second_move: { label: "RULEPACK.Crytures.Reason.second_move" },
  not_your_cryture: { label: "RULEPACK.Crytures.Reason.not_your_cryture" },
  cryture_active: { label: "RULEPACK.Crytures.Reason.cryture_active" },
  cryture_inactive: { label: "RULEPACK.Crytures.Reason.cryture_inactive" },
  too_many_crytures: { label: "RULEPACK.Crytures.Reason.too_many_crytures" }
});
/** The action slots and resources, by engine name. */
const WORDS = Object.freeze({
  major: { label: "RULEPACK.Crytures.Slot.major" },
  minor: { label: "RULEPACK.Crytures.Slot.minor" },
  stamina: { label: "RULEPACK.Crytures.Resource.stamina" },
  mana: { label: "RULEPACK.Crytures.Resource.mana" }
});

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
  const known = /** @type {Record<string, {label: string}>} */ (REASONS)[reason];
  return known ? game.i18n.localize(known.label) : reason;
}

/**
 * An action slot's or a resource's name, localised.
 * @param {string} word
 * @returns {string}
 */
function wordText(word) {
  const known = /** @type {Record<string, {label: string}>} */ (WORDS)[word];
  return known ? game.i18n.localize(known.label) : word;
}

/**
 * One event's line, or null for an event the summary leaves to the trace.
 * @param {any} e
 * @param {Names} names
 * @returns {string|null}
 */
function line(e, names) {
  const i18n = game.i18n;
  switch ( e.type ) {
    case "refused": return i18n.format("RULEPACK.Crytures.Summary.Refused", { reason: reasonText(e.reason) });
    case "action": return e.converted ? i18n.format("RULEPACK.Crytures.Summary.ActionConverted", { slot: wordText(e.slot) })
      : i18n.format("RULEPACK.Crytures.Summary.Action", { slot: wordText(e.slot) });
    case "cost": return i18n.format("RULEPACK.Crytures.Summary.Cost", { resource: wordText(e.resource), before: e.before, after: e.after });
    case "provoked": return i18n.format("RULEPACK.Crytures.Summary.Provoked", { by: e.by.map((/** @type {string} */ id) => nameOf(names, id)).join(", ") });
    case "hits": return i18n.format("RULEPACK.Crytures.Summary.Hits", {
      target: nameOf(names, e.target), hits: e.total_hits, crits: e.crits, difficulty: e.difficulty,
      mod: e.roll_mod > 0 ? `+${e.roll_mod}` : String(e.roll_mod)
    });
    case "damage": return i18n.format("RULEPACK.Crytures.Summary.Damage", { target: nameOf(names, e.target), damage: e.damage, health: e.health });
    case "defeated": return i18n.format("RULEPACK.Crytures.Summary.Defeated", { name: nameOf(names, e.combatant) });
    case "status": return i18n.format("RULEPACK.Crytures.Summary.Status", { name: nameOf(names, e.combatant), status: e.status, count: e.count });
    case "summon": return i18n.format("RULEPACK.Crytures.Summary.Summon", { summoner: nameOf(names, e.summoner), cryture: nameOf(names, e.cryture) });
    case "recall": return i18n.format("RULEPACK.Crytures.Summary.Recall", { summoner: nameOf(names, e.summoner), cryture: nameOf(names, e.cryture) });
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
