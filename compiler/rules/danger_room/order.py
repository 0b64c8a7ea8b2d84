"""Turn Speed, speed order with roll-offs, and Wait (DR-R07 steps 2, 3, 5; DR-G19/G20/G43).

Mirror: `order.mjs`. Speeds are public once revealed; cards stay hidden, so the `speeds` event
names no card. The order is rebuilt from these helpers by the full Turn (`turn.py`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from compiler.rules import dice
from compiler.rules.base import Event, Rule, State
from compiler.rules.danger_room.attributes import bonus
from compiler.rules.danger_room.common import IN, Input, unique_ids
from compiler.rules.queue import DiceQueue

ROLL_OFF_DIE = 10

Result = tuple[list[Event], State]


class Speed(NamedTuple):
    """DR-R07: one fighter's revealed turn Speed."""

    fighter: str
    speed: int


def turn_speed_of(
    attributes: Mapping[str, int], card_speed: int, focus: bool, config: Mapping[str, Any]
) -> int:
    """DR-R07, DR-G43: card Speed + Agility bonus (Perception bonus for a Focus card)."""
    value = card_speed + bonus(attributes["perception" if focus else "agility"], config)
    return value if config["allow_negative_speed"] else max(0, value)


def tiebreak(config: Mapping[str, Any]) -> str:
    """DR-G19: the tie-break that decides: the chain's first entry (each one orders fully)."""
    rule: str = config["speed_tiebreak"][0]
    return rule


def speed_order(
    speeds: Sequence[Speed], config: Mapping[str, Any], queue: DiceQueue
) -> tuple[list[str], list[Event]]:
    """DR-R07, DR-G19: fastest first; equal Speeds by the tie-break, groups fastest first.

    A roll-off group rolls 1d10 each, members in ascending fighter-id order; equal faces roll again.
    """
    rule = tiebreak(config)
    order: list[str] = []
    events: list[Event] = []
    for value in sorted({s.speed for s in speeds}, reverse=True):
        group = sorted(s.fighter for s in speeds if s.speed == value)
        if len(group) < 2 or rule == "fighter_id":
            order += group
            continue
        ranked, rounds = dice.roll_off(group, ROLL_OFF_DIE, queue)
        events += [
            {
                "type": "roll_off",
                "speed": value,
                "round": r.number,
                "group": list(r.group),
                "faces": list(r.faces),
            }
            for r in rounds
        ]
        order += ranked
    return (order, events)


def acting_order(
    order: Sequence[str], waits: Sequence[str], config: Mapping[str, Any]
) -> tuple[list[str], list[Event]]:
    """DR-R07 step 5, DR-G20: each fighter in `waits` drops to the end once when their turn comes.

    `fifo`: waiters act in the order they Waited; `lifo`: the latest waiter acts first among them.
    """
    mode = config["wait_queue"]
    waiting: list[str] = []
    acting: list[str] = []
    events: list[Event] = []
    for fighter in order:
        if fighter in waits:
            events.append({"type": "wait", "fighter": fighter})
            waiting.insert(len(waiting) if mode == "fifo" else 0, fighter)
        else:
            acting.append(fighter)
    return (acting + waiting, events)


def turn_speed(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R07 step 2, DR-G43: a fighter's Speed for the Turn with one card."""
    fighter, card = inp["fighter"], inp["card"]
    value = turn_speed_of(fighter["attributes"], card["speed"], card["focus"], config)
    return ([{"type": "speed", "fighter": fighter["id"], "speed": value}], {"speed": value})


def _speed_of(fighter: Input, config: Mapping[str, Any]) -> Speed:
    card = fighter["card"]
    value = turn_speed_of(fighter["attributes"], card["speed"], card["focus"], config)
    return Speed(fighter["id"], value)


def turn_order(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R07 steps 1-3 and 5, DR-G19, DR-G20: secret cards in, speeds out, order, then Waits."""
    speeds = [_speed_of(fighter, config) for fighter in inp["fighters"]]
    waits = [f["id"] for f in inp["fighters"] if f["wait"]]
    unique_ids([s.fighter for s in speeds], f"{IN}.fighters")
    events: list[Event] = [speeds_event(speeds)]
    order, rolled = speed_order(speeds, config, queue)
    events += [*rolled, {"type": "order", "order": order}]
    acting, waited = acting_order(order, waits, config)
    events += [*waited, {"type": "acting_order", "order": acting}]
    return (events, {"order": order, "acting_order": acting})


def speeds_event(speeds: Sequence[Speed]) -> Event:
    """DR-R07 step 2: the revealed Speeds; the cards themselves stay hidden."""
    return {"type": "speeds", "speeds": [{"fighter": s.fighter, "speed": s.speed} for s in speeds]}


RULES: Mapping[str, Rule] = {
    rule.__name__: rule
    for rule in (
        turn_speed,
        turn_order,
    )
}
