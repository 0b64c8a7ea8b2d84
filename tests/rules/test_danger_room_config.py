"""danger_room CONFIG: one source of truth, the rules_config schema (catalogue C5).

Python `CONFIG`, JS `CONFIG` and the schema's defaults must be equal, every key must cite the
DR-G item it settles, and the package must join its topic modules' rules without clashes.
"""

from __future__ import annotations

import json
import re
from typing import Any

from jsonschema import Draft202012Validator
from rules_parity import REPO_ROOT, NodeEngine

from compiler.rules import danger_room

SCHEMA_PATH = REPO_ROOT / "compiler" / "schemas" / "rules_config" / "danger_room.schema.json"


def schema() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return loaded


def defaults() -> dict[str, Any]:
    return {key: field["default"] for key, field in schema()["properties"].items()}


def test_schema_is_valid_and_closed() -> None:
    Draft202012Validator.check_schema(schema())
    assert schema()["additionalProperties"] is False


def test_python_config_equals_schema_defaults() -> None:
    assert dict(danger_room.CONFIG) == defaults()
    assert list(danger_room.CONFIG) == list(defaults())


def test_js_config_equals_schema_defaults(js_engine: NodeEngine) -> None:
    assert js_engine.config("danger_room") == defaults()


def test_defaults_validate_against_their_own_schema() -> None:
    validator = Draft202012Validator(schema())
    assert [e.message for e in validator.iter_errors(defaults())] == []


def test_every_key_cites_its_item() -> None:
    for key, field in schema()["properties"].items():
        assert re.match(r"DR-G\d{2}", field["description"]), key


def test_schema_rejects_a_wrong_default_shape() -> None:
    validator = Draft202012Validator(schema())
    wrong = {**defaults(), "miss_checks": ["dazzled", "dazzled", "target_out_of_reach"]}
    assert list(validator.iter_errors(wrong))
    wrong = {**defaults(), "attribute_bonus": {"offset": 10, "divisor": 0, "rounding": "floor"}}
    assert list(validator.iter_errors(wrong))


def test_topic_modules_never_share_a_rule_name() -> None:
    modules = (*danger_room.PART_A, *danger_room.PART_B)
    names = [name for module in modules for name in module.RULES]
    assert len(names) == len(set(names)) == len(danger_room.RULES)
