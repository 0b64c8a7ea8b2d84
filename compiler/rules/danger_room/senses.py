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
from compiler.rules.danger_room.attributes import (
    DIE,
    bonus,
    cardless_pool,
    read_attributes,
    read_flat,
    rolled,
)
from compiler.rules.danger_room.common import (
    CF,
    IN,
    config_object,
    read_id,
    read_objects,
    read_str_list,
)
from compiler.rules.errors import BAD_INPUT, RuleError
from compiler.rules.inputs import expect_object, get_bool, get_choice, get_int, get_str
from compiler.rules.queue import DiceQueue

RATINGS: tuple[str, ...] = ("Basic", "Superior", "Absolute")
BLIND_FIGHTING = "blind_fighting"
DAMPENED = "dampened"
SPEED_LIMIT = 1000
DAMPENER_KEYS = ("disables_tags", "removes_blind_fighting", "sensorial_class")

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
    return get_str(
        config_object(config, "sensorial", ("second_rating_name",)),
        "second_rating_name",
        f"{CF}.sensorial",
    )


def default_class(config: Mapping[str, Any]) -> tuple[str, str, str]:
    """DR-G25: the default class (Terrestrial: Basic, Basic) as (id, acuity, reaction)."""
    where = f"{CF}.default_sensorial_class"
    fields = config_object(config, "default_sensorial_class", ("id", "acuity", "reaction"))
    return (
        get_str(fields, "id", where),
        get_choice(fields, "acuity", where, RATINGS),
        get_choice(fields, "reaction", where, RATINGS),
    )


def read_class(value: object, where: str, config: Mapping[str, Any]) -> tuple[str, str, str]:
    """DR-R12, DR-G25: `{id, acuity, <second rating>}` from the Physiology; null: the default."""
    if value is None:
        return default_class(config)
    name = second_rating(config)
    fields = expect_object(value, where, ("id", "acuity", name))
    return (
        read_id(fields, "id", where),
        get_choice(fields, "acuity", where, RATINGS),
        get_choice(fields, name, where, RATINGS),
    )


def read_traits(obj: Mapping[str, Any], where: str) -> list[tuple[str, list[str]]]:
    """DR-R14, DR-G41: a fighter's innate traits as (id, tags), e.g. `blind_fighting`."""
    traits = []
    for at, item in read_objects(obj, "traits", where):
        trait = expect_object(item, at, ("id", "tags"))
        traits.append((read_id(trait, "id", at), read_str_list(trait, "tags", at)))
    return traits


def trait_works(
    name: str, traits: Sequence[tuple[str, list[str]]], dampened: bool, config: Mapping[str, Any]
) -> bool:
    """DR-R14, DR-G41: whether an innate trait works; a dampener removes those tagged as gifts.

    It also removes innate Blind Fighting whatever its tags (`removes_blind_fighting`).
    """
    found = [tags for trait, tags in traits if trait == name]
    if not found or not dampened:
        return bool(found)
    dampener = config_object(config, "dampener", DAMPENER_KEYS)
    gone = read_str_list(dampener, "disables_tags", f"{CF}.dampener")
    if name == BLIND_FIGHTING and get_bool(dampener, "removes_blind_fighting", f"{CF}.dampener"):
        return False
    return any(not any(tag in gone for tag in tags) for tags in found)


def read_senses(value: object, where: str, config: Mapping[str, Any]) -> Senses:
    """DR-R12, DR-R14, DR-G41: a fighter's effective senses; a dampener takes innate gifts away."""
    fields = expect_object(value, where, ("id", "sensorial_class", "traits", "conditions"))
    ident = read_id(fields, "id", where)
    sense = read_class(fields["sensorial_class"], f"{where}.sensorial_class", config)
    traits = read_traits(fields, where)
    dampened = DAMPENED in read_str_list(fields, "conditions", where)
    if dampened:
        dampener = config_object(config, "dampener", DAMPENER_KEYS)
        keep = get_choice(dampener, "sensorial_class", f"{CF}.dampener", ("default", "unchanged"))
        sense = default_class(config) if keep == "default" else sense
    return Senses(ident, *sense, trait_works(BLIND_FIGHTING, traits, dampened, config))


