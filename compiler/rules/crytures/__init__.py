"""The `crytures` ruleset (seed 004, catalogue §5): Crytures.

Summed-d10 initiative with roll-offs and late entrants, Major and Minor actions, powers in the
seed's block format on a grid with Blast templates, opportunity attacks, roll and die modifiers,
the type chart, natural-10 crits, summoning and recalling, and the nine-step Battle Montage.
Each topic module exports its own `RULES`; this package joins them in file order (the rule table
is tests/golden/crytures/README.md). Inputs and config are read through their declared shapes
before a rule runs (TRANSITION: by `reader.py` until the shared harness does it), and `CONFIG`,
every CR-G key's default, comes from the rules_config schema, never from a literal.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType

from compiler.rules.base import Rule
from compiler.rules.crytures import geometry, initiative, modifiers, montage, powers, rolls, turn
from compiler.rules.crytures.reader import checked, config_defaults

TOPICS: tuple[ModuleType, ...] = (initiative, geometry, modifiers, rolls, powers, turn, montage)
"""The topic modules holding rules, in the rule table's order."""

RULES: Mapping[str, Rule] = {
    name: checked(name, rule) for module in TOPICS for name, rule in module.RULES.items()
}

CONFIG = config_defaults()
"""Every CR-G key with its default, read off the rules_config schema."""

__all__ = ["CONFIG", "RULES", "TOPICS"]
