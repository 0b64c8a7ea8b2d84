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
from compiler.rules.hazard_location.content import SCORE_MAX
from compiler.rules.hazard_location.harm import derived_event, load_content, prepare, take_damage
from compiler.rules.queue import DiceQueue
from compiler.rules.shapes import fail

IN = "input"
CHARACTER = f"{IN}.character"
Result = tuple[list[Event], State]
Input = Mapping[str, Any]


def load(fields: Input, config: Mapping[str, Any]) -> tuple[dict[str, Any], Any, int]:
    """HZ-G09, HZ-G10, HZ-R31: (content, character, Total Stamina) of a rule's input."""
    content = load_content(fields, config)
    character, total = prepare(fields["character"], CHARACTER, config, content)
    return (content, character, total)


def derived_values(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R31, HZ-G27, HZ-G28: Total Stamina (capped), movement and initiative sources."""
    content, character, _ = load(fields, config)
    event = derived_event(character, config, content, CHARACTER)
    return ([event], {"character": character})


def massive_damage(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R22: Massive Damage iff damage ≥ 2 * Total Stamina; then floor(damage / total)."""
    injuries = massive_injuries(fields["damage"], fields["total_stamina"])
    event = {"type": "massive_damage_check", "massive": injuries > 0, "injuries": injuries}
    return ([event], {"massive": injuries > 0, "injuries": injuries})


def damage_source(source: Mapping[str, Any], config: Mapping[str, Any]) -> dict[str, Any]:
    """HZ-G26: a damage source; one that does not say is traumatic as config.traumatic_default."""
    return {
        "id": source["id"],
        "traumatic": source.get("traumatic", config["traumatic_default"]),
        "triggers_injury": source["triggers_injury"],
        "additional": source["additional_injuries_rolled"],
    }


def apply_damage(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R21, HZ-R22, HZ-R27, HZ-R31, HZ-G11, HZ-G26, HZ-G29: damage after armour to Stamina."""
    content, character, total = load(fields, config)
    location = fields["location"]
    source = damage_source(fields["source"], config)
    fallback = fields.get("fallback_table") or config["fallback_table"]
    table, _ = select_table(content, character["species"], fallback, f"{IN}.fallback_table")
    rolled_from = 1 if location is None else (2 if source["additional"] else 0)
    full = {**source, "rolled_from": rolled_from, "table": table, "content": content}
    hit = (fields["damage"], location, full)
    events, after = take_damage(character, total, hit, config, queue)
    return (events, {"character": after})


def attribute_damage(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R23, HZ-R31, HZ-G27: lower an Attribute, recalculate, clamp Stamina; 0 means lost."""
    content, character, _ = load(fields, config)
    name = _attribute(fields, character)
    before = character["attributes"][name]
    after = max(0, before - fields["amount"])
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


def _attribute(fields: Input, character: Mapping[str, Any]) -> str:
    name: str = fields["attribute"]
    if name not in character["attributes"]:
        raise fail(IN, f"{IN}.attribute is not an attribute of the character")
    return name


def restore_attribute(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R24: spend Advancements to restore an Attribute, r to r + 1 costing r + 1."""
    content, character, _ = load(fields, config)
    name = _attribute(fields, character)
    current = character["attributes"][name]
    target = _target_of(fields, current, character["attributes_undamaged"].get(name, current))
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


def _target_of(fields: Input, current: int, undamaged: int) -> int:
    """The rating `to` restore up to: from the current rating to the undamaged one."""
    target: int = fields["to"]
    high = max(current, min(undamaged, SCORE_MAX))
    if not current <= target <= high:
        raise fail(IN, f"{IN}.to must be an integer in {current}..{high}")
    return target


def restore_stamina(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R31, HZ-R32: a Rest Shift or another rule restores Stamina, never above the total."""
    _, character, total = load(fields, config)
    before = character["stamina_current"]
    after = min(total, before + fields["amount"])
    event = {"type": "stamina_restored", "source": fields["source"], "from": before, "to": after,
             "total": total}
    return ([event], {"character": {**character, "stamina_current": after}})
