/**
 * The world setting of what players see of a roll's odds in a roll dialog (issue 16): the exact
 * figures, a word for each probability ("likely", thresholds in `LABELS`), or nothing. The GM and
 * Assistant GMs always see the exact figures. A world setting (a Setting document on the server):
 * only a user with SETTINGS_MODIFY (Assistant GM and up) may change it, in Configure Settings.
 * @module foundry/odds-settings
 */

import { MODULE_ID } from "../config.mjs";

/** The setting's key under the module's namespace. */
export const DISCLOSURE = "oddsDisclosure";
/** What players may be shown, most first. */
export const DISCLOSURES = Object.freeze(["exact", "label", "hidden"]);
/** docs/decisions.md "Odds shown to players": a word, not the figures, until the GM says more. */
export const DEFAULT_DISCLOSURE = "label";

/** Each choice and its label's key (Foundry localizes them in Configure Settings). */
const CHOICES = Object.freeze([
  { value: "exact", label: "RULEPACK.Odds.Setting.Exact" },
  { value: "label", label: "RULEPACK.Odds.Setting.Label" },
  { value: "hidden", label: "RULEPACK.Odds.Setting.Hidden" }
]);

/**
 * Register the setting (on `init`).
 */
export function registerOddsSettings() {
  game.settings.register(MODULE_ID, DISCLOSURE, {
    name: "RULEPACK.Odds.Setting.Name",
    hint: "RULEPACK.Odds.Setting.Hint",
    scope: "world",
    config: true,
    type: String,
    choices: Object.fromEntries(CHOICES.map(({ value, label }) => [value, label])),
    default: DEFAULT_DISCLOSURE
  });
}

/**
 * What the current user sees: "exact" for a GM (Assistant GMs too), else the world's choice (an
 * unknown stored value shows nothing, never more than the GM chose).
 * @returns {"exact"|"label"|"hidden"}
 */
export function disclosure() {
  if ( game.user?.isGM ) return "exact";
  const chosen = String(game.settings.get(MODULE_ID, DISCLOSURE));
  return chosen === "exact" || chosen === "label" ? chosen : "hidden";
}
