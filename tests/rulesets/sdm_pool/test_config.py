"""sdm_pool's config schema is the engines' too: an option it refuses, both refuse.

The shared tests (tests/rules/test_rules_config.py) check the schema is valid, closed, documents
every SDM-G item and gives both engines the same defaults. Here: both shapes files stay in the
shapes dialect (outside it, the harness would quietly leave the config unread), what the schema
refuses both engines refuse alike, and what only the engine can see it refuses too.
"""

from __future__ import annotations

from typing import Any

import pytest
from jsonschema import Draft202012Validator
from rules_parity import NodeEngine, canonical, run_python

from compiler.rules.registry import engine_data

RULESET = "sdm_pool"


def _schema() -> dict[str, Any]:
    return dict(engine_data(RULESET)[2])


def _case(config: dict[str, Any], rule: str = "attack_roll") -> dict[str, Any]:
    inputs: dict[str, Any] = {
        "attack_roll": {"pool": 2, "attack_kind": "melee"},
        "action_allotment": {"character": {"id": "a", "traits": {"intelligence": 3}, "max_hp": 1,
                                           "hp": 1}},
    }
    dice = [{"d": 6, "v": 1}] * 2 if rule == "attack_roll" else []
    return {"ruleset": RULESET, "rule": rule, "config": config, "input": inputs[rule],
            "dice": dice}


@pytest.mark.parametrize("override", [
    {"salvation": {"trigger": "luck"}},
    {"sdm": {"standard": 101}},
    {"cover_applies_to": ["melee", "melee"]},
    {"shortfall_reading": "not_equal"},
    {"success_min_face": 0},
    {"attack_kinds": {"melee": {"trait": "strength", "skill": "melee"}}},
])
def test_a_schema_violating_override_is_refused_by_both_engines(
    override: dict[str, Any], js_engine: NodeEngine
) -> None:
    defaults = {key: field["default"] for key, field in _schema()["properties"].items()}
    assert list(Draft202012Validator(_schema()).iter_errors({**defaults, **override}))
    python, js = run_python(_case(override)), js_engine.run(_case(override))
    assert python["error"]["code"] == "bad_config", python
    assert canonical(python) == canonical(js)


@pytest.mark.parametrize(("override", "rule", "message"), [
    ({"level_range": {"min": 3, "max": 2}}, "action_allotment",
     "config.level_range.max must be at least config.level_range.min (3)"),
    ({"cover_mod": {"partial": 1}}, "attack_roll", "config.cover_mod.none is required"),
    ({"sdm": {"hard": 3}}, "attack_roll",
     "config.default_attack_tier must be a tier of config.sdm"),
    ({"actions_by_int": [{"intelligence": 0, "actions": 1, "minor_actions": 1}]},
     "action_allotment", "config.actions_by_int must have one row per level 0..5"),
])
def test_what_only_the_engine_sees_is_refused_by_both(
    override: dict[str, Any], rule: str, message: str, js_engine: NodeEngine
) -> None:
    """SDM-G02, SDM-G03, SDM-G04, SDM-G06: checks a schema cannot make, made alike."""
    python, js = run_python(_case(override, rule)), js_engine.run(_case(override, rule))
    assert python["error"] == {"code": "bad_config", "message": message,
                               "path": message.split(" ")[0]}
    assert canonical(python) == canonical(js)
