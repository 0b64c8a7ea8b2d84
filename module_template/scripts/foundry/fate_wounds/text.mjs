/**
 * The localised names the fate_wounds windows, cards and sheet share: the six Fate Accelerated
 * approaches (FW-G04; an approach the content adds shows its id), the Disadvantage levels
 * (FW-G01, FW-G02) and whether the round's attack is taken (FW-R01). Each key is written out
 * whole, so every key the module uses can be found in its source.
 * @module foundry/fate_wounds/text
 */

/**
 * An approach's name.
 * @param {string} id
 * @returns {string}
 */
export function approachName(id) {
  const i18n = game.i18n;
  switch ( id ) {
    case "careful": return i18n.localize("RULEPACK.FateWounds.Approach.careful");
    case "clever": return i18n.localize("RULEPACK.FateWounds.Approach.clever");
    case "flashy": return i18n.localize("RULEPACK.FateWounds.Approach.flashy");
    case "forceful": return i18n.localize("RULEPACK.FateWounds.Approach.forceful");
    case "quick": return i18n.localize("RULEPACK.FateWounds.Approach.quick");
    case "sneaky": return i18n.localize("RULEPACK.FateWounds.Approach.sneaky");
    default: return id;
  }
}

/**
 * A Disadvantage level as the rolls it makes: none, Disadvantage, Double, or more.
 * @param {number} level
 * @returns {string}
 */
export function disadvantageText(level) {
  const i18n = game.i18n;
  if ( level <= 0 ) return i18n.localize("RULEPACK.FateWounds.Disadvantage.0");
  if ( level === 1 ) return i18n.localize("RULEPACK.FateWounds.Disadvantage.1");
  if ( level === 2 ) return i18n.localize("RULEPACK.FateWounds.Disadvantage.2");
  return i18n.localize("RULEPACK.FateWounds.Disadvantage.3");
}

/**
 * Whether the round's one attack is taken.
 * @param {boolean} taken
 * @returns {string}
 */
export function attackText(taken) {
  return taken ? game.i18n.localize("RULEPACK.FateWounds.AttackTaken") : game.i18n.localize("RULEPACK.FateWounds.AttackLeft");
}
