"""The in-fight fighter record that part B's rules read and write (mirrored in `combatant.mjs`).

A fighter is a JSON object; these rules need the keys in `FIGHTER_KEYS` and keep any other key
(position, cards, ...) untouched, so the Turn orchestration can pass its own richer records.

- `health` may go below 0: the damage past 0 (DR-R25 "overflow") is `max(0, -health)`, which
  makes it cumulative while at or below 0 (DR-G33 f) without a separate counter.
- `status` is one of `STATUSES`; `threat_tier` is null for a player character.
- `conditions` maps a condition id to the last Turn it lasts (it ends after that Turn, DR-G17),
  or null for "until removed". A pending Dizzy is `dizzy: N`, N being the Turn whose action is
  lost (DR-R19 step 6).
- `acted` says whether the fighter has already taken its turn this Turn (Dizzy timing).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules.danger_room.attributes import bonus, cardless_pool, read_attributes
from compiler.rules.danger_room.common import read_id
from compiler.rules.errors import BAD_INPUT, RuleError
from compiler.rules.inputs import (
    SMALL_INT,
    get_bool,
    get_choice,
    get_int,
    get_list,
    get_str,
    sorted_keys,
)

S = SMALL_INT
STATUSES: tuple[str, ...] = ("fighting", "on_fumes", "down", "obliterated")
CONDITIONS: tuple[str, ...] = (
    "fumbling",
    "dazzled",
    "confused",
    "lucky",
    "jinxed",
    "dizzy",
    "dampened",
)
THREAT_TIERS: Mapping[str, int] = {
    "introduced": 2,
    "established": 4,
    "invasive": 7,
    "dominant": 12,
    "transformative": 25,
}
"""DR-R22: the threat tiers and their Health multipliers, as the seed states them."""

FIGHTER_KEYS: tuple[str, ...] = (
    "id",
    "side",
    "attributes",
    "health",
    "max_health",
    "status",
    "threat_tier",
    "bulk",
    "soak",
    "toughness",
    "shield_points",
    "vulnerable",
    "resist",
    "immune",
    "stamina",
    "stamina_max",
    "conditions",
    "acted",
)


def require_keys(value: object, where: str, keys: tuple[str, ...]) -> Mapping[str, Any]:
    """Check that `value` is an object holding `keys`; other keys are allowed and kept."""
    if not isinstance(value, Mapping):
        raise RuleError(BAD_INPUT, f"{where} must be an object")
    for key in keys:
        if key not in value:
            raise RuleError(BAD_INPUT, f"{where}.{key} is required")
    return value


def check_names(obj: Mapping[str, Any], key: str, where: str) -> list[str]:
    """`obj[key]` as a list of non-empty strings (damage types, tags)."""
    items = get_list(obj, key, where)
    for index, item in enumerate(items):
        if not isinstance(item, str) or not item:
            raise RuleError(BAD_INPUT, f"{where}.{key}[{index}] must be a non-empty string")
    return items


def check_conditions(value: object, where: str) -> dict[str, int | None]:
    """DR-R29: condition id -> last Turn it lasts, or null while it has no set end."""
    if not isinstance(value, Mapping):
        raise RuleError(BAD_INPUT, f"{where} must be an object")
    for name in sorted_keys(value):
        if name not in CONDITIONS:
            raise RuleError(BAD_INPUT, f"{where} holds a condition that is not one of the seven")
        if value[name] is not None:
            get_int(value, name, where, 0, S)
    return dict(value)


def check_fighter(value: object, where: str) -> dict[str, Any]:
    """DR-R01, DR-R29: a fighter record, checked key by key; returns a copy to update."""
    fields = require_keys(value, where, FIGHTER_KEYS)
    read_id(fields, "id", where)
    get_str(fields, "side", where)
    read_attributes(fields, where)
    get_int(fields, "max_health", where, 1, S)
    get_int(fields, "health", where, -S, S)
    get_choice(fields, "status", where, STATUSES)
    if fields["threat_tier"] is not None:
        get_choice(fields, "threat_tier", where, tuple(THREAT_TIERS))
    for key in ("bulk", "soak", "toughness"):
        get_int(fields, key, where, -S, S)
    get_int(fields, "shield_points", where, 0, S)
    for key in ("vulnerable", "resist", "immune"):
        check_names(fields, key, where)
    get_int(fields, "stamina_max", where, 0, S)
    get_int(fields, "stamina", where, 0, S)
    check_conditions(fields["conditions"], f"{where}.conditions")
    get_bool(fields, "acted", where)
    return {**fields, "conditions": dict(fields["conditions"])}


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
