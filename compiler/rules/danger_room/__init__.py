"""The `danger_room` engine (Krakoa Danger Room, catalogue §1).

Its topic modules, in file order: attributes and pools, speed order and Wait, Reach geometry,
movement and altitude, senses, landing and misses, weapons, the full Turn, saves and contests,
the damage pipeline and `resolve_hit`, conditions, Health and crossing 0, Active Defences, and
the aftermath. Each exports its own `RULES`; this package joins them in that order (mirror:
`index.mjs`). The config defaults are the rules_config schema's; the harness checks each rule's
input against its declared shape.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType

from compiler.rules.base import Rule
from compiler.rules.danger_room import (
    aftermath,
    attributes,
    conditions,
    damage,
    defences,
    health,
    hits,
    landing,
    movement,
    order,
    reach,
    saves,
    senses,
    turn,
    weapons,
)

TOPICS: tuple[ModuleType, ...] = (
    attributes, order, reach, movement, senses, landing, weapons, turn,
    saves, damage, hits, conditions, health, defences, aftermath,
)

RULES: Mapping[str, Rule] = {
    name: rule for module in TOPICS for name, rule in module.RULES.items()
}

__all__ = ["RULES", "TOPICS"]
