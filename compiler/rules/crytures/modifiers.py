"""Roll modifiers: the type chart and the situational ±2s (CR-R11, CR-R12; mirror: modifiers.mjs).

Each situation counts once however many times it is present, and different situations stack
(CR-R11); a target's weaknesses do not stack across its types (CR-R12, CR-E03).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules.base import Event, State
from compiler.rules.crytures.common import (
    IN,
    Combatant,
    adjacent,
    allies_of,
    by_id,
    distance,
    named,
    sign,
    steps,
)
from compiler.rules.queue import DiceQueue

BONUS = 2
"""CR-R11: every situation is worth +2 or -2 on each die."""

Result = tuple[list[Event], State]


def type_relation_of(
    attack_type: str | None, defender_types: Sequence[str], config: Mapping[str, Any]
) -> dict[str, Any]:
    """CR-R12, CR-G04, CR-G05: which of the defender's types are weak to or resist the attack
    type, and the one modifier that gives (+2 weak, -2 resistant, `type_mod_combine` for both)."""
    chart = config["type_chart"]
    weak_via = [t for t in defender_types if attack_type in chart["weak_to"].get(t, [])]
    resists_via = [t for t in defender_types if attack_type in chart["resists"].get(t, [])]
    names = situation_names(bool(weak_via), bool(resists_via), config)
    modifier = sum(BONUS if name == "weak" else -BONUS for name in names)
    return {"weak_via": weak_via, "resists_via": resists_via, "names": names,
            "modifier": modifier}


def situation_names(weak: bool, resistant: bool, config: Mapping[str, Any]) -> list[str]:
    """CR-G05: the type situations that count: both (`net`), or only the one that wins."""
    if weak and resistant and config["type_mod_combine"] == "weakness_wins":
        return ["weak"]
    if weak and resistant and config["type_mod_combine"] == "resistance_wins":
        return ["resistant"]
    return [name for name, present in (("weak", weak), ("resistant", resistant)) if present]


def type_relation(inp: Any, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """CR-R12, CR-G04, CR-G05, CR-E03: an attack type against a defender's types."""
    found = type_relation_of(inp["attack_type"], inp["defender_types"], config)
    event = {"type": "type_relation", "attack_type": inp["attack_type"],
             "defender_types": list(inp["defender_types"]), "weak_via": found["weak_via"],
             "resists_via": found["resists_via"], "modifier": found["modifier"]}
    state = {"weak": bool(found["weak_via"]), "resistant": bool(found["resists_via"]),
             "modifier": found["modifier"]}
    return ([event], state)


def flank_spaces(
    attacker: Sequence[int], target: Sequence[int], config: Mapping[str, Any]
) -> list[list[int]]:
    """CR-G21: the spaces an ally must hold to flank: the target's mirror of the attacker's
    direction (on a hex grid, of each neighbour of the target nearest the attacker)."""
    if config["grid"] == "square":
        dx, dy = sign(attacker[0] - target[0]), sign(attacker[1] - target[1])
        return [[target[0] - dx, target[1] - dy]]
    near = [[target[0] + dq, target[1] + dr] for dq, dr in steps(config)]
    best = min(distance(n, attacker, config) for n in near)
    return [[2 * target[0] - n[0], 2 * target[1] - n[1]] for n in near
            if distance(n, attacker, config) == best]


def far_side(
    ally: Sequence[int], attacker: Sequence[int], target: Sequence[int],
    config: Mapping[str, Any],
) -> bool:
    """CR-G21 (`opposite_side`): an ally adjacent to the target on the side away from the
    attacker (dot product below 0; in cube coordinates on a hex grid)."""
    if not adjacent(ally, target, config):
        return False
    a = [ally[0] - target[0], ally[1] - target[1]]
    b = [attacker[0] - target[0], attacker[1] - target[1]]
    dot = a[0] * b[0] + a[1] * b[1]
    if config["grid"] == "hex":
        dot += (a[0] + a[1]) * (b[0] + b[1])
    return dot < 0


def flankers(
    attacker: Combatant, target: Combatant, combatants: Sequence[Combatant],
    config: Mapping[str, Any],
) -> list[str]:
    """CR-R11, CR-G21: the attacker's allies that flank the target, in input order."""
    here, there = attacker["position"], target["position"]
    if here is None or there is None or attacker["id"] == target["id"]:
        return []
    allies = [a for a in allies_of(combatants, attacker) if a["id"] != target["id"]]
    if config["flanking"] == "opposite_side":
        return [a["id"] for a in allies if far_side(a["position"], here, there, config)]
    spaces = flank_spaces(here, there, config)
    return [a["id"] for a in allies if list(a["position"]) in spaces]


def situations_of(
    attacker: Combatant, target: Combatant, combatants: Sequence[Combatant],
    attack: Mapping[str, Any], config: Mapping[str, Any],
) -> Event:
    """CR-R11, CR-R12, CR-G21, CR-G22: the `roll_modifier` event: every situation present,
    each once, in the seed's order, and their total. `attack`: the attack's `type` and the
    target's `situation` (cover, obscured, cant_see)."""
    attack_type, situation = attack["type"], attack["situation"]
    flanked_by = flankers(attacker, target, combatants, config)
    rise = attacker["elevation"] - target["elevation"]
    enough = config["elevation_min_difference"]
    self_attack = attacker["id"] == target["id"]
    types = type_relation_of(attack_type, target["types"], config)["names"]
    present = [
        ("flanking", bool(flanked_by)),
        ("higher_elevation", not self_attack and rise >= enough),
        ("cant_see", situation["cant_see"]),
        ("weak", "weak" in types),
        ("lower_elevation", not self_attack and rise <= -enough),
        ("cover", situation["cover"]),
        ("obscured", situation["obscured"]),
        ("resistant", "resistant" in types),
    ]
    found = [{"situation": name, "modifier": BONUS if index < 4 else -BONUS}
             for index, (name, on) in enumerate(present) if on]
    return {"type": "roll_modifier", "attacker": attacker["id"], "target": target["id"],
            "situations": found, "flanked_by": flanked_by,
            "total": sum(s["modifier"] for s in found)}


def roll_modifier(inp: Any, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """CR-R11, CR-R12, CR-G05, CR-G21, CR-G22, CR-E04: the roll modifier on each die of one
    attacker's attack on one target."""
    combatants = inp["combatants"]
    table = by_id(combatants, f"{IN}.combatants")
    attacker = named(table, inp["attacker"], f"{IN}.attacker")
    target = named(table, inp["target"], f"{IN}.target")
    attack = {"type": inp["attack_type"], "situation": inp["situation"]}
    event = situations_of(attacker, target, combatants, attack, config)
    return ([event], {"situations": [s["situation"] for s in event["situations"]],
                      "total": event["total"]})


RULES = {"type_relation": type_relation, "roll_modifier": roll_modifier}
