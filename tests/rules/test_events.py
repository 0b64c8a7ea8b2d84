"""Events have a declared shape (issue 8): each ruleset's `events.schema.json`.

Every event a golden fixture expects is what both engines emit (tests/rules/test_golden.py holds
them to it), so checking the fixtures' events against the declared shapes checks both engines.
Each declared type must be emitted by some fixture, so the declaration cannot go stale; the
chat cards' rules traces read these fields (tests/rules/test_trace_events.py).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from rules_parity import Fixture, discover

from compiler import plugins
from compiler.schemas import SCHEMA_DIR

FIXTURES = [f for f in discover() if not f.problems]


def events_schemas() -> dict[str, Path]:
    """The declared events of the shared primitives and of every ruleset, by folder name."""
    found = {plugins.SHARED_ENGINE: SCHEMA_DIR / plugins.SHARED_ENGINE / "events.schema.json"}
    found.update({name: plugin.events_schema for name, plugin in plugins.plugins().items()})
    return found


SCHEMAS = events_schemas()


def read(path: Path) -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return schema


def emitted(ruleset: str) -> dict[str, list[tuple[str, int, Mapping[str, Any]]]]:
    """Event type -> (fixture, index, event) of every event the ruleset's fixtures expect."""
    found: dict[str, list[tuple[str, int, Mapping[str, Any]]]] = defaultdict(list)
    for fixture in FIXTURES:
        if fixture.ruleset == ruleset:
            for index, event in enumerate(_events(fixture)):
                found[str(event.get("type"))].append((fixture.ident, index, event))
    return found


def _events(fixture: Fixture) -> list[Mapping[str, Any]]:
    events: list[Mapping[str, Any]] = fixture.data["expected"].get("events", [])
    return events


def test_every_ruleset_with_fixtures_declares_its_events() -> None:
    rulesets = {f.ruleset for f in FIXTURES}
    assert rulesets >= {"primitives", "danger_room", "hazard_location"}
    assert rulesets <= SCHEMAS.keys()


@pytest.mark.parametrize("ruleset", sorted(SCHEMAS))
def test_the_declaration_is_a_schema_of_one_definition_per_type(ruleset: str) -> None:
    schema = read(SCHEMAS[ruleset])
    Draft202012Validator.check_schema(schema)
    defs = schema["$defs"]
    assert schema["properties"]["type"]["enum"] == sorted(defs)
    for name, definition in defs.items():
        assert definition["properties"]["type"] == {"const": name}, name
        assert "type" in definition["required"], name
        assert definition.get("additionalProperties") is False, f"{name}: a closed shape"


@pytest.mark.parametrize("ruleset", sorted(SCHEMAS))
def test_every_expected_event_has_its_declared_shape(ruleset: str) -> None:
    defs = read(SCHEMAS[ruleset])["$defs"]
    problems = []
    for event_type, found in sorted(emitted(ruleset).items()):
        if event_type not in defs:
            problems += [f"{ident}: events[{i}]: type {event_type!r} is not declared"
                         for ident, i, _ in found]
            continue
        validator = Draft202012Validator(defs[event_type])
        for ident, index, event in found:
            problems += [f"{ident}: events[{index}] ({event_type}) {error.json_path}: "
                         f"{error.message}" for error in validator.iter_errors(event)]
    assert not problems, "\n".join(problems[:40])


@pytest.mark.parametrize("ruleset", sorted(SCHEMAS))
def test_every_declared_event_is_emitted_by_a_fixture(ruleset: str) -> None:
    unused = sorted(read(SCHEMAS[ruleset])["$defs"].keys() - emitted(ruleset).keys())
    assert not unused, f"{ruleset}: declared but no fixture emits them: {unused}"


def test_a_wrong_field_is_caught() -> None:
    """The check bites: an event with a field of the wrong type, or an undeclared field, fails."""
    defs = read(SCHEMAS["primitives"])["$defs"]
    name, definition = next(iter(defs.items()))
    validator = Draft202012Validator(definition)
    good = next(event for _, _, event in emitted("primitives")[name])
    assert not list(validator.iter_errors(good))
    assert list(validator.iter_errors({**good, "undeclared": 1}))
    field = next(k for k in definition["required"] if k != "type")
    assert list(validator.iter_errors({**good, field: {"wrong": True}}))
