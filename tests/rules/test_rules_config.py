"""Every engine's config has one source, its rules_config schema, and it documents every gap.

For each engine the harness runs (the shared primitives and every discovered ruleset): the schema
is valid Draft 2020-12, closed and accepts its own defaults; every top-level key cites the
catalogue item it settles and every `-G` item of the ruleset's `catalogue_ids.txt` is a key's (or
the schema's description says how it is settled without one);
and the JS core gets exactly the defaults the Python engine uses (generated data, no literal).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from rules_parity import GOLDEN_DIR, NodeEngine, canonical

from compiler import plugins
from compiler.rules.registry import engine_data, engine_names, engines

ITEM = re.compile(r"\b(?:[A-Z]{2,3}-[GR]\d{2}|P(?:1[0-4]|[1-9]))\b")


def schema_of(name: str) -> dict[str, Any]:
    return dict(engine_data(name)[2])


@pytest.mark.parametrize("name", engine_names())
def test_the_schema_is_valid_closed_and_accepts_its_defaults(name: str) -> None:
    schema = schema_of(name)
    Draft202012Validator.check_schema(schema)
    assert schema["additionalProperties"] is False
    defaults = {key: field["default"] for key, field in schema["properties"].items()}
    assert [e.message for e in Draft202012Validator(schema).iter_errors(defaults)] == []
    assert dict(engines()[name].config) == defaults


@pytest.mark.parametrize("name", engine_names())
def test_every_key_cites_the_item_it_settles(name: str) -> None:
    for key, field in schema_of(name)["properties"].items():
        assert ITEM.search(field.get("description", "")), f"{name}: config.{key} cites no item"


@pytest.mark.parametrize("name", plugins.names())
def test_every_gap_item_is_documented(name: str) -> None:
    """Each -G item is a key's, or the schema's own description says how it is settled."""
    ids = (GOLDEN_DIR / name / "catalogue_ids.txt").read_text(encoding="utf-8").split()
    gaps = [item for item in ids if item.split("-")[1].startswith("G")]
    assert gaps, f"{name}: catalogue_ids.txt lists no -G item"
    schema = schema_of(name)
    texts = [schema.get("description", "")]
    texts += [field.get("description", "") for field in schema["properties"].values()]
    cited = {item for text in texts for item in ITEM.findall(text)}
    assert [gap for gap in gaps if gap not in cited] == []


@pytest.mark.parametrize("name", engine_names())
def test_js_gets_the_python_defaults(name: str, js_engine: NodeEngine) -> None:
    assert canonical(js_engine.config(name)) == canonical(dict(engines()[name].config))
