"""Validation semantics and diagnostics, on SourceDocs built in the test."""

from __future__ import annotations

import copy
import json
import shutil
from typing import Any

import pytest
from plugin_roots import TEST_PLUGINS

from compiler import plugins
from compiler.model import Mark, SourceDoc
from compiler.schemas import NO_DEFAULT, SCHEMA_DIR, UNKNOWN_ENGINE, SchemaSet, default_schemas
from compiler.validation import (
    Checked,
    Checker,
    _ecma_regex,
    _has_integral_float,
    check,
    default_checker,
    fill_defaults,
    html_fields,
)

#: The shipped schemas, plus those of the test plug-ins (tests/plugins/): `common_only` is a
#: ruleset of the shared kinds alone.
with pytest.MonkeyPatch.context() as _patch:
    _patch.setenv(plugins.PATH_VARIABLE, str(TEST_PLUGINS))
    SCHEMAS = SchemaSet(SCHEMA_DIR)
PURE = Checker(SCHEMAS, accelerate=False)
MARKS = {(): Mark(1, 1), ("id",): Mark(1, 5), ("damage",): Mark(3, 9)}


def _weapon(**fields: Any) -> dict[str, Any]:
    return {"id": "axe", "name": "Axe", **fields}


def _errors(data: Any, kind: str = "weapon", engine: str | None = None) -> list[str]:
    result = PURE.check(SourceDoc("w.yaml", kind, data, MARKS), engine)
    assert not isinstance(result, Checked), "expected errors"
    return [d.format() for d in result]


def _valid(data: Any, kind: str = "weapon", engine: str | None = None) -> Checked:
    result = PURE.check(SourceDoc("w.yaml", kind, data, MARKS), engine)
    assert isinstance(result, Checked), [d.format() for d in result]
    return result


@pytest.mark.parametrize("value", [True, False, 3.0, 1000.0, 2.5, "3", None])
def test_integer_means_int(value: Any) -> None:
    messages = _errors(_weapon(damage=value))
    assert messages == [f"w.yaml:3:9: $.damage: {value!r} is not of type 'integer'"]


def test_integers_are_bounded_to_what_javascript_holds_exactly() -> None:
    _valid(_weapon(damage=2**53 - 1))
    assert _errors(_weapon(damage=2**53)) == [
        "w.yaml:3:9: $.damage: 9007199254740992 is greater than the maximum of 9007199254740991"
    ]


@pytest.mark.parametrize("slug", ["sword\n", "Sword", "sword٣", "-sword", "sw--ord", ""])
def test_ids_follow_ecmascript_pattern_semantics(slug: str) -> None:
    pattern = "^[a-z0-9]+(-[a-z0-9]+)*$"
    assert _errors(_weapon(id=slug)) == [f"w.yaml:1:5: $.id: {slug!r} does not match {pattern!r}"]


@pytest.mark.parametrize(
    ("pattern", "text", "matches"),
    [
        ("^a$", "a\n", False),
        ("^a$", "a", True),
        ("^a[$]$", "a$", True),
        (r"^a\$$", "a$", True),
        (r"^a\$", "a$\n", True),
        (r"^\d$", "٣", False),
        ("a$|^b", "b\n", True),
    ],
)
def test_ecma_regex_anchors_dollar_at_the_very_end(pattern: str, text: str, matches: bool) -> None:
    assert bool(_ecma_regex(pattern).search(text)) is matches


def test_the_rules_hold_behind_every_ref() -> None:
    # jsonschema switches validator class at any subschema declaring `$schema`; every kind file
    # does, so this fails if the registry ever holds them with it.
    wrong_id = "w.yaml:1:5: $.id: 'x\\n' does not match '^[a-z0-9]+(-[a-z0-9]+)*$'"
    for kind in ("weapon", "armor", "card", "power", "fighter"):
        assert _errors({"id": "x\n", "name": "X"}, kind, "common_only") == [wrong_id]
        # danger_room's extensions require more fields; the id rule still holds behind them.
        assert wrong_id in _errors({"id": "x\n", "name": "X"}, kind, "danger_room")


