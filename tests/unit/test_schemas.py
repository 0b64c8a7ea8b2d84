"""The schemas are checked artefacts: valid, resolved offline, all reachable, dialect-neutral."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing.exceptions import Unresolvable

from compiler.model import KIND_BY_FOLDER, SourceDoc
from compiler.schemas import (
    BASE_URI,
    MANIFEST,
    RULES_CONFIG,
    SCHEMA_DIR,
    UNKNOWN_ENGINE,
    SchemaSet,
    default_schemas,
)
from compiler.validation import Checked, Checker, _ecma_regex

SCHEMAS = default_schemas()
FILES = sorted(SCHEMAS.files)
KINDS = sorted(KIND_BY_FOLDER.values())
# Shorthand classes mean different things in Python, ECMAScript with and without /u, and Rust.
SHORTHAND = re.compile(r"(?<!\\)\\[dDwWsSbB]")


def _objects(value: Any) -> Iterator[dict[str, Any]]:
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from _objects(item)
    elif isinstance(value, list):
        for item in value:
            yield from _objects(item)


def _keyword(name: str) -> Iterator[tuple[str, Any]]:
    for file in FILES:
        for node in _objects(SCHEMAS.files[file]):
            if name in node and not isinstance(node[name], dict):
                yield file, node[name]


@pytest.mark.parametrize("name", FILES)
def test_schema_is_valid_2020_12_with_its_path_as_id(name: str) -> None:
    schema = SCHEMAS.files[name]
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == BASE_URI + name


def test_every_ref_resolves_eagerly_against_the_registry() -> None:
    refs = 0
    for name in FILES:
        resolver = SCHEMAS.registry.resolver(base_uri=BASE_URI + name)
        for node in _objects(SCHEMAS.files[name]):
            if "$ref" in node:
                resolver.lookup(node["$ref"])
                refs += 1
    assert refs > 20


def test_the_registry_never_retrieves() -> None:
    with pytest.raises(Unresolvable):
        SCHEMAS.registry.resolver().lookup("https://json-schema.org/draft/2020-12/schema")


def test_every_format_used_has_a_checker() -> None:
    used = {value for _, value in _keyword("format")}
    assert used == {"uri", "email"}
    assert used <= set(Draft202012Validator.FORMAT_CHECKER.checkers)


def test_patterns_avoid_dialect_dependent_shorthand() -> None:
    patterns = [value for _, value in _keyword("pattern")]
    assert patterns
    for pattern in patterns:
        assert not SHORTHAND.search(pattern), pattern
        re.compile(pattern)


def _roots() -> list[str]:
    roots = [SCHEMAS.uri(None, kind) for kind in [MANIFEST, *KINDS]]
    roots += [SCHEMAS.uri(engine, RULES_CONFIG) for engine in SCHEMAS.engines()]
    roots += [BASE_URI + name for name in FILES if name.startswith("rulesets/")]
    return roots


def test_every_schema_file_is_reachable_from_a_validator_root() -> None:
    owner = {
        id(node): name
        for name in FILES
        for node in _objects(SCHEMAS.registry[BASE_URI + name].contents)
    }
    reached = {owner[id(schema)] for root in _roots() for _, schema in SCHEMAS.walk(root)}
    assert reached == set(FILES)


@pytest.mark.parametrize("engine", SCHEMAS.engines())
def test_each_engine_has_a_closed_rules_config_with_defaults(engine: str) -> None:
    schema = SCHEMAS.files[f"rulesets/{engine}/rules_config.schema.json"]
    assert schema["type"] == "object"
    assert schema["additionalProperties"] is False
    for name, field in schema["properties"].items():
        assert "default" in field, f"{engine}.{name} needs a default (catalogue C5)"


@pytest.mark.parametrize("kind", KINDS)
def test_kind_schemas_are_closed_with_unevaluated_properties(kind: str) -> None:
    schema = SCHEMAS.files[f"{kind}.schema.json"]
    assert schema["unevaluatedProperties"] is False
    assert schema["$ref"] == f"#/$defs/{kind}"
    assert "additionalProperties" not in schema["$defs"][kind]


@pytest.mark.parametrize("engine", [None, UNKNOWN_ENGINE, *SCHEMAS.engines()])
@pytest.mark.parametrize("kind", [MANIFEST, *KINDS])
def test_derived_views_build_for_every_engine_and_kind(engine: str | None, kind: str) -> None:
    assert SCHEMAS.html_fields(engine, kind) == ("description",)
    SCHEMAS.default_plan(engine, kind)  # raises on conflicting defaults
    SCHEMAS.references(engine, kind)


def test_references_are_read_off_the_schemas() -> None:
    assert SCHEMAS.references(None, "fighter") == (
        (("items", "armor", "*"), "armor"),
        (("items", "cards", "*"), "card"),
        (("items", "powers", "*"), "power"),
        (("items", "weapons", "*"), "weapon"),
        (("species",), "hit_locations"),
    )
    assert SCHEMAS.references(None, "armor") == (
        (("coverage", "*"), "location"),
        (("coverage", "*", "location"), "location"),
    )


# Accept/reject fixtures run through our Python regexes and through Node's, which the module uses.
PATTERN_PROBES = [
    "sword", "sword\n", "\nsword", "Sword", "sword٣", "a-b", "a--b", "-a", "a-", "", "two words",
    "martial_arts", "icons/a.webp", "../x.png", "a/.b.png", "x.png\n", "1.0.0", "1.0", "https://x",
    "worldbuilding", "a_b", "\u017fword",  # long s: case-folds to "s" in some engines
]


def test_patterns_agree_with_ecmascript(node_path: Path) -> None:
    patterns = sorted({value for _, value in _keyword("pattern")})
    script = (
        "const {patterns, probes} = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        "const test = p => probes.map(s => new RegExp(p, 'u').test(s));"
        "console.log(JSON.stringify(patterns.map(test)));"
    )
    stdin = json.dumps({"patterns": patterns, "probes": PATTERN_PROBES})
    run = subprocess.run(
        [str(node_path), "-e", script], input=stdin, capture_output=True, text=True, check=True
    )
    node = json.loads(run.stdout)
    python = [[bool(_ecma_regex(p).search(s)) for s in PATTERN_PROBES] for p in patterns]
    assert python == node


# --- ruleset extensions -------------------------------------------------------------------------

EXTENSION = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": BASE_URI + "rulesets/danger_room/weapon.schema.json",
    "$ref": "../../weapon.schema.json#/$defs/weapon",
    "properties": {
        "techniques": {
            "type": "array", "items": {"$ref": "../../common.schema.json#/$defs/card_ref"},
            "default": [],
        },
        "notes": {"$ref": "../../common.schema.json#/$defs/html"},
    },
    "unevaluatedProperties": False,
}


@pytest.fixture(scope="module")
def extended(tmp_path_factory: pytest.TempPathFactory) -> SchemaSet:
    folder = tmp_path_factory.mktemp("schemas")
    shutil.copytree(SCHEMA_DIR, folder, dirs_exist_ok=True, ignore=shutil.ignore_patterns("*.py"))
    target = folder / "rulesets" / "danger_room" / "weapon.schema.json"
    target.parent.mkdir(parents=True, exist_ok=True)  # replaces the shipped extension
    target.write_text(json.dumps(EXTENSION), encoding="utf-8")
    return SchemaSet(folder, engines=(*SCHEMAS.engines(), "common_only"))


def _check(schemas: SchemaSet, engine: str, data: dict[str, Any]) -> Checked | list[str]:
    source = SourceDoc("w.yaml", "weapon", data, {})
    result = Checker(schemas, accelerate=False).check(source, engine)
    return result if isinstance(result, Checked) else [d.format() for d in result]


def test_an_extension_applies_to_its_engine_only(extended: SchemaSet) -> None:
    data = {"id": "axe", "name": "Axe", "techniques": ["chop"], "damage": 2}
    checked = _check(extended, "danger_room", data)
    assert isinstance(checked, Checked)
    assert checked.data["techniques"] == ["chop"]
    assert _check(extended, "common_only", data) == ["w.yaml:1:1: $: unknown key 'techniques'"]


def test_an_extension_keeps_the_common_fields_and_stays_closed(extended: SchemaSet) -> None:
    data = {"id": "axe", "name": "Axe", "techniqes": [], "damage": "x"}
    assert _check(extended, "danger_room", data) == [
        "w.yaml:1:1: $: unknown key 'techniqes'; did you mean 'techniques'?",
        "w.yaml:1:1: $.damage: 'x' is not of type 'integer'",
    ]


def test_an_extension_adds_defaults_html_fields_and_references(extended: SchemaSet) -> None:
    checked = _check(extended, "danger_room", {"id": "axe", "name": "Axe"})
    assert isinstance(checked, Checked)
    assert checked.data == {"id": "axe", "name": "Axe", "description": "", "tags": [],
                            "techniques": []}
    assert extended.html_fields("danger_room", "weapon") == ("description", "notes")
    assert ((("techniques", "*"), "card")) in extended.references("danger_room", "weapon")
    assert extended.html_fields("common_only", "weapon") == ("description",)
    assert extended.fingerprint != SCHEMAS.fingerprint
