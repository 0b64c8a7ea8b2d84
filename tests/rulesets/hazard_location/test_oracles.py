"""Independent oracles at the boundaries one fixture alone guarded: both engines, every value.

A change made to both engines at once passes the parity check; these compare them with the
catalogue's own words instead, computed here without the engines' helpers:
- HZ-R19 Called Shot penalty = max(1, min(4, 5 - ceil(√P))) for every P in 0..100 (P = 0 included);
- HZ-G20 a partial piece counts iff its d100 ≤ its percent, for every percent and the faces around
  it (the face equal to the percent included).
"""

from __future__ import annotations

from typing import Any

import pytest
from rules_parity import NodeEngine, canonical, run_python

RULESET = "hazard_location"


def ceil_sqrt(p: int) -> int:
    """The smallest k with k * k ≥ p, by counting up."""
    k = 0
    while k * k < p:
        k += 1
    return k


def call(rule: str, inp: dict[str, Any], dice: list[dict[str, int]]) -> dict[str, Any]:
    return {"ruleset": RULESET, "rule": rule, "config": {}, "input": inp, "dice": dice}


def test_called_shot_penalty_for_every_percent(js_engine: NodeEngine) -> None:
    cases = [call("called_shot_penalty", {"percent": p}, []) for p in range(101)]
    js = js_engine.run_batch(cases)
    for p, (case, js_result) in enumerate(zip(cases, js, strict=True)):
        expected = max(1, min(4, 5 - ceil_sqrt(p)))
        python = run_python(case)
        assert python["state"] == {"penalty": expected}, p
        assert canonical(js_result) == canonical(python), p


def on_demand(inp: dict[str, Any], first: list[dict[str, int]]) -> dict[str, Any]:
    """The call with `first` then a 1 on every d6 the rule asks for (as Foundry rolls on demand)."""
    dice = list(first)
    for _ in range(60):
        result = run_python(call("armor_roll", inp, dice))
        error = result.get("error", {})
        if error.get("code") != "queue_exhausted":
            return call("armor_roll", inp, dice)
        dice.append({"d": error["die"], "v": 1})
    raise AssertionError("the armour roll kept asking for dice")


def partial(percent: int) -> dict[str, Any]:
    piece = {"id": "mail", "max_av": 3, "current_av": 3, "layer": 1,
             "coverage": [{"location": "torso", "percent": percent}]}
    return {"armor": [piece], "cover": None, "location": "torso", "pen": 0, "damage": 1}


@pytest.mark.parametrize("percent", range(1, 100))
def test_a_partial_piece_counts_iff_its_d100_is_at_most_its_percent(
    percent: int, js_engine: NodeEngine
) -> None:
    faces = sorted({max(1, percent - 1), percent, min(100, percent + 1)})
    cases = [on_demand(partial(percent), [{"d": 100, "v": face}]) for face in faces]
    for face, case, js in zip(faces, cases, js_engine.run_batch(cases), strict=True):
        python = run_python(case)
        [check] = [e for e in python["events"] if e["type"] == "coverage_check"]
        assert (check["face"], check["covers"]) == (face, face <= percent)
        assert canonical(js) == canonical(python)
