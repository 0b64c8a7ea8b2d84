"""Weapons: hands, techniques, firearms and reloads, thrown weapons (DR-R23, DR-G35, DR-G36).

Mirror: `weapons.mjs`. A weapon is `{id, hands, damage, base_attribute, techniques, capacity,
loaded, thrown}`: `capacity` and `loaded` are the shots of a firearm (null otherwise), `thrown`
marks a weapon that leaves the hand when used and lies on the ground until the fight ends.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from compiler.rules.base import Event, Rule, State
from compiler.rules.danger_room.attributes import ATTRIBUTES
from compiler.rules.danger_room.common import (
    CF,
    IN,
    read_id,
    read_objects,
    read_str_list,
    unique_ids,
)
from compiler.rules.errors import BAD_INPUT, RuleError
from compiler.rules.inputs import expect_object, get_bool, get_choice, get_int
from compiler.rules.queue import DiceQueue

HANDS = 2
"""DR-R23: "You have two hands"."""
WEAPON_KEYS = (
    "id",
    "hands",
    "damage",
    "base_attribute",
    "techniques",
    "capacity",
    "loaded",
    "thrown",
)
USES: tuple[str, ...] = ("attack", "reload")
CHANGES: tuple[str, ...] = ("costs_turn", "free")

Result = tuple[list[Event], State]


class Weapon(NamedTuple):
    """DR-R23: a carried weapon and, for a firearm, its shots left."""

    id: str
    hands: int
    damage: int
    base_attribute: str
    techniques: tuple[str, ...]
    capacity: int | None
    loaded: int | None
    thrown: bool


def _shots(fields: Mapping[str, Any], where: str) -> tuple[int | None, int | None]:
    if fields["capacity"] is None:
        if fields["loaded"] is not None:
            raise RuleError(BAD_INPUT, f"{where}.loaded must be null when capacity is null")
        return (None, None)
    capacity = get_int(fields, "capacity", where, 1, 1000)
    return (capacity, get_int(fields, "loaded", where, 0, capacity))


def read_weapon(value: object, where: str) -> Weapon:
    """DR-R23, DR-G35: one weapon; its Damage and Base Attribute are the technique's."""
    fields = expect_object(value, where, WEAPON_KEYS)
    capacity, loaded = _shots(fields, where)
    return Weapon(
        read_id(fields, "id", where),
        get_int(fields, "hands", where, 1, HANDS),
        get_int(fields, "damage", where, 0, 100),
        get_choice(fields, "base_attribute", where, ATTRIBUTES),
        tuple(read_str_list(fields, "techniques", where)),
        capacity,
        loaded,
        get_bool(fields, "thrown", where),
    )


def read_weapons(fields: Mapping[str, Any], key: str) -> list[Weapon]:
    """DR-R23: a fighter's carried weapons, ids unique."""
    weapons = [read_weapon(item, where) for where, item in read_objects(fields, key, IN)]
    unique_ids([w.id for w in weapons], f"{IN}.{key}")
    return weapons


def check_hands(weapons: Sequence[Weapon], wielded: Sequence[str]) -> list[Weapon]:
    """DR-R23, DR-G36: the wielded weapons, whose hands add up to at most two."""
    held = [w for w in weapons if w.id in wielded]
    if len(held) != len(wielded):
        raise RuleError(BAD_INPUT, f"{IN}.wielded names a weapon the fighter does not carry")
    if sum(w.hands for w in held) > HANDS:
        raise RuleError(BAD_INPUT, f"{IN}.wielded needs more than {HANDS} hands")
    return held


def techniques(held: Sequence[Weapon], config: Mapping[str, Any]) -> list[dict[str, Any]]:
    """DR-R23, DR-G35: the technique cards wielding makes available, with the weapon's numbers.

    The weapon's "own skill" is its Base Attribute (`weapon_skill_maps_to`).
    """
    get_choice(config, "weapon_skill_maps_to", CF, ("base_attribute",))
    return [
        {"card": card, "weapon": w.id, "damage": w.damage, "base_attribute": w.base_attribute}
        for w in held
        for card in w.techniques
    ]


