"""The wound track: marking, overflow and clearing (FW-R09-R13, FW-G10-G12; `track.mjs`).

"Put a check in one of the boxes in the column containing the result"; a full column passes the
wound to the next higher one (FW-R11), again and again (FW-G11, `config.overflow_cascade`).
Checked boxes may sit in any columns at once (FW-R12).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules.base import Event, State
from compiler.rules.fate_wounds.characters import (
    Character,
    condition,
    condition_event,
    fill_character,
)
from compiler.rules.queue import DiceQueue
from compiler.rules.shapes import fail

Result = tuple[list[Event], State]


def column_of(character: Character, damage: int) -> int:
    """FW-R09, FW-R10: the index of the column whose range holds `damage` (the top is open)."""
    columns = character["wound_track"]["columns"]
    for index, column in enumerate(columns):
        if column["max"] is None or damage <= column["max"]:
            return index
    return len(columns) - 1  # unreachable: a checked track ends with an open top


def wound(
    character: Character, damage: int, config: Mapping[str, Any]
) -> tuple[list[Event], Character, str | None]:
    """FW-R10-R13, FW-G11: mark `damage`; (events, character, the column checked or None).

    A character already out records `overflow_after_out` and nothing changes. A full column
    passes the wound up, one `overflow` per column; without `config.overflow_cascade` it goes
    at most one column up, and a wound finding that one full too is `overflow_lost`.
    """
    who = character["id"]
    before = condition(character, config)
    if before.incapacitated:
        return ([{"type": "overflow_after_out", "character": who, "damage": damage}], character,
                None)
    columns = character["wound_track"]["columns"]
    wounds = character["wounds"]
    index = column_of(character, damage)
    events: list[Event] = [{"type": "wound_column", "character": who, "damage": damage,
                            "column": columns[index]["id"]}]
    moves = 0
    while wounds[columns[index]["id"]] >= columns[index]["boxes"]:
        if index + 1 == len(columns) or (moves and not config["overflow_cascade"]):
            events.append({"type": "overflow_lost", "character": who, "damage": damage,
                           "column": columns[index]["id"]})
            return (events, character, None)
        events.append({"type": "overflow", "character": who, "from": columns[index]["id"],
                       "to": columns[index + 1]["id"]})
        index, moves = index + 1, moves + 1
    column = columns[index]
    checked = wounds[column["id"]] + 1
    character = {**character, "wounds": {**wounds, column["id"]: checked}}
    events.append({"type": "box_checked", "character": who, "column": column["id"],
                   "checked": checked, "boxes": column["boxes"]})
    return (events + changed(before, character, config), character, column["id"])


def changed(before: Any, character: Character, config: Mapping[str, Any]) -> list[Event]:
    """FW-R13: a `condition` event if the character's condition differs from `before`."""
    after = condition(character, config)
    return [] if after == before else [condition_event(character, after)]


def clear(character: Character, column: str, boxes: int) -> tuple[Event, Character]:
    """FW-G12: uncheck `boxes` checked boxes of `column` (at most those checked)."""
    checked = character["wounds"][column] - boxes
    cleared = {**character, "wounds": {**character["wounds"], column: checked}}
    event = {"type": "wounds_cleared", "character": character["id"], "column": column,
             "boxes": boxes, "checked": checked}
    return (event, cleared)


def conditions(inp: Mapping[str, Any], config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """FW-R12, FW-R13, FW-G02: the Disadvantage level and Incapacitated, from the track."""
    character = fill_character(inp["character"], "input.character", config)
    found = condition(character, config)
    state = {"disadvantage": found.disadvantage, "incapacitated": found.incapacitated}
    return ([condition_event(character, found)], state)


def mark_wound(inp: Mapping[str, Any], config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """FW-R09-R13, FW-G10, FW-G11: mark `damage` on the character's wound track."""
    character = fill_character(inp["character"], "input.character", config)
    events, character, column = wound(character, inp["damage"], config)
    return (events, {"character": character, "column": column})


def clear_wounds(inp: Mapping[str, Any], config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """FW-G12: the GM clears `boxes` checked boxes of `column` (recovery is never automatic
    under `config.recovery: none`)."""
    character = fill_character(inp["character"], "input.character", config)
    column, boxes = inp["column"], inp["boxes"]
    if column not in character["wounds"]:
        raise fail("input", f"input.column names no column of {character['id']}'s wound track")
    if boxes > character["wounds"][column]:
        raise fail("input", f"input.boxes is {boxes} but {column} has "
                            f"{character['wounds'][column]} checked (FW-G12)")
    before = condition(character, config)
    event, character = clear(character, column, boxes)
    return ([event, *changed(before, character, config)], {"character": character})
