/**
 * TRANSITION: the `crytures` engine under the name main's registry (`rulesets.mjs`) imports;
 * the engine itself is `crytures/index.mjs`, where the plug-in refactor finds it. This file goes
 * with the refactor.
 */

export { CONFIG, RULES } from "./crytures/index.mjs";
