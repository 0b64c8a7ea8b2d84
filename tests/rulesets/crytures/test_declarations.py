"""What crytures declares once: every rule's input shape and every CR-G key, in the dialect.

The shared tests check the config schema, catalogue coverage and the mirrored docs of every
ruleset; this adds crytures' own: both documents pass the dialect check (the harness reads them
in both engines), every rule has a shape, defaults sit where the harness reads them, an option the
schema refuses is refused by both engines, the content adapter mirrors with the same CR items,
and the issue's scenarios are fixtures.
"""

from __future__ import annotations

import json
import re
from typing import Any

from rules_parity import GOLDEN_DIR, JS_CORE, NodeEngine, canonical, discover, run_python
from test_mirror import js_defs, python_defs

from compiler import plugins
from compiler.rules import crytures
from compiler.rules.dialect import check_config_dialect, check_dialect

PLUGIN = plugins.plugins()["crytures"]
PY_CORE = PLUGIN.layer("engine")
TAG = re.compile(r"CR-[REG][0-9]{2}")
FIXTURES = [f for f in discover(GOLDEN_DIR) if f.ruleset == "crytures"]


def document(path: Any) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def test_both_documents_are_in_the_dialect() -> None:
    assert check_dialect(document(PLUGIN.inputs_schema)) == []
    assert check_config_dialect(document(PLUGIN.config_schema)) == []


def test_every_rule_has_a_shape_and_defaults_sit_at_each_property() -> None:
    inputs = document(PLUGIN.inputs_schema)
    assert list(inputs["properties"]) == list(crytures.RULES)
    assert [name for name, shape in inputs["$defs"].items() if "default" in shape] == [], \
        "a default inside $defs is never filled in; put it at the property that refers to it"


def test_a_refused_option_is_refused_by_both_engines(js_engine: NodeEngine) -> None:
    case = {"ruleset": "crytures", "rule": "attack_roll", "config": {"crit_on": "natural_9"},
            "input": {"pool": 1, "difficulty": 5}, "dice": [{"d": 10, "v": 9}]}
    python, js = run_python(case), js_engine.run(case)
    assert python["error"]["code"] == "bad_config"
    assert canonical(python) == canonical(js)


def test_the_content_adapter_mirrors_with_the_same_items() -> None:
    python = python_defs(PY_CORE / "content.py")
    js = js_defs(JS_CORE / "crytures" / "content.mjs")
    assert [name for name, _ in python] == [name for name, _ in js]
    js_docs = dict(js)
    for name, doc in python:
        assert sorted(set(TAG.findall(doc))) == sorted(set(TAG.findall(js_docs[name]))), name


def test_the_issue_scenarios_are_fixtures() -> None:
    by_stem = {f.path.stem: f.data for f in FIXTURES}
    e01 = by_stem["e01_roll_modifier"]
    assert [d["v"] for d in e01["dice"]] == [4, 7, 2, 6, 9, 3]
    assert e01["expected"]["state"]["results"] == [6, 9, 4, 8, 11, 5]
    assert by_stem["e03_fire_lightning_vs_earth"]["expected"]["state"]["modifier"] == 2
    montage = by_stem["scenario_montage_three_against_four"]
    assert len(montage["input"]["party"]) == 3 and len(montage["input"]["enemies"]) == 4
    outcomes = [e["outcome"] for e in montage["expected"]["state"]["enemies"]]
    assert outcomes.count("bound") == 1
