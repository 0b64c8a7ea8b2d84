"""Rules for Stamina, Injuries and Attribute Damage (mirror: `stamina.mjs`).

Each rule takes `character` (catalogue §4.5) and optional `content`, and returns the character
with its new ratings as `state.character`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules.base import Event, State
from compiler.rules.hazard_location.arith import massive_injuries, restoration_cost
from compiler.rules.hazard_location.armor import select_table
from compiler.rules.hazard_location.config import flag
from compiler.rules.hazard_location.content import SCORE_MAX
from compiler.rules.hazard_location.fields import expect_fields, fail, opt_bool, opt_str
from compiler.rules.hazard_location.harm import derived_event, load_content, prepare, take_damage
from compiler.rules.inputs import SMALL_INT, get_choice, get_int, get_str
from compiler.rules.queue import DiceQueue

IN = "input"
S = SMALL_INT
CHARACTER = f"{IN}.character"
RESTORE_SOURCES: tuple[str, ...] = ("rest_shift", "rule")
SOURCE_FIELDS = ("name", "traumatic", "triggers_injury", "additional_injuries_rolled")
Result = tuple[list[Event], State]


def load(fields: Mapping[str, Any], config: Mapping[str, Any]) -> tuple[dict[str, Any], Any, int]:
    """HZ-G09, HZ-G10, HZ-R31: (content, character, Total Stamina) of a rule's input."""
    content = load_content(fields, config)
    character, total = prepare(fields["character"], CHARACTER, config, content)
    return (content, character, total)


def derived_values(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R31, HZ-G27, HZ-G28: Total Stamina (capped), movement and initiative sources."""
    fields = expect_fields(inp, IN, ("character",), ("content",))
    content, character, _ = load(fields, config)
    event = derived_event(character, config, content, CHARACTER)
    return ([event], {"character": character})


def massive_damage(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R22: Massive Damage iff damage ≥ 2 * Total Stamina; then floor(damage / total)."""
    fields = expect_fields(inp, IN, ("damage", "total_stamina"))
    damage = get_int(fields, "damage", IN, 0, S)
    injuries = massive_injuries(damage, get_int(fields, "total_stamina", IN, 1, S))
    event = {"type": "massive_damage_check", "massive": injuries > 0, "injuries": injuries}
    return ([event], {"massive": injuries > 0, "injuries": injuries})


def read_source(fields: Mapping[str, Any], config: Mapping[str, Any]) -> dict[str, Any]:
    """HZ-G26: a damage source `{id, traumatic?, triggers_injury?, additional_injuries_rolled?}`."""
    where = f"{IN}.source"
    source = expect_fields(fields["source"], where, ("id",), SOURCE_FIELDS)
    return {
        "id": get_str(source, "id", where),
        "traumatic": opt_bool(source, "traumatic", where, flag(config, "traumatic_default")),
        "triggers_injury": opt_bool(source, "triggers_injury", where, False),
        "additional": opt_bool(source, "additional_injuries_rolled", where, False),
    }


def apply_damage(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R21, HZ-R22, HZ-R27, HZ-R31, HZ-G11, HZ-G26, HZ-G29: damage after armour to Stamina."""
    keys = ("character", "damage", "location", "source")
    fields = expect_fields(inp, IN, keys, ("content", "fallback_table"))
    content, character, total = load(fields, config)
    damage = get_int(fields, "damage", IN, 0, S)
    location = opt_str(fields, "location", IN, None)
    source = read_source(fields, config)
    fallback = opt_str(fields, "fallback_table", IN, None) or get_str(config, "fallback_table",
                                                                        "config")
    table, _ = select_table(content, character["species"], fallback, f"{IN}.fallback_table")
    rolled_from = 1 if location is None else (2 if source["additional"] else 0)
    full = {**source, "rolled_from": rolled_from, "table": table, "content": content}
    events, after = take_damage(character, total, (damage, location, full), config, queue)
    return (events, {"character": after})


def attribute_damage(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R23, HZ-R31, HZ-G27: lower an Attribute, recalculate, clamp Stamina; 0 means lost."""
    fields = expect_fields(inp, IN, ("character", "attribute", "amount"), ("content",))
    content, character, _ = load(fields, config)
    name = _attribute(fields, character)
    amount = get_int(fields, "amount", IN, 0, S)
    before = character["attributes"][name]
    after = max(0, before - amount)
    character = {**character, "attributes": {**character["attributes"], name: after}}
    events: list[Event] = [{"type": "attribute_damage", "attribute": name, "from": before,
                            "to": after}]
    derived = derived_event(character, config, content, CHARACTER)
    events.append(derived)
    current = character["stamina_current"]
    if current > derived["stamina_total"]:
        events.append({"type": "stamina_clamped", "from": current,
                       "to": derived["stamina_total"]})
        character["stamina_current"] = derived["stamina_total"]
    if after == 0 and not character["permanently_lost"]:
        events.append({"type": "permanently_lost", "character": character["id"],
                       "attribute": name})
        character["permanently_lost"] = True
    return (events, {"character": character})


def _attribute(fields: Mapping[str, Any], character: Mapping[str, Any]) -> str:
    name = get_str(fields, "attribute", IN)
    if name not in character["attributes"]:
        raise fail(IN, f"{IN}.attribute is not an attribute of the character")
    return name


def restore_attribute(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R24: spend Advancements to restore an Attribute, r to r + 1 costing r + 1."""
    fields = expect_fields(inp, IN, ("character", "attribute", "to"), ("content",))
    content, character, _ = load(fields, config)
    name = _attribute(fields, character)
    current = character["attributes"][name]
    undamaged = character["attributes_undamaged"].get(name, current)
    target = get_int(fields, "to", IN, current, max(current, min(undamaged, SCORE_MAX)))
    cost = restoration_cost(current, target)
    if cost > character["advancements"]:
        refused = {"type": "restoration_refused", "attribute": name, "cost": cost,
                   "advancements": character["advancements"]}
        return ([refused], {"character": character})
    events: list[Event] = [
        {"type": "restore", "attribute": name, "from": r, "to": r + 1, "cost": r + 1}
        for r in range(current, target)
    ]
    character = {**character, "attributes": {**character["attributes"], name: target},
                 "advancements": character["advancements"] - cost}
    events.append({"type": "advancements_spent", "cost": cost,
                   "left": character["advancements"]})
    events.append(derived_event(character, config, content, CHARACTER))
    return (events, {"character": character})


def restore_stamina(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R31, HZ-R32: a Rest Shift or another rule restores Stamina, never above the total."""
    fields = expect_fields(inp, IN, ("character", "amount", "source"), ("content",))
    _, character, total = load(fields, config)
    amount = get_int(fields, "amount", IN, 0, S)
    source = get_choice(fields, "source", IN, RESTORE_SOURCES)
    before = character["stamina_current"]
    after = min(total, before + amount)
    event = {"type": "stamina_restored", "source": source, "from": before, "to": after,
             "total": total}
    return ([event], {"character": {**character, "stamina_current": after}})
