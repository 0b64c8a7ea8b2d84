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
import { registerSheets } from "./foundry/sheets.mjs";
import { HAZARD_API } from "./foundry/hazard/api.mjs";
import { DANGER_ROOM, registerDangerRoomHooks } from "./foundry/danger-room/api.mjs";

/**
 * What `game.modules.get(MODULE_ID).api` offers to macros and other modules.
 * @typedef {object} ModuleApi
 * @property {string} engine                   The ruleset engine of this module.
 * @property {Readonly<Record<string, unknown>>} config  The ruleset's rules_config.
 * @property {(rule: string, input: object, dice: object[], config?: object) => object} runRule
 *   Run one rule of this module's engine on explicit dice faces (same call as the fixtures).
 * @property {(key: string) => Promise<ChatMessage|undefined>} rollHitLocation
 *   Roll on one of this module's hit-location tables and post the result.
 * @property {typeof CARDS} cards
 *   The chat-card builder every ruleset adapter posts through (`foundry/chat-card.mjs`):
 *   `postCard`, `applyChanges`, `diceOf`, `traceLines`, `undoCard`, `copyFixture`, `fixtureYaml`,
 *   `readCard`.
 * @property {import("./foundry/danger-room/api.mjs").DangerRoomApi} [danger_room]
 *   Danger Room modules only: the Turn (pick in secret, reveal Speeds, play a card, Wait, end the
 *   Turn), cardless saves and contests, a blow's zero-Health roll, the aftermath.
 * @property {typeof HAZARD_API} [hazard_location]
 *   Hazard Dice modules only: `attack()` (the controlled token at the targeted one, through the
 *   attack window, Called Shot included) and `blast()` (at the selected measured template),
 *   each posting chat cards.
 */

/* -------------------------------------------- */
/*  Hooks                                       */
/* -------------------------------------------- */

Hooks.once("init", () => {
  const module = game.modules.get(MODULE_ID);
  if ( !module ) throw new Error(`${MODULE_ID} | module is not registered`);
  registerDataModels();
  registerSheets();
  registerCardHooks();
  const dangerRoom = /** @type {string} */ (ENGINE) === "danger_room";
  if ( dangerRoom ) registerDangerRoomHooks();
  /** @type {ModuleApi} */
  const api = {
    engine: ENGINE,
    config: RULES_CONFIG,
    runRule: (rule, input, dice, config = {}) => runCase(ENGINE, rule, { ...RULES_CONFIG, ...config }, input, dice),
    rollHitLocation,
    cards: CARDS,
    ...(/** @type {string} */ (ENGINE) === "hazard_location" ? { hazard_location: HAZARD_API } : {}),
    ...(dangerRoom ? { danger_room: DANGER_ROOM } : {})
  };
  module.api = Object.freeze(api);
});
