"""Ranges and Blast templates on the grid, integers only (CR-R06, CR-G06-G08; mirror: geometry.mjs).

A Blast covers every space within `y` of its origin in the grid's metric: a (2Y+1)² square on the
default square grid, 3Y(Y+1)+1 hexes on a hex grid (CR-E06).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules.base import Event, State
from compiler.rules.crytures.common import IN, Space, bad, distance, is_step, same_space
from compiler.rules.queue import DiceQueue

TARGETED = ("melee", "ranged", "ranged_blast")
"""CR-R06: the kinds with an X."""

BLASTS = ("personal_blast", "ranged_blast", "melee_blast")
"""CR-R06: the kinds with a Y."""

Result = tuple[list[Event], State]


def measure(
    range_: Mapping[str, Any], user: Sequence[int], target: Sequence[int],
    config: Mapping[str, Any],
) -> dict[str, Any]:
    """CR-R06, CR-G08: distance, whether it is reachable, the spaces beyond X and the die
    modifier (-1 die a space; Melee never extends)."""
    gap = distance(user, target, config)
    if range_["kind"] == "melee":
        return {"distance": gap, "in_range": gap <= range_["x"], "extension": 0, "die_mod": 0}
    extension = max(0, gap - range_["x"])
    limit = config["range_extension_limit"]
    reachable = limit is None or extension <= limit
    return {"distance": gap, "in_range": reachable, "extension": extension,
            "die_mod": -extension if reachable else 0}


def range_event(range_: Mapping[str, Any], measured: Mapping[str, Any]) -> Event:
    """CR-R06: the `range` event of a measured range."""
    return {"type": "range", "kind": range_["kind"], "x": range_["x"], **measured}


def range_check(inp: Any, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """CR-R06, CR-G06, CR-G08, CR-E05: how far a Melee, Ranged or Ranged Blast power reaches."""
    measured = measure(inp["range"], inp["user"], inp["target"], config)
    return ([range_event(inp["range"], measured)], dict(measured))


def origin_of(
    range_: Mapping[str, Any], user: Sequence[int], aim: Sequence[int] | None,
    direction: Sequence[int] | None, config: Mapping[str, Any],
) -> Space:
    """CR-R06, CR-G07: a Blast's origin: the user (Personal), the aimed space (Ranged), or the
    nearest space along `direction` farther than Y from the user (Melee), so the area's near edge
    is adjacent: Y + 1 steps, except along an `alternating` diagonal, where steps cost 1 and 2."""
    kind = range_["kind"]
    if kind == "personal_blast":
        return [user[0], user[1]]
    if kind == "ranged_blast":
        if aim is None:
            raise bad(f"{IN}.aim is required for a Ranged Blast")
        return [aim[0], aim[1]]
    if direction is None or not is_step(direction, config):
        raise bad(f"{IN}.direction must be a step to a neighbouring space for a Melee Blast")
    reach = 1
    while distance(user, [user[0] + reach * direction[0], user[1] + reach * direction[1]],
                   config) <= range_["y"]:
        reach += 1
    return [user[0] + reach * direction[0], user[1] + reach * direction[1]]


def user_excluded(
    range_: Mapping[str, Any], includes_user: bool, config: Mapping[str, Any]
) -> bool:
    """CR-R06, CR-G07: whether the user's own space is left out of its Blast."""
    if range_["kind"] == "personal_blast":
        return not includes_user
    if range_["kind"] == "ranged_blast":
        return not config["ranged_blast_includes_user"]
    return True


def template(
    range_: Mapping[str, Any], origin: Sequence[int], user: Sequence[int], includes_user: bool,
    config: Mapping[str, Any],
) -> dict[str, Any]:
    """CR-G07: a Blast's template: its origin, its Y, and the user's space if it is left out."""
    excluded = user_excluded(range_, includes_user, config)
    return {"origin": [origin[0], origin[1]], "y": range_["y"],
            "excluded": [user[0], user[1]] if excluded else None}


def in_area(space: Sequence[int], area: Mapping[str, Any], config: Mapping[str, Any]) -> bool:
    """CR-G07: whether `space` is inside the Blast (within Y of the origin, the user's space
    left out when it is excluded)."""
    if same_space(space, area["excluded"]):
        return False
    reach: int = area["y"]
    return distance(area["origin"], space, config) <= reach


def area_spaces(area: Mapping[str, Any], config: Mapping[str, Any]) -> list[Space]:
    """CR-G07, CR-E06: every space of the area, sorted by x, then y."""
    (ox, oy), y = area["origin"], area["y"]
    return [[x, row] for x in range(ox - y, ox + y + 1) for row in range(oy - y, oy + y + 1)
            if in_area([x, row], area, config)]


def blast_area(inp: Any, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """CR-R06, CR-G06, CR-G07, CR-E06: the spaces a Blast covers."""
    range_ = inp["range"]
    origin = origin_of(range_, inp["user"], inp["aim"], inp["direction"], config)
    spaces = area_spaces(template(range_, origin, inp["user"], inp["includes_user"], config),
                         config)
    event = {"type": "area", "kind": range_["kind"], "y": range_["y"], "origin": origin,
             "count": len(spaces)}
    return ([event], {"origin": list(origin), "count": len(spaces), "spaces": spaces})


RULES = {"range_check": range_check, "blast_area": blast_area}