def test_format_is_asserted() -> None:
    manifest = {"id": "m", "title": "M", "version": "1.0.0", "ruleset": "common_only",
                "authors": [{"name": "A", "email": "nobody"}]}
    assert _errors(manifest, "manifest") == [
        "w.yaml:1:1: $.authors[0].email: 'nobody' is not a 'email'"
    ]


def test_required_points_at_the_object_and_names_the_key() -> None:
    assert _errors({"id": "axe"}) == ["w.yaml:1:1: $: 'name' is a required property"]


def test_unknown_keys_get_one_line_each_on_their_own_mark() -> None:
    marks = {(): Mark(1, 1), ("dmage",): Mark(4, 8), ("zzz",): Mark(5, 6)}
    result = PURE.check(SourceDoc("w.yaml", "weapon", _weapon(dmage=1, zzz=2), marks), None)
    assert isinstance(result, list)
    assert [d.format() for d in result] == [
        "w.yaml:4:8: $: unknown key 'dmage'; did you mean 'damage'?",
        "w.yaml:5:6: $: unknown key 'zzz'",
    ]


def test_any_of_explains_the_branch_that_fits_the_value() -> None:
    coverage = [{"location": "torso", "percnt": 5}]
    assert _errors(_weapon(coverage=coverage), "armor") == [
        "w.yaml:1:1: $.coverage[0]: 'percent' is a required property",
        "w.yaml:1:1: $.coverage[0]: unknown key 'percnt'; did you mean 'percent'?",
    ]


def test_any_of_with_no_fitting_branch_names_the_types() -> None:
    assert _errors(_weapon(damage=[1]), "card") == [
        "w.yaml:3:9: $.damage: [1] is not of type 'integer' or 'null'"
    ]


def test_long_values_are_quoted_short() -> None:
    (message,) = _errors(_weapon(name={"text": "x" * 200}))
    assert message == (
        "w.yaml:1:1: $.name: {'text': 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"
        " is not of type 'string'"
    )


def test_defaults_are_filled_into_a_copy() -> None:
    data = {"id": "h", "name": "H", "items": {"weapons": ["axe"]}}
    before = copy.deepcopy(data)
    checked = _valid(data, "fighter")
    assert checked.data == {
        "id": "h", "name": "H", "description": "", "tags": [], "attributes": {}, "token": "npc",
        "items": {"weapons": ["axe"], "armor": [], "cards": [], "powers": []},
    }
    assert data == before
    assert checked.source.data is data


def test_fill_defaults_walks_arrays_and_maps() -> None:
    plan = {"*": (NO_DEFAULT, {"level": (1, {}), "notes": ([], {})})}
    assert fill_defaults([{"level": 3}, {}], plan) == [
        {"level": 3, "notes": []}, {"level": 1, "notes": []}
    ]
    assert fill_defaults({"a": {}, "b": {"notes": ["x"]}}, plan) == {
        "a": {"level": 1, "notes": []}, "b": {"level": 1, "notes": ["x"]}
    }
    assert fill_defaults("text", plan) == "text"
    shared: dict[str, Any] = {"x": ([], {})}
    first, second = fill_defaults({}, shared), fill_defaults({}, shared)
    first["x"].append(1)
    assert second == {"x": []}


def test_manifest_defaults_and_its_rules_config() -> None:
    manifest = {"id": "m", "title": "M", "version": "1.0.0", "ruleset": "common_only",
                "authors": [{"name": "A"}]}
    assert _valid(manifest, "manifest").data == {
        **manifest, "description": "", "foundry_system": ["worldbuilding", "dnd5e"],
        "damage_types": [],
        "rules_config": {},
    }
    config = {**manifest, "rules_config": {"opportunity_costs": 2}}
    assert _errors(config, "manifest") == [
        "w.yaml:1:1: $.rules_config: unknown key 'opportunity_costs'"
    ]


