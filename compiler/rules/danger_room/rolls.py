"""One d10 success pool as part B rolls it: Fumbling, BOOST, Lucky and Jinxed (`rolls.mjs`).

Every pool roll of a save, a contest or a damage hit goes through `roll`, so the order of
DR-G14 (1s cancel dice successes, then the flat successes) is written once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from compiler.rules.base import Event
from compiler.rules.danger_room.attributes import DIE, Flat, rolled
from compiler.rules.danger_room.combatant import has
from compiler.rules.danger_room.common import IN
from compiler.rules.queue import DiceQueue
from compiler.rules.shapes import fail


class Pool(NamedTuple):
    """A pool to roll: its size in d10, the kind of roll and how many BOOSTs it takes."""

    size: int
    kind: str
    boost: int


def spend_boost(
    fighter: Mapping[str, Any], boost: int, kind: str, config: Mapping[str, Any]
) -> dict[str, Any]:
    """DR-R28, DR-G15: pay `boost` BOOSTs on a `kind` roll; returns the updated fighter."""
    settings = config["boost"]
    cost, most, rolls = settings["cost"], settings["max_per_roll"], settings["rolls"]
    if boost == 0:
        return dict(fighter)
    if kind not in rolls:
        raise fail(IN, f"BOOST is not allowed on a {kind} roll")
    if boost > most:
        raise fail(IN, f"a roll takes at most {most} BOOST")
    price = boost * cost
    if price > fighter["stamina"]:
        raise fail(IN, f"BOOST costs {price} Stamina but the fighter has {fighter['stamina']}")
    return {**fighter, "stamina": fighter["stamina"] - price}


def luck(fighter: Mapping[str, Any], kind: str, config: Mapping[str, Any]) -> int:
    """DR-R19 step 2, DR-G16: +1 Lucky, -1 Jinxed (the two cancel) on the rolls in scope."""
    if config["luck_scope"] == "damage_only" and kind != "damage":
        return 0
    return int(has(fighter, "lucky")) - int(has(fighter, "jinxed"))


def roll(
    fighter: Mapping[str, Any], pool: Pool, config: Mapping[str, Any], queue: DiceQueue
) -> tuple[list[Event], int, bool]:
    """DR-R04, DR-R05, DR-G14, DR-G16: roll `pool` for `fighter`; (events, successes, botch).

    The fighter's own Fumbling and luck apply; the successes are counted by part A's
    `attributes.rolled`, so every d10 pool of the ruleset follows one DR-G14 order.
    """
    size, kind, boost = pool
    flat = Flat(has(fighter, "fumbling"), boost, luck(fighter, kind, config))
    faces = queue.take_many(DIE, size)
    events, result = rolled(fighter["id"], kind, faces, flat, config)
    return (events, result["successes"], result["botch"])
