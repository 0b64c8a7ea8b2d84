"""Readers for the hazard_location content kinds of catalogue §4.5 (mirror: `..._content.mjs`).

Each reader checks one plain object and returns a normalised copy: the input's fields with the
optional engine fields filled in, so state can echo a character or an armour piece back whole.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules.hazard_location.fields import (
    any_keys,
    expect_fields,
    fail,
    get_ids,
    get_rational,
    opt_bool,
    opt_int,
    opt_str,
)
from compiler.rules.inputs import SMALL_INT, get_choice, get_int, get_list, get_str, sorted_keys

S = SMALL_INT
SCORE_MAX = 1000
"""Bound on attributes, skills and AV: pools and restoration sums stay small and exact."""
MODES: tuple[str, ...] = ("melee", "ranged")
COVER_KINDS: tuple[str, ...] = ("partial", "full", "protective")
Obj = dict[str, Any]

TABLE_FIELDS = ("id", "species", "die", "entries")
PIECE_FIELDS = ("id", "max_av", "current_av", "coverage", "layer")
WEAPON_FIELDS = ("id", "mode", "dv_max", "dv_current", "pen")
WEAPON_OPTIONAL = (
    "name", "category", "optimal_range_m", "max_range_m", "skill", "attribute", "traumatic",
    "mass_kg", "material", "additional_injuries_rolled",
)
CHARACTER_OPTIONAL = (
    "name", "attributes_undamaged", "skills", "species", "sex", "phenotype", "stamina_current",
    "advancements", "armor", "weapons", "permanently_lost",
)


def read_scores(value: object, where: str) -> Obj:
    """A map of attribute or skill names to integers 0..SCORE_MAX."""
    scores = expect_fields(value, where, (), any_keys(value))
    for key in sorted_keys(scores):
        get_int(scores, key, where, 0, SCORE_MAX)
    return dict(scores)


def read_table(value: object, where: str, die: int) -> Obj:
    """HZ-G09, HZ-G10: a hit-location table whose ranges tile 1..die and percents match."""
    fields = expect_fields(value, where, TABLE_FIELDS, ("name",))
    get_str(fields, "id", where)
    get_str(fields, "species", where)
    if get_int(fields, "die", where, 2, 1000) != die:
        raise fail(where, f"{where}.die must be {die} (config.hit_location_die)")
    entries = get_list(fields, "entries", where)
    if not entries:
        raise fail(where, f"{where}.entries must not be empty")
    rows = [_read_entry(item, f"{where}.entries[{i}]", die) for i, item in enumerate(entries)]
    _check_tiling(rows, where, die)
    return {**fields, "entries": rows}


def _read_entry(value: object, where: str, die: int) -> Obj:
    fields = expect_fields(value, where, ("location", "percent", "range"), ("label",))
    get_str(fields, "location", where)
    percent = get_int(fields, "percent", where, 1, 100)
    bounds = fields["range"]
    ok = isinstance(bounds, list) and len(bounds) == 2
    ok = ok and all(type(b) is int and 1 <= b <= die for b in bounds) and bounds[0] <= bounds[1]
    if not ok:
        raise fail(where, f"{where}.range must be [lo, hi] with 1 <= lo <= hi <= {die}")
    if percent * die != (bounds[1] - bounds[0] + 1) * 100:
        raise fail(where, f"{where}.percent must equal the range's share of 1..{die}")
    return dict(fields)


def _check_tiling(rows: list[Obj], where: str, die: int) -> None:
    expected_lo = 1
    for index, row in enumerate(rows):
        if row["range"][0] != expected_lo:
            raise fail(where, f"{where}.entries[{index}].range must start at {expected_lo}")
        if row["location"] in [r["location"] for r in rows[:index]]:
            raise fail(where, f"{where}.entries[{index}].location repeats an earlier location")
        expected_lo = row["range"][1] + 1
    if expected_lo != die + 1:
        raise fail(where, f"{where}.entries must cover 1..{die}")


def read_piece(value: object, where: str) -> Obj:
    """HZ-R18, HZ-G20, HZ-G21: an armour piece with its coverage and layer."""
    fields = expect_fields(value, where, PIECE_FIELDS, ("name", "mass_kg", "material"))
    get_str(fields, "id", where)
    max_av = get_int(fields, "max_av", where, 0, SCORE_MAX)
    get_int(fields, "current_av", where, 0, max_av)
    get_int(fields, "layer", where, -S, S)
    if "mass_kg" in fields:
        get_rational(fields, "mass_kg", where)
    items = get_list(fields, "coverage", where)
    coverage = [_read_coverage(item, f"{where}.coverage[{i}]") for i, item in enumerate(items)]
    return {**fields, "coverage": coverage}


def _read_coverage(value: object, where: str) -> Obj:
    if isinstance(value, str) and value:
        return {"location": value, "percent": 100}
    fields = expect_fields(value, where, ("location", "percent"))
    get_str(fields, "location", where)
    get_int(fields, "percent", where, 1, 100)
    return dict(fields)


def read_weapon(value: object, where: str, traumatic: bool) -> Obj:
    """HZ-R10, HZ-R30, HZ-G26: a weapon; ranged ones need Optimal ≤ Maximum Range."""
    fields = expect_fields(value, where, WEAPON_FIELDS, WEAPON_OPTIONAL)
    get_str(fields, "id", where)
    mode = get_choice(fields, "mode", where, MODES)
    dv_max = get_int(fields, "dv_max", where, 0, S)
    get_int(fields, "dv_current", where, 0, dv_max)
    get_int(fields, "pen", where, 0, S)
    if "mass_kg" in fields:
        get_rational(fields, "mass_kg", where)
    for key in ("skill", "attribute"):
        opt_str(fields, key, where, None)
    result = {**fields, "traumatic": opt_bool(fields, "traumatic", where, traumatic)}
    result["additional_injuries_rolled"] = opt_bool(
        fields, "additional_injuries_rolled", where, False
    )
    if mode == "ranged":
        _check_ranges(fields, where)
    return result


def _check_ranges(fields: Mapping[str, Any], where: str) -> None:
    for key in ("optimal_range_m", "max_range_m"):
        if key not in fields:
            raise fail(where, f"{where}.{key} is required for a ranged weapon")
    optimal = get_rational(fields, "optimal_range_m", where)
    maximum = get_rational(fields, "max_range_m", where)
    if optimal[0] == 0 or optimal[0] * maximum[1] > maximum[0] * optimal[1]:
        raise fail(where, f"{where}.optimal_range_m must be above 0 and at most max_range_m")


def read_explosive(value: object, where: str, table: list[int], traumatic: bool) -> Obj:
    """HZ-R25, HZ-G25: an explosive; only Severity 6 may override the table's Damage."""
    optional = ("name", "damage", "pen", "traumatic")
    fields = expect_fields(value, where, ("id", "severity", "blast_radius"), optional)
    get_str(fields, "id", where)
    severity = get_int(fields, "severity", where, 1, len(table))
    damage = opt_int(fields, "damage", where, (0, S), table[severity - 1])
    if severity < len(table) and damage != table[severity - 1]:
        raise fail(where, f"{where}.damage may differ from the table only at severity {len(table)}")
    return {
        **fields,
        "damage": damage,
        "pen": opt_int(fields, "pen", where, (0, S), 0),
        "traumatic": opt_bool(fields, "traumatic", where, traumatic),
    }


