"""Reach: no roll to hit; an attack lands on whoever is within the card's Reach (reach.mjs).

DR-R09, DR-G22 (shapes), DR-G30 (area target order), DR-R24/DR-G31/DR-G37 (ground and air).
A card's `reach` is `{shape, size?, origin?, range?, include_self?}`; the attacker's `aim` is
`{target}` for Adjacent/N hexes, `{direction}` (0-5) for Line/Cone, `{}` for a Burst on the user
and `{hex}` for a Burst with `origin: target_hex`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cmp_to_key
from typing import Any, NamedTuple

from compiler.rules.base import Event, Rule, State
from compiler.rules.danger_room import hexes
from compiler.rules.danger_room.common import (
    IN,
    Hex,
    Input,
    as_hex,
    compare_keys,
    exact_keys,
    hex_json,
    unique_ids,
)
from compiler.rules.queue import DiceQueue
from compiler.rules.shapes import fail

SINGLE_TARGET: tuple[str, ...] = ("adjacent", "hexes")

Result = tuple[list[Event], State]


class Reach(NamedTuple):
    """DR-R09, DR-G22: a card's printed Reach."""

    shape: str
    size: int
    origin: str
    range: int
    include_self: bool


class Body(NamedTuple):
    """DR-R24: where a fighter is for Reach: id, side (allies share one), hex, airborne."""

    id: str
    side: str
    hex: Hex
    airborne: bool


class Attack(NamedTuple):
    """DR-R09: who attacks with which Reach and card tags (`melee`, `leaping`, ...)."""

    attacker: Body
    reach: Reach
    tags: tuple[str, ...]


def reach_of(value: Input, where: str, config: Mapping[str, Any]) -> Reach:
    """DR-G22: a card's checked `reach`. A Burst's origin defaults to the config's, and only a
    Burst aimed at a hex (`target_hex`) has a `range`, which it must have."""
    shape = value["shape"]
    origin = "self"
    if shape == "burst":
        origin = value.get("origin", config["reach_geometry"]["burst_origin_default"])
    if origin == "target_hex" and "range" not in value:
        raise fail(where, f"{where}.range is required")
    if origin == "self" and "range" in value:
        raise fail(where, f"{where}.range is not a known field")
    size = 1 if shape == "adjacent" else value["size"]
    include_self = value.get("include_self", False)
    return Reach(shape, size, origin, value.get("range", 0), include_self)


def as_body(value: Input) -> Body:
    """DR-R24: a checked `{id, side, hex, airborne}`."""
    return Body(value["id"], value["side"], as_hex(value["hex"]), value["airborne"])


def bodies_of(fields: Input, key: str) -> list[Body]:
    """DR-R24: the fighters on the map (`{id, side, hex, airborne}` each), ids unique."""
    bodies = [as_body(item) for item in fields[key]]
    unique_ids([b.id for b in bodies], f"{IN}.{key}")
    return bodies


def find(bodies: Sequence[Body], ident: str, where: str) -> Body:
    """DR-R09: the fighter with id `ident` (`bad_input` if none)."""
    for body in bodies:
        if body.id == ident:
            return body
    raise fail(where, f"{where} names no fighter on the map")


def aim_keys(reach: Reach) -> tuple[str, ...]:
    """DR-G22: the keys of the attacker's `aim` for this Reach."""
    if reach.shape in SINGLE_TARGET:
        return ("target",)
    if reach.shape in ("line", "cone"):
        return ("direction",)
    return ("hex",) if reach.origin == "target_hex" else ()


def check_aim(aim: Input, reach: Reach, where: str) -> None:
    """DR-G22: the aim holds exactly the keys its Reach takes (`aim_keys`)."""
    exact_keys(aim, where, aim_keys(reach))


def altitude_allows(attack: Attack, target: Body, config: Mapping[str, Any]) -> bool:
    """DR-R24, DR-G31, DR-G37: an ordinary melee strike cannot go from the ground to the air.

    A `leaping` or non-`melee` card ignores altitude; a flyer may melee a grounded target
    unless `flyer_can_melee_grounded` is false. Distance never depends on altitude (binary).
    """
    tags, attacker = attack.tags, attack.attacker
    if "melee" not in tags or "leaping" in tags or attacker.airborne == target.airborne:
        return True
    allowed: bool = attacker.airborne and config["flyer_can_melee_grounded"]
    return allowed


def single_in_reach(attack: Attack, target: Body, config: Mapping[str, Any]) -> str:
    """DR-R09, DR-G22, DR-R24: `""` if the target is in Reach, else why not (distance, altitude)."""
    if not 1 <= hexes.distance(attack.attacker.hex, target.hex) <= attack.reach.size:
        return "distance"
    return "" if altitude_allows(attack, target, config) else "altitude"


def area_origin(attack: Attack, aim: Input) -> Hex:
    """DR-G22: where an area starts: the user, or a Burst's aimed hex within the card's range."""
    user, reach = attack.attacker.hex, attack.reach
    if reach.shape != "burst" or reach.origin == "self":
        return user
    centre = as_hex(aim["hex"])
    if hexes.distance(user, centre) > reach.range:
        raise fail(IN, f"{IN}.aim.hex is beyond the card's range")
    return centre


