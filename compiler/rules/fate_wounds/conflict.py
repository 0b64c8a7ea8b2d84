"""A conflict's turn order, its start and its end (FW-G03, FW-G07, FW-G12; `conflict.mjs`).

The seed gives no initiative: turns go by the Fate Accelerated approach of the conflict, Quick
for a physical one and Careful for a mental one, highest first (FW-G03). Power bonuses refill
when a conflict starts (FW-G07); boxes clear only as `config.recovery` says (FW-G12).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules.base import Event, State
from compiler.rules.fate_wounds.characters import Character, condition, fill_characters
from compiler.rules.fate_wounds.track import changed, clear
from compiler.rules.queue import DiceQueue
from compiler.rules.shapes import fail

Result = tuple[list[Event], State]


def order_turns(
    characters: Sequence[Character], conflict: str, tie_order: Sequence[str] | None,
    config: Mapping[str, Any],
) -> tuple[Event, list[str], list[str]]:
    """FW-G03, FW-R13: (turn_order event, order, out). Out characters take no turn.

    `approach`: by the conflict's approach in `config.turn_order_approaches`, highest first; on
    a tie player characters first (`config.turn_order_pcs_first`), then those `tie_order` lists,
    in its order, then roster order. `roster`: the characters' order.
    """
    ids = [character["id"] for character in characters]
    ties = list(tie_order or [])
    for index, ident in enumerate(ties):
        if ident not in ids or ident in ties[:index]:
            raise fail("input", f"input.tie_order[{index}] must name a character of the conflict, "
                                "each once")
    active = [c for c in characters if not condition(c, config).incapacitated]
    out = [c["id"] for c in characters if condition(c, config).incapacitated]
    approach = None
    if config["turn_order"] == "approach":
        approach = config["turn_order_approaches"][conflict]
        if approach not in config["approaches"]:
            raise fail("config", f"config.turn_order_approaches.{conflict} is not one of "
                                 "config.approaches (FW-G03)")
        active = sorted(active, key=lambda c: _rank(c, approach, ties, ids, config))
    order = [c["id"] for c in active]
    event = {"type": "turn_order", "conflict": conflict, "approach": approach, "order": order,
             "out": out}
    return (event, order, out)


def _rank(
    character: Character, approach: str, ties: Sequence[str], ids: Sequence[str],
    config: Mapping[str, Any],
) -> tuple[int, int, int, int]:
    ident = character["id"]
    later = 1 if config["turn_order_pcs_first"] and not character["pc"] else 0
    listed = ties.index(ident) if ident in ties else len(ties)
    return (-character["approaches"].get(approach, 0), later, listed, ids.index(ident))


def turn_order(inp: Mapping[str, Any], config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """FW-G03: the order of a conflict's turns; Incapacitated characters are left out."""
    characters = fill_characters(inp["characters"], "input.characters", config)
    event, order, out = order_turns(characters, inp["conflict"], inp["tie_order"], config)
    return ([event], {"order": order, "out": out})


def start_conflict(inp: Mapping[str, Any], config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """FW-G07, FW-G03: refill every character's power bonuses (`config.power_bonus_refresh:
    conflict`) and order the turns."""
    characters = fill_characters(inp["characters"], "input.characters", config)
    events: list[Event] = []
    if config["power_bonus_refresh"] == "conflict":
        characters = [{**c, "power_bonus_remaining": c["power_bonus_pool"]} for c in characters]
        events += [{"type": "power_bonuses_refreshed", "character": c["id"],
                    "remaining": c["power_bonus_remaining"]} for c in characters]
    event, order, out = order_turns(characters, inp["conflict"], inp["tie_order"], config)
    return ([*events, event], {"order": order, "out": out, "characters": characters})


def end_conflict(inp: Mapping[str, Any], config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """FW-G12: recovery when a conflict ends: none, or (`first_column_after_conflict`) every
    box of each character's first column (the Scratches) is cleared."""
    characters = fill_characters(inp["characters"], "input.characters", config)
    events: list[Event] = []
    if config["recovery"] == "first_column_after_conflict":
        recovered = []
        for character in characters:
            first = character["wound_track"]["columns"][0]["id"]
            if character["wounds"][first]:
                before = condition(character, config)
                event, character = clear(character, first, character["wounds"][first])
                events += [event, *changed(before, character, config)]
            recovered.append(character)
        characters = recovered
    return (events, {"characters": characters})
