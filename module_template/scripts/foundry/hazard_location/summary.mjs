/**
 * The plain-text result lines of a Hazard Dice card, read off the rules core's events: what
 * happened to whom, in the words of the table (location labels) and the documents (names).
 * The rules trace below them on the card keeps every number; these say the outcome.
 * @module foundry/hazard_location/summary
 */

/**
 * Display names for the ids an event mentions.
 * @typedef {object} Names
 * @property {Record<string, string>} characters  engine character id → actor name
 * @property {Record<string, string>} items       armour piece, weapon or explosive id → item name
 * @property {Record<string, string>} locations   location id → the table's label
 */

/**
 * The name of `id` in `names`, or the id itself.
 * @param {Record<string, string>} names
 * @param {unknown} id
 * @returns {string}
 */
function nameOf(names, id) {
  const key = String(id);
  return Object.hasOwn(names, key) ? names[key] : key;
}

/**
 * One event's line, or null for an event the summary leaves to the trace. `target` is the
 * character the current step is about (the defender, or the attacker during a riposte).
 * @param {any} e
 * @param {Names} names
 * @param {string} target
 * @returns {string|null}
 */
function line(e, names, target) {
  const who = nameOf(names.characters, target);
  const where = (/** @type {unknown} */ id) => nameOf(names.locations, id);
  switch ( e.type ) {
    case "out_of_range": return game.i18n.localize("RULEPACK.Hazard.Summary.OutOfRange");
    case "blocked_by_cover": return game.i18n.localize("RULEPACK.Hazard.Summary.Blocked");
    case "miss":
      if ( e.d === null ) return game.i18n.format("RULEPACK.Hazard.Summary.MissUncontested", { a: e.a });
      return game.i18n.format("RULEPACK.Hazard.Summary.Miss", { a: e.a, d: e.d });
    case "hit":
      if ( e.d === null ) return game.i18n.format("RULEPACK.Hazard.Summary.HitUncontested", { a: e.a, damage: e.damage });
      return game.i18n.format("RULEPACK.Hazard.Summary.Hit", { a: e.a, d: e.d, damage: e.damage });
    case "riposte": return game.i18n.format("RULEPACK.Hazard.Summary.Riposte", { damage: e.damage });
    case "hit_location":
      if ( e.injury !== undefined ) return null;
      return game.i18n.format("RULEPACK.Hazard.Summary.Location", { name: who, location: where(e.location) });
    case "ablation":
      return game.i18n.format("RULEPACK.Hazard.Summary.Ablation", { piece: nameOf(names.items, e.piece), from: e.from, to: e.to });
    case "stamina":
      return game.i18n.format("RULEPACK.Hazard.Summary.Stamina", {
        name: nameOf(names.characters, e.character), before: e.before, after: e.after, total: e.total
      });
    case "injury": return game.i18n.format("RULEPACK.Hazard.Summary.Injury", { name: who, location: where(e.location) });
    default: return null;
  }
}

/**
 * The result lines of one rule's events about `target` (the step markers of an attack switch
 * the target to the character each step is about).
 * @param {object[]} events
 * @param {Names} names
 * @param {string} target
 * @returns {string[]}
 */
export function outcomeLines(events, names, target) {
  const lines = [];
  let about = target;
  for ( const event of /** @type {any[]} */ (events) ) {
    if ( event.type === "step" ) about = event.target;
    const text = line(event, names, about);
    if ( text !== null ) lines.push(text);
  }
  return lines;
}
