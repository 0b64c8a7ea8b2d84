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
    CF,
    IN,
    Hex,
    compare_keys,
    config_object,
    hex_json,
    read_hex,
    read_id,
    read_objects,
    read_str_list,
    unique_ids,
)
from compiler.rules.errors import BAD_INPUT, RuleError
from compiler.rules.inputs import expect_object, get_bool, get_choice, get_int
from compiler.rules.queue import DiceQueue

SHAPES: tuple[str, ...] = ("adjacent", "hexes", "line", "cone", "burst")
SINGLE_TARGET: tuple[str, ...] = ("adjacent", "hexes")
ORIGINS: tuple[str, ...] = ("self", "target_hex")
BOUNDARIES: tuple[str, ...] = ("inclusive", "exclusive")
SIZE_MAX = 100
GEOMETRY = "reach_geometry"
GEOMETRY_KEYS = ("cone_boundary", "area_hits_allies", "burst_origin_default")

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


def _geometry(config: Mapping[str, Any]) -> Mapping[str, Any]:
    return config_object(config, GEOMETRY, GEOMETRY_KEYS)


def _reach_keys(value: Mapping[str, Any], shape: str, origin: str) -> list[str]:
    keys = ["shape"] + ([] if shape == "adjacent" else ["size"])
    if shape in ("line", "cone", "burst") and "include_self" in value:
        keys.append("include_self")
    if shape == "burst" and "origin" in value:
        keys.append("origin")
    return keys + (["range"] if origin == "target_hex" else [])


def read_reach(value: object, where: str, config: Mapping[str, Any]) -> Reach:
    """DR-G22: a card's `reach`; Adjacent has no size, a target-hex Burst needs a `range`."""
    if not isinstance(value, Mapping):
        raise RuleError(BAD_INPUT, f"{where} must be an object")
    shape = get_choice(value, "shape", where, SHAPES) if "shape" in value else ""
    origin = "self"
    if shape == "burst":
        default = get_choice(_geometry(config), "burst_origin_default", f"{CF}.{GEOMETRY}", ORIGINS)
        origin = get_choice(value, "origin", where, ORIGINS) if "origin" in value else default
    fields = expect_object(value, where, _reach_keys(value, shape, origin))
    size = 1 if shape == "adjacent" else get_int(fields, "size", where, 1, SIZE_MAX)
    distance = get_int(fields, "range", where, 0, SIZE_MAX) if origin == "target_hex" else 0
    include_self = get_bool(fields, "include_self", where) if "include_self" in fields else False
    return Reach(shape, size, origin, distance, include_self)


def read_body(value: object, where: str) -> Body:
    """DR-R24: a fighter's `{id, side, hex, airborne}`."""
    fields = expect_object(value, where, ("id", "side", "hex", "airborne"))
    return Body(
        read_id(fields, "id", where),
        read_id(fields, "side", where),
        read_hex(fields, "hex", where),
        get_bool(fields, "airborne", where),
    )


def read_bodies(fields: Mapping[str, Any], key: str) -> list[Body]:
    """DR-R24: the fighters on the map (`{id, side, hex, airborne}` each), ids unique."""
    bodies = [read_body(item, where) for where, item in read_objects(fields, key, IN)]
    unique_ids([b.id for b in bodies], f"{IN}.{key}")
    return bodies


def find(bodies: Sequence[Body], ident: str, where: str) -> Body:
    """DR-R09: the fighter with id `ident` (`bad_input` if none)."""
    for body in bodies:
        if body.id == ident:
            return body
    raise RuleError(BAD_INPUT, f"{where} names no fighter on the map")


def aim_keys(reach: Reach) -> tuple[str, ...]:
    """DR-G22: the keys of the attacker's `aim` for this Reach."""
    if reach.shape in SINGLE_TARGET:
        return ("target",)
    if reach.shape in ("line", "cone"):
        return ("direction",)
    return ("hex",) if reach.origin == "target_hex" else ()


def altitude_allows(attack: Attack, target: Body, config: Mapping[str, Any]) -> bool:
    """DR-R24, DR-G31, DR-G37: an ordinary melee strike cannot go from the ground to the air.

    A `leaping` or non-`melee` card ignores altitude; a flyer may melee a grounded target
    unless `flyer_can_melee_grounded` is false. Distance never depends on altitude (binary).
    """
    get_choice(config, "altitude_model", CF, ("binary",))
    tags, attacker = attack.tags, attack.attacker
    if "melee" not in tags or "leaping" in tags or attacker.airborne == target.airborne:
        return True
    return attacker.airborne and get_bool(config, "flyer_can_melee_grounded", CF)


