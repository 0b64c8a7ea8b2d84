"""Single-step rules: range, called shots, blasts, hit location, the Armor Roll.

Mirror: `measures.mjs`. Each rule is one step of the attack order on its own,
so fixtures can pin every boundary without a whole attack.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules import dice
from compiler.rules.base import Event, State
from compiler.rules.hazard_location import arith as arith
from compiler.rules.hazard_location.armor import (
    entry_of,
    penalties_of,
    resolve_armor,
    roll_location,
    select_table,
)
from compiler.rules.hazard_location.content import (
    check_cover,
    check_explosive,
    check_piece,
    unique_ids,
)
from compiler.rules.hazard_location.fields import Rational, as_json, compare, length_m, rational
from compiler.rules.hazard_location.harm import load_content
from compiler.rules.queue import DiceQueue
from compiler.rules.shapes import fail

IN = "input"
Result = tuple[list[Event], State]
Input = Mapping[str, Any]
Obj = dict[str, Any]


def range_event(distance: Rational, optimal: Rational,
                maximum: Rational) -> tuple[Event, int | None]:
    """HZ-R10, HZ-G31: the range band's penalty, or `out_of_range` beyond Maximum Range."""
    if not arith.within_max_range(distance, maximum):
        return ({"type": "out_of_range", "distance_m": as_json(distance),
                 "max_range_m": as_json(maximum)}, None)
    penalty = arith.range_penalty(distance, optimal)
    return ({"type": "range", "distance_m": as_json(distance), "optimal_range_m": as_json(optimal),
             "max_range_m": as_json(maximum), "penalty": penalty}, penalty)


def range_penalty(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R10, HZ-R11, HZ-G31, HZ-G32: range dice = max(0, ceil(d / Optimal) - 1)."""
    optimal = rational(fields["optimal_range_m"])
    maximum = rational(fields["max_range_m"])
    if optimal[0] == 0 or compare(optimal, maximum) > 0:
        raise fail(IN, f"{IN}.optimal_range_m must be above 0 and at most max_range_m")
    distance = length_m(fields["distance"], config["metres_per_hex"])
    event, penalty = range_event(distance, optimal, maximum)
    return ([event], {"in_range": penalty is not None, "penalty": penalty})


def called_shot_penalty(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R19, HZ-E05, P14: max(1, min(4, 5 - ceil(sqrt P))) for a whole percentage P."""
    percent = fields["percent"]
    penalty = arith.called_shot_penalty(percent)
    event = {"type": "called_shot_penalty", "percent": percent,
             "ceil_sqrt": dice.ceil_sqrt(percent), "penalty": penalty}
    return ([event], {"penalty": penalty})


def blast_event(explosive: Mapping[str, Any], distance: Rational,
                config: Mapping[str, Any]) -> Event:
    """HZ-R25, HZ-R26, HZ-G25: the blast's Damage at `distance` (0: no mechanical damage)."""
    radius = length_m(explosive["blast_radius"], config["metres_per_hex"])
    return {"type": "blast_damage", "explosive": explosive["id"],
            "severity": explosive["severity"], "listed": explosive["damage"],
            "radius_m": as_json(radius), "distance_m": as_json(distance),
            "within_radius": compare(distance, radius) <= 0,
            "damage": arith.blast_damage(explosive["damage"], radius, distance)}


def explosive_of(fields: Input, config: Mapping[str, Any]) -> Obj:
    """HZ-R25, HZ-G25, HZ-G26: the input's explosive, checked against the Severity table."""
    return check_explosive(fields["explosive"], f"{IN}.explosive",
                           config["blast_damage_by_severity"], config["traumatic_default"])


def blast_damage(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R25, HZ-R26, HZ-G25: full Damage within the radius, floor(D * R^2 / d^2) beyond."""
    explosive = explosive_of(fields, config)
    event = blast_event(explosive, length_m(fields["distance"], config["metres_per_hex"]), config)
    return ([event], {"damage": event["damage"]})


def table_for(fields: Input, config: Mapping[str, Any], species: str | None,
              content: Mapping[str, Any]) -> tuple[Obj, Event]:
    """HZ-R15, HZ-G30: the species' table or the GM's fallback, and the event naming it."""
    fallback = fields.get("fallback_table") or config["fallback_table"]
    table, fell_back = select_table(content, species, fallback, f"{IN}.fallback_table")
    return (table, {"type": "table", "species": species, "table": table["id"],
                    "fallback": fell_back})


def called_shot_options(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R16, HZ-R17, HZ-R19, HZ-R20, HZ-G30: the Called Shot window's locations and penalties."""
    species = fields["target_species"] or fields["chosen_species"]
    if species is None:
        raise fail(IN, f"{IN}.chosen_species is required when the target has no species")
    table, event = table_for(fields, config, species, load_content(fields, config))
    labels = {e["location"]: e.get("label", e["location"]) for e in table["entries"]}
    options = [{**o, "label": labels[o["location"]]} for o in penalties_of(table)]
    return ([event, {"type": "called_shot_window", "locations": options}],
            {"table": table["id"], "locations": options})


def hit_location(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R15, HZ-R16, HZ-R19, HZ-G10, HZ-G30, P6: d100 on the table, or the called location."""
    called = fields["called_shot"]
    table, chosen = table_for(fields, config, fields["species"], load_content(fields, config))
    if called is not None:
        entry = entry_of(table, called, f"{IN}.called_shot")
        event: Event = {"type": "hit_location", "table": table["id"],
                        "location": entry["location"], "called": True}
        return ([chosen, event], {"location": entry["location"]})
    rolled, location = roll_location(table, queue)
    return ([chosen, rolled], {"location": location})


def armor_roll(fields: Input, config: Mapping[str, Any], queue: DiceQueue) -> Result:
    """HZ-R12, HZ-R18, HZ-R28, HZ-R29, HZ-G18-G22: cover and armour over one struck location."""
    pieces = [check_piece(p, f"{IN}.armor[{i}]") for i, p in enumerate(fields["armor"])]
    unique_ids(pieces, f"{IN}.armor")
    cover = check_cover(fields["cover"], f"{IN}.cover")
    if blocks(cover):
        return ([{"type": "blocked_by_cover"}], {"armor": pieces, "cover": cover, "through": 0})
    hit = (fields["location"], fields["pen"], fields["damage"])
    events, through, worn, after = resolve_armor(pieces, cover, hit, config, queue)
    return (events, {"armor": worn, "cover": after, "through": through})


def blocks(cover: Mapping[str, Any] | None) -> bool:
    """HZ-G18: full cover with no AV blocks the attack outright."""
    return cover is not None and cover["kind"] == "full" and "av" not in cover
