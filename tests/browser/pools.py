"""The Foundry rolls `foundry/dice.mjs` `rollRule(…, {pools: true})` makes for a rule's dice,
found by replaying its on-demand loop with the Python engine: each `queue_exhausted` is one roll
of its `count` dice (the rest of the pool the rule is taking), so a 6d6 test is one `6d6` roll."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules import run_case

Roll = tuple[str, tuple[int, ...]]
"""A roll as the tests compare it: its formula and its faces."""


def pool_rolls(ruleset: str, rule: str, config: Mapping[str, Any], inp: Mapping[str, Any],
               dice: Sequence[Mapping[str, Any]]) -> tuple[Roll, ...]:
    """The rolls behind `dice` (the whole queue the rule takes), in order."""
    rolls: list[Roll] = []
    taken = 0
    while True:
        result = run_case(ruleset, rule, config, inp, list(dice[:taken]))
        error = result.get("error")
        if error is None or error["code"] != "queue_exhausted":
            break
        count = int(error["count"])
        faces = dice[taken:taken + count]
        assert len(faces) == count and all(f["d"] == error["die"] for f in faces), (
            f"{rule} wants {count} d{error['die']} at dice[{taken}]: {list(faces)}")
        rolls.append((f"{count}d{error['die']}", tuple(int(f["v"]) for f in faces)))
        taken += count
    assert taken == len(dice), f"{rule} took {taken} of {len(dice)} faces"
    return tuple(rolls)
