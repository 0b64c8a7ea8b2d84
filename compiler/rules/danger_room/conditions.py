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
from compiler.rules.danger_room.combatant import check_fighter, endurance_pool
from compiler.rules.errors import BAD_INPUT, RuleError
from compiler.rules.inputs import (
    SMALL_INT,
    expect_object,
    get_bool,
    get_choice,
    get_int,
    sorted_keys,
)
from compiler.rules.queue import DiceQueue

IN = "input"
CF = "config"
TIMED: tuple[str, ...] = ("fumbling", "dazzled", "confused", "lucky", "jinxed", "dampened")
DIZZY_LOSES: tuple[str, ...] = ("move_and_act", "act_only")
Result = tuple[list[Event], State]


def duration(value: object, where: str, config: Mapping[str, Any]) -> int:
    """DR-G17: a rider's `duration_turns`, or `condition_duration_turns` when it is null."""
    if value is None:
        return get_int(config, "condition_duration_turns", CF, 1, 100)
    return get_int({"duration_turns": value}, "duration_turns", where, 1, SMALL_INT)


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
    loses = get_choice(config, "dizzy_loses", CF, DIZZY_LOSES)
    stacks = get_bool(config, "dizzy_stacks", CF)
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


def inflict(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R29, DR-G16, DR-G17: give `fighter` a timed condition in Turn `turn`."""
    fields = expect_object(inp, IN, ("fighter", "condition", "duration_turns", "turn"))
    fighter = check_fighter(fields["fighter"], f"{IN}.fighter")
    condition = get_choice(fields, "condition", IN, TIMED)
    turns = duration(fields["duration_turns"], IN, config)
    turn = get_int(fields, "turn", IN, 1, SMALL_INT)
    event, updated = inflict_condition(fighter, condition, turns, turn)
    return ([event], {"fighter": updated})


def dizzy_check(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R19 step 6, DR-G18, DR-E03: one hit took `health_lost`; is `fighter` Dizzied?"""
    fields = expect_object(inp, IN, ("fighter", "health_lost", "turn"))
    fighter = check_fighter(fields["fighter"], f"{IN}.fighter")
    lost = get_int(fields, "health_lost", IN, 0, SMALL_INT)
    turn = get_int(fields, "turn", IN, 1, SMALL_INT)
    events, updated = check_dizzy(fighter, lost, turn, config)
    return (events, {"dizzied": bool(events), "fighter": updated})


def expire_conditions(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-G17, DR-G18: at the end of Turn `turn`, every fighter's run-out conditions end."""
    fields = expect_object(inp, IN, ("fighters", "turn"))
    turn = get_int(fields, "turn", IN, 1, SMALL_INT)
    roster = fields["fighters"]
    if not isinstance(roster, Mapping):
        raise RuleError(BAD_INPUT, f"{IN}.fighters must be an object")
    events: list[Event] = []
    fighters: dict[str, Any] = {}
    for index, key in enumerate(sorted_keys(roster)):
        fighter = check_fighter(roster[key], f"{IN}.fighters[{index}]")
        ended, fighters[key] = expire(fighter, turn)
        events += ended
    return (events, {"fighters": fighters})


RULES: Mapping[str, Rule] = {
    rule.__name__: rule for rule in (inflict, dizzy_check, expire_conditions)
}
