"""The shape every ruleset engine shares (mirrored by convention in each `<ruleset>.mjs`).

A rule is pure: `(input, config, queue) -> (events, state)`. It reads JSON input and the merged
`rules_config`, takes dice only from the queue, and returns JSON-ready events and new state.
A ruleset module `compiler/rules/<name>.py` exports `RULES` (snake_case name -> rule, in file
order) and `CONFIG` (every config key with its default).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from compiler.rules.queue import DiceQueue

Event = dict[str, Any]
State = dict[str, Any]
Rule = Callable[[Mapping[str, Any], Mapping[str, Any], DiceQueue], tuple[list[Event], State]]
