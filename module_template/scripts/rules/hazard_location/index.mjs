/**
 * The `hazard_location` ruleset (seed 003, catalogue §4): Hazard Dice with hit locations.
 * Mirror of `compiler/rules/hazard_location/__init__.py`, rule for rule and in the same order; the rules
 * live in the topic modules beside this file, each mirroring its `.py` twin.
 * Content (weapons, armour pieces, hit-location tables, characters) is part of each rule's input,
 * shaped like the catalogue §4.5 content kinds (see tests/golden/README.md). Each rule's input
 * arrives checked against its shape in `compiler/schemas/rulesets/hazard_location/inputs.schema.json`
 * and its config read through `rules_config.schema.json` beside it (the harness does both); the
 * rules make only the checks a shape cannot express.
 */

import { attack, blast } from "./attack.mjs";
import { hazardTest, initiative, resolveHit, runInitiativeOrder } from "./checks.mjs";
import { repair, weaponWear } from "./gear.mjs";
import {
  armorRoll, blastDamage, calledShotOptions, calledShotPenalty, hitLocation, rangePenalty
} from "./measures.mjs";
import {
  applyDamage, attributeDamage, derivedValues, massiveDamage, restoreAttribute, restoreStamina
} from "./stamina.mjs";
import { movementAllowance, takeTurn } from "./turn.mjs";

/** Every rule by camelCase name, in file order; the harness maps snake_case names onto these. */
export const RULES = Object.freeze({
  rangePenalty,
  calledShotPenalty,
  blastDamage,
  massiveDamage,
  movementAllowance,
  takeTurn,
  hazardTest,
  resolveHit,
  initiative,
  runInitiativeOrder,
  calledShotOptions,
  hitLocation,
  armorRoll,
  applyDamage,
  derivedValues,
  attributeDamage,
  restoreAttribute,
  restoreStamina,
  weaponWear,
  repair,
  attack,
  blast
});
