/**
 * What this project adds to Foundry types: the `api` a module conventionally attaches to its own
 * package entry (`game.modules.get(id).api`). Not a core member, so it lives apart from
 * `foundry.d.ts`; the type is the JSDoc typedef in the generated `scripts/foundry/ruleset.mjs` (the core's
 * `CoreApi` of `scripts/main.mjs` plus the module's ruleset part); main sets it on `init`.
 */
interface Module {
  api?: import("../scripts/foundry/ruleset.mjs").ModuleApi;
}
