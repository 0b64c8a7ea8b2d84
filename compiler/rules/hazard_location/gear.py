"""Weapon wear and repair by mass (mirror: `gear.mjs`).

Repair mass stays an exact rational of kilograms (HZ-G34): 1.2 kg * 2/6 is 2/5 kg, not 0.4.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules.base import Event, State
from compiler.rules.hazard_location.arith import repair_mass
from compiler.rules.hazard_location.config import choice, flag
from compiler.rules.hazard_location.content import read_piece, read_weapon
from compiler.rules.hazard_location.fields import (
    as_json,
    expect_fields,
    fail,
    get_rational,
    reduce,
)
from compiler.rules.inputs import SMALL_INT, get_bool, get_choice, get_int
from compiler.rules.queue import DiceQueue

IN = "input"
ITEM_KINDS: tuple[str, ...] = ("armor", "weapon")
#: (maximum field, current field) of each repairable kind
RATINGS: Mapping[str, tuple[str, str]] = {
    "armor": ("max_av", "current_av"),
    "weapon": ("dv_max", "dv_current"),
}
Result = tuple[list[Event], State]


def weapon_wear(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R30: each point of weapon damage lowers Current DV by 1, minimum 0."""
    fields = expect_fields(inp, IN, ("weapon", "points"))
    weapon = read_weapon(fields["weapon"], f"{IN}.weapon", flag(config, "traumatic_default"))
    points = get_int(fields, "points", IN, 0, SMALL_INT)
    before = weapon["dv_current"]
    after = max(0, before - points)
    event = {"type": "weapon_damage", "weapon": weapon["id"], "points": points, "from": before,
             "to": after}
    return ([event], {"weapon": {**weapon, "dv_current": after}})


def repair(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R30, HZ-G34: compatible material of mass * restored / maximum restores the rating."""
    fields = expect_fields(inp, IN, ("kind", "item", "restore", "compatible"))
    kind = get_choice(fields, "kind", IN, ITEM_KINDS)
    where = f"{IN}.item"
    item = (read_piece(fields["item"], where) if kind == "armor"
            else read_weapon(fields["item"], where, flag(config, "traumatic_default")))
    top, now = RATINGS[kind]
    restore = get_int(fields, "restore", IN, 0, item[top] - item[now])
    if "mass_kg" not in item:
        raise fail(where, f"{where}.mass_kg is required for a repair")
    choice(config, "repair_mass")
    if not get_bool(fields, "compatible", IN):
        refused = {"type": "repair_refused", "item": item["id"], "reason": "incompatible_material"}
        return ([refused], {"item": item})
    maximum = max(item[top], 1)  # a maximum of 0 leaves nothing to restore: mass 0, not 0/0
    mass = repair_mass(get_rational(item, "mass_kg", where), restore, maximum)
    event = {"type": "repair", "item": item["id"], "from": item[now], "to": item[now] + restore,
             "share_of_mass": as_json(reduce(restore, maximum)), "mass_kg": as_json(mass)}
    return ([event], {"item": {**item, now: item[now] + restore}})