def read_cover(value: object, where: str) -> Obj | None:
    """HZ-R12, HZ-G18: null, or cover of a kind, with `av` for full and protective cover."""
    if value is None:
        return None
    fields = expect_fields(value, where, ("kind",), ("id", "name", "av"))
    kind = get_choice(fields, "kind", where, COVER_KINDS)
    if kind == "protective" and "av" not in fields:
        raise fail(where, f"{where}.av is required for protective cover")
    if kind == "partial" and "av" in fields:
        raise fail(where, f"{where}.av is not used by partial cover")
    if "av" in fields:
        get_int(fields, "av", where, 0, SCORE_MAX)
    return {**fields, "id": opt_str(fields, "id", where, "cover")}


def read_species(value: object, where: str) -> Obj:
    """HZ-R31, HZ-G28: a species with its Maximum Stamina caps and movement modifiers."""
    optional = ("name", "hit_location_table", "max_stamina", "movement_modifiers", "sex_caps",
                "phenotypes")
    fields = expect_fields(value, where, ("id",), optional)
    get_str(fields, "id", where)
    opt_str(fields, "hit_location_table", where, None)
    opt_int(fields, "max_stamina", where, (0, S), 0)
    if "movement_modifiers" in fields:
        get_ids(fields, "movement_modifiers", where)
    if "sex_caps" in fields:
        read_scores(fields["sex_caps"], f"{where}.sex_caps")
    for index, item in enumerate(get_list(fields, "phenotypes", where) if "phenotypes" in fields
                                 else []):
        inner = f"{where}.phenotypes[{index}]"
        phenotype = expect_fields(item, inner, ("id",), ("name", "max_stamina"))
        get_str(phenotype, "id", inner)
        opt_int(phenotype, "max_stamina", inner, (0, S), 0)
    return dict(fields)


