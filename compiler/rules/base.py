"""The shape every ruleset engine shares (mirrored by convention in each `<ruleset>.mjs`).

A rule is pure: `(input, config, queue) -> (events, state)`. It gets its input and the merged
`rules_config` read through their declared shapes (`shapes.py`), takes dice only from the
queue, and returns JSON-ready events and new state. A ruleset package `compiler/rules/<name>/`
exports `RULES` (snake_case name -> rule, in file order); its config defaults are its
rules_config schema's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from compiler.rules.queue import DiceQueue

Event = dict[str, Any]
State = dict[str, Any]
Rule = Callable[[Mapping[str, Any], Mapping[str, Any], DiceQueue], tuple[list[Event], State]]
