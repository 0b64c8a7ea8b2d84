"""Attributes, bonuses, cardless pools and success counting (DR-R01..R06, DR-G01/G02/G14).

Mirrored function for function in `module_template/scripts/rules/danger_room/attributes.mjs`.
`bonus` and `read_attributes` are the shared entry points the damage part (part B) uses;
`count_pool` counts the pools of the rules here the way part B's `rolls.roll` does (DR-G14).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from compiler.rules import dice
from compiler.rules.base import Event, Rule, State
from compiler.rules.danger_room.common import CF, IN, config_object, read_id
from compiler.rules.inputs import (
    SMALL_INT,
    expect_object,
    get_bool,
    get_choice,
    get_int,
    get_int_list,
)
from compiler.rules.queue import DiceQueue

ATTRIBUTES: tuple[str, ...] = ("brawn", "agility", "endurance", "intellect", "perception")
"""DR-R02: the five attributes, in sheet order."""
ATTRIBUTE_MAX = 1000
DIE = 10
SUCCESS_MIN_FACE = 6
CARDLESS_BASE = 3
CARDLESS_MIN = 1
POOL_MAX = 1000
ROUNDINGS: tuple[str, ...] = ("floor", "half_up")
FUMBLE_ORDERS: tuple[str, ...] = ("dice_then_flat", "flat_then_dice")
BOTCH_RESULTS: tuple[str, ...] = ("zero", "net")

Result = tuple[list[Event], State]


class Flat(NamedTuple):
    """DR-R05, DR-G14: what changes a pool besides its dice: Fumbling, BOOSTs and luck."""

    fumbling: bool
    boost: int
    luck: int


def bonus(score: int, config: Mapping[str, Any]) -> int:
    """DR-R03, DR-G01: (score - offset) / divisor, floored (default) or rounded half up."""
    params = config_object(config, "attribute_bonus", ("offset", "divisor", "rounding"))
    where = f"{CF}.attribute_bonus"
    offset = get_int(params, "offset", where, -100, 100)
    divisor = get_int(params, "divisor", where, 1, 100)
    difference = score - offset
    if get_choice(params, "rounding", where, ROUNDINGS) == "floor":
        return dice.floor_div(difference, divisor)
    # Half up without floats: floor((2d + divisor) / (2 divisor)).
    return dice.floor_div(2 * difference + divisor, 2 * divisor)


def read_attributes(obj: Mapping[str, Any], where: str) -> dict[str, int]:
    """DR-R01, DR-R02, DR-G02: `obj.attributes`, all five required (none is ever assumed)."""
    scores = expect_object(obj["attributes"], f"{where}.attributes", ATTRIBUTES)
    return {
        name: get_int(scores, name, f"{where}.attributes", 0, ATTRIBUTE_MAX) for name in ATTRIBUTES
    }


def cardless_pool(attribute_bonus: int) -> int:
    """DR-R06: a roll without a card uses Base 3: max(1, 3 + bonus) dice."""
    return dice.pool_size(CARDLESS_BASE, [attribute_bonus], CARDLESS_MIN)


def count_pool(
    faces: list[int], fumbling: bool, flat: int, config: Mapping[str, Any]
) -> dict[str, Any]:
    """DR-R04, DR-R05, DR-G14: successes of d10 faces (6+), Fumbling 1s, then flat successes.

    `flat` is the caller's BOOST + Lucky - Jinxed. Returns `dice_successes`, `ones` (counted only
    when Fumbling), `botch` and the final `successes` (never below 0).
    """
    order = get_choice(config, "fumble_order", CF, FUMBLE_ORDERS)
    botch_result = get_choice(config, "botch_result", CF, BOTCH_RESULTS)
    hits = dice.count_at_least(faces, SUCCESS_MIN_FACE)
    ones = dice.count_natural(faces, 1) if fumbling else 0
    if order == "dice_then_flat":
        net, botch = dice.cancel_ones(faces, hits) if fumbling else (hits, False)
        total = max(0, net + flat)
    else:
        raw = max(0, hits + flat)
        net, botch = (max(0, raw - ones), ones > raw) if fumbling else (raw, False)
        total = net
    if botch and botch_result == "zero":
        total = 0
    return {"dice_successes": hits, "ones": ones, "botch": botch, "successes": total}


def pool_event(
    fighter: str, kind: str, faces: list[int], counted: Mapping[str, Any], flat: Flat
) -> Event:
    """DR-R04, DR-R05: one rolled d10 pool, in the same shape as the damage part's `roll` event."""
    return {
        "type": "roll",
        "fighter": fighter,
        "kind": kind,
        "pool": len(faces),
        "faces": faces,
        "dice_successes": counted["dice_successes"],
        "fumbling": flat.fumbling,
        "ones": dice.count_natural(faces, 1),
        "botch": counted["botch"],
        "boost": flat.boost,
        "luck": flat.luck,
        "successes": counted["successes"],
    }


