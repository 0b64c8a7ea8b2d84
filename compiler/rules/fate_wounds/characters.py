"""Characters as the rules see them (catalogue §3.5; mirror: `characters.mjs`).

`fill_character` makes the checks a shape cannot and fills in what the config decides (the
power-bonus pool, the wound track, a `wounds` entry per column), so every rule works on, and
echoes back, a complete character. The Disadvantage level and Incapacitated are derived from
the checked boxes, never stored.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from compiler.rules.fate_wounds.common import EFFECT_LEVELS, OUT, check_track
from compiler.rules.inputs import sorted_keys
from compiler.rules.shapes import fail

Character = Mapping[str, Any]


class Condition(NamedTuple):
    """FW-R13: a character's Disadvantage level and whether it is out."""

    disadvantage: int
    incapacitated: bool


def fill_character(value: Character, where: str, config: Mapping[str, Any]) -> Character:
    """FW-G04, FW-G07, FW-G10, FW-R06, FW-R10: the character with every optional field filled.

    An approach it rates must be one of `config.approaches`; its bonuses left cannot exceed its
    pool (null: `config.power_bonus_pool`); a null track is `config.wound_track`; `wounds` may
    name only the track's columns, each with at most its boxes.
    """
    for key in sorted_keys(value["approaches"]):
        if key not in config["approaches"]:
            raise fail(where, f"{where}.approaches.{key} is not one of config.approaches (FW-G04)")
    ids = [power["id"] for power in value["powers"]]
    for index, ident in enumerate(ids):
        if ident in ids[:index]:
            raise fail(where, f"{where}.powers[{index}].id repeats an earlier power")
    pool = _or(value["power_bonus_pool"], config["power_bonus_pool"])
    remaining = _or(value["power_bonus_remaining"], pool)
    if remaining > pool:
        raise fail(where, f"{where}.power_bonus_remaining is {remaining} but the pool is {pool}")
    track = value["wound_track"]
    if track is None:
        track = config["wound_track"]
    else:
        check_track(track, f"{where}.wound_track")
    filled = {"id": value["id"], **({"name": value["name"]} if "name" in value else {})}
    return {
        **filled, "pc": value["pc"], "approaches": value["approaches"],
        "skills": value["skills"], "powers": value["powers"], "power_bonus_pool": pool,
        "power_bonus_remaining": remaining, "wound_track": track,
        "wounds": _wounds(value["wounds"], track["columns"], f"{where}.wounds"),
    }


def _or(value: int | None, fallback: int) -> int:
    return fallback if value is None else value


def _wounds(
    wounds: Mapping[str, int], columns: Sequence[Mapping[str, Any]], where: str
) -> dict[str, int]:
    boxes = {column["id"]: column["boxes"] for column in columns}
    for key in sorted_keys(wounds):
        if key not in boxes:
            raise fail(where, f"{where}.{key} names no column of the wound track")
        if wounds[key] > boxes[key]:
            raise fail(where, f"{where}.{key} is {wounds[key]} but the column has "
                              f"{boxes[key]} boxes (FW-R10)")
    return {key: wounds.get(key, 0) for key in boxes}


def fill_characters(
    values: Sequence[Character], where: str, config: Mapping[str, Any]
) -> list[Character]:
    """Every character of a conflict filled in; two may not share an id."""
    filled = [fill_character(c, f"{where}[{i}]", config) for i, c in enumerate(values)]
    ids = [character["id"] for character in filled]
    for index, ident in enumerate(ids):
        if ident in ids[:index]:
            raise fail(where, f"{where}[{index}].id repeats an earlier character")
    return filled


def condition(character: Character, config: Mapping[str, Any]) -> Condition:
    """FW-R12, FW-R13, FW-G02: the Disadvantage level from every column with a checked box
    (the worst, or with `config.disadvantage_stacking: add` the sum), and whether a box of an
    Incapacitated column is checked. Heavy need not be checked for Extreme to count."""
    checked = [c for c in character["wound_track"]["columns"] if character["wounds"][c["id"]]]
    levels = [EFFECT_LEVELS.get(column["effect"], 0) for column in checked]
    if config["disadvantage_stacking"] == "add":
        level = sum(levels)
    else:
        level = max(levels, default=0)
    return Condition(level, any(column["effect"] == OUT for column in checked))


def condition_event(character: Character, found: Condition) -> dict[str, Any]:
    """FW-R13: the `condition` event of a character."""
    return {
        "type": "condition", "character": character["id"],
        "disadvantage": found.disadvantage, "incapacitated": found.incapacitated,
    }


def is_out(character: Character, config: Mapping[str, Any]) -> bool:
    """FW-R13: whether the character is Incapacitated (out of the fight)."""
    return condition(character, config).incapacitated
