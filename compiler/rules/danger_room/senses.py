"""Sensorial Class, Acuity, Visibility, Blind Fighting, dampener, Unreactable (senses.mjs).

DR-R12..R15, DR-G23..G25, DR-G41. A fighter's senses are `{id, sensorial_class, traits,
conditions}`: `sensorial_class` is `{id, acuity, <second rating>}` from its Physiology, or null
for the default (Terrestrial); `traits` may hold the innate `blind_fighting`; `conditions` lists
active condition ids (`dampened` is the power dampener).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from compiler.rules.base import Event, Rule, State
from compiler.rules.danger_room.attributes import DIE, bonus, cardless_pool, flat_of, rolled
from compiler.rules.danger_room.common import IN, Input, check_id, exact_keys
from compiler.rules.queue import DiceQueue
from compiler.rules.shapes import fail

RATINGS: tuple[str, ...] = ("Basic", "Superior", "Absolute")
BLIND_FIGHTING = "blind_fighting"
DAMPENED = "dampened"

Result = tuple[list[Event], State]


class Senses(NamedTuple):
    """DR-R12, DR-R14: a fighter's effective class and whether Blind Fighting still works."""

    fighter: str
    class_id: str
    acuity: str
    reaction: str
    blind_fighting: bool


def second_rating(config: Mapping[str, Any]) -> str:
    """DR-G24: the name of the unnamed second rating (`reaction`)."""
    name: str = config["sensorial"]["second_rating_name"]
    return name


def default_class(config: Mapping[str, Any]) -> tuple[str, str, str]:
    """DR-G25: the default class (Terrestrial: Basic, Basic) as (id, acuity, reaction)."""
    fields = config["default_sensorial_class"]
    return (fields["id"], fields["acuity"], fields["reaction"])


def class_of(value: Input | None, where: str, config: Mapping[str, Any]) -> tuple[str, str, str]:
    """DR-R12, DR-G24, DR-G25: `{id, acuity, <second rating>}` from the Physiology; null: the
    default. The second rating's key is the config's, so this checks the keys and ratings."""
    if value is None:
        return default_class(config)
    name = second_rating(config)
    exact_keys(value, where, ("id", "acuity", name))
    check_id(value["id"], f"{where}.id")
    for key in ("acuity", name):
        if value[key] not in RATINGS:
            raise fail(where, f"{where}.{key} must be one of {', '.join(RATINGS)}")
    return (value["id"], value["acuity"], value[name])


def traits_of(obj: Input) -> list[tuple[str, list[str]]]:
    """DR-R14, DR-G41: a fighter's innate traits as (id, tags), e.g. `blind_fighting`."""
    return [(trait["id"], trait["tags"]) for trait in obj["traits"]]


def trait_works(
    name: str, traits: Sequence[tuple[str, list[str]]], dampened: bool, config: Mapping[str, Any]
) -> bool:
    """DR-R14, DR-G41: whether an innate trait works; a dampener removes those tagged as gifts.

    It also removes innate Blind Fighting whatever its tags (`removes_blind_fighting`).
    """
    found = [tags for trait, tags in traits if trait == name]
    if not found or not dampened:
        return bool(found)
    dampener = config["dampener"]
    gone = dampener["disables_tags"]
    if name == BLIND_FIGHTING and dampener["removes_blind_fighting"]:
        return False
    return any(not any(tag in gone for tag in tags) for tags in found)


def effective_senses(value: Input, where: str, config: Mapping[str, Any]) -> Senses:
    """DR-R12, DR-R14, DR-G41: a fighter's effective senses; a dampener takes innate gifts away."""
    sense = class_of(value["sensorial_class"], f"{where}.sensorial_class", config)
    dampened = DAMPENED in value["conditions"]
    if dampened and config["dampener"]["sensorial_class"] == "default":
        sense = default_class(config)
    blind_fighting = trait_works(BLIND_FIGHTING, traits_of(value), dampened, config)
    return Senses(value["id"], *sense, blind_fighting)