def read_flat(fields: Mapping[str, Any], where: str) -> Flat:
    """DR-R05, DR-R28: the roller's `fumbling`, BOOSTs taken and luck (+1 Lucky, -1 Jinxed)."""
    return Flat(
        get_bool(fields, "fumbling", where),
        get_int(fields, "boost", where, 0, 100),
        get_int(fields, "luck", where, -1, 1),
    )


def rolled(
    fighter: str, kind: str, faces: list[int], flat: Flat, config: Mapping[str, Any]
) -> Result:
    """DR-R04, DR-R05, DR-G14: count a rolled pool; a botch adds a `botch` event."""
    counted = count_pool(faces, flat.fumbling, flat.boost + flat.luck, config)
    events: list[Event] = [pool_event(fighter, kind, faces, counted, flat)]
    if counted["botch"]:
        events.append({"type": "botch", "fighter": fighter, "kind": kind})
    return (events, {"successes": counted["successes"], "botch": counted["botch"]})


def _fighter(inp: object) -> tuple[str, dict[str, int]]:
    fighter = expect_object(inp, f"{IN}.fighter", ("id", "attributes"))
    return (read_id(fighter, "id", f"{IN}.fighter"), read_attributes(fighter, f"{IN}.fighter"))


def attribute_bonus(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R03, DR-R06, DR-G01: each score's bonus and cardless pool (the DR-E01 table)."""
    fields = expect_object(inp, IN, ("scores",))
    scores = get_int_list(fields, "scores", IN, 0, ATTRIBUTE_MAX)
    bonuses = [bonus(score, config) for score in scores]
    pools = [cardless_pool(value) for value in bonuses]
    events: list[Event] = [
        {"type": "attribute_bonus", "score": s, "bonus": b, "cardless_pool": p}
        for s, b, p in zip(scores, bonuses, pools, strict=True)
    ]
    return (events, {"bonuses": bonuses, "cardless_pools": pools})


def fighter_profile(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R01, DR-R02, DR-R03, DR-R06, DR-G01, DR-G02: a sheet's five bonuses and cardless pools."""
    fields = expect_object(inp, IN, ("fighter",))
    ident, attributes = _fighter(fields["fighter"])
    bonuses = {name: bonus(attributes[name], config) for name in ATTRIBUTES}
    pools = {name: cardless_pool(bonuses[name]) for name in ATTRIBUTES}
    event: Event = {
        "type": "profile",
        "fighter": ident,
        "bonuses": bonuses,
        "cardless_pools": pools,
    }
    return ([event], {"bonuses": bonuses, "cardless_pools": pools})


def pool_roll(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R04, DR-R05, DR-G14, C3: roll `count` d10 (none if ≤ 0) and count the successes."""
    fields = expect_object(inp, IN, ("fighter", "count", "fumbling", "boost", "luck"))
    fighter = read_id(fields, "fighter", IN)
    count = get_int(fields, "count", IN, -SMALL_INT, POOL_MAX)
    flat = read_flat(fields, IN)
    return rolled(fighter, "pool", queue.take_many(DIE, count), flat, config)


def cardless_roll(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R06, DR-R04, DR-R05: a roll without a card: 3 + the attribute's bonus d10, at least 1."""
    keys = ("fighter", "attribute", "fumbling", "boost", "luck")
    fields = expect_object(inp, IN, keys)
    ident, attributes = _fighter(fields["fighter"])
    attribute = get_choice(fields, "attribute", IN, ATTRIBUTES)
    size = cardless_pool(bonus(attributes[attribute], config))
    return rolled(ident, "cardless", queue.take_many(DIE, size), read_flat(fields, IN), config)


RULES: Mapping[str, Rule] = {
    rule.__name__: rule
    for rule in (
        attribute_bonus,
        fighter_profile,
        pool_roll,
        cardless_roll,
    )
}