def visibility_value(level: str, config: Mapping[str, Any]) -> int:
    """DR-R13, DR-G23: the penalty value V of a location's Visibility level."""
    levels = config["visibility_levels"]
    if not isinstance(levels, Mapping) or level not in levels:
        raise RuleError(BAD_INPUT, "the Visibility level is not one of config.visibility_levels")
    return get_int(levels, level, f"{CF}.visibility_levels", 0, 100)


def visibility_penalty(senses: Senses, level: str, config: Mapping[str, Any]) -> int:
    """DR-R13, DR-R14, DR-G23: penalty dice = max(0, V - Acuity reduction); Blind Fighting: 0."""
    value = visibility_value(level, config)
    if senses.blind_fighting:
        return 0
    table = config_object(config, "acuity_reduction", RATINGS)
    reduction = table[senses.acuity]
    if reduction == "all":
        return 0
    return max(0, value - get_int(table, senses.acuity, f"{CF}.acuity_reduction", 0, 100))


def unreactable_limit(senses: Senses, config: Mapping[str, Any]) -> int | None:
    """DR-G24: the fastest attack Speed the target's reaction rating can follow (None: any)."""
    table = config_object(config, "unreactable_if_speed_above", RATINGS)
    if table[senses.reaction] is None:
        return None
    return get_int(
        table, senses.reaction, f"{CF}.unreactable_if_speed_above", -SPEED_LIMIT, SPEED_LIMIT
    )


def is_unreactable(
    speed: int, tags: Sequence[str], senses: Senses, config: Mapping[str, Any]
) -> bool:
    """DR-R15, DR-G24: tagged `unreactable`, or faster (turn Speed) than the target can follow."""
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


def sight(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R12, DR-R13, DR-R14, DR-G23, DR-G25, DR-G41: a fighter's Visibility penalty dice."""
    fields = expect_object(inp, IN, ("fighter", "visibility"))
    senses = read_senses(fields["fighter"], f"{IN}.fighter", config)
    level = get_str(fields, "visibility", IN)
    penalty = visibility_penalty(senses, level, config)
    events: list[Event] = [
        senses_event(senses, config),
        {"type": "visibility", "fighter": senses.fighter, "visibility": level, "penalty": penalty},
    ]
    return (events, {"penalty": penalty})


def perception_check(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R06, DR-R13: a cardless Perception (or Investigation) roll less the Visibility penalty."""
    keys = ("fighter", "attributes", "visibility", "investigation", "fumbling", "boost", "luck")
    fields = expect_object(inp, IN, keys)
    senses = read_senses(fields["fighter"], f"{IN}.fighter", config)
    attributes = read_attributes(fields, IN)
    level = get_str(fields, "visibility", IN)
    penalty = visibility_penalty(senses, level, config)
    kind = "investigation" if get_bool(fields, "investigation", IN) else "perception"
    size = cardless_pool(bonus(attributes["perception"], config) - penalty)
    flat = read_flat(fields, IN)
    events, state = rolled(senses.fighter, kind, queue.take_many(DIE, size), flat, config)
    seen: Event = {
        "type": "visibility",
        "fighter": senses.fighter,
        "visibility": level,
        "penalty": penalty,
    }
    return ([seen, *events], state)


def unreactable(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """DR-R15, DR-G24, DR-G41: whether an attack's Speed and tags outrun the target's senses."""
    fields = expect_object(inp, IN, ("speed", "tags", "target"))
    speed = get_int(fields, "speed", IN, -SPEED_LIMIT, SPEED_LIMIT)
    tags = read_str_list(fields, "tags", IN)
    senses = read_senses(fields["target"], f"{IN}.target", config)
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
