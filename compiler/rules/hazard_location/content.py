"""The hazard_location content kinds of catalogue §4.5, checked (mirror: `content.mjs`).

Content arrives shaped by `inputs.schema.json` (`$defs/character`, `armor_piece`, `weapon`, ...),
optional fields with a fixed starting value filled in. These functions make the checks a shape
cannot (a bound set by another field or by the config, ids unique across a list, a table's rows
tiling its die) and return a normalised copy, so state can echo a character or an armour piece
back whole.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules.hazard_location.fields import rational
from compiler.rules.shapes import fail

SCORE_MAX = 1000
"""Bound on attributes, skills and AV: pools and restoration sums stay small and exact."""
Obj = dict[str, Any]


def check_table(table: Mapping[str, Any], where: str, die: int) -> Obj:
    """HZ-G09, HZ-G10: a hit-location table whose ranges tile 1..die and percents match."""
    if table["die"] != die:
        raise fail(where, f"{where}.die must be {die} (config.hit_location_die)")
    rows = table["entries"]
    for index, row in enumerate(rows):
        _check_entry(row, f"{where}.entries[{index}]", die)
    _check_tiling(rows, where, die)
    return dict(table)


def _check_entry(row: Mapping[str, Any], where: str, die: int) -> None:
    low, high = row["range"]
    if not low <= high <= die:
        raise fail(where, f"{where}.range must be [lo, hi] with 1 <= lo <= hi <= {die}")
    if row["percent"] * die != (high - low + 1) * 100:
        raise fail(where, f"{where}.percent must equal the range's share of 1..{die}")


def _check_tiling(rows: Sequence[Mapping[str, Any]], where: str, die: int) -> None:
    expected_lo = 1
    for index, row in enumerate(rows):
        if row["range"][0] != expected_lo:
            raise fail(where, f"{where}.entries[{index}].range must start at {expected_lo}")
        if row["location"] in [r["location"] for r in rows[:index]]:
            raise fail(where, f"{where}.entries[{index}].location repeats an earlier location")
        expected_lo = row["range"][1] + 1
    if expected_lo != die + 1:
        raise fail(where, f"{where}.entries must cover 1..{die}")


def check_piece(piece: Mapping[str, Any], where: str) -> Obj:
    """HZ-R18, HZ-G20, HZ-G21: an armour piece, Current AV at most Max AV, coverage as objects."""
    if piece["current_av"] > piece["max_av"]:
        raise fail(where, f"{where}.current_av must be an integer in 0..{piece['max_av']}")
    coverage = [{"location": c, "percent": 100} if isinstance(c, str) else dict(c)
                for c in piece["coverage"]]
    return {**piece, "coverage": coverage}


def check_weapon(weapon: Mapping[str, Any], where: str, traumatic: bool) -> Obj:
    """HZ-R10, HZ-R30, HZ-G26: a weapon; ranged ones need Optimal ≤ Maximum Range."""
    if weapon["dv_current"] > weapon["dv_max"]:
        raise fail(where, f"{where}.dv_current must be an integer in 0..{weapon['dv_max']}")
    if weapon["mode"] == "ranged":
        _check_ranges(weapon, where)
    return {**weapon, "traumatic": weapon.get("traumatic", traumatic)}


def _check_ranges(weapon: Mapping[str, Any], where: str) -> None:
    for key in ("optimal_range_m", "max_range_m"):
        if key not in weapon:
            raise fail(where, f"{where}.{key} is required for a ranged weapon")
    optimal = rational(weapon["optimal_range_m"])
    maximum = rational(weapon["max_range_m"])
    if optimal[0] == 0 or optimal[0] * maximum[1] > maximum[0] * optimal[1]:
        raise fail(where, f"{where}.optimal_range_m must be above 0 and at most max_range_m")


def check_explosive(
    explosive: Mapping[str, Any], where: str, table: Sequence[int], traumatic: bool
) -> Obj:
    """HZ-R25, HZ-G25: an explosive of a Severity of the table; only the last may override its
    Damage, and only upwards ("128 Damage or more")."""
    severity = explosive["severity"]
    if severity > len(table):
        raise fail(where, f"{where}.severity must be an integer in 1..{len(table)}")
    damage = explosive.get("damage", table[severity - 1])
    if severity < len(table) and damage != table[severity - 1]:
        raise fail(where, f"{where}.damage may differ from the table only at severity {len(table)}")
    if damage < table[severity - 1]:
        raise fail(where, f"{where}.damage must be at least {table[severity - 1]} (\"or more\")")
    return {**explosive, "damage": damage, "traumatic": explosive.get("traumatic", traumatic)}


def check_cover(cover: Mapping[str, Any] | None, where: str) -> Obj | None:
    """HZ-R12, HZ-G18: null, or cover of a kind, with `av` for full and protective cover."""
    if cover is None:
        return None
    if cover["kind"] == "protective" and "av" not in cover:
        raise fail(where, f"{where}.av is required for protective cover")
    if cover["kind"] == "partial" and "av" in cover:
        raise fail(where, f"{where}.av is not used by partial cover")
    return {**cover, "id": cover["id"] or "cover"}


def check_character(character: Mapping[str, Any], where: str, traumatic: bool) -> Obj:
    """HZ-R31, HZ-G27: a character; undamaged attributes start as the current ones."""
    pieces = [check_piece(p, f"{where}.armor[{i}]") for i, p in enumerate(character["armor"])]
    arms = [check_weapon(w, f"{where}.weapons[{i}]", traumatic)
            for i, w in enumerate(character["weapons"])]
    unique_ids(pieces, f"{where}.armor")
    unique_ids(arms, f"{where}.weapons")
    undamaged = character.get("attributes_undamaged", character["attributes"])
    return {**character, "attributes_undamaged": dict(undamaged), "armor": pieces, "weapons": arms}


def unique_ids(items: Sequence[Mapping[str, Any]], where: str) -> None:
    """Every item's id differs from the ids before it (armour pieces, weapons)."""
    for index, item in enumerate(items):
        if any(other["id"] == item["id"] for other in items[:index]):
            raise fail(where, f"{where}[{index}].id repeats an earlier id")


def check_injury_table(table: Mapping[str, Any], where: str) -> Obj:
    """HZ-G11: an Injury table, general or for one `location`, rolled with its own die."""
    for index, entry in enumerate(table["entries"]):
        if max(entry["range"]) > table["die"]:
            inner = f"{where}.entries[{index}]"
            raise fail(inner, f"{inner}.range must be [lo, hi] within 1..{table['die']}")
    return dict(table)


def check_content(content: Mapping[str, Any], where: str, default_table: Mapping[str, Any],
                  die: int) -> Obj:
    """HZ-G09, HZ-G10: the content a rule may use; the default table unless one shares its id."""
    inner = f"{where}.content"
    tables = [check_table(t, f"{inner}.hit_location_tables[{i}]", die)
              for i, t in enumerate(content["hit_location_tables"])]
    default = check_table(default_table, "config.default_hit_location_table", die)
    if all(t["id"] != default["id"] for t in tables):
        tables.append(default)
    return {
        "hit_location_tables": tables,
        "species": list(content["species"]),
        "injury_tables": [check_injury_table(t, f"{inner}.injury_tables[{i}]")
                          for i, t in enumerate(content["injury_tables"])],
    }
