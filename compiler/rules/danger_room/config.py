"""Config defaults of the danger_room engine: one key per DR-G parameter (catalogue C5).

`compiler/schemas/rules_config/danger_room.schema.json` is the source of truth; this literal and
its JS mirror `config.mjs` must equal the schema's defaults exactly
(`tests/rules/test_danger_room_config.py`). Both engine parts read their keys from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

CONFIG: Mapping[str, Any] = {
    "attribute_bonus": {"offset": 10, "divisor": 2, "rounding": "floor"},
    "miss_checks": ["target_out_of_reach", "dazzled", "active_defence_caught"],
    "dazzled_check": {"die": 10, "hit_on_min": 6},
    "confused_check": {"die": 10, "redirect_on_max": 5, "ally_pick": "nearest"},
    "defense_model": "reflex_save",
    "save_opposed_by": "damage_roll",
    "save_aliases": {"Reflex": "agility"},
    "riders_on_save": "stopped",
    "soak_default": 0,
    "toughness_default": 0,
    "shield_points_default": 0,
    "damage_pool_min": 1,
    "type_relation_combine": "net",
    "fumble_order": "dice_then_flat",
    "botch_result": "zero",
    "boost": {"cost": 1, "max_per_roll": 1, "rolls": ["damage"]},
    "stamina_default": {"base": 3, "attribute": "endurance", "min": 1},
    "luck_scope": "all_pool_rolls",
    "condition_duration_turns": 1,
    "dizzy_loses": "move_and_act",
    "dizzy_stacks": False,
    "speed_tiebreak": ["roll_off_d10"],
    "wait_queue": "fifo",
    "mode": "live",
    "reach_geometry": {
        "cone_boundary": "inclusive",
        "area_hits_allies": True,
        "burst_origin_default": "self",
    },
    "visibility_levels": {"clear": 0, "dim": 1, "poor": 2, "none": 3},
    "acuity_reduction": {"Basic": 0, "Superior": 1, "Absolute": "all"},
    "sensorial": {"second_rating_name": "reaction"},
    "unreactable_if_speed_above": {"Basic": 10, "Superior": 15, "Absolute": None},
    "default_sensorial_class": {"id": "terrestrial", "acuity": "Basic", "reaction": "Basic"},
    "active_defence_lasts": "until_next_own_turn",
    "active_defence_needs_sight": False,
    "block_defence": {"stops": ["any_non_grab"], "emergency": False, "uses_per_fight": None},
    "area_target_order": "distance_then_id",
    "altitude_model": "binary",
    "generation_default_multiplier": 1,
    "sizes": {
        "tiny": {"hit_die": 4, "bulk": -2},
        "small": {"hit_die": 6, "bulk": -1},
        "medium": {"hit_die": 8, "bulk": 0},
        "large": {"hit_die": 10, "bulk": 1},
        "huge": {"hit_die": 12, "bulk": 2},
        "gargantuan": {"hit_die": 20, "bulk": 4},
    },
    "enemy_hit_die": "max",
    "min_health": 1,
    "zero_health_die": 20,
    "zero_health_pass": "meet",
    "fumes_end_on": "landed",
    "weapon_skill_maps_to": "base_attribute",
    "weapon_change": "costs_turn",
    "flyer_can_melee_grounded": True,
    "xp_default": "tier_multiplier",
    "xp_remainder": "discard",
    "resurrection_queue_includes": ["obliterated"],
    "overnight_recovery": "generation_block",
    "dampener": {
        "disables_tags": ["gift"],
        "removes_blind_fighting": True,
        "sensorial_class": "default",
    },
    "contest_tie": "defender",
    "allow_negative_speed": True,
}
"""Every DR-G parameter with the catalogue's default; a fixture's `config` overrides whole keys."""