def test_rules_config_is_left_alone_when_the_engine_is_unknown() -> None:
    manifest = {"id": "m", "title": "M", "version": "1.0.0", "ruleset": "nope",
                "authors": [{"name": "A"}], "rules_config": {"anything": 1}}
    assert _errors(manifest, "manifest") == [
        "w.yaml:1:1: $.ruleset: 'nope' is not a ruleset this compiler has "
        "(rulepack rulesets lists them)"
    ]


def test_an_unknown_engine_checks_only_the_common_fields() -> None:
    _valid(_weapon(techniques=["chop"]), "weapon", UNKNOWN_ENGINE)
    assert _errors(_weapon(techniques=["chop"]), "weapon", "common_only") == [
        "w.yaml:1:1: $: unknown key 'techniques'"
    ]
    assert _errors(_weapon(damage="x"), "weapon", UNKNOWN_ENGINE) == [
        "w.yaml:3:9: $.damage: 'x' is not of type 'integer'"
    ]


@pytest.fixture(scope="module")
def conditional(tmp_path_factory: pytest.TempPathFactory) -> SchemaSet:
    """A weapon schema where `range` is declared only under `then`."""
    folder = tmp_path_factory.mktemp("schemas")
    shutil.copytree(SCHEMA_DIR, folder, dirs_exist_ok=True, ignore=shutil.ignore_patterns("*.py"))
    weapon = json.loads((folder / "weapon.schema.json").read_text(encoding="utf-8"))
    weapon["if"] = {"properties": {"hands": {"const": 2}}, "required": ["hands"]}
    weapon["then"] = {"properties": {"range": {"type": "integer"}}}
    (folder / "weapon.schema.json").write_text(json.dumps(weapon), encoding="utf-8")
    return SchemaSet(folder)


def test_a_key_declared_in_a_branch_that_did_not_apply_keeps_jsonschemas_message(
    conditional: SchemaSet,
) -> None:
    checker = Checker(conditional, accelerate=False)
    assert isinstance(checker.check(SourceDoc("w", "weapon", _weapon(hands=2, range=3), {}), None),
                      Checked)
    result = checker.check(SourceDoc("w", "weapon", _weapon(hands=1, range=3), {}), None)
    assert isinstance(result, list)
    assert [d.message for d in result] == [
        "Unevaluated properties are not allowed ('range' was unexpected)"
    ]


def test_validators_are_built_once_per_engine_and_kind() -> None:
    checker = Checker(SCHEMAS)
    assert checker.validator("common_only", "weapon") is checker.validator("common_only", "weapon")
    assert checker.validator("common_only", "weapon") is not checker.validator(None, "weapon")
    assert default_checker() is default_checker()


def test_the_pure_checker_uses_no_accelerator() -> None:
    assert PURE.accelerated is False


@pytest.mark.parametrize(
    ("value", "found"),
    [({"a": [1, {"b": 2.0}]}, True), ({"a": [1, {"b": 2.5}]}, False), (1e3, True), ("1e3", False),
     ([True, 1], False)],
)
def test_integral_floats_are_found_anywhere(value: Any, found: bool) -> None:
    assert _has_integral_float(value) is found


@pytest.mark.parametrize("data", [_weapon(damage=1000.0), _weapon(id="a\n"), _weapon(hands=3)])
def test_the_accelerated_checker_reports_what_the_pure_one_does(data: dict[str, Any]) -> None:
    source = SourceDoc("w.yaml", "weapon", data, MARKS)
    assert Checker(default_schemas()).check(source, None) == PURE.check(source, None)


@pytest.mark.usefixtures("common_only")
def test_module_level_helpers_use_the_shipped_schemas() -> None:
    assert isinstance(check(SourceDoc("w.yaml", "weapon", _weapon(), {}), "common_only"), Checked)
    assert html_fields("common_only", "weapon") == ("description",)