def area_direction(reach: Reach, aim: Input) -> int:
    """DR-G22: the aimed face direction of a Line or Cone (0 for a Burst, which has none)."""
    direction: int = aim["direction"] if reach.shape != "burst" else 0
    return direction


def in_area(reach: Reach, origin: Hex, direction: int, h: Hex, config: Mapping[str, Any]) -> bool:
    """DR-G22: whether hex `h` lies in the aimed Line, Cone or Burst."""
    if reach.shape == "line":
        return hexes.in_line(origin, h, direction, reach.size)
    if reach.shape == "cone":
        boundary = config["reach_geometry"]["cone_boundary"]
        return hexes.in_cone(origin, h, direction, reach.size, boundary == "inclusive")
    return hexes.in_burst(origin, h, reach.size)


def area_targets(
    attack: Attack, aim: Input, others: Sequence[Body], config: Mapping[str, Any]
) -> tuple[Hex, list[Body]]:
    """DR-G22, DR-G30: everyone in the area, nearest the origin first, then by id.

    The user is hit only if the card says `include_self`; allies only if `area_hits_allies`.
    """
    origin, direction = area_origin(attack, aim), area_direction(attack.reach, aim)
    allies = config["reach_geometry"]["area_hits_allies"]
    me = attack.attacker
    candidates = [*others, me] if attack.reach.include_self else list(others)
    hit = [
        body
        for body in candidates
        if (allies or body.side != me.side or body is me)
        and in_area(attack.reach, origin, direction, body.hex, config)
        and altitude_allows(attack, body, config)
    ]

    def nearer(a: Body, b: Body) -> int:
        return compare_keys(_near(origin, a), _near(origin, b))

    return (origin, sorted(hit, key=cmp_to_key(nearer)))


def _near(origin: Hex, body: Body) -> tuple[int, str]:
    return (hexes.distance(origin, body.hex), body.id)


def reach_event(attack: Attack, target: Body, why: str) -> Event:
    """DR-R09: the Reach check of a single-target attack (`blocked_by` only when it fails)."""
    event: Event = {
        "type": "reach",
        "attacker": attack.attacker.id,
        "target": target.id,
        "distance": hexes.distance(attack.attacker.hex, target.hex),
        "in_reach": not why,
    }
    if why:
        event["blocked_by"] = why
    return event


def area_event(attack: Attack, origin: Hex, ids: list[str]) -> Event:
    """DR-G22, DR-G30: the area an attack covers and its targets in resolution order."""
    return {
        "type": "area",
        "attacker": attack.attacker.id,
        "shape": attack.reach.shape,
        "origin": hex_json(origin),
        "targets": ids,
    }


def hex_distance(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-G22: the hex distance between two axial hexes (Adjacent is distance 1)."""
    value = hexes.distance(as_hex(inp["a"]), as_hex(inp["b"]))
    return ([{"type": "hex_distance", "distance": value}], {"distance": value})


def reach_area(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-G22: every hex of an aimed Line, Cone or Burst, nearest first, then by (q, r)."""
    user = Body("user", "user", as_hex(inp["user"]), False)
    reach = reach_of(inp["reach"], f"{IN}.reach", config)
    if reach.shape in SINGLE_TARGET:
        raise fail(IN, f"{IN}.reach.shape must be line, cone or burst")
    aim = inp["aim"]
    check_aim(aim, reach, f"{IN}.aim")
    origin, direction = area_origin(Attack(user, reach, ()), aim), area_direction(reach, aim)
    span = range(-reach.size, reach.size + 1)
    cells = [(origin[0] + dq, origin[1] + dr) for dq in span for dr in span]
    inside = [
        h
        for h in cells
        if in_area(reach, origin, direction, h, config) and (h != user.hex or reach.include_self)
    ]

    def nearer(a: Hex, b: Hex) -> int:
        return compare_keys(_cell(origin, a), _cell(origin, b))

    inside.sort(key=cmp_to_key(nearer))
    listed = [hex_json(h) for h in inside]
    event: Event = {
        "type": "area",
        "shape": reach.shape,
        "origin": hex_json(origin),
        "hexes": listed,
    }
    return ([event], {"count": len(listed), "hexes": listed})


def _cell(origin: Hex, h: Hex) -> tuple[int, int, int]:
    return (hexes.distance(origin, h), h[0], h[1])


def reach_targets(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R09, DR-R24, DR-G22, DR-G30, DR-G31, DR-G37: who an attack lands on; no dice."""
    bodies = bodies_of(inp, "fighters")
    attacker = find(bodies, inp["attacker"], f"{IN}.attacker")
    card, aim = inp["card"], inp["aim"]
    reach = reach_of(card["reach"], f"{IN}.card.reach", config)
    attack = Attack(attacker, reach, tuple(card["tags"]))
    check_aim(aim, reach, f"{IN}.aim")
    others = [b for b in bodies if b is not attacker]
    if reach.shape in SINGLE_TARGET:
        target = find(others, aim["target"], f"{IN}.aim.target")
        why = single_in_reach(attack, target, config)
        return ([reach_event(attack, target, why)], {"targets": [] if why else [target.id]})
    origin, hit = area_targets(attack, aim, others, config)
    ids = [b.id for b in hit]
    return ([area_event(attack, origin, ids)], {"targets": ids})


RULES: Mapping[str, Rule] = {
    rule.__name__: rule
    for rule in (
        hex_distance,
        reach_area,
        reach_targets,
    )
}
