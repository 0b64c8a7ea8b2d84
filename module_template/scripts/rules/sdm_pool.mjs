/**
 * The `sdm_pool` engine's entry in `rulesets.mjs` until the plug-in registry lands: the engine
 * itself is the package `sdm_pool/` (mirror of `compiler/rules/sdm_pool/`).
 */

export { CONFIG, RULES } from "./sdm_pool/index.mjs";