def read_character(value: object, where: str, traumatic: bool) -> Obj:
    """HZ-R31, HZ-G27: a character; missing optional fields take their starting values."""
    fields = expect_fields(value, where, ("id", "attributes"), CHARACTER_OPTIONAL)
    get_str(fields, "id", where)
    attributes = read_scores(fields["attributes"], f"{where}.attributes")
    undamaged = read_scores(fields.get("attributes_undamaged", attributes),
                            f"{where}.attributes_undamaged")
    armor = get_list(fields, "armor", where) if "armor" in fields else []
    weapons = get_list(fields, "weapons", where) if "weapons" in fields else []
    pieces = [read_piece(p, f"{where}.armor[{i}]") for i, p in enumerate(armor)]
    arms = [read_weapon(w, f"{where}.weapons[{i}]", traumatic) for i, w in enumerate(weapons)]
    unique_ids(pieces, f"{where}.armor")
    unique_ids(arms, f"{where}.weapons")
    return {
        **fields,
        "attributes": attributes,
        "attributes_undamaged": undamaged,
        "skills": read_scores(fields.get("skills", {}), f"{where}.skills"),
        "advancements": opt_int(fields, "advancements", where, (0, S), 0),
        "armor": pieces,
        "weapons": arms,
        "permanently_lost": opt_bool(fields, "permanently_lost", where, False),
        "species": opt_str(fields, "species", where, None),
        "sex": opt_str(fields, "sex", where, None),
        "phenotype": opt_str(fields, "phenotype", where, None),
    }


def unique_ids(items: list[Obj], where: str) -> None:
    """Every item's id differs from the ids before it (armour pieces, weapons)."""
    for index, item in enumerate(items):
        if any(other["id"] == item["id"] for other in items[:index]):
            raise fail(where, f"{where}[{index}].id repeats an earlier id")


def read_injury_table(value: object, where: str) -> Obj:
    """HZ-G11: an Injury table, general or for one `location`, rolled with its own die."""
    fields = expect_fields(value, where, ("id", "die", "entries"), ("name", "location"))
    get_str(fields, "id", where)
    die = get_int(fields, "die", where, 2, 1000)
    opt_str(fields, "location", where, None)
    for index, item in enumerate(get_list(fields, "entries", where)):
        inner = f"{where}.entries[{index}]"
        entry = expect_fields(item, inner, ("range", "result"), ("effects",))
        get_str(entry, "result", inner)
        bounds = entry["range"]
        ok = isinstance(bounds, list) and len(bounds) == 2
        if not ok or not all(type(b) is int and 1 <= b <= die for b in bounds):
            raise fail(inner, f"{inner}.range must be [lo, hi] within 1..{die}")
    return dict(fields)


def read_content(fields: Mapping[str, Any], where: str, default_table: object, die: int) -> Obj:
    """HZ-G09, HZ-G10: the content a rule may use; the default table unless one shares its id."""
    inner = f"{where}.content"
    kinds = ("hit_location_tables", "species", "injury_tables")
    content = expect_fields(fields.get("content", {}), inner, (), kinds)
    tables = [read_table(t, f"{inner}.hit_location_tables[{i}]", die)
              for i, t in enumerate(_items(content, "hit_location_tables", inner))]
    default = read_table(default_table, "config.default_hit_location_table", die)
    if all(t["id"] != default["id"] for t in tables):
        tables.append(default)
    return {
        "hit_location_tables": tables,
        "species": [read_species(s, f"{inner}.species[{i}]")
                    for i, s in enumerate(_items(content, "species", inner))],
        "injury_tables": [read_injury_table(t, f"{inner}.injury_tables[{i}]")
                          for i, t in enumerate(_items(content, "injury_tables", inner))],
    }


def _items(content: Mapping[str, Any], key: str, where: str) -> list[Any]:
    return get_list(content, key, where) if key in content else []
