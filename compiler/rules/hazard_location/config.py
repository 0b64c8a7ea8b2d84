"""Readers of the hazard_location config (mirror: `config.mjs`).

The defaults are `compiler/schemas/rulesets/hazard_location/rules_config.schema.json`'s, which
the harness merges with a fixture's overrides checking only each key's JSON kind, so nested
values are checked here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules.hazard_location.fields import (
    Rational,
    any_keys,
    by_id,
    config_object,
    expect_fields,
    fail,
    get_ids,
    get_rational,
)
from compiler.rules.inputs import (
    SMALL_INT,
    get_bool,
    get_choice,
    get_int,
    get_list,
    get_str,
    sorted_keys,
)

CF = "config"


CHOICES: Mapping[str, tuple[str, ...]] = {
    "contest_tie": ("attacker", "defender"),
    "mos": ("standard", "unified"),
    "riposte_roll": ("none",),
    "nonpositive_pool": ("zero_successes",),
    "attacker_moved_window": ("this_turn_before_attack",),
    "target_moved_window": ("last_own_turn",),
    "simultaneous": ("deferred", "sequential"),
    "full_cover_without_av": ("blocks",),
    "cover_mode": ("outermost_piece", "separate_roll"),
    "partial_coverage": ("d100_check",),
    "layer_order": ("higher_is_outer", "lower_is_outer"),
    "blast_mos": ("none",),
    "stamina_cap": ("min_of_caps", "none"),
    "zero_total_stamina": ("error",),
    "beyond_max_range": ("out_of_range",),
    "repair_mass": ("exact",),
}
APPLIES_TO: tuple[str, ...] = ("attack", "defence", "both")
DERIVED: tuple[str, ...] = ("stamina_total", "movement", "initiative")


def choice(config: Mapping[str, Any], key: str) -> str:
    """A string option of the config, checked against its allowed values."""
    return get_choice(config, key, CF, CHOICES[key])


def flag(config: Mapping[str, Any], key: str) -> bool:
    """A boolean option of the config."""
    return get_bool(config, key, CF)


def number(config: Mapping[str, Any], key: str, lo: int, hi: int) -> int:
    """An integer option of the config in `lo..hi`."""
    return get_int(config, key, CF, lo, hi)


def optional_id(config: Mapping[str, Any], key: str) -> str | None:
    """HZ-G11, HZ-G33: a content id the config may name, or null for none."""
    if config[key] is None:
        return None
    return get_str(config, key, CF)


def hazard(config: Mapping[str, Any]) -> tuple[int, int, bool]:
    """HZ-G03: (Hazard Dice per pool, the Mishap face, whether Hazard Dice count successes)."""
    fields = config_object(config, "hazard", ("count", "mishap_on_face", "counts_for_success"))
    where = f"{CF}.hazard"
    count = get_int(fields, "count", where, 0, 100)
    return (count, get_int(fields, "mishap_on_face", where, 1, 1000),
            get_bool(fields, "counts_for_success", where))


def complications(config: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """HZ-G12: the complication table, each `{id, dice_penalty, applies_to, ranged_only}`."""
    items = get_list(config, "complications", CF)
    for index, item in enumerate(items):
        where = f"{CF}.complications[{index}]"
        row = expect_fields(item, where, ("id", "dice_penalty", "applies_to", "ranged_only"))
        get_str(row, "id", where)
        get_int(row, "dice_penalty", where, 0, 100)
        get_choice(row, "applies_to", where, APPLIES_TO)
        get_bool(row, "ranged_only", where)
    return items


def complication(config: Mapping[str, Any], wanted: str, where: str) -> Mapping[str, Any]:
    """HZ-G12: the complication named `wanted`; an unknown id is bad input."""
    found = by_id(complications(config), wanted)
    if found is None:
        raise fail(where, f"{where} names a complication that config.complications lacks")
    return found


def movement_factor(config: Mapping[str, Any], wanted: str, where: str) -> Rational:
    """HZ-G17: the multiplicative factor of the movement modifier `wanted`."""
    table = expect_fields(config["movement_modifiers"], f"{CF}.movement_modifiers", (),
                          any_keys(config["movement_modifiers"]))
    for key in sorted_keys(table):
        get_rational(table, key, f"{CF}.movement_modifiers")
    if wanted not in table:
        raise fail(where, f"{where} names a movement modifier that config lacks")
    return get_rational(table, wanted, f"{CF}.movement_modifiers")


def defence_pool(config: Mapping[str, Any], kind: str) -> tuple[str, str]:
    """HZ-G15: the (attribute, skill) of the parry or evade pool."""
    pools = config_object(config, "defence_pools", ("parry", "evade"))
    where = f"{CF}.defence_pools.{kind}"
    pool = expect_fields(pools[kind], where, ("attribute", "skill"))
    return (get_str(pool, "attribute", where), get_str(pool, "skill", where))


def can_react(config: Mapping[str, Any], mode: str) -> bool:
    """HZ-G14: whether a defender may react by default, for melee and for ranged attacks."""
    fields = config_object(config, "defender_can_react", ("melee", "ranged"))
    return get_bool(fields, mode, f"{CF}.defender_can_react")


def derived_sources(config: Mapping[str, Any], value: str) -> list[str]:
    """HZ-G27: the attributes a derived value sums (Total Stamina ← END + WIL, ...)."""
    fields = config_object(config, "derived", DERIVED)
    return get_ids(fields, value, f"{CF}.derived")


def severity_table(config: Mapping[str, Any]) -> list[int]:
    """HZ-R25, HZ-G25: blast Damage by Severity 1..6 (Severity 6 may be overridden)."""
    table = get_list(config, "blast_damage_by_severity", CF)
    for index, damage in enumerate(table):
        if type(damage) is not int or not 0 <= damage <= SMALL_INT:
            where = f"{CF}.blast_damage_by_severity[{index}]"
            raise fail(CF, f"{where} must be an integer in 0..{SMALL_INT}")
    if not table:
        raise fail(CF, f"{CF}.blast_damage_by_severity must not be empty")
    return table
