"""sdm_pool config defaults and their readers (mirror: `config.mjs`).

`CONFIG` must equal the defaults of `compiler/schemas/rules_config/sdm_pool.schema.json`
(tested). The harness checks only each key's JSON kind, so every nested value is checked here,
when a rule reads it, with the shared wording (`bad_config` under `config`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules.sdm_pool.fields import (
    KEY_PATTERN,
    fail,
    read_object,
    require_int,
    require_key,
    require_map,
    required,
)

CF = "config"
ATTACK_KINDS: tuple[str, ...] = ("melee", "vectored", "firearm", "bow", "unarmed", "magic")
OPPORTUNITIES: tuple[str, ...] = ("dodge", "disengage", "counter")
COSTS: tuple[str, ...] = ("action", "minor")

CONFIG: Mapping[str, Any] = {
    "success_min_face": 5,
    "sdm": {"trivial": 0, "easy": 1, "standard": 2, "hard": 3, "very_hard": 4, "extreme": 5},
    "default_attack_tier": "standard",
    "cover_mod": {"none": 0, "partial": 1, "heavy": 2},
    "concealment_mod": {"none": 0, "partial": 1, "heavy": 2},
    "actions_by_int": [
        {"intelligence": 0, "actions": 1, "minor_actions": 1},
        {"intelligence": 1, "actions": 1, "minor_actions": 2},
        {"intelligence": 2, "actions": 2, "minor_actions": 2},
        {"intelligence": 3, "actions": 2, "minor_actions": 3},
        {"intelligence": 4, "actions": 3, "minor_actions": 3},
        {"intelligence": 5, "actions": 3, "minor_actions": 4},
    ],
    "movement_by_dex": [
        {"dexterity": 0, "movement": 4},
        {"dexterity": 1, "movement": 5},
        {"dexterity": 2, "movement": 6},
        {"dexterity": 3, "movement": 7},
        {"dexterity": 4, "movement": 8},
        {"dexterity": 5, "movement": 9},
    ],
    "movement_unit": {"name": "square", "cm": 150},
    "level_range": {"min": 0, "max": 5},
    "attack_kinds": {
        "melee": {"trait": "strength", "skill": "melee"},
        "vectored": {"trait": "presence", "skill": "melee"},
        "firearm": {"trait": "dexterity", "skill": "firearms"},
        "bow": {"trait": "dexterity", "skill": "firearms"},
        "unarmed": {"trait": "strength", "skill": "martial_arts"},
        "magic": {"trait": "presence", "skill": "magic"},
    },
    "salvation": {"trigger": "zero_successes"},
    "shortfall_reading": "below_target",
    "shortfall_damage": "full",
    "opportunity_cost": {"dodge": "action", "disengage": "action", "counter": "action"},
    "disengage_rounding": "floor",
    "counter_timing": "after_attacker_turn",
    "action_downgrade": True,
    "init_pc_first_on_tie": True,
    "init_unresolved_tie": "roster_order",
    "late_joiner": "insert_by_total",
    "armor_model": "dr_depletes_hp",
    "damage_dice_roll": "after_hit",
    "max_hp_source": "sheet",
    "self_recovery": {"base_dice": 2, "trait": "strength", "tier": "hard", "hp_after": 1},
    "stabilize": {
        "base_dice": 2,
        "trait": "intelligence",
        "skill": "medicine",
        "tier": "standard",
        "cost": "action",
        "outcome": "revive",
        "hp_after": 1,
    },
    "hp_floor": 0,
    "cover_applies_to": ["melee", "vectored", "firearm", "bow", "unarmed", "magic"],
}
"""Every SDM-G parameter with its catalogue default (C5)."""

CHOICES: Mapping[str, tuple[str, ...]] = {
    "shortfall_reading": ("below_target",),
    "shortfall_damage": ("full", "half"),
    "disengage_rounding": ("floor", "ceil"),
    "counter_timing": ("after_attacker_turn", "immediately"),
    "init_unresolved_tie": ("roster_order", "require_tie_order"),
    "late_joiner": ("insert_by_total", "append"),
    "armor_model": ("dr_depletes_hp", "layer"),
    "damage_dice_roll": ("after_hit",),
    "max_hp_source": ("sheet",),
}
"""The options of each enum key, in the schema's order."""

