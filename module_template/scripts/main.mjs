/**
 * Entry point listed in module.json `esmodules`. It wires the pure rules core and the thin
 * Foundry adapters into `game.modules.get(MODULE_ID).api`; macros call only that API.
 * @module main
 */

import { MODULE_ID, ENGINE, RULES_CONFIG } from "./config.mjs";
import { runCase } from "./rules/harness.mjs";
import { rollHitLocation } from "./foundry/hit-location.mjs";

/* -------------------------------------------- */
/*  Hooks                                       */
/* -------------------------------------------- */

Hooks.once("init", () => {
  const module = game.modules.get(MODULE_ID);
  if (!module) throw new Error(`${MODULE_ID} | module is not registered`);
  module.api = Object.freeze({
    engine: ENGINE,
    config: RULES_CONFIG,
    /** Run one rule of this module's engine on explicit dice faces (same call as the fixtures). */
    runRule: (rule, input, dice, config = {}) =>
      runCase(ENGINE, rule, { ...RULES_CONFIG, ...config }, input, dice),
    rollHitLocation,
  });
});
