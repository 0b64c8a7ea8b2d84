"""The `hazard_location` ruleset (seed 003, catalogue §4): Hazard Dice with hit locations.

Mirrored rule for rule, in the same order, by `module_template/scripts/rules/hazard_location.mjs`;
the rules live in the topic modules `hazard_location_*.py`, each mirrored by its `.mjs` twin.
Content (weapons, armour pieces, hit-location tables, characters) is part of each rule's input,
shaped like the catalogue §4.5 content kinds (see tests/golden/README.md).
"""

from __future__ import annotations

from collections.abc import Mapping

from compiler.rules import (
    hazard_location_attack,
    hazard_location_checks,
    hazard_location_gear,
    hazard_location_measures,
    hazard_location_stamina,
    hazard_location_turn,
)
from compiler.rules.base import Rule
from compiler.rules.hazard_location_config import CONFIG

RULES: Mapping[str, Rule] = {
    "range_penalty": hazard_location_measures.range_penalty,
    "called_shot_penalty": hazard_location_measures.called_shot_penalty,
    "blast_damage": hazard_location_measures.blast_damage,
    "massive_damage": hazard_location_stamina.massive_damage,
    "movement_allowance": hazard_location_turn.movement_allowance,
    "take_turn": hazard_location_turn.take_turn,
    "hazard_test": hazard_location_checks.hazard_test,
    "resolve_hit": hazard_location_checks.resolve_hit,
    "initiative": hazard_location_checks.initiative,
    "run_initiative_order": hazard_location_checks.run_initiative_order,
    "called_shot_options": hazard_location_measures.called_shot_options,
    "hit_location": hazard_location_measures.hit_location,
    "armor_roll": hazard_location_measures.armor_roll,
    "apply_damage": hazard_location_stamina.apply_damage,
    "derived_values": hazard_location_stamina.derived_values,
    "attribute_damage": hazard_location_stamina.attribute_damage,
    "restore_attribute": hazard_location_stamina.restore_attribute,
    "restore_stamina": hazard_location_stamina.restore_stamina,
    "weapon_wear": hazard_location_gear.weapon_wear,
    "repair": hazard_location_gear.repair,
    "attack": hazard_location_attack.attack,
    "blast": hazard_location_attack.blast,
}
"""Every rule of the ruleset, by snake_case name, in file order."""

__all__ = ["CONFIG", "RULES"]
