"""hazard_location's config has one source of truth: its rules_config JSON Schema.

Python `CONFIG`, the schema's defaults and the JS `CONFIG` must be equal, and every HZ-G item of
catalogue §4.3 must be a documented key (its id cited in a description).
"""

from __future__ import annotations

import json
import re
from typing import Any

from jsonschema import Draft202012Validator
from rules_parity import REPO_ROOT, NodeEngine, canonical, run_python

from compiler.rules.hazard_location import CONFIG

SCHEMA_PATH = REPO_ROOT / "compiler" / "schemas" / "rules_config" / "hazard_location.schema.json"
IDS_PATH = REPO_ROOT / "tests" / "golden" / "hazard_location" / "catalogue_ids.txt"


def _schema() -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return schema


def _defaults() -> dict[str, Any]:
    return {key: field["default"] for key, field in _schema()["properties"].items()}


def test_python_config_equals_the_schema_defaults() -> None:
    assert canonical(dict(CONFIG)) == canonical(_defaults())
    assert list(CONFIG) == list(_defaults()), "same keys in the same order"


def test_js_config_equals_the_schema_defaults(js_engine: NodeEngine) -> None:
    assert canonical(js_engine.config("hazard_location")) == canonical(_defaults())


def test_the_schema_is_closed_and_accepts_its_defaults() -> None:
    schema = _schema()
    Draft202012Validator.check_schema(schema)
    assert schema["additionalProperties"] is False
    assert list(Draft202012Validator(schema).iter_errors(_defaults())) == []


def test_every_gap_item_is_a_documented_key() -> None:
    gaps = [i for i in IDS_PATH.read_text(encoding="utf-8").split() if i.startswith("HZ-G")]
    assert len(gaps) == 34
    cited = {
        item
        for field in _schema()["properties"].values()
        for item in re.findall(r"HZ-G[0-9]{2}", field["description"])
    }
    assert [g for g in gaps if g not in cited] == []
    fields = _schema()["properties"].values()
    assert all(re.match(r"HZ-[GR][0-9]{2}", field["description"]) for field in fields)


def test_a_schema_violating_override_is_refused_by_both_engines(js_engine: NodeEngine) -> None:
    """The schema's enums are the engines' too: an unknown option is `bad_config` in both."""
    case = {
        "ruleset": "hazard_location", "rule": "resolve_hit", "config": {"contest_tie": "target"},
        "input": {"attacker_successes": 2, "defender_successes": 2, "defence_kind": None,
                  "attacker_dv": 3, "defender_dv": None},
        "dice": [],
    }
    python, js = run_python(case), js_engine.run(case)
    assert python["error"]["code"] == "bad_config"
    assert canonical(python) == canonical(js)

