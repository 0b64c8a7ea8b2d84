"""Every golden fixture, through the Python engine and the JS rules core, against `expected`.

Fixtures are discovered as `tests/golden/<ruleset>/*.yaml`; a new ruleset only adds files.
All JS results come from one batch request to the session's Node process.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from plugin_roots import TEST_PLUGINS
from rules_parity import (
    GOLDEN_DIR,
    Fixture,
    NodeEngine,
    compare,
    discover,
    fixture_validator,
    load_fixture,
    report,
    run_python,
    run_python_batch,
    same,
)

from compiler import plugins
from compiler.rules import ERROR_CODES

FIXTURES = discover()
CATALOGUE_ITEMS = [f"P{n}" for n in range(1, 15)] + ["C1", "C3"]


@pytest.fixture(scope="module")
def js_results(js_engine: NodeEngine) -> dict[str, dict[str, Any]]:
    usable = [f for f in FIXTURES if not f.problems]
    results = js_engine.run_batch([f.case() for f in usable])
    return {f.ident: result for f, result in zip(usable, results, strict=True)}


@pytest.mark.parametrize("fixture", FIXTURES, ids=[f.ident for f in FIXTURES])
def test_fixture(fixture: Fixture, js_results: dict[str, dict[str, Any]]) -> None:
    if fixture.problems:
        pytest.fail(report(fixture, compare(fixture, {}, {})), pytrace=False)
    problems = compare(fixture, run_python(fixture.case()), js_results[fixture.ident])
    if problems:
        pytest.fail(report(fixture, problems), pytrace=False)


def test_every_primitive_has_fixtures() -> None:
    covered = Counter(
        item
        for f in FIXTURES
        if f.ruleset == "primitives" and not f.problems
        for item in f.data["covers"]
    )
    assert [item for item in CATALOGUE_ITEMS if not covered[item]] == []


def test_every_engine_folder_holds_fixtures() -> None:
    """Discovery found every fixture folder: each engine's, with as many cases as it has ids."""
    found = Counter(f.ruleset for f in FIXTURES)
    assert found["primitives"] >= len(CATALOGUE_ITEMS)
    for name in plugins.names():
        ids = (GOLDEN_DIR / name / "catalogue_ids.txt").read_text(encoding="utf-8").split()
        assert found[name] >= len(ids) // 2, f"{name}: {found[name]} fixtures for {len(ids)} ids"


def test_fixture_names_are_unique() -> None:
    names = Counter(f.data.get("name") for f in FIXTURES)
    assert [name for name, count in names.items() if count > 1] == []


def test_schema_lists_every_error_code() -> None:
    schema = json.loads((GOLDEN_DIR / "fixture.schema.json").read_text(encoding="utf-8"))
    error_schema = schema["properties"]["expected"]["oneOf"][1]["properties"]["error"]
    assert tuple(error_schema["properties"]["code"]["enum"]) == ERROR_CODES


GOOD = """\
name: a case
covers: [P1]
rule: count_at_least
config: {}
input: {die: 10, count: 0, min_face: 6, roll_mod: 0}
dice: []
expected: {events: [], state: {}}
"""


@pytest.mark.parametrize(
    ("old", "new", "complaint"),
    [
        ("covers: [P1]", "covers: [P15]", "does not match"),
        ("covers: [P1]", "covers: [DR-X01]", "does not match"),
        ("covers: [P1]", "covers: []", "should be non-empty"),
        ("min_face: 6", "min_face: 6.0", "is a float"),
        ("expected: {events: [], state: {}}", "expected: {error: {code: oops}}", "not valid"),
        ("config: {}\n", "", "'config' is a required property"),
        ("rule: count_at_least", "rule: countAtLeast", "does not match"),
    ],
)
def test_bad_fixture_files_are_rejected(old: str, new: str, complaint: str, tmp_path: Path) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(GOOD, encoding="utf-8")
    assert load_fixture(path, fixture_validator()).problems == []
    path.write_text(GOOD.replace(old, new), encoding="utf-8")
    problems = load_fixture(path, fixture_validator()).problems
    assert any(complaint in problem for problem in problems), problems


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ({"x": True}, {"x": 1}),
        ([0], [False]),
        ({"n": 1}, {"n": 1.0}),
        ({"a": [{"b": [1, True]}]}, {"a": [{"b": [1, 1]}]}),
        ({"a": 1}, {"a": 1, "b": None}),
        ([1, 2], [2, 1]),
        ({"s": "1"}, {"s": 1}),
    ],
)
def test_results_differing_as_json_are_not_the_same(a: object, b: object) -> None:
    """`same` is JSON equality: `==` takes `true` for `1`, and JSON does not."""
    assert not same(a, b) and not same(b, a)
    assert json.dumps(a, sort_keys=True) != json.dumps(b, sort_keys=True)


def test_results_equal_as_json_are_the_same_in_any_key_order() -> None:
    a = {"events": [{"type": "hit", "ok": True, "n": 0}], "state": {"b": None, "a": [1]}}
    b = {"state": {"a": [1], "b": None}, "events": [{"n": 0, "ok": True, "type": "hit"}]}
    assert same(a, b)


def test_a_bool_for_an_int_in_a_result_fails_the_comparison(tmp_path: Path) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(GOOD.replace("state: {}}", "state: {n: 1}}"), encoding="utf-8")
    fixture = load_fixture(path, fixture_validator())
    right, wrong = {"events": [], "state": {"n": 1}}, {"events": [], "state": {"n": True}}
    assert compare(fixture, right, right) == []
    problems = compare(fixture, right, wrong)
    assert [p.split(":")[0] for p in problems] == ["  js differs from expected",
                                                   "  python and js disagree"]


def test_a_ruleset_put_on_the_plugin_path_is_run_by_the_next_batch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The engines are looked up once per batch (`run_python_batch`), by the plug-in roots of the
    moment: one added to `RULEPACK_PLUGIN_PATH` between two batches is found by the second."""
    case = {"ruleset": "common_only", "rule": "nothing", "config": {}, "input": {}, "dice": []}
    before = run_python_batch([case])[0]["error"]["message"]
    monkeypatch.setenv(plugins.PATH_VARIABLE, str(TEST_PLUGINS))
    after = run_python_batch([case])[0]["error"]["message"]
    assert (before, after) == ("ruleset common_only is not implemented",
                               "rule common_only.nothing is not implemented")
