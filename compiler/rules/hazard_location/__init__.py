"""The `hazard_location` ruleset (seed 003, catalogue §4): Hazard Dice with hit locations.

Mirrored rule for rule, in the same order, by `module_template/scripts/rules/hazard_location/`
(`index.mjs`); the rules live in the topic modules beside this file, each mirrored by its `.mjs`
twin.
Content (weapons, armour pieces, hit-location tables, characters) is part of each rule's input,
shaped like the catalogue §4.5 content kinds (see tests/golden/README.md). Each rule's input
arrives checked against its shape in `compiler/schemas/rulesets/hazard_location/inputs.schema.json`
and its config read through `rules_config.schema.json` beside it (the harness does both); the
rules make only the checks a shape cannot express.
"""

from __future__ import annotations

from collections.abc import Mapping

from compiler.rules.base import Rule
from compiler.rules.hazard_location import attack, checks, gear, measures, stamina, turn

RULES: Mapping[str, Rule] = {
    "range_penalty": measures.range_penalty,
    "called_shot_penalty": measures.called_shot_penalty,
    "blast_damage": measures.blast_damage,
    "massive_damage": stamina.massive_damage,
    "movement_allowance": turn.movement_allowance,
    "take_turn": turn.take_turn,
    "hazard_test": checks.hazard_test,
    "resolve_hit": checks.resolve_hit,
    "initiative": checks.initiative,
    "run_initiative_order": checks.run_initiative_order,
    "called_shot_options": measures.called_shot_options,
    "hit_location": measures.hit_location,
    "armor_roll": measures.armor_roll,
    "apply_damage": stamina.apply_damage,
    "derived_values": stamina.derived_values,
    "attribute_damage": stamina.attribute_damage,
    "restore_attribute": stamina.restore_attribute,
    "restore_stamina": stamina.restore_stamina,
    "weapon_wear": gear.weapon_wear,
    "repair": gear.repair,
    "attack": attack.attack,
    "blast": attack.blast,
}
"""Every rule of the ruleset, by snake_case name, in file order."""

__all__ = ["RULES"]
