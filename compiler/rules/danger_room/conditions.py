"""Conditions with durations and Dizzy (mirrored in `conditions.mjs`).

A timed condition is stored as the last Turn it lasts (`conditions[id] = N`, it ends after Turn
N); the Turn orchestration calls `end_of_turn` to drop the ones that have run out. What a
condition does lives with the rule it changes: luck and Fumbling in `rolls`, Dazzled and
Confused in part A's `landing`, the dampener in part A's `senses`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules.base import Event, Rule, State
from compiler.rules.danger_room.combatant import endurance_pool
from compiler.rules.danger_room.common import Input
from compiler.rules.inputs import sorted_keys
from compiler.rules.queue import DiceQueue

Result = tuple[list[Event], State]


def duration(value: int | None, config: Mapping[str, Any]) -> int:
    """DR-G17: a rider's `duration_turns`, or `condition_duration_turns` when it is null."""
    turns: int = config["condition_duration_turns"] if value is None else value
    return turns


def inflict_condition(
    fighter: Mapping[str, Any], condition: str, turns: int, turn: int
) -> tuple[Event, dict[str, Any]]:
    """DR-R29, DR-G17: `condition` lasts to the end of Turn `turn + turns`; never shortened."""
    held = dict(fighter["conditions"])
    ends: int | None = turn + turns
    if condition in held:
        before = held[condition]
        ends = None if before is None else max(before, turn + turns)
    held[condition] = ends
    event: Event = {
        "type": "condition",
        "fighter": fighter["id"],
        "condition": condition,
        "ends_after_turn": ends,
    }
    return (event, {**fighter, "conditions": held})


def dizzy_pending(fighter: Mapping[str, Any], turn: int) -> bool:
    """DR-G18: whether a Dizzy's lost action is still to come in Turn `turn` or later."""
    held = fighter["conditions"].get("dizzy")
    if held is None:
        return False
    return bool(held > turn or (held == turn and not fighter["acted"]))


def loses_action(fighter: Mapping[str, Any], turn: int) -> bool:
    """DR-R19 step 6, DR-G18: whether the fighter's card does nothing in Turn `turn`."""
    held = fighter["conditions"].get("dizzy")
    return held is not None and held >= turn


def apply_dizzy(
    fighter: Mapping[str, Any], lost: int, threshold: int, turn: int, config: Mapping[str, Any]
) -> tuple[Event, dict[str, Any]]:
    """DR-R19 step 6, DR-G18: Dizzied: lose this Turn's action, or the next if already acted.

    Without `dizzy_stacks` a Dizzy still pending absorbs the new one; with it, each one costs
    one more action.
    """
    loses, stacks = config["dizzy_loses"], config["dizzy_stacks"]
    pending = dizzy_pending(fighter, turn)
    lost_turn = turn + 1 if fighter["acted"] else turn
    if pending:
        held: int = fighter["conditions"]["dizzy"]
        lost_turn = held + 1 if stacks else held
    event: Event = {
        "type": "dizzy",
        "fighter": fighter["id"],
        "health_lost": lost,
        "endurance_pool": threshold,
        "loses_turn": lost_turn,
        "loses": loses,
        "already_pending": pending,
    }
    return (event, {**fighter, "conditions": {**fighter["conditions"], "dizzy": lost_turn}})


def check_dizzy(
    fighter: Mapping[str, Any], lost: int, turn: int, config: Mapping[str, Any]
) -> tuple[list[Event], dict[str, Any]]:
    """DR-R19 step 6, DR-E03: Dizzied when one hit takes more Health than the Endurance pool."""
    threshold = endurance_pool(fighter, config)
    if lost <= threshold:
        return ([], dict(fighter))
    event, updated = apply_dizzy(fighter, lost, threshold, turn, config)
    return ([event], updated)


def expire(fighter: Mapping[str, Any], turn: int) -> tuple[list[Event], dict[str, Any]]:
    """DR-G17, DR-G18: drop the conditions whose last Turn is `turn` or earlier."""
    held = fighter["conditions"]
    gone = [name for name in sorted_keys(held) if held[name] is not None and held[name] <= turn]
    events: list[Event] = [
        {"type": "condition_ended", "fighter": fighter["id"], "condition": name} for name in gone
    ]
    kept = {name: held[name] for name in held if name not in gone}
    return (events, {**fighter, "conditions": kept})


# --------------------------------------------------------------------------- rules


def inflict(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R29, DR-G16, DR-G17: give `fighter` a timed condition in Turn `turn`."""
    turns = duration(inp["duration_turns"], config)
    event, updated = inflict_condition(inp["fighter"], inp["condition"], turns, inp["turn"])
    return ([event], {"fighter": updated})


def dizzy_check(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R19 step 6, DR-G18, DR-E03: one hit took `health_lost`; is `fighter` Dizzied?"""
    events, updated = check_dizzy(inp["fighter"], inp["health_lost"], inp["turn"], config)
    return (events, {"dizzied": bool(events), "fighter": updated})


def expire_conditions(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-G17, DR-G18: at the end of Turn `turn`, every fighter's run-out conditions end."""
    roster = inp["fighters"]
    events: list[Event] = []
    fighters: dict[str, Any] = {}
    for key in sorted_keys(roster):
        ended, fighters[key] = expire(roster[key], inp["turn"])
        events += ended
    return (events, {"fighters": fighters})


RULES: Mapping[str, Rule] = {
    rule.__name__: rule for rule in (inflict, dizzy_check, expire_conditions)
}