def single_in_reach(attack: Attack, target: Body, config: Mapping[str, Any]) -> str:
    """DR-R09, DR-G22, DR-R24: `""` if the target is in Reach, else why not (distance, altitude)."""
    if not 1 <= hexes.distance(attack.attacker.hex, target.hex) <= attack.reach.size:
        return "distance"
    return "" if altitude_allows(attack, target, config) else "altitude"


def area_origin(attack: Attack, aim: Mapping[str, Any]) -> Hex:
    """DR-G22: where an area starts: the user, or a Burst's aimed hex within the card's range."""
    user, reach = attack.attacker.hex, attack.reach
    if reach.shape != "burst" or reach.origin == "self":
        return user
    centre = read_hex(aim, "hex", f"{IN}.aim")
    if hexes.distance(user, centre) > reach.range:
        raise RuleError(BAD_INPUT, f"{IN}.aim.hex is beyond the card's range")
    return centre


def area_direction(reach: Reach, aim: Mapping[str, Any]) -> int:
    """DR-G22: the aimed face direction of a Line or Cone (0 for a Burst, which has none)."""
    return get_int(aim, "direction", f"{IN}.aim", 0, 5) if reach.shape != "burst" else 0


def in_area(reach: Reach, origin: Hex, direction: int, h: Hex, config: Mapping[str, Any]) -> bool:
    """DR-G22: whether hex `h` lies in the aimed Line, Cone or Burst."""
    if reach.shape == "line":
        return hexes.in_line(origin, h, direction, reach.size)
    if reach.shape == "cone":
        boundary = get_choice(_geometry(config), "cone_boundary", f"{CF}.{GEOMETRY}", BOUNDARIES)
        return hexes.in_cone(origin, h, direction, reach.size, boundary == "inclusive")
    return hexes.in_burst(origin, h, reach.size)


def area_targets(
    attack: Attack, aim: Mapping[str, Any], others: Sequence[Body], config: Mapping[str, Any]
) -> tuple[Hex, list[Body]]:
    """DR-G22, DR-G30: everyone in the area, nearest the origin first, then by id.

    The user is hit only if the card says `include_self`; allies only if `area_hits_allies`.
    """
    origin, direction = area_origin(attack, aim), area_direction(attack.reach, aim)
    allies = get_bool(_geometry(config), "area_hits_allies", f"{CF}.{GEOMETRY}")
    get_choice(config, "area_target_order", CF, ("distance_then_id",))
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


def hex_distance(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-G22: the hex distance between two axial hexes (Adjacent is distance 1)."""
    fields = expect_object(inp, IN, ("a", "b"))
    value = hexes.distance(read_hex(fields, "a", IN), read_hex(fields, "b", IN))
    return ([{"type": "hex_distance", "distance": value}], {"distance": value})


def reach_area(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-G22: every hex of an aimed Line, Cone or Burst, nearest first, then by (q, r)."""
    fields = expect_object(inp, IN, ("user", "reach", "aim"))
    user = Body("user", "user", read_hex(fields, "user", IN), False)
    reach = read_reach(fields["reach"], f"{IN}.reach", config)
    if reach.shape in SINGLE_TARGET:
        raise RuleError(BAD_INPUT, f"{IN}.reach.shape must be line, cone or burst")
    aim = expect_object(fields["aim"], f"{IN}.aim", aim_keys(reach))
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


def reach_targets(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R09, DR-R24, DR-G22, DR-G30, DR-G31, DR-G37: who an attack lands on; no dice."""
    fields = expect_object(inp, IN, ("attacker", "card", "aim", "fighters"))
    bodies = read_bodies(fields, "fighters")
    attacker = find(bodies, read_id(fields, "attacker", IN), f"{IN}.attacker")
    card = expect_object(fields["card"], f"{IN}.card", ("reach", "tags"))
    reach = read_reach(card["reach"], f"{IN}.card.reach", config)
    attack = Attack(attacker, reach, tuple(read_str_list(card, "tags", f"{IN}.card")))
    aim = expect_object(fields["aim"], f"{IN}.aim", aim_keys(reach))
    others = [b for b in bodies if b is not attacker]
    if reach.shape in SINGLE_TARGET:
        target = find(others, read_id(aim, "target", f"{IN}.aim"), f"{IN}.aim.target")
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