FLAGS: tuple[str, ...] = ("action_downgrade", "init_pc_first_on_tie")
TRIGGERS: tuple[str, ...] = ("zero_successes", "all_ones", "target_resource")
RECOVERY_KEYS: tuple[str, ...] = ("base_dice", "trait", "tier", "hp_after")
STABILIZE_KEYS: tuple[str, ...] = (
    "base_dice", "trait", "skill", "tier", "cost", "outcome", "hp_after",
)
TABLES: Mapping[str, tuple[str, tuple[str, ...]]] = {
    "actions_by_int": ("intelligence", ("actions", "minor_actions")),
    "movement_by_dex": ("dexterity", ("movement",)),
}
LEVEL_LIMIT = 1000
MOD_LIMIT = 100


def choice(config: Mapping[str, Any], key: str) -> str:
    """SDM-G09, SDM-G10, SDM-G12, SDM-G13, SDM-G15-G19: the option an enum key holds."""
    value = config[key]
    options = CHOICES[key]
    if not isinstance(value, str) or value not in options:
        raise fail(CF, f"{CF}.{key} must be one of {', '.join(options)}")
    return value


def flag(config: Mapping[str, Any], key: str) -> bool:
    """SDM-G14, SDM-G15: a boolean key."""
    value = config[key]
    if not isinstance(value, bool) or key not in FLAGS:
        raise fail(CF, f"{CF}.{key} must be true or false")
    return value


def success_min_face(config: Mapping[str, Any]) -> int:
    """SDM-G01: the lowest d6 face that is a success."""
    return require_int(config["success_min_face"], f"{CF}.success_min_face", 1, 6)


def level_range(config: Mapping[str, Any]) -> tuple[int, int]:
    """SDM-G06: the lowest and highest Trait and Skill level."""
    where = f"{CF}.level_range"
    fields = read_object(config["level_range"], where, required(("min", "max")))
    low = require_int(fields["min"], f"{where}.min", 0, LEVEL_LIMIT)
    high = require_int(fields["max"], f"{where}.max", low, LEVEL_LIMIT)
    return (low, high)


def level_map(config: Mapping[str, Any], key: str) -> dict[str, int]:
    """SDM-G02, SDM-G03: a map of keys to successes (the SDM, or cover or concealment mods)."""
    where = f"{CF}.{key}"
    entries = require_map(config[key], where, MOD_LIMIT)
    for name in entries:
        require_key(name, f"{where}.{name}", KEY_PATTERN)
        require_int(entries[name], f"{where}.{name}", 0, MOD_LIMIT)
    if not entries:
        raise fail(where, f"{where} must name at least one level")
    if key != "sdm" and "none" not in entries:
        raise fail(where, f"{where}.none is required")
    return dict(entries)


def tier_successes(config: Mapping[str, Any], tier: str, where: str) -> int:
    """SDM-G02: the successes the tier `tier` needs; `where` names where the tier came from."""
    tiers = level_map(config, "sdm")
    if tier not in tiers:
        raise fail(where, f"{where} must be a tier of config.sdm")
    return tiers[tier]


def default_tier(config: Mapping[str, Any]) -> str:
    """SDM-G02: the tier of an attack neither the GM nor the weapon sets."""
    where = f"{CF}.default_attack_tier"
    tier = require_key(config["default_attack_tier"], where, KEY_PATTERN)
    tier_successes(config, tier, where)
    return tier


def level_mod(config: Mapping[str, Any], key: str, level: str, where: str) -> int:
    """SDM-G03: the successes a cover or concealment level adds to the SDM target."""
    mods = level_map(config, key)
    if level not in mods:
        raise fail(where, f"{where} must be a level of config.{key}")
    return mods[level]


def table_row(config: Mapping[str, Any], key: str, level: int) -> Mapping[str, Any]:
    """SDM-G04, SDM-G05, SDM-G06: the row of `level` in a table with one row per level."""
    level_key, value_keys = TABLES[key]
    low, high = level_range(config)
    where = f"{CF}.{key}"
    rows = config[key]
    if not isinstance(rows, list) or len(rows) != high - low + 1:
        raise fail(where, f"{where} must have one row per level {low}..{high}")
    spec = required((level_key, *value_keys))
    for index, row in enumerate(rows):
        fields = read_object(row, f"{where}[{index}]", spec)
        for name, _ in spec:
            require_int(fields[name], f"{where}[{index}].{name}", 0, LEVEL_LIMIT)
        if fields[level_key] != low + index:
            raise fail(where, f"{where}[{index}].{level_key} must be {low + index}")
    found: Mapping[str, Any] = rows[level - low]
    return found


