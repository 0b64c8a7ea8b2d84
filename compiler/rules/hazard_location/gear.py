"""Weapon wear and repair by mass (mirror: `gear.mjs`).

Repair mass stays an exact rational of kilograms (HZ-G34): 1.2 kg * 2/6 is 2/5 kg, not 0.4.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules.base import Event, State
from compiler.rules.hazard_location.arith import repair_mass
from compiler.rules.hazard_location.content import check_piece, check_weapon
from compiler.rules.hazard_location.fields import as_json, rational, reduce
from compiler.rules.queue import DiceQueue
from compiler.rules.shapes import fail

IN = "input"
#: (maximum field, current field) of each repairable kind
RATINGS: Mapping[str, tuple[str, str]] = {
    "armor": ("max_av", "current_av"),
    "weapon": ("dv_max", "dv_current"),
}
Result = tuple[list[Event], State]
Input = Mapping[str, Any]


def weapon_wear(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R30: each point of weapon damage lowers Current DV by 1, minimum 0."""
    weapon = check_weapon(fields["weapon"], f"{IN}.weapon", config["traumatic_default"])
    points = fields["points"]
    before = weapon["dv_current"]
    after = max(0, before - points)
    event = {"type": "weapon_damage", "weapon": weapon["id"], "points": points, "from": before,
             "to": after}
    return ([event], {"weapon": {**weapon, "dv_current": after}})


def repair(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R30, HZ-G34: compatible material of mass * restored / maximum restores the rating."""
    kind = fields["kind"]
    where = f"{IN}.item"
    item = (check_piece(fields["item"], where) if kind == "armor"
            else check_weapon(fields["item"], where, config["traumatic_default"]))
    top, now = RATINGS[kind]
    restore = fields["restore"]
    if restore > item[top] - item[now]:
        raise fail(IN, f"{IN}.restore must be an integer in 0..{item[top] - item[now]}")
    if "mass_kg" not in item:
        raise fail(where, f"{where}.mass_kg is required for a repair")
    if not fields["compatible"]:
        refused = {"type": "repair_refused", "item": item["id"], "reason": "incompatible_material"}
        return ([refused], {"item": item})
    maximum = max(item[top], 1)  # a maximum of 0 leaves nothing to restore: mass 0, not 0/0
    mass = repair_mass(rational(item["mass_kg"]), restore, maximum)
    event = {"type": "repair", "item": item["id"], "from": item[now], "to": item[now] + restore,
             "share_of_mass": as_json(reduce(restore, maximum)), "mass_kg": as_json(mass)}
    return ([event], {"item": {**item, now: item[now] + restore}})
