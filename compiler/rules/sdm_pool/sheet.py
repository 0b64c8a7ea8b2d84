"""Characters, armour pieces and weapons as the sdm_pool rules take them (mirror: `sheet.mjs`).

A reader returns a checked copy with every optional field filled in (an armour piece gains its
derived `broken`), which the rule may change and return as state. The semantic checks a shape
cannot make (levels within `level_range`, HP within its bounds, flags that follow HP, unique ids)
happen here (tests/golden/sdm_pool/README.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from compiler.rules.sdm_pool.config import ATTACK_KINDS, hp_floor, level_range
from compiler.rules.sdm_pool.fields import (
    OPTIONAL,
    REQUIRED,
    fail,
    optional_int,
    optional_key,
    read_object,
    require_bool,
    require_choice,
    require_id,
    require_int,
    require_list,
    require_map,
    require_text,
    required,
    unique_ids,
)

Character = dict[str, Any]
AMOUNT = 1000000
HP_LIMIT = 1000000
LEVEL_LIMIT = 1000
CHARACTER_SPEC: tuple[tuple[str, Any], ...] = (
    ("id", REQUIRED), ("name", OPTIONAL), ("pc", False), ("traits", REQUIRED), ("skills", {}),
    ("max_hp", REQUIRED), ("hp", REQUIRED), ("armor", []), ("weapons", []), ("actions", None),
    ("minor_actions", None), ("movement", None), ("actions_left", 0), ("minor_actions_left", 0),
    ("owed_actions", 0), ("owed_minor_actions", 0), ("incapacitated", False),
    ("stabilized", False), ("dead", False), ("unapplied_damage", 0),
)
COUNTERS: tuple[str, ...] = ("actions_left", "minor_actions_left", "owed_actions",
                             "owed_minor_actions")
FLAGS: tuple[str, ...] = ("incapacitated", "stabilized", "dead")
PIECE_SPEC: tuple[tuple[str, Any], ...] = (
    ("id", REQUIRED), ("name", OPTIONAL), ("dr", REQUIRED), ("hp_max", REQUIRED),
    ("hp", REQUIRED), ("broken", OPTIONAL),
)
WEAPON_SPEC: tuple[tuple[str, Any], ...] = (
    ("id", REQUIRED), ("name", OPTIONAL), ("attack_kind", REQUIRED), ("damage", 0),
    ("damage_dice", None), ("trait", None), ("skill", None), ("sdm_tier", None),
)


def read_character(value: object, where: str, config: Mapping[str, Any]) -> Character:
    """SDM-G06, SDM-G19, SDM-G21, SDM-R14: a character, checked and with its defaults filled."""
    found = read_object(value, where, CHARACTER_SPEC)
    require_id(found["id"], f"{where}.id")
    if "name" in found:
        require_text(found["name"], f"{where}.name")
    require_bool(found["pc"], f"{where}.pc")
    found["traits"] = read_levels(found["traits"], f"{where}.traits")
    found["skills"] = read_levels(found["skills"], f"{where}.skills")
    require_int(found["max_hp"], f"{where}.max_hp", 1, HP_LIMIT)
    require_int(found["hp"], f"{where}.hp", -HP_LIMIT, HP_LIMIT)
    found["armor"] = _read_all(found["armor"], f"{where}.armor", 20, read_piece)
    found["weapons"] = _read_all(found["weapons"], f"{where}.weapons", 100, read_weapon)
    for key in ("actions", "minor_actions", "movement"):
        optional_int(found[key], f"{where}.{key}", 0, LEVEL_LIMIT)
    for key in COUNTERS:
        require_int(found[key], f"{where}.{key}", 0, LEVEL_LIMIT)
    for key in FLAGS:
        require_bool(found[key], f"{where}.{key}")
    require_int(found["unapplied_damage"], f"{where}.unapplied_damage", 0, 1000000000)
    _check_character(found, where, config)
    return found


def _read_all(
    value: object, where: str, limit: int, reader: Callable[[object, str], dict[str, Any]]
) -> list[dict[str, Any]]:
    items = require_list(value, where, limit)
    found = [reader(item, f"{where}[{index}]") for index, item in enumerate(items)]
    unique_ids(found, where)
    return found


def _check_character(found: Character, where: str, config: Mapping[str, Any]) -> None:
    low, high = level_range(config)
    for group in ("traits", "skills"):
        for key, level in found[group].items():
            if not low <= level <= high:
                raise fail(where, f"{where}.{group}.{key} must be a level in {low}..{high}")
    if found["hp"] > found["max_hp"]:
        raise fail(where, f"{where}.hp must be at most max_hp ({found['max_hp']})")
    floor = hp_floor(config)
    if found["hp"] < floor:
        raise fail(where, f"{where}.hp must be at least the HP floor ({floor})")
    if found["incapacitated"] != (found["hp"] <= 0):
        raise fail(where, f"{where}.incapacitated must be true exactly when hp is 0 or less")


def read_levels(value: object, where: str) -> dict[str, int]:
    """SDM-G06: Trait or Skill levels by name."""
    levels = require_map(value, where, 100)
    for key, level in levels.items():
        require_int(level, f"{where}.{key}", 0, LEVEL_LIMIT)
    return dict(levels)


def read_piece(value: object, where: str) -> dict[str, Any]:
    """SDM-R13, SDM-G17: an armour piece; `broken` is derived (HP 0) and must agree if given."""
    found = read_object(value, where, PIECE_SPEC)
    require_id(found["id"], f"{where}.id")
    if "name" in found:
        require_text(found["name"], f"{where}.name")
    require_int(found["dr"], f"{where}.dr", 0, AMOUNT)
    require_int(found["hp_max"], f"{where}.hp_max", 0, AMOUNT)
    require_int(found["hp"], f"{where}.hp", 0, AMOUNT)
    if found["hp"] > found["hp_max"]:
        raise fail(where, f"{where}.hp must be at most hp_max ({found['hp_max']})")
    broken = found["hp"] == 0
    if "broken" in found and require_bool(found["broken"], f"{where}.broken") != broken:
        raise fail(where, f"{where}.broken must be true exactly when hp is 0")
    found["broken"] = broken
    return found


def read_weapon(value: object, where: str) -> dict[str, Any]:
    """SDM-R09, SDM-G07, SDM-G18: a weapon: its attack kind, damage and optional overrides."""
    found = read_object(value, where, WEAPON_SPEC)
    require_id(found["id"], f"{where}.id")
    if "name" in found:
        require_text(found["name"], f"{where}.name")
    require_choice(found["attack_kind"], f"{where}.attack_kind", ATTACK_KINDS)
    require_int(found["damage"], f"{where}.damage", 0, AMOUNT)
    if found["damage_dice"] is not None:
        found["damage_dice"] = read_damage_dice(found["damage_dice"], f"{where}.damage_dice")
    for key in ("trait", "skill", "sdm_tier"):
        optional_key(found[key], f"{where}.{key}")
    return found


def read_damage_dice(value: object, where: str) -> dict[str, int]:
    """SDM-G18: `{count, die}` damage dice."""
    if not isinstance(value, Mapping):
        raise fail(where, f"{where} must be null or an object")
    found = read_object(value, where, required(("count", "die")))
    return {
        "count": require_int(found["count"], f"{where}.count", 1, 100),
        "die": require_int(found["die"], f"{where}.die", 2, 1000),
    }


def read_characters(value: object, where: str, config: Mapping[str, Any]) -> list[Character]:
    """Characters with distinct ids (a roster)."""
    items = require_list(value, where, 100)
    found = [read_character(item, f"{where}[{i}]", config) for i, item in enumerate(items)]
    unique_ids(found, where)
    return found


def trait_level(character: Character, trait: str, where: str) -> int:
    """SDM-G06: the level of a trait the rule needs; the sheet must have it."""
    if trait not in character["traits"]:
        raise fail(where, f"{where}.traits.{trait} is required")
    level: int = character["traits"][trait]
    return level


def skill_level(character: Character, skill: str) -> int:
    """SDM-G06: the level of a skill; a skill the sheet lacks rates 0."""
    level: int = character["skills"].get(skill, 0)
    return level


def find_weapon(character: Character, weapon: str, where: str) -> dict[str, Any]:
    """SDM-R08: the weapon of `character` with this id."""
    for item in character["weapons"]:
        if item["id"] == weapon:
            found: dict[str, Any] = item
            return found
    raise fail(where, f"{where} names no weapon the character carries")


def weapon_index(character: Character, weapon: Mapping[str, Any]) -> int:
    """SDM-R08: the index of `weapon` among the character's weapons."""
    return [item["id"] for item in character["weapons"]].index(weapon["id"])


def index_of(characters: Sequence[Character], ident: str) -> int:
    """The index of the character with this id, or -1."""
    for index, item in enumerate(characters):
        if item["id"] == ident:
            return index
    return -1
