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
from compiler.rules.errors import BAD_CONFIG, BAD_INPUT, RuleError
from compiler.rules.inputs import expect_object, get_choice, get_int, get_list
from compiler.rules.queue import DiceQueue

CF = "config"
BOOST_ROLLS: tuple[str, ...] = ("damage", "save", "contest", "perception")
LUCK_SCOPES: tuple[str, ...] = ("all_pool_rolls", "damage_only")
BOOST_LIMIT = 100


class Pool(NamedTuple):
    """A pool to roll: its size in d10, the kind of roll and how many BOOSTs it takes."""

    size: int
    kind: str
    boost: int


def boost_settings(config: Mapping[str, Any]) -> tuple[int, int, list[str]]:
    """DR-G15: (cost, max_per_roll, rolls) of `config.boost`, checked."""
    where = f"{CF}.boost"
    settings = expect_object(config["boost"], where, ("cost", "max_per_roll", "rolls"))
    cost = get_int(settings, "cost", where, 0, BOOST_LIMIT)
    most = get_int(settings, "max_per_roll", where, 0, BOOST_LIMIT)
    rolls = get_list(settings, "rolls", where)
    for index, kind in enumerate(rolls):
        if kind not in BOOST_ROLLS:
            raise RuleError(
                BAD_CONFIG, f"{where}.rolls[{index}] must be one of {', '.join(BOOST_ROLLS)}"
            )
    return (cost, most, rolls)


def spend_boost(
    fighter: Mapping[str, Any], boost: int, kind: str, config: Mapping[str, Any]
) -> dict[str, Any]:
    """DR-R28, DR-G15: pay `boost` BOOSTs on a `kind` roll; returns the updated fighter."""
    cost, most, rolls = boost_settings(config)
    if boost == 0:
        return dict(fighter)
    if kind not in rolls:
        raise RuleError(BAD_INPUT, f"BOOST is not allowed on a {kind} roll")
    if boost > most:
        raise RuleError(BAD_INPUT, f"a roll takes at most {most} BOOST")
    price = boost * cost
    if price > fighter["stamina"]:
        raise RuleError(
            BAD_INPUT, f"BOOST costs {price} Stamina but the fighter has {fighter['stamina']}"
        )
    return {**fighter, "stamina": fighter["stamina"] - price}


def luck(fighter: Mapping[str, Any], kind: str, config: Mapping[str, Any]) -> int:
    """DR-R19 step 2, DR-G16: +1 Lucky, -1 Jinxed (the two cancel) on the rolls in scope."""
    scope = get_choice(config, "luck_scope", CF, LUCK_SCOPES)
    if scope == "damage_only" and kind != "damage":
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
