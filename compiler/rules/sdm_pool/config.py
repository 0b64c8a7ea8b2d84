"""The checks sdm_pool makes on its config beyond its schema (mirror: `config.mjs`).

The defaults are `compiler/schemas/rulesets/sdm_pool/rules_config.schema.json`'s, and the harness
reads a fixture's config through that schema, so every value arrives with its shape checked; these
readers add what a shape cannot say: a tier named is one of `sdm`, `none` is a cover and a
concealment level, the Intelligence and Dexterity tables have one row per level of `level_range`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules.shapes import fail

CF = "config"
TABLES: Mapping[str, str] = {"actions_by_int": "intelligence", "movement_by_dex": "dexterity"}


def level_range(config: Mapping[str, Any]) -> tuple[int, int]:
    """SDM-G06: the lowest and highest Trait and Skill level."""
    low: int = config["level_range"]["min"]
    high: int = config["level_range"]["max"]
    if low > high:
        raise fail(CF, f"{CF}.level_range.max must be at least {CF}.level_range.min ({low})")
    return (low, high)


def tier_successes(config: Mapping[str, Any], tier: str, where: str) -> int:
    """SDM-G02: the successes the tier `tier` needs; `where` names where the tier came from."""
    tiers: Mapping[str, int] = config["sdm"]
    if tier not in tiers:
        raise fail(where, f"{where} must be a tier of config.sdm")
    return tiers[tier]


def default_tier(config: Mapping[str, Any]) -> str:
    """SDM-G02: the tier of an attack neither the GM nor the weapon sets."""
    tier: str = config["default_attack_tier"]
    tier_successes(config, tier, f"{CF}.default_attack_tier")
    return tier


def level_mod(config: Mapping[str, Any], key: str, level: str, where: str) -> int:
    """SDM-G03: the successes a cover or concealment level adds to the SDM target."""
    mods: Mapping[str, int] = config[key]
    if "none" not in mods:
        raise fail(CF, f"{CF}.{key}.none is required")
    if level not in mods:
        raise fail(where, f"{where} must be a level of config.{key}")
    return mods[level]


def table_row(config: Mapping[str, Any], key: str, level: int) -> Mapping[str, Any]:
    """SDM-G04, SDM-G05, SDM-G06: the row of `level` in a table with one row per level."""
    low, high = level_range(config)
    where = f"{CF}.{key}"
    rows = config[key]
    if len(rows) != high - low + 1:
        raise fail(where, f"{where} must have one row per level {low}..{high}")
    for index, row in enumerate(rows):
        if row[TABLES[key]] != low + index:
            raise fail(where, f"{where}[{index}].{TABLES[key]} must be {low + index}")
    found: Mapping[str, Any] = rows[level - low]
    return found
