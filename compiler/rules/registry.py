"""Every ruleset engine the harness can run, by name.

A ruleset plugs in with one line in `RULESET_NAMES` (its module is `compiler/rules/<name>.py`);
the JS mirror is one line in `module_template/scripts/rules/rulesets.mjs`.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from compiler.rules.base import Rule

RULESET_NAMES: tuple[str, ...] = ("primitives", "danger_room", "hazard_location", "sdm_pool")


@dataclass(frozen=True)
class Ruleset:
    """A ruleset engine: its rules (snake_case name -> rule, in file order) and config defaults."""

    name: str
    rules: Mapping[str, Rule]
    config: Mapping[str, Any]


def _load(name: str) -> Ruleset:
    module = importlib.import_module(f"compiler.rules.{name}")
    rules: Mapping[str, Rule] = module.RULES
    config: Mapping[str, Any] = module.CONFIG
    return Ruleset(name, rules, config)


RULESETS: Mapping[str, Ruleset] = {name: _load(name) for name in RULESET_NAMES}
