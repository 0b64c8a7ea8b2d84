"""Hit location, called shots, coverage and the Armor Roll (mirror: `..._armor.mjs`).

Dice in canonical order: the hit-location d100 (unless a Called Shot fixed it), then one d100
per partially covering piece from outer to inner, then Effective AV d6.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules import dice
from compiler.rules.base import Event
from compiler.rules.hazard_location.arith import called_shot_penalty
from compiler.rules.hazard_location.fields import by_id
from compiler.rules.queue import DiceQueue
from compiler.rules.shapes import fail

ARMOR_DIE = 6
ARMOR_SUCCESS_FACE = 6
"""HZ-R28: "Roll Effective AV d6 ... Each 6 stops 1 incoming damage" (stated, not config)."""
COVERAGE_DIE = 100
"""HZ-G20: a partially covering piece counts iff a d100 shows at most its percent."""

Obj = dict[str, Any]


def select_table(
    content: Mapping[str, Any], species: str | None, fallback: str, where: str
) -> tuple[Obj, bool]:
    """HZ-R15, HZ-R16, HZ-G30: the species' table, else the GM's fallback; (table, fell back)."""
    tables = content["hit_location_tables"]
    if species is not None:
        record = by_id(content["species"], species)
        wanted = None if record is None else record["hit_location_table"]
        found = by_id(tables, wanted) if wanted is not None else None
        found = found or next((t for t in tables if t["species"] == species), None)
        if found is not None:
            return (dict(found), False)
    table = by_id(tables, fallback)
    if table is None:
        raise fail(where, f"{where} names a fallback table that the content lacks")
    return (dict(table), True)


def entry_of(table: Mapping[str, Any], location: str, where: str) -> Obj:
    """HZ-R17, HZ-R19: the table entry of `location`; a location the table lacks is bad input."""
    for entry in table["entries"]:
        if entry["location"] == location:
            return dict(entry)
    raise fail(where, f"{where} is not a location of the chosen table")


def penalties_of(table: Mapping[str, Any]) -> list[Obj]:
    """HZ-R16, HZ-R19, HZ-R20: each location with its percent and called-shot penalty."""
    return [
        {"location": e["location"], "percent": e["percent"],
         "penalty": called_shot_penalty(e["percent"])}
        for e in table["entries"]
    ]


def roll_location(table: Mapping[str, Any], queue: DiceQueue) -> tuple[Event, str]:
    """HZ-R15, HZ-G10, P6: roll the table's die ("00" = 100) and find the struck location."""
    face = queue.take(table["die"])
    index = dice.table_lookup([e["range"] for e in table["entries"]], face)
    location = table["entries"][index]["location"]
    event: Event = {"type": "hit_location", "table": table["id"], "face": face,
                    "location": location, "called": False}
    return (event, location)


def outer_first(pieces: Sequence[Mapping[str, Any]], config: Mapping[str, Any]) -> list[Obj]:
    """HZ-G21: pieces from outermost to innermost by `layer`; equal layers keep input order."""
    sign = -1 if config["layer_order"] == "higher_is_outer" else 1
    return sorted((dict(p) for p in pieces), key=lambda p: sign * p["layer"])


def covering(
    pieces: Sequence[Mapping[str, Any]], location: str, config: Mapping[str, Any],
    queue: DiceQueue,
) -> tuple[list[Event], list[Obj]]:
    """HZ-R18, HZ-G20, HZ-G22: pieces over `location`, a d100 per partial one (outer first)."""
    skip_zero = config["ablation_skips_zero_av"]
    events: list[Event] = []
    found: list[Obj] = []
    for piece in outer_first(pieces, config):
        share = next((c["percent"] for c in piece["coverage"] if c["location"] == location), 0)
        if share == 0 or (skip_zero and piece["current_av"] == 0):
            continue
        if share < COVERAGE_DIE:
            face = queue.take(COVERAGE_DIE)
            events.append({"type": "coverage_check", "piece": piece["id"], "location": location,
                           "percent": share, "face": face, "covers": face <= share})
            if face > share:
                continue
        found.append(piece)
    return (events, found)


