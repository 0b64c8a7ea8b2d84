"""Part B's topic modules of the `danger_room` engine, in file order (mirror: `part_b.mjs`).

Saves and contests, the damage pipeline and `resolve_hit`, conditions, Health and crossing 0,
Active Defences, aftermath. The package `__init__` joins their `RULES` after part A's.
"""

from __future__ import annotations

from types import ModuleType

from compiler.rules.danger_room import (
    aftermath,
    conditions,
    damage,
    defences,
    health,
    hits,
    saves,
)

PART_B: tuple[ModuleType, ...] = (saves, damage, hits, conditions, health, defences, aftermath)
