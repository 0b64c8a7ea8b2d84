"""Weapons: hands, techniques, firearms and reloads, thrown weapons (DR-R23, DR-G35, DR-G36).

Mirror: `weapons.mjs`. A weapon is `{id, hands, damage, base_attribute, techniques, capacity,
loaded, thrown}`: `capacity` and `loaded` are the shots of a firearm (null otherwise), `thrown`
marks a weapon that leaves the hand when used and lies on the ground until the fight ends.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from compiler.rules.base import Event, Rule, State
from compiler.rules.danger_room.common import IN, Input, unique_ids
from compiler.rules.queue import DiceQueue
from compiler.rules.shapes import fail

HANDS = 2
"""DR-R23: "You have two hands"."""

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


def _check_shots(capacity: int | None, loaded: int | None, where: str) -> None:
    if capacity is None and loaded is not None:
        raise fail(where, f"{where}.loaded must be null when capacity is null")
    if capacity is not None and (loaded is None or loaded > capacity):
        raise fail(where, f"{where}.loaded must be an integer in 0..{capacity}")


def weapon_of(value: Input, where: str) -> Weapon:
    """DR-R23, DR-G35: one checked weapon, a firearm's shots within its capacity; its Damage and
    Base Attribute are the technique's."""
    _check_shots(value["capacity"], value["loaded"], where)
    return Weapon(
        value["id"],
        value["hands"],
        value["damage"],
        value["base_attribute"],
        tuple(value["techniques"]),
        value["capacity"],
        value["loaded"],
        value["thrown"],
    )


def weapons_of(items: Sequence[Input], where: str) -> list[Weapon]:
    """DR-R23: a fighter's carried weapons, ids unique."""
    weapons = [weapon_of(item, f"{where}[{index}]") for index, item in enumerate(items)]
    unique_ids([w.id for w in weapons], where)
    return weapons


def check_hands(weapons: Sequence[Weapon], wielded: Sequence[str]) -> list[Weapon]:
    """DR-R23, DR-G36: the wielded weapons, whose hands add up to at most two."""
    held = [w for w in weapons if w.id in wielded]
    if len(held) != len(wielded):
        raise fail(IN, f"{IN}.wielded names a weapon the fighter does not carry")
    if sum(w.hands for w in held) > HANDS:
        raise fail(IN, f"{IN}.wielded needs more than {HANDS} hands")
    return held


def techniques(held: Sequence[Weapon], config: Mapping[str, Any]) -> list[dict[str, Any]]:
    """DR-R23, DR-G35: the technique cards wielding makes available, with the weapon's numbers.

    The weapon's "own skill" is its Base Attribute (`weapon_skill_maps_to`).
    """
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
            raise fail(IN, f"{IN}.weapon is not a firearm and cannot be reloaded")
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
            raise fail(IN, f"{IN}.weapon is empty and must be reloaded first")
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


def wield(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R23, DR-G35, DR-G36: wield weapons (two hands at most) and list their techniques."""
    fighter = inp["fighter"]
    held = check_hands(weapons_of(inp["weapons"], f"{IN}.weapons"), inp["wielded"])
    available = techniques(held, config)
    hands = sum(w.hands for w in held)
    event: Event = {
        "type": "wield",
        "fighter": fighter,
        "weapons": [w.id for w in held],
        "hands": hands,
    }
    return ([event], {"wielded": [w.id for w in held], "techniques": available})


def change_weapons(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-G36: change wielded weapons mid-fight; by default that is the card for the Turn."""
    fighter = inp["fighter"]
    held = check_hands(weapons_of(inp["weapons"], f"{IN}.weapons"), inp["wielded"])
    costs = config["weapon_change"] == "costs_turn"
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


def weapon_use(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R23, DR-G35: one card use of a weapon: a shot, a Reload or a throw."""
    fighter = inp["fighter"]
    weapon = weapon_of(inp["weapon"], f"{IN}.weapon")
    on_ground = list(inp["on_ground"])
    weapon, events, gone = use_weapon(weapon, fighter, inp["action"])
    if gone:
        on_ground.append({"item": weapon.id, "owner": fighter, "thrown": True})
    return (events, {"weapon": weapon_json(weapon), "in_hand": not gone, "on_ground": on_ground})



RULES: Mapping[str, Rule] = {
    rule.__name__: rule
    for rule in (
        wield,
        change_weapons,
        weapon_use,
    )
}
