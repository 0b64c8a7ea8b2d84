/**
 * The `sdm_pool` engine (seed 001, catalogue §2): SDM d6 pools with Opportunity; mirror of
 * `compiler/rules/sdm_pool/__init__.py`.
 *
 * The rules live in the topic modules beside this one. The config defaults (every SDM-G key) are
 * the rules_config schema's, generated into the module; the harness reads input and config
 * through their shapes before a rule runs.
 */

import * as attacks from "./attacks.mjs";
import * as economy from "./economy.mjs";
import * as harm from "./harm.mjs";
import * as initiative from "./initiative.mjs";
import * as opportunity from "./opportunity.mjs";
import * as recovery from "./recovery.mjs";
import * as rounds from "./rounds.mjs";

/** Every rule by camelCase name, in file order; the harness maps snake_case names onto these. */
export const RULES = Object.freeze({
  initiative: initiative.initiative,
  joinInitiative: initiative.joinInitiative,
  actionAllotment: economy.actionAllotment,
  movement: economy.movement,
  startTurn: recovery.startTurn,
  spendAction: economy.spendAction,
  react: economy.react,
  attackPool: attacks.attackPool,
  attackRoll: attacks.attackRoll,
  applyDamage: harm.applyDamage,
  attack: opportunity.attack,
  stabilize: recovery.stabilize,
  heal: harm.heal,
  decideDeath: harm.decideDeath,
  round: rounds.playRound
});
