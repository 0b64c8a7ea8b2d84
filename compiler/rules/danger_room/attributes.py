"""Attributes, bonuses, cardless pools and success counting (DR-R01..R06, DR-G01/G02/G14).

Mirrored function for function in `module_template/scripts/rules/danger_room/attributes.mjs`.
`bonus` and `cardless_pool` are the shared entry points the damage part (part B) uses;
`count_pool` counts the pools of the rules here the way part B's `rolls.roll` does (DR-G14).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from compiler.rules import dice
from compiler.rules.base import Event, Rule, State
from compiler.rules.danger_room.common import Input
from compiler.rules.queue import DiceQueue

ATTRIBUTES: tuple[str, ...] = ("brawn", "agility", "endurance", "intellect", "perception")
"""DR-R02: the five attributes, in sheet order."""
DIE = 10
SUCCESS_MIN_FACE = 6
CARDLESS_BASE = 3
CARDLESS_MIN = 1

Result = tuple[list[Event], State]


class Flat(NamedTuple):
    """DR-R05, DR-G14: what changes a pool besides its dice: Fumbling, BOOSTs and luck."""

    fumbling: bool
    boost: int
    luck: int


def bonus(score: int, config: Mapping[str, Any]) -> int:
    """DR-R03, DR-G01: (score - offset) / divisor, floored (default) or rounded half up."""
    params = config["attribute_bonus"]
    divisor: int = params["divisor"]
    difference = score - params["offset"]
    if params["rounding"] == "floor":
        return dice.floor_div(difference, divisor)
    # Half up without floats: floor((2d + divisor) / (2 divisor)).
    return dice.floor_div(2 * difference + divisor, 2 * divisor)


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
    order, botch_result = config["fumble_order"], config["botch_result"]
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


def flat_of(fields: Mapping[str, Any]) -> Flat:
    """DR-R05, DR-R28: the roller's `fumbling`, BOOSTs taken and luck (+1 Lucky, -1 Jinxed)."""
    return Flat(fields["fumbling"], fields["boost"], fields["luck"])


def rolled(
    fighter: str, kind: str, faces: list[int], flat: Flat, config: Mapping[str, Any]
) -> Result:
    """DR-R04, DR-R05, DR-G14: count a rolled pool; a botch adds a `botch` event."""
    counted = count_pool(faces, flat.fumbling, flat.boost + flat.luck, config)
    events: list[Event] = [pool_event(fighter, kind, faces, counted, flat)]
    if counted["botch"]:
        events.append({"type": "botch", "fighter": fighter, "kind": kind})
    return (events, {"successes": counted["successes"], "botch": counted["botch"]})


def attribute_bonus(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R03, DR-R06, DR-G01: each score's bonus and cardless pool (the DR-E01 table)."""
    scores: list[int] = inp["scores"]
    bonuses = [bonus(score, config) for score in scores]
    pools = [cardless_pool(value) for value in bonuses]
    events: list[Event] = [
        {"type": "attribute_bonus", "score": s, "bonus": b, "cardless_pool": p}
        for s, b, p in zip(scores, bonuses, pools, strict=True)
    ]
    return (events, {"bonuses": bonuses, "cardless_pools": pools})


def fighter_profile(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R01, DR-R02, DR-R03, DR-R06, DR-G01, DR-G02: a sheet's five bonuses and cardless pools."""
    ident, attributes = inp["fighter"]["id"], inp["fighter"]["attributes"]
    bonuses = {name: bonus(attributes[name], config) for name in ATTRIBUTES}
    pools = {name: cardless_pool(bonuses[name]) for name in ATTRIBUTES}
    event: Event = {
        "type": "profile",
        "fighter": ident,
        "bonuses": bonuses,
        "cardless_pools": pools,
    }
    return ([event], {"bonuses": bonuses, "cardless_pools": pools})


def pool_roll(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R04, DR-R05, DR-G14, C3: roll `count` d10 (none if ≤ 0) and count the successes."""
    dice_faces = queue.take_many(DIE, inp["count"])
    return rolled(inp["fighter"], "pool", dice_faces, flat_of(inp), config)


def cardless_roll(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R06, DR-R04, DR-R05: a roll without a card: 3 + the attribute's bonus d10, at least 1."""
    fighter = inp["fighter"]
    size = cardless_pool(bonus(fighter["attributes"][inp["attribute"]], config))
    return rolled(fighter["id"], "cardless", queue.take_many(DIE, size), flat_of(inp), config)


RULES: Mapping[str, Rule] = {
    rule.__name__: rule
    for rule in (
        attribute_bonus,
        fighter_profile,
        pool_roll,
        cardless_roll,
    )
}
