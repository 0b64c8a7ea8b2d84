/**
 * Entry point listed in module.json `esmodules`. On `init` it registers the data models and
 * sheets of the module's sub-types and wires the pure rules core and the thin Foundry adapters
 * into `game.modules.get(MODULE_ID).api`; macros call only that API.
 * @module main
 */

import { MODULE_ID, ENGINE, RULES_CONFIG } from "./config.mjs";
import { runCase } from "./rules/harness.mjs";
import { rollHitLocation } from "./foundry/hit-location.mjs";
import { CARDS, registerCardHooks } from "./foundry/chat-card.mjs";
import { registerDataModels } from "./foundry/data-models.mjs";
import { registerGmRequests } from "./foundry/gm-requests.mjs";
import { importContent, registerWorldNotice } from "./foundry/import.mjs";
import { registerSheets } from "./foundry/sheets.mjs";
import { registerSettings } from "./foundry/settings.mjs";
import { withRuleset } from "./foundry/ruleset.mjs";
import { registerOddsSettings } from "./foundry/odds-settings.mjs";
import { registerSceneImport } from "./foundry/scenes.mjs";
import { registerLiveReload } from "./foundry/live-reload.mjs";

/**
 * What every module's `game.modules.get(MODULE_ID).api` offers to macros and other modules; the
 * module's ruleset adds its own part under its name (`foundry/ruleset.mjs`, generated).
 * @typedef {object} CoreApi
 * @property {string} engine                   The ruleset engine of this module.
 * @property {Readonly<Record<string, unknown>>} config  The ruleset's rules_config.
 * @property {(rule: string, input: object, dice: object[], config?: object) => object} runRule
 *   Run one rule of this module's engine on explicit dice faces (same call as the fixtures).
 * @property {(key: string) => Promise<ChatMessage|undefined>} rollHitLocation
 *   Roll on one of this module's hit-location tables and post the result.
 * @property {() => Promise<number>} importContent
 *   GM: import the module's fighters and items into a world whose system has no pack of them.
 * @property {typeof CARDS} cards
 *   The chat-card builder every ruleset adapter posts through (`foundry/chat-card.mjs`):
 *   `postCard`, `applyChanges`, `diceOf`, `traceLines`, `undoCard`, `copyFixture`, `fixtureYaml`,
 *   `readCard`.
 */

/* -------------------------------------------- */
/*  Hooks                                       */
/* -------------------------------------------- */

Hooks.once("init", () => {
  const module = game.modules.get(MODULE_ID);
  if ( !module ) throw new Error(`${MODULE_ID} | module is not registered`);
  registerSettings();
  registerDataModels();
  registerSheets();
  registerCardHooks();
  registerGmRequests();
  registerWorldNotice();
  registerOddsSettings();
  registerSceneImport();
  registerLiveReload();
  /** @type {CoreApi} */
  const core = {
    engine: ENGINE,
    config: RULES_CONFIG,
    runRule: (rule, input, dice, config = {}) => runCase(ENGINE, rule, { ...RULES_CONFIG, ...config }, input, dice),
    rollHitLocation,
    importContent,
    cards: CARDS
  };
  module.api = Object.freeze(withRuleset(core));
});
