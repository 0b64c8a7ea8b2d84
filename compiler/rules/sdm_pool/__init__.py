"""The `sdm_pool` engine (seed 001, catalogue §2): SDM d6 pools with Opportunity.

Mirrored rule for rule, in the same order, by `module_template/scripts/rules/sdm_pool/index.mjs`;
the rules live in the topic modules beside this one, each mirrored by its `.mjs` twin. The config
defaults (every SDM-G key) are the rules_config schema's; the harness reads input and config
through their shapes before a rule runs.
"""

from __future__ import annotations

from collections.abc import Mapping

from compiler.rules.base import Rule
from compiler.rules.sdm_pool import (
    attacks,
    economy,
    harm,
    initiative,
    opportunity,
    recovery,
    rounds,
)

RULES: Mapping[str, Rule] = {
    "initiative": initiative.initiative,
    "join_initiative": initiative.join_initiative,
    "action_allotment": economy.action_allotment,
    "movement": economy.movement,
    "start_turn": recovery.start_turn,
    "spend_action": economy.spend_action,
    "react": economy.react,
    "attack_pool": attacks.attack_pool,
    "attack_roll": attacks.attack_roll,
    "apply_damage": harm.apply_damage,
    "attack": opportunity.attack,
    "stabilize": recovery.stabilize,
    "heal": harm.heal,
    "decide_death": harm.decide_death,
    "round": rounds.play_round,
}
"""Every rule of the ruleset, by snake_case name, in file order."""

__all__ = ["RULES"]
