"""sdm_pool's config has one source of truth: its rules_config JSON Schema (catalogue C5).

Python `CONFIG`, the schema's defaults and the JS `CONFIG` must be equal, and every SDM-G item of
catalogue §2.3 must be a documented key (its id cited in a description).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from rules_parity import GOLDEN_DIR, REPO_ROOT, NodeEngine, canonical, run_python

from compiler.rules.sdm_pool import CONFIG

SCHEMA_PATH = REPO_ROOT / "compiler" / "schemas" / "rules_config" / "sdm_pool.schema.json"
IDS = (GOLDEN_DIR / "sdm_pool" / "catalogue_ids.txt").read_text(encoding="utf-8").split()


def _schema() -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return schema


def _defaults() -> dict[str, Any]:
    return {key: field["default"] for key, field in _schema()["properties"].items()}


def test_python_config_equals_the_schema_defaults() -> None:
    assert canonical(dict(CONFIG)) == canonical(_defaults())
    assert list(CONFIG) == list(_defaults()), "same keys in the same order"


def test_js_config_equals_the_schema_defaults(js_engine: NodeEngine) -> None:
    assert canonical(js_engine.config("sdm_pool")) == canonical(_defaults())


def test_the_schema_is_closed_and_accepts_its_defaults() -> None:
    schema = _schema()
    Draft202012Validator.check_schema(schema)
    assert schema["additionalProperties"] is False
    assert list(Draft202012Validator(schema).iter_errors(_defaults())) == []


def test_every_gap_item_is_a_documented_key() -> None:
    gaps = [i for i in IDS if i.startswith("SDM-G")]
    assert len(gaps) == 23
    fields = _schema()["properties"].values()
    cited = {i for field in fields for i in re.findall(r"SDM-G[0-9]{2}", field["description"])}
    assert [g for g in gaps if g not in cited] == []
    assert all(re.match(r"SDM-[GR][0-9]{2}", field["description"]) for field in fields)


def _case(config: dict[str, Any]) -> dict[str, Any]:
    return {"ruleset": "sdm_pool", "rule": "attack_roll", "config": config,
            "input": {"pool": 2, "attack_kind": "melee"}, "dice": [{"d": 6, "v": 1}] * 2}


@pytest.mark.parametrize("override", [
    {"salvation": {"trigger": "luck"}},
    {"sdm": {"standard": 101}},
    {"cover_mod": {"partial": 1}},
    {"cover_applies_to": ["melee", "melee"]},
    {"shortfall_reading": "not_equal"},
    {"attack_kinds": {"melee": {"trait": "strength", "skill": "melee"}}},
])
def test_a_schema_violating_override_is_refused_by_both_engines(
    override: dict[str, Any], js_engine: NodeEngine
) -> None:
    """What the schema refuses, a rule reading the key refuses too: `bad_config`, same words."""
    assert list(Draft202012Validator(_schema()).iter_errors({**_defaults(), **override}))
    case = _case(override)
    if "attack_kinds" in override:
        case = {**case, "rule": "attack_pool", "input": {
            "attacker": {"id": "a", "traits": {"strength": 1}, "max_hp": 1, "hp": 1,
                         "weapons": [{"id": "w", "attack_kind": "melee"}]}, "weapon": "w"}}
    python, js = run_python(case), js_engine.run(case)
    assert python["error"]["code"] == "bad_config", python
    assert canonical(python) == canonical(js)


def test_a_level_range_upside_down_is_refused_by_both_engines(js_engine: NodeEngine) -> None:
    """SDM-G06: min above max, which the schema cannot see, is the engines' `bad_config`."""
    case = {**_case({"level_range": {"min": 3, "max": 2}}), "rule": "action_allotment",
            "input": {"character": {"id": "a", "traits": {"intelligence": 3}, "max_hp": 1,
                                    "hp": 1}}, "dice": []}
    python, js = run_python(case), js_engine.run(case)
    assert python["error"] == {"code": "bad_config",
                               "message": "config.level_range.max must be an integer in 3..1000"}
    assert canonical(python) == canonical(js)
