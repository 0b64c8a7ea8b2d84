"""Stamina, Injuries, Massive Damage and Attribute Damage (mirror: `harm.mjs`).

Dice in canonical order, per Injury: a location d100 when the Injury rolls its own location
(blasts; further Injuries of a source that says so), then an Injury-table die if one is set.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules import dice
from compiler.rules.base import Event
from compiler.rules.hazard_location.arith import massive_injuries
from compiler.rules.hazard_location.armor import roll_location
from compiler.rules.hazard_location.content import check_character, check_content
from compiler.rules.hazard_location.fields import by_id
from compiler.rules.queue import DiceQueue
from compiler.rules.shapes import fail

Obj = dict[str, Any]


def load_content(fields: Mapping[str, Any], config: Mapping[str, Any]) -> Obj:
    """HZ-G09, HZ-G10: the input's `content`, with the config's default hit-location table."""
    return check_content(fields["content"], "input", config["default_hit_location_table"],
                         config["hit_location_die"])


def derived_value(character: Mapping[str, Any], config: Mapping[str, Any], name: str,
                  where: str) -> int:
    """HZ-G27: a derived value, the sum of its source attributes' current ratings."""
    total = 0
    for key in config["derived"][name]:
        if key not in character["attributes"]:
            raise fail(where, f"{where}.attributes.{key} is required")
        total += character["attributes"][key]
    return total


def stamina_caps(character: Mapping[str, Any], content: Mapping[str, Any]) -> list[int]:
    """HZ-R31, HZ-G28: the Maximum Stamina caps from species, sex and phenotype."""
    species = by_id(content["species"], character["species"] or "")
    if species is None:
        return []
    caps = [species["max_stamina"]] if "max_stamina" in species else []
    sex_caps = species["sex_caps"]
    if character["sex"] is not None and character["sex"] in sex_caps:
        caps.append(sex_caps[character["sex"]])
    phenotype = by_id(species["phenotypes"], character["phenotype"] or "")
    if phenotype is not None and "max_stamina" in phenotype:
        caps.append(phenotype["max_stamina"])
    return caps


def stamina_total(
    character: Mapping[str, Any], config: Mapping[str, Any], content: Mapping[str, Any],
    where: str,
) -> int:
    """HZ-R31, HZ-G27, HZ-G28: END + WIL, capped by the lowest Maximum Stamina."""
    total = derived_value(character, config, "stamina_total", where)
    caps = stamina_caps(character, content)
    if config["stamina_cap"] == "min_of_caps" and caps:
        total = min(total, *caps)
    return total


def prepare(
    value: Mapping[str, Any], where: str, config: Mapping[str, Any], content: Mapping[str, Any]
) -> tuple[Obj, int]:
    """HZ-R31: a character and its Total Stamina; Current Stamina starts at the total."""
    character = check_character(value, where, config["traumatic_default"])
    total = stamina_total(character, config, content, where)
    current = character.get("stamina_current", total)
    if current > total:
        raise fail(where, f"{where}.stamina_current must be an integer in 0..{total}")
    return ({**character, "stamina_current": current}, total)


def derived_event(character: Mapping[str, Any], config: Mapping[str, Any],
                  content: Mapping[str, Any], where: str) -> Event:
    """HZ-R23, HZ-G27: every derived value, recalculated from current attributes."""
    return {
        "type": "derived",
        "stamina_total": stamina_total(character, config, content, where),
        "movement": derived_value(character, config, "movement", where),
        "initiative": derived_value(character, config, "initiative", where),
    }


def injury_count(before: int, damage: int, total: int,
                 source: Mapping[str, Any]) -> tuple[int, int]:
    """HZ-R22, HZ-R31, HZ-G26, HZ-G29: (Injuries, Massive-Damage Injuries or 0) for one source."""
    triggers = source["traumatic"] or source["triggers_injury"]
    if damage < 1 or not triggers:
        return (0, 0)
    normal = 1 if before == 0 or damage >= before else 0
    if not source["traumatic"]:
        return (normal, 0)
    if total < 1:
        raise fail("input", "Total Stamina is 0, so Massive Damage is undefined (HZ-G29)")
    massive = massive_injuries(damage, total)
    return (max(normal, massive), massive)


def take_damage(
    character: Mapping[str, Any], total: int, hit: tuple[int, str | None, Mapping[str, Any]],
    config: Mapping[str, Any], queue: DiceQueue,
) -> tuple[list[Event], Obj]:
    """HZ-R01 step 5, HZ-R21, HZ-R22, HZ-R27, HZ-R31: damage to Stamina, then each Injury.

    `hit` is (damage after armour, struck location or None for a blast, source), the source
    being `{id, traumatic, triggers_injury, rolled_from, table, content}` where `rolled_from` is
    the first Injury index that rolls its own location (1 for blasts, 0 for never).
    """
    damage, location, source = hit
    before = character["stamina_current"]
    after = max(0, before - damage)
    events: list[Event] = [{"type": "stamina", "character": character["id"], "before": before,
                            "damage": damage, "after": after, "total": total}]
    count, massive = injury_count(before, damage, total, source)
    if massive:
        events.append({"type": "massive_damage", "damage": damage, "total": total,
                       "injuries": massive})
    for index in range(1, count + 1):
        events += _injury(index, location, source, config, queue)
    return (events, {**character, "stamina_current": after})


def _injury(index: int, location: str | None, source: Mapping[str, Any],
            config: Mapping[str, Any], queue: DiceQueue) -> list[Event]:
    events: list[Event] = []
    rolled_from = source["rolled_from"]
    if location is None or (rolled_from and index >= rolled_from):
        event, location = roll_location(source["table"], queue)
        events.append({**event, "injury": index})
    events.append({"type": "injury", "location": location, "source_id": source["id"],
                   "index": index})
    table_id = config["injury_table"]
    if table_id is not None:
        events.append(_injury_roll(table_id, location, source["content"], queue))
    return events


def _injury_roll(table_id: str, location: str | None, content: Mapping[str, Any],
                 queue: DiceQueue) -> Event:
    tables = content["injury_tables"]
    table = next((t for t in tables if t.get("location") == location), None)
    table = table or by_id(tables, table_id)
    if table is None:
        raise fail("input", "input.content.injury_tables lacks the table config.injury_table names")
    face = queue.take(table["die"])
    index = dice.table_lookup([e["range"] for e in table["entries"]], face)
    entry = table["entries"][index]
    event: Event = {"type": "injury_roll", "table": table["id"], "die": table["die"],
                    "face": face, "result": entry["result"]}
    if "effects" in entry:
        event["effects"] = entry["effects"]
    return event
