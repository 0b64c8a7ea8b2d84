"""The `fate_wounds` engine (seed 002, catalogue §3): 4dF Approaches with Wound Boxes.

Its topic modules, in file order: ladder labels, rolls and their odds, the wound track, the
attack, the conflict (turn order, start and end) and the whole round. `RULES` maps each
snake_case rule name to its rule, in that order (mirror: `index.mjs`). The config defaults are
the rules_config schema's; the harness reads the config and each rule's input through their
declared shapes, and the config's own checks (a ladder's run, the default track's ranges,
approaches named once) run before every rule.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any

from compiler.rules.base import Event, Rule, State
from compiler.rules.fate_wounds import conflict, exchange, ladder, rolls, rounds, track
from compiler.rules.fate_wounds.common import settings
from compiler.rules.queue import DiceQueue

Checked = Callable[[Mapping[str, Any], Mapping[str, Any], DiceQueue], tuple[list[Event], State]]
"""A rule as written here: its input already read through its declared shape."""

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


def _settled(rule: Checked) -> Rule:
    @functools.wraps(rule)
    def run(inp: Any, config: Mapping[str, Any], queue: DiceQueue) -> tuple[list[Event], State]:
        return rule(inp, settings(config), queue)

    return run


RULES: Mapping[str, Rule] = {name: _settled(rule) for name, rule in _RULES.items()}
"""Every rule of the ruleset, by snake_case name, in file order."""

__all__ = ["RULES"]
