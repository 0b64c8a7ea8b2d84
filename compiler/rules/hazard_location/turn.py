"""Movement and the Turn of hazard_location (mirror: `turn.mjs`).

Lengths are exact rationals of metres (C2): AGI 3 moves 15 m = 3/2 hex, never rounded.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules.base import Event, State
from compiler.rules.hazard_location.arith import allowance_metres, in_hexes
from compiler.rules.hazard_location.config import movement_factor
from compiler.rules.hazard_location.fields import (
    Rational,
    as_json,
    by_id,
    compare,
    length_m,
    reduce,
)
from compiler.rules.hazard_location.harm import derived_value, load_content, prepare
from compiler.rules.queue import DiceQueue

IN = "input"
Result = tuple[list[Event], State]
Input = Mapping[str, Any]


def allowances(
    fields: Input, config: Mapping[str, Any]
) -> tuple[Mapping[str, Any], list[Rational], Rational, Rational]:
    """HZ-R04, HZ-R05, HZ-G17, HZ-G27: (character, factors, normal, full-round) in metres."""
    content = load_content(fields, config)
    character, _ = prepare(fields["character"], f"{IN}.character", config, content)
    species = by_id(content["species"], character["species"] or "")
    ids = list(species["movement_modifiers"]) if species is not None else []
    ids += [i for i in fields["modifiers"] if i not in ids]
    factors = [movement_factor(config, ident, f"{IN}.modifiers") for ident in ids]
    agility = derived_value(character, config, "movement", f"{IN}.character")
    normal = allowance_metres(agility, False, factors)
    return (character, factors, normal, allowance_metres(agility, True, factors))


def movement_allowance(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R04, HZ-R05, HZ-G17, HZ-G32: the normal or full-round allowance in metres and hexes."""
    mode = fields["mode"]
    _, factors, normal, full = allowances(fields, config)
    metres = full if mode == "full_round" else normal
    hexes = in_hexes(metres, config["metres_per_hex"])
    event = {"type": "movement_allowance", "mode": mode, "factors": [as_json(f) for f in factors],
             "metres": as_json(metres), "hexes": as_json(hexes)}
    return ([event], {"metres": as_json(metres), "hexes": as_json(hexes)})


def take_turn(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R04-R06, HZ-G13: one Turn's steps; Movement splits around the single Action."""
    character, _, normal, full = allowances(fields, config)
    turn: dict[str, Any] = {"moved": False, "moved_m": (0, 1), "action_used": False,
                            "full_round": False}
    events: list[Event] = [{"type": "turn_start", "character": character["id"], "moved": False}]
    for item in fields["steps"]:
        events.append(_step(_step_of(item, config), turn, normal, full))
    state = {**turn, "moved_m": as_json(turn["moved_m"])}
    return (events, state)


def _step_of(step: Mapping[str, Any], config: Mapping[str, Any]) -> dict[str, Any]:
    """A checked step with its distance in metres and whether an interaction is incidental."""
    result: dict[str, Any] = {"kind": step["kind"]}
    if "distance" in step:
        result["distance"] = length_m(step["distance"], config["metres_per_hex"])
    if "name" in step:
        result["name"] = step["name"]
    if step["kind"] == "interaction":
        result["incidental"] = not step["needs_attention"] and step["hand_free"]
    return result


def _step(step: Mapping[str, Any], turn: dict[str, Any], normal: Rational,
          full: Rational) -> Event:
    kind = step["kind"]
    if kind == "interaction" and step["incidental"]:
        return {"type": "incidental", "name": step["name"]}
    if kind in ("action", "interaction"):
        if turn["action_used"]:
            return {"type": "refused", "name": step["name"], "reason": "action_used"}
        turn["action_used"] = True
        return {"type": "action", "name": step["name"], "attacker_moved": turn["moved"]}
    if kind == "full_round_move" and turn["action_used"] and not turn["full_round"]:
        return {"type": "refused", "kind": kind, "reason": "action_used"}
    full_round = turn["full_round"] or kind == "full_round_move"
    total = _sum(turn["moved_m"], step["distance"])
    cap = full if full_round else normal
    if compare(total, cap) > 0:
        return {"type": "refused", "kind": kind, "reason": "over_allowance"}
    turn.update(moved_m=total, full_round=full_round, action_used=turn["action_used"] or full_round)
    turn["moved"] = turn["moved"] or step["distance"][0] > 0
    return {"type": "move", "kind": kind, "distance_m": as_json(step["distance"]),
            "total_m": as_json(total), "allowance_m": as_json(cap)}


def _sum(a: Rational, b: Rational) -> Rational:
    return reduce(a[0] * b[1] + b[0] * a[1], a[1] * b[1])
