"""Characters, armour pieces and weapons as the sdm_pool rules take them (mirror: `sheet.mjs`).

The harness has read them through their shapes (defaults filled in a fresh copy), which a rule
may change and return as state. `read_character` adds the checks a shape cannot make (levels
within `level_range`, HP within its bounds, flags that follow HP, distinct ids) and the derived
`broken` of each armour piece (tests/golden/sdm_pool/README.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules.inputs import sorted_keys
from compiler.rules.sdm_pool.config import level_range
from compiler.rules.sdm_pool.fields import unique_ids
from compiler.rules.shapes import fail

Character = dict[str, Any]


def read_character(value: Any, where: str, config: Mapping[str, Any]) -> Character:
    """SDM-G06, SDM-G19, SDM-G21, SDM-R13, SDM-R14: a character, checked beyond its shape."""
    character: Character = value
    low, high = level_range(config)
    for group in ("traits", "skills"):
        for key in sorted_keys(character[group]):
            if not low <= character[group][key] <= high:
                raise fail(where, f"{where}.{group}.{key} must be a level in {low}..{high}")
    if character["hp"] > character["max_hp"]:
        raise fail(where, f"{where}.hp must be at most max_hp ({character['max_hp']})")
    floor: int = config["hp_floor"]
    if character["hp"] < floor:
        raise fail(where, f"{where}.hp must be at least the HP floor ({floor})")
    if character["incapacitated"] != (character["hp"] <= 0):
        raise fail(where, f"{where}.incapacitated must be true exactly when hp is 0 or less")
    for index, piece in enumerate(character["armor"]):
        read_piece(piece, f"{where}.armor[{index}]")
    unique_ids(character["armor"], f"{where}.armor")
    unique_ids(character["weapons"], f"{where}.weapons")
    return character


def read_piece(piece: dict[str, Any], where: str) -> None:
    """SDM-R13, SDM-G17: an armour piece's HP is at most its maximum; `broken` is derived (HP 0)
    and must agree if given."""
    if piece["hp"] > piece["hp_max"]:
        raise fail(where, f"{where}.hp must be at most hp_max ({piece['hp_max']})")
    broken = piece["hp"] == 0
    if "broken" in piece and piece["broken"] != broken:
        raise fail(where, f"{where}.broken must be true exactly when hp is 0")
    piece["broken"] = broken


def read_characters(values: Any, where: str, config: Mapping[str, Any]) -> list[Character]:
    """Characters with distinct ids (a roster)."""
    found = [read_character(item, f"{where}[{i}]", config) for i, item in enumerate(values)]
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
