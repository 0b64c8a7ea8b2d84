"""The `crytures` ruleset (seed 004, catalogue §5): Crytures.

Summed-d10 initiative with roll-offs and late entrants, Major and Minor actions, powers in the
seed's block format on a grid with Blast templates, opportunity attacks, roll and die modifiers,
the type chart, natural-10 crits, summoning and recalling, and the nine-step Battle Montage.
Each topic module exports its own `RULES`; this package joins them in file order (the rule table
is tests/golden/crytures/README.md). The harness reads each input and the config through their
declared shapes (`compiler/schemas/rulesets/crytures/inputs.schema.json` and
`rules_config.schema.json`) before a rule runs, so a rule only checks what a shape cannot say.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType

from compiler.rules.base import Rule
from compiler.rules.crytures import geometry, initiative, modifiers, montage, powers, rolls, turn

TOPICS: tuple[ModuleType, ...] = (initiative, geometry, modifiers, rolls, powers, turn, montage)
"""The topic modules holding rules, in the rule table's order."""

RULES: Mapping[str, Rule] = {
    name: rule for module in TOPICS for name, rule in module.RULES.items()
}

__all__ = ["RULES", "TOPICS"]
