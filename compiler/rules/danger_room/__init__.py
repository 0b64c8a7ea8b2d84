"""The `danger_room` engine (Krakoa Danger Room, catalogue §1), built by two engineers.

Part A: attributes and pools, speed order and Wait, Reach geometry, movement and altitude,
senses, landing and misses, weapons, and the full Turn. Part B: saves and contests, the damage
pipeline, Active Defences, Health and crossing 0, conditions, aftermath. Each topic module
exports its own `RULES`; this package joins them in file order. `CONFIG` (every DR-G key)
lives in `config.py`, mirrored by `config.mjs` and checked against the rules_config schema.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType

from compiler.rules.base import Rule
from compiler.rules.danger_room import (
    attributes,
    landing,
    movement,
    order,
    reach,
    senses,
    turn,
    weapons,
)
from compiler.rules.danger_room.config import CONFIG
from compiler.rules.danger_room.part_b import PART_B

PART_A: tuple[ModuleType, ...] = (
    attributes,
    order,
    reach,
    movement,
    senses,
    landing,
    weapons,
    turn,
)

RULES: Mapping[str, Rule] = {
    name: rule for module in (*PART_A, *PART_B) for name, rule in module.RULES.items()
}

__all__ = ["CONFIG", "PART_A", "PART_B", "RULES"]
