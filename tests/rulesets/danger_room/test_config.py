"""danger_room's config schema refuses malformed values, and its topic modules never clash."""

from __future__ import annotations

from typing import Any

from jsonschema import Draft202012Validator

from compiler.rules import danger_room
from compiler.rules.registry import engine_data


def schema() -> dict[str, Any]:
    return dict(engine_data("danger_room")[2])


def defaults() -> dict[str, Any]:
    return dict(engine_data("danger_room")[0])


def test_schema_rejects_a_wrong_default_shape() -> None:
    validator = Draft202012Validator(schema())
    wrong = {**defaults(), "miss_checks": ["dazzled", "dazzled", "target_out_of_reach"]}
    assert list(validator.iter_errors(wrong))
    wrong = {**defaults(), "attribute_bonus": {"offset": 10, "divisor": 0, "rounding": "floor"}}
    assert list(validator.iter_errors(wrong))


def test_topic_modules_never_share_a_rule_name() -> None:
    names = [name for module in danger_room.TOPICS for name in module.RULES]
    assert len(names) == len(set(names)) == len(danger_room.RULES)