def use_weapon(weapon: Weapon, owner: str, action: str) -> tuple[Weapon, list[Event], bool]:
    """DR-R23, DR-G35: attack with a weapon or reload it; returns (weapon, events, thrown away).

    A firearm spends one shot per card use and cannot attack empty; a Reload, which is the
    fighter's card for the Turn, refills it. A thrown weapon leaves its owner's hands.
    """
    if action == "reload":
        if weapon.capacity is None:
            raise RuleError(BAD_INPUT, f"{IN}.weapon is not a firearm and cannot be reloaded")
        event: Event = {
            "type": "reload",
            "fighter": owner,
            "weapon": weapon.id,
            "loaded": weapon.capacity,
        }
        return (weapon._replace(loaded=weapon.capacity), [event], False)
    events: list[Event] = []
    if weapon.loaded is not None:
        if weapon.loaded == 0:
            raise RuleError(BAD_INPUT, f"{IN}.weapon is empty and must be reloaded first")
        weapon = weapon._replace(loaded=weapon.loaded - 1)
        events.append(
            {"type": "shot", "fighter": owner, "weapon": weapon.id, "loaded": weapon.loaded}
        )
    if weapon.thrown:
        events.append({"type": "thrown", "fighter": owner, "weapon": weapon.id})
    return (weapon, events, weapon.thrown)


def weapon_json(weapon: Weapon) -> dict[str, Any]:
    """DR-R23: a weapon as it appears in state."""
    return {
        "id": weapon.id,
        "hands": weapon.hands,
        "damage": weapon.damage,
        "base_attribute": weapon.base_attribute,
        "techniques": list(weapon.techniques),
        "capacity": weapon.capacity,
        "loaded": weapon.loaded,
        "thrown": weapon.thrown,
    }


def wield(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R23, DR-G35, DR-G36: wield weapons (two hands at most) and list their techniques."""
    fields = expect_object(inp, IN, ("fighter", "weapons", "wielded"))
    fighter = read_id(fields, "fighter", IN)
    held = check_hands(read_weapons(fields, "weapons"), read_str_list(fields, "wielded", IN))
    available = techniques(held, config)
    hands = sum(w.hands for w in held)
    event: Event = {
        "type": "wield",
        "fighter": fighter,
        "weapons": [w.id for w in held],
        "hands": hands,
    }
    return ([event], {"wielded": [w.id for w in held], "techniques": available})


def change_weapons(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-G36: change wielded weapons mid-fight; by default that is the card for the Turn."""
    fields = expect_object(inp, IN, ("fighter", "weapons", "wielded"))
    fighter = read_id(fields, "fighter", IN)
    held = check_hands(read_weapons(fields, "weapons"), read_str_list(fields, "wielded", IN))
    costs = get_choice(config, "weapon_change", CF, CHANGES) == "costs_turn"
    event: Event = {
        "type": "weapon_change",
        "fighter": fighter,
        "wielded": [w.id for w in held],
        "costs_turn": costs,
    }
    return (
        [event],
        {
            "wielded": [w.id for w in held],
            "costs_turn": costs,
            "techniques": techniques(held, config),
        },
    )


def weapon_use(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R23, DR-G35: one card use of a weapon: a shot, a Reload or a throw."""
    fields = expect_object(inp, IN, ("fighter", "weapon", "action", "on_ground"))
    fighter = read_id(fields, "fighter", IN)
    weapon = read_weapon(fields["weapon"], f"{IN}.weapon")
    action = get_choice(fields, "action", IN, USES)
    on_ground = [_ground_item(item, where) for where, item in read_objects(fields, "on_ground", IN)]
    weapon, events, gone = use_weapon(weapon, fighter, action)
    if gone:
        on_ground.append({"item": weapon.id, "owner": fighter, "thrown": True})
    return (events, {"weapon": weapon_json(weapon), "in_hand": not gone, "on_ground": on_ground})


def _ground_item(value: object, where: str) -> dict[str, Any]:
    item = expect_object(value, where, ("item", "owner", "thrown"))
    return {
        "item": read_id(item, "item", where),
        "owner": read_id(item, "owner", where),
        "thrown": get_bool(item, "thrown", where),
    }


RULES: Mapping[str, Rule] = {
    rule.__name__: rule
    for rule in (
        wield,
        change_weapons,
        weapon_use,
    )
}