def visibility_value(level: str, config: Mapping[str, Any]) -> int:
    """DR-R13, DR-G23: the penalty value V of a location's Visibility level."""
    levels: Mapping[str, int] = config["visibility_levels"]
    if level not in levels:
        raise fail(IN, "the Visibility level is not one of config.visibility_levels")
    return levels[level]


def visibility_penalty(senses: Senses, level: str, config: Mapping[str, Any]) -> int:
    """DR-R13, DR-R14, DR-G23: penalty dice = max(0, V - Acuity reduction); Blind Fighting: 0."""
    value = visibility_value(level, config)
    if senses.blind_fighting:
        return 0
    reduction: int | str = config["acuity_reduction"][senses.acuity]
    if isinstance(reduction, str):  # "all"
        return 0
    return max(0, value - reduction)


def unreactable_limit(senses: Senses, config: Mapping[str, Any]) -> int | None:
    """DR-G24: the fastest attack Speed the target's reaction rating can follow (None: any)."""
    limit: int | None = config["unreactable_if_speed_above"][senses.reaction]
    return limit


def attack_speed(speed: int, card_speed: int, config: Mapping[str, Any]) -> int:
    """DR-R15, DR-G24: "Every attack has a Speed": the card's printed Speed (`card`) or the
    attacker's turn Speed (`turn`), as config `unreactable_speed` says."""
    return card_speed if config["unreactable_speed"] == "card" else speed


def is_unreactable(
    speed: int, tags: Sequence[str], senses: Senses, config: Mapping[str, Any]
) -> bool:
    """DR-R15, DR-G24: tagged `unreactable`, or faster (the attack's Speed, `attack_speed`)
    than the target can follow."""
    limit = unreactable_limit(senses, config)
    return "unreactable" in tags or (limit is not None and speed > limit)


def senses_event(senses: Senses, config: Mapping[str, Any]) -> Event:
    """DR-R12: a fighter's effective Sensorial Class."""
    return {
        "type": "senses",
        "fighter": senses.fighter,
        "sensorial_class": senses.class_id,
        "acuity": senses.acuity,
        second_rating(config): senses.reaction,
        "blind_fighting": senses.blind_fighting,
    }


def sight(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R12, DR-R13, DR-R14, DR-G23, DR-G25, DR-G41: a fighter's Visibility penalty dice."""
    senses = effective_senses(inp["fighter"], f"{IN}.fighter", config)
    level = inp["visibility"]
    penalty = visibility_penalty(senses, level, config)
    events: list[Event] = [
        senses_event(senses, config),
        {"type": "visibility", "fighter": senses.fighter, "visibility": level, "penalty": penalty},
    ]
    return (events, {"penalty": penalty})


def perception_check(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R06, DR-R13: a cardless Perception (or Investigation) roll less the Visibility penalty."""
    senses = effective_senses(inp["fighter"], f"{IN}.fighter", config)
    level = inp["visibility"]
    penalty = visibility_penalty(senses, level, config)
    kind = "investigation" if inp["investigation"] else "perception"
    size = cardless_pool(bonus(inp["attributes"]["perception"], config) - penalty)
    faces = queue.take_many(DIE, size)
    events, state = rolled(senses.fighter, kind, faces, flat_of(inp), config)
    seen: Event = {
        "type": "visibility",
        "fighter": senses.fighter,
        "visibility": level,
        "penalty": penalty,
    }
    return ([seen, *events], state)


def unreactable(inp: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R15, DR-G24, DR-G41: whether an attack's Speed and tags outrun the target's senses.

    `speed` is the attacker's turn Speed and `card_speed` the card's printed one; the event
    gives the Speed compared (`attack_speed`).
    """
    speed, tags = attack_speed(inp["speed"], inp["card_speed"], config), inp["tags"]
    senses = effective_senses(inp["target"], f"{IN}.target", config)
    result = is_unreactable(speed, tags, senses, config)
    limit = unreactable_limit(senses, config)
    event: Event = {
        "type": "unreactable",
        "target": senses.fighter,
        "speed": speed,
        "limit": limit,
        "unreactable": result,
    }
    return ([event], {"unreactable": result})


RULES: Mapping[str, Rule] = {
    rule.__name__: rule
    for rule in (
        sight,
        perception_check,
        unreactable,
    )
}