def movement_unit(config: Mapping[str, Any]) -> str:
    """SDM-G05: the name of the unit Movement counts in."""
    where = f"{CF}.movement_unit"
    fields = read_object(config["movement_unit"], where, required(("name", "cm")))
    require_int(fields["cm"], f"{where}.cm", 1, 1000000)
    return require_key(fields["name"], f"{where}.name", KEY_PATTERN)


def pairing(config: Mapping[str, Any], kind: str) -> tuple[str, str]:
    """SDM-R09, SDM-G07: the Trait and Core Skill of an attack kind."""
    where = f"{CF}.attack_kinds"
    kinds = read_object(config["attack_kinds"], where, required(ATTACK_KINDS))
    pair = read_object(kinds[kind], f"{where}.{kind}", required(("trait", "skill")))
    trait = require_key(pair["trait"], f"{where}.{kind}.trait", KEY_PATTERN)
    return (trait, require_key(pair["skill"], f"{where}.{kind}.skill", KEY_PATTERN))


def salvation_trigger(config: Mapping[str, Any]) -> str:
    """SDM-G08: what makes a shortfall a Salvation."""
    where = f"{CF}.salvation"
    trigger = read_object(config["salvation"], where, required(("trigger",)))["trigger"]
    if not isinstance(trigger, str) or trigger not in TRIGGERS:
        raise fail(where, f"{where}.trigger must be one of {', '.join(TRIGGERS)}")
    return trigger


def opportunity_cost(config: Mapping[str, Any], option: str) -> str:
    """SDM-G11: what an Opportunity option costs from the next turn."""
    where = f"{CF}.opportunity_cost"
    costs = read_object(config["opportunity_cost"], where, required(OPPORTUNITIES))
    return cost_value(costs[option], f"{where}.{option}")


def cost_value(value: object, where: str) -> str:
    """SDM-G11, SDM-G20: `action` or `minor`."""
    if not isinstance(value, str) or value not in COSTS:
        raise fail(where, f"{where} must be one of {', '.join(COSTS)}")
    return value


def recovery(config: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    """SDM-G20: the `self_recovery` or `stabilize` parameters, checked."""
    where = f"{CF}.{key}"
    keys = RECOVERY_KEYS if key == "self_recovery" else STABILIZE_KEYS
    fields = read_object(config[key], where, required(keys))
    require_int(fields["base_dice"], f"{where}.base_dice", 0, MOD_LIMIT)
    for name in ("trait", "skill", "tier"):
        if name in fields:
            require_key(fields[name], f"{where}.{name}", KEY_PATTERN)
    require_int(fields["hp_after"], f"{where}.hp_after", 1, 1000000)
    if key == "stabilize":
        cost_value(fields["cost"], f"{where}.cost")
        outcome = fields["outcome"]
        if not isinstance(outcome, str) or outcome not in ("revive", "stabilized_only"):
            raise fail(where, f"{where}.outcome must be one of revive, stabilized_only")
    return fields


def hp_floor(config: Mapping[str, Any]) -> int:
    """SDM-G21: the lowest HP damage takes a character to."""
    return require_int(config["hp_floor"], f"{CF}.hp_floor", -1000000, 0)


def cover_applies(config: Mapping[str, Any], kind: str) -> bool:
    """SDM-G22: whether cover and concealment modify an attack of this kind."""
    where = f"{CF}.cover_applies_to"
    kinds = config["cover_applies_to"]
    if not isinstance(kinds, list) or len(kinds) > len(ATTACK_KINDS):
        raise fail(where, f"{where} must be a list of at most {len(ATTACK_KINDS)} items")
    for index, item in enumerate(kinds):
        if not isinstance(item, str) or item not in ATTACK_KINDS or item in kinds[:index]:
            raise fail(where, f"{where}[{index}] must be a new one of {', '.join(ATTACK_KINDS)}")
    return kind in kinds
