"""The `fate_wounds` engine (seed 002, catalogue §3): 4dF Approaches with Wound Boxes.

Mirror: `module_template/scripts/rules/fate_wounds/`, one `.mjs` per module here, same names in
the same order. `RULES` maps each snake_case rule name to its rule, in file order; `CONFIG` is
every FW-G key with its default, read from the rules_config schema. Before a rule runs, the
config is checked against that schema and the input against the rule's shape in
`inputs.schema.json` (with the defaults of absent optional fields filled in); the rules make the
checks a shape cannot. The shared harness takes the shape checks over with the plug-in refactor.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from compiler.rules.base import Event, Rule, State
from compiler.rules.fate_wounds import conflict, exchange, ladder, rolls, rounds, track
from compiler.rules.fate_wounds.common import settings
from compiler.rules.fate_wounds.schema_data import CONFIG, INPUTS, RULES_CONFIG
from compiler.rules.fate_wounds.shapes import check
from compiler.rules.queue import DiceQueue

Checked = Callable[[Mapping[str, Any], Mapping[str, Any], DiceQueue], tuple[list[Event], State]]
"""A rule as written here: it takes the input already checked against its shape."""

_RULES: Mapping[str, Checked] = {
    "label": ladder.label,
    "dice_distribution": rolls.dice_distribution,
    "odds": rolls.odds,
    "roll": rolls.roll,
    "conditions": track.conditions,
    "mark_wound": track.mark_wound,
    "clear_wounds": track.clear_wounds,
    "compare": exchange.compare,
    "attack": exchange.attack,
    "turn_order": conflict.turn_order,
    "start_conflict": conflict.start_conflict,
    "end_conflict": conflict.end_conflict,
    "round": rounds.round,
}


def _checked(name: str, rule: Checked) -> Rule:
    shape = INPUTS["properties"][name]

    def run(inp: object, config: Mapping[str, Any], queue: DiceQueue) -> tuple[
        list[Event], State
    ]:
        merged = settings(check(RULES_CONFIG, config, "config", RULES_CONFIG))
        return rule(check(shape, inp, "input", INPUTS), merged, queue)

    return run


RULES: Mapping[str, Rule] = {name: _checked(name, rule) for name, rule in _RULES.items()}
"""Every rule of the ruleset, by snake_case name, in file order, its config and input checked."""

__all__ = ["CONFIG", "RULES"]