def roll_armor(
    pieces: Sequence[Mapping[str, Any]], location: str, pen: int, damage: int,
    queue: DiceQueue,
) -> tuple[Event, int]:
    """HZ-R28, P1: Combined AV - PEN (at least 0) d6, each 6 stopping 1; (event, through)."""
    combined = sum(p["current_av"] for p in pieces)
    effective = max(0, combined - pen)
    faces = queue.take_many(ARMOR_DIE, effective)
    sixes = dice.count_at_least(faces, ARMOR_SUCCESS_FACE)
    stopped = min(damage, sixes)
    event: Event = {
        "type": "armor_roll", "location": location, "pieces": [p["id"] for p in pieces],
        "combined_av": combined, "pen": pen, "effective_av": effective, "faces": faces,
        "sixes": sixes, "damage": damage, "stopped": stopped, "through": damage - stopped,
    }
    return (event, damage - stopped)


def ablate(pieces: Sequence[Mapping[str, Any]], through: int) -> tuple[list[Event], list[Obj]]:
    """HZ-R29: if damage got through, the outermost contributing piece loses 1 AV (min 0)."""
    result = [dict(p) for p in pieces]
    if through < 1 or not result:
        return ([], result)
    outermost = result[0]
    after = max(0, outermost["current_av"] - 1)
    event: Event = {"type": "ablation", "piece": outermost["id"],
                    "from": outermost["current_av"], "to": after}
    result[0] = {**outermost, "current_av": after}
    return ([event], result)


def cover_piece(cover: Mapping[str, Any], location: str) -> Obj:
    """HZ-R12, HZ-G19: protective (or full) cover as a piece over every location."""
    return {"id": cover["id"], "current_av": cover["av"], "layer": 0,
            "coverage": [{"location": location, "percent": 100}]}



def resolve_armor(
    worn: Sequence[Mapping[str, Any]], cover: Mapping[str, Any] | None, hit: tuple[str, int, int],
    config: Mapping[str, Any], queue: DiceQueue,
) -> tuple[list[Event], int, list[Obj], Obj | None]:
    """HZ-R01 step 4, HZ-R12, HZ-G19: cover and worn armour over the hit `(location, PEN, damage)`.

    Returns (events, damage through, worn pieces after ablation, cover after ablation).
    """
    location, pen, damage = hit
    shield = _shield(cover, location, config)
    events: list[Event] = []
    shield_after: list[Obj] = []
    if shield is not None and config["cover_mode"] == "separate_roll":
        events, damage, shield_after = _layer([shield], location, pen, damage, queue)
        shield = None
    checks, found = covering(worn, location, config, queue)
    outer = [] if shield is None else [shield]
    layer, through, after = _layer(outer + found, location, pen, damage, queue)
    shield_after += after[: len(outer)]
    changed = {p["id"]: p for p in after[len(outer):]}
    new_worn = [changed.get(p["id"], dict(p)) for p in worn]
    new_cover = None if cover is None else dict(cover)
    if new_cover is not None and shield_after:
        new_cover["av"] = shield_after[0]["current_av"]
    return (events + checks + layer, through, new_worn, new_cover)


def _shield(
    cover: Mapping[str, Any] | None, location: str, config: Mapping[str, Any]
) -> Obj | None:
    if cover is None or "av" not in cover:
        return None
    if config["ablation_skips_zero_av"] and cover["av"] == 0:
        return None
    return cover_piece(cover, location)


def _layer(
    pieces: list[Obj], location: str, pen: int, damage: int, queue: DiceQueue
) -> tuple[list[Event], int, list[Obj]]:
    if not pieces:
        return ([{"type": "unarmored", "location": location, "damage": damage}], damage, [])
    event, through = roll_armor(pieces, location, pen, damage, queue)
    ablations, after = ablate(pieces, through)
    return ([event, *ablations], through, after)
