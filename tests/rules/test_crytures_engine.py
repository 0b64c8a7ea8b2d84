"""The crytures engine's declared data and documentation, in both engines.

One source of truth: the rules_config schema holds every CR-G key with its catalogue default (the
Python `CONFIG` and the JS `CONFIG` are read off it), the inputs document declares every rule's
input shape in the PLUGIN-LAYOUT dialect, and the JS core carries both as generated data
(`schemas.mjs`). Every rule and helper names its catalogue items the same way in both engines,
and every catalogue id of §5 is covered by a fixture.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from rules_parity import GOLDEN_DIR, JS_CORE, REPO_ROOT, NodeEngine, discover
from test_mirror import CRYTURES, js_defs, python_defs

from compiler.rules import crytures
from compiler.rules.crytures import reader

PY_CORE = REPO_ROOT / "compiler" / "rules" / "crytures"
TAG = re.compile(r"CR-[REG][0-9]{2}")
IDS = (GOLDEN_DIR / "crytures" / "catalogue_ids.txt").read_text(encoding="utf-8").split()
FIXTURES = [f for f in discover(GOLDEN_DIR) if f.ruleset == "crytures"]
#: Keywords of the shapes dialect (PLUGIN-LAYOUT.md); anything else is refused.
DIALECT = {
    "$schema", "$id", "$defs", "$comment", "$ref", "title", "description", "default", "type",
    "minimum", "maximum", "enum", "const", "minLength", "pattern", "items", "prefixItems",
    "minItems", "maxItems", "uniqueItems", "properties", "required", "additionalProperties",
    "maxProperties", "anyOf", "oneOf", "x-rulepack-expected", "x-rulepack-tag",
}


def inputs_document() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(reader.INPUTS_FILE.read_text(encoding="utf-8"))
    return loaded


def config_schema() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(reader.CONFIG_FILE.read_text(encoding="utf-8"))
    return loaded


def nodes(value: Any, path: str = "#") -> list[tuple[str, dict[str, Any]]]:
    """Every schema object under `value` (keys of `properties` and `$defs` are not keywords)."""
    if not isinstance(value, dict):
        return []
    found = [(path, value)]
    for key, sub in value.items():
        if key in ("properties", "$defs"):
            found += [n for name, s in sub.items() for n in nodes(s, f"{path}/{key}/{name}")]
        elif key in ("items", "additionalProperties") and isinstance(sub, dict):
            found += nodes(sub, f"{path}/{key}")
        elif key in ("prefixItems", "anyOf", "oneOf"):
            found += [n for i, s in enumerate(sub) for n in nodes(s, f"{path}/{key}/{i}")]
    return found


def js_data(node_path: Path) -> dict[str, Any]:
    import subprocess

    script = (f'const m = await import("{(JS_CORE / "crytures" / "schemas.mjs").as_uri()}");'
              f'const i = await import("{(JS_CORE / "crytures" / "index.mjs").as_uri()}");'
              "process.stdout.write(JSON.stringify({inputs: m.INPUTS, config: m.CONFIG_SCHEMA,"
              " defaults: i.CONFIG, rules: Object.keys(i.RULES)}));")
    run = subprocess.run([str(node_path), "--input-type=module", "-e", script],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    loaded: dict[str, Any] = json.loads(run.stdout)
    return loaded


def test_js_carries_the_schemas_as_they_are(node_path: Path) -> None:
    data = js_data(node_path)
    assert data["inputs"] == inputs_document()
    assert data["config"] == config_schema()
    assert data["defaults"] == dict(crytures.CONFIG)


def test_config_comes_from_the_schema(js_engine: NodeEngine) -> None:
    schema = config_schema()
    Draft202012Validator.check_schema(schema)
    assert schema["additionalProperties"] is False
    defaults = {key: field["default"] for key, field in schema["properties"].items()}
    assert list(Draft202012Validator(schema).iter_errors(defaults)) == []
    assert dict(crytures.CONFIG) == defaults
    assert js_engine.config("crytures") == defaults


def test_every_gap_has_a_key_citing_it() -> None:
    cited = Counter(item for field in config_schema()["properties"].values()
                    for item in TAG.findall(field["description"]))
    for key, field in config_schema()["properties"].items():
        assert re.match(r"CR-G\d{2}", field["description"]), key
    assert [gap for gap in IDS if gap.startswith("CR-G") and not cited[gap]] == []


def test_every_rule_has_a_shape_in_the_dialect(node_path: Path) -> None:
    document = inputs_document()
    assert list(document["properties"]) == list(crytures.RULES)
    camel = [re.sub(r"_([a-z])", lambda m: m.group(1).upper(), n) for n in crytures.RULES]
    assert js_data(node_path)["rules"] == camel
    for where, shape in nodes(document) + nodes(config_schema()):
        assert set(shape) <= DIALECT, (where, sorted(set(shape) - DIALECT))
        if shape.get("type") == "integer":
            assert "minimum" in shape and "maximum" in shape, where
        if shape.get("type") == "array" and shape.get("items") is not False:
            assert "maxItems" in shape, where
        if "additionalProperties" in shape and shape["additionalProperties"] is not False:
            assert "maxProperties" in shape, where
    defs = document["$defs"]
    assert [name for name, shape in defs.items() if "default" in shape] == [], \
        "defaults belong at each property, where the harness reads them"


@pytest.mark.parametrize("module", CRYTURES)
def test_docs_name_the_same_cr_items(module: str) -> None:
    js_docs = dict(js_defs(JS_CORE / "crytures" / f"{module}.mjs"))
    for name, doc in python_defs(PY_CORE / f"{module}.py"):
        assert sorted(set(TAG.findall(doc))) == sorted(set(TAG.findall(js_docs[name]))), name


def test_the_content_adapter_mirrors() -> None:
    python = python_defs(PY_CORE / "content.py")
    js = js_defs(JS_CORE / "crytures" / "content.mjs")
    assert [name for name, _ in python] == [name for name, _ in js]
    js_docs = dict(js)
    for name, doc in python:
        assert sorted(set(TAG.findall(doc))) == sorted(set(TAG.findall(js_docs[name]))), name


def test_every_rule_names_its_items() -> None:
    for name, rule in crytures.RULES.items():
        assert TAG.search(rule.__doc__ or ""), f"{name} names no CR item"


def test_the_id_list_is_the_catalogue_section() -> None:
    assert len(IDS) == len(set(IDS)) == 55
    assert Counter(i[:4] for i in IDS) == {"CR-R": 13, "CR-G": 32, "CR-E": 10}


def test_every_item_is_covered_and_every_example_has_its_own_fixtures() -> None:
    assert [f.ident for f in FIXTURES if f.problems] == []
    covered = {item for f in FIXTURES for item in f.data["covers"]}
    assert [i for i in IDS if i not in covered] == []
    assert sorted(i for i in covered if i.startswith("CR") and i not in IDS) == []
    for item in (i for i in IDS if i.startswith("CR-E")):
        stem = "e" + item[4:]
        own = [f for f in FIXTURES if re.match(rf"{stem}[-_]", f.path.stem)]
        assert own and all(item in f.data["covers"] for f in own), item


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
