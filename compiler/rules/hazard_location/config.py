"""Lookups in the hazard_location config (mirror: `config.mjs`).

The config arrives read through `compiler/schemas/rulesets/hazard_location/rules_config.schema.json`
(defaults, types and bounds checked by the harness); what is left is finding the entry an input
names, which no shape can say.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules.hazard_location.fields import Rational, by_id, rational
from compiler.rules.shapes import fail


def complication(config: Mapping[str, Any], wanted: str, where: str) -> Mapping[str, Any]:
    """HZ-G12: the complication named `wanted`; an unknown id is bad input."""
    found = by_id(config["complications"], wanted)
    if found is None:
        raise fail(where, f"{where} names a complication that config.complications lacks")
    return found


def movement_factor(config: Mapping[str, Any], wanted: str, where: str) -> Rational:
    """HZ-G17: the multiplicative factor of the movement modifier `wanted`."""
    table = config["movement_modifiers"]
    if wanted not in table:
        raise fail(where, f"{where} names a movement modifier that config lacks")
    return rational(table[wanted])
