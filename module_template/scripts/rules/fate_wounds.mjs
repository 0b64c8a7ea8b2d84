/**
 * The `fate_wounds` engine, registered in `rulesets.mjs` by this module's name until the plug-in
 * registry (issue 8) finds `fate_wounds/index.mjs` itself; then this file goes.
 */

export { CONFIG, RULES } from "./fate_wounds/index.mjs";
