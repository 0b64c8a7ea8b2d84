"""The in-fight fighter record that part B's rules read and write (mirrored in `combatant.mjs`).

A fighter is a JSON object whose shape is declared once, `#/$defs/fighter` of the ruleset's
`inputs.schema.json` (with the keys the Turn and the aftermath add), and arrives checked:

- `health` may go below 0: the damage past 0 (DR-R25 "overflow") is `max(0, -health)`, which
  makes it cumulative while at or below 0 (DR-G33 f) without a separate counter.
- `status` is fighting, on_fumes, down or obliterated; `threat_tier` is null for a player
  character.
- `conditions` maps a condition id to the last Turn it lasts (it ends after that Turn, DR-G17),
  or null for "until removed". A pending Dizzy is `dizzy: N`, N being the Turn whose action is
  lost (DR-R19 step 6).
- `acted` says whether the fighter has already taken its turn this Turn (Dizzy timing).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules.danger_room.attributes import bonus, cardless_pool

THREAT_TIERS: Mapping[str, int] = {
    "introduced": 2,
    "established": 4,
    "invasive": 7,
    "dominant": 12,
    "transformative": 25,
}
"""DR-R22: the threat tiers and their Health multipliers, as the seed states them."""


def attribute_bonus(fighter: Mapping[str, Any], name: str, config: Mapping[str, Any]) -> int:
    """DR-R03, DR-G01: the bonus of one of the fighter's attributes."""
    score: int = fighter["attributes"][name]
    return bonus(score, config)


def endurance_pool(fighter: Mapping[str, Any], config: Mapping[str, Any]) -> int:
    """DR-R19 step 6, DR-E03: the Endurance pool, 3 + Endurance bonus (at least 1)."""
    return cardless_pool(attribute_bonus(fighter, "endurance", config))


def has(fighter: Mapping[str, Any], condition: str) -> bool:
    """DR-R29: whether the fighter carries `condition` now."""
    return condition in fighter["conditions"]


def overflow(health: int) -> int:
    """DR-R25, DR-G33 f: damage past 0, cumulative while Health is at or below 0."""
    return max(0, -health)
