"""The sdm_pool rule input shapes (`inputs.schema.json`) describe what the rules take.

The harness reads every input through its shape before the rule runs; here the shapes are held
to the fixtures: one shape per rule, which every fixture's input satisfies except those that pin a
shape error (refused as `bad_input`, the rest of the refusals being the rules' own checks).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from rules_parity import GOLDEN_DIR, REPO_ROOT, Fixture, discover, run_python

from compiler.rules.sdm_pool import RULES

SHAPES_PATH = REPO_ROOT / "compiler/schemas/rulesets/sdm_pool/inputs.schema.json"
SHAPES: dict[str, Any] = json.loads(SHAPES_PATH.read_text(encoding="utf-8"))
FIXTURES = [f for f in discover(GOLDEN_DIR) if f.ruleset == "sdm_pool"]
ANNOTATIONS = {"title", "description", "$comment", "default", "x-rulepack-expected"}
#: Fixtures refused for their shape (the rest of the refusals are semantic, or dice).
SHAPE_ERRORS = {
    "error_attack_bad_opportunity_choice", "error_attack_roll_unknown_field",
    "error_attack_roll_unknown_kind", "error_round_unknown_step_kind", "g19_max_hp_required",
    "error_round_order_repeats",
}


def _validator(rule: str) -> Draft202012Validator:
    return Draft202012Validator({**SHAPES["properties"][rule], "$defs": SHAPES["$defs"]})


def _walk(shape: Any, where: str) -> Iterator[tuple[str, Mapping[str, Any]]]:
    if isinstance(shape, Mapping):
        yield where, shape
        for key, value in shape.items():
            if key in ("properties", "$defs"):
                for name, sub in value.items():
                    yield from _walk(sub, f"{where}.{name}")
            elif key in ("items", "additionalProperties") or key in ("anyOf", "oneOf"):
                for sub in value if isinstance(value, list) else [value]:
                    yield from _walk(sub, f"{where}.{key}")


def test_one_shape_per_rule() -> None:
    Draft202012Validator.check_schema(SHAPES)
    assert list(SHAPES["properties"]) == list(RULES)


def test_shapes_keep_to_the_dialect() -> None:
    """Integers carry both bounds, lists a maxItems, objects are closed records or bounded maps."""
    for where, shape in _walk(SHAPES, "$"):
        if shape.get("type") == "integer":
            assert {"minimum", "maximum"} <= set(shape), where
        if shape.get("type") == "array":
            assert "maxItems" in shape, where
        if shape.get("type") == "object":
            closed = shape.get("additionalProperties") is False and "properties" in shape
            additional = shape.get("additionalProperties")
            bounded = isinstance(additional, Mapping) and "maxProperties" in shape
            assert closed or bounded, where
        if "oneOf" in shape:
            assert shape.get("x-rulepack-tag") == "kind", where


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda f: f.path.stem)
def test_fixture_inputs_fit_their_shape(fixture: Fixture) -> None:
    errors = list(_validator(fixture.data["rule"]).iter_errors(fixture.data["input"]))
    if fixture.path.stem in SHAPE_ERRORS:
        assert errors, "a shape error fixture whose input the shape accepts"
        assert run_python(fixture.case())["error"]["code"] == "bad_input"
    else:
        assert errors == [], [e.message for e in errors]
