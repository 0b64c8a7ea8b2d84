"""fate_wounds config and rule inputs: one declared source each (catalogue C5, issue 8).

The rules_config schema holds every FW-G key with its default and both engines read them from
it (the JS core through a generated copy, kept in sync here); each rule's input shape is in
`inputs.schema.json`, in the dialect the interpreter understands, and every rule has one.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from typing import Any

from fate_wounds_schema_data import TARGET, render
from jsonschema import Draft202012Validator
from rules_parity import GOLDEN_DIR, NodeEngine

from compiler.rules import fate_wounds
from compiler.rules.fate_wounds.schema_data import CONFIG, INPUTS, RULES_CONFIG
from compiler.rules.fate_wounds.shapes import KEYWORDS
from compiler.schemas import default_schemas

G_IDS = [i for i in (GOLDEN_DIR / "fate_wounds" / "catalogue_ids.txt").read_text().split()
         if i.startswith("FW-G")]


def _nodes(value: Any) -> Iterator[Mapping[str, Any]]:
    if isinstance(value, Mapping):
        yield value
        for key, item in value.items():
            if key not in ("default", "const", "enum", "properties", "$defs"):
                yield from _nodes(item)
            elif key in ("properties", "$defs"):
                for sub in item.values():
                    yield from _nodes(sub)
    elif isinstance(value, list):
        for item in value:
            yield from _nodes(item)


def test_the_generated_js_copy_is_current() -> None:
    assert TARGET.read_text(encoding="utf-8") == render(), (
        "stale: run python tests/rules/fate_wounds_schema_data.py --write")


def test_both_engines_take_the_schema_defaults(js_engine: NodeEngine) -> None:
    defaults = {key: field["default"] for key, field in RULES_CONFIG["properties"].items()}
    assert dict(fate_wounds.CONFIG) == dict(CONFIG) == defaults
    assert js_engine.config("fate_wounds") == defaults


def test_every_key_cites_its_item_and_every_item_has_a_key() -> None:
    cited: set[str] = set()
    for key, field in RULES_CONFIG["properties"].items():
        found = re.findall(r"FW-G\d{2}", field["description"])
        assert re.match(r"FW-G\d{2}", field["description"]), key
        cited.update(found)
    assert sorted(cited) == G_IDS


def test_defaults_validate_against_the_schema_the_content_uses() -> None:
    schemas = default_schemas()
    validator = Draft202012Validator(
        schemas.schema(schemas.uri("fate_wounds", "rules_config")), registry=schemas.registry)
    assert [e.message for e in validator.iter_errors(dict(CONFIG))] == []
    wrong = {**CONFIG, "skill_terms_per_roll": 3, "recovery": "rest"}
    assert len(list(validator.iter_errors(wrong))) == 2


def test_every_rule_has_a_shape_and_every_shape_a_rule() -> None:
    assert list(INPUTS["properties"]) == list(fate_wounds.RULES)


def test_the_shapes_keep_to_the_dialect() -> None:
    for document in (INPUTS, RULES_CONFIG):
        for node in _nodes(document):
            assert set(node) <= KEYWORDS, sorted(set(node) - KEYWORDS)
            if node.get("type") == "integer":
                assert "minimum" in node and "maximum" in node, node
            if node.get("type") == "array":
                assert "maxItems" in node, node
            if "pattern" in node:
                assert "x-rulepack-expected" in node, node
            if node.get("type") == "object" and "properties" in node:
                assert node.get("additionalProperties") is False, node
            if isinstance(node.get("additionalProperties"), Mapping):
                assert "maxProperties" in node, node
            if "oneOf" in node:
                assert "x-rulepack-tag" in node, node


def test_the_schemas_are_json() -> None:
    for document in (INPUTS, RULES_CONFIG):
        assert json.loads(json.dumps(document)) == document
