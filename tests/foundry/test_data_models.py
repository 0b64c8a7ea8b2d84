"""The data-model description matches the JSON Schemas it is read from, for every engine and kind.

The schemas are walked independently (`SchemaSet.walk`, the same walk that finds `htmlFields`
and references) and every keyword a data model can enforce is looked up in the description.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import plyvel
import pytest
from pack_samples import make_ruleset

from compiler.packing import subtypes as subtypes_of
from compiler.render.data_models import (
    NOT_IN_FIGHTER_SYSTEM,
    NOT_IN_SYSTEM,
    FieldSpec,
    UnsupportedSchema,
    data_schemas,
    html_paths,
    system_fields,
)
from compiler.schemas import BASE_URI, SCHEMA_DIR, SchemaSet, default_schemas, html_fields

ENGINES = default_schemas().engines()
#: Every sub-type of every engine: the shared kinds and the engine's own Item kinds.
CASES = [(engine, kind) for engine in ENGINES
         for kind in sorted(subtypes_of(make_ruleset(engine=engine)))]
JSON_TYPES = {
    "integer": {"integer"}, "number": {"number", "integer"}, "string": {"string"},
    "boolean": {"boolean"}, "array": {"array"}, "object": {"object", "map", "any"},
}
DATA_SCHEMAS = re.compile(r"^export const DATA_SCHEMAS = Object\.freeze\((.*)\);$", re.M)


def specs_at(fields: Mapping[str, FieldSpec], path: tuple[str, ...]) -> list[FieldSpec]:
    """Every description at `path` (`*` = array item or map value; unions give each option)."""
    found: list[FieldSpec] = []
    if path and path[0] in fields:
        found = _descend(fields[path[0]], path[1:])
    return found


def _descend(spec: FieldSpec, rest: tuple[str, ...]) -> list[FieldSpec]:
    if spec["type"] == "union":
        return [s for option in spec["options"] for s in _descend(option, rest)]
    if not rest:
        return [spec]
    if rest[0] == "*" and spec["type"] in ("array", "map"):
        return _descend(spec["element"], rest[1:])
    if spec["type"] == "object" and rest[0] in spec["fields"]:
        return _descend(spec["fields"][rest[0]], rest[1:])
    return []


def _check_keywords(where: str, schema: Mapping[str, Any], specs: list[FieldSpec]) -> None:
    declared = schema.get("type")
    if isinstance(declared, str) and declared != "null":
        assert any(s["type"] in JSON_TYPES[declared] for s in specs), (where, declared, specs)
    if declared == "null":
        assert any(s["nullable"] for s in specs), where
    typed = [s for s in specs if s["type"] in ("integer", "number")]
    if "minimum" in schema:
        assert typed and all(s["min"] >= schema["minimum"] for s in typed), where
    if "maximum" in schema:
        assert typed and all(s["max"] <= schema["maximum"] for s in typed), where
    strings = [s for s in specs if s["type"] == "string"]
    if schema.get("contentMediaType") == "text/html":
        assert strings and all(s["html"] for s in strings), where
    if "pattern" in schema:
        assert strings and all(s["pattern"] == schema["pattern"] for s in strings), where
    if "maxLength" in schema:
        assert strings and all(s["maxLength"] <= schema["maxLength"] for s in strings), where
    if "enum" in schema:
        assert all(set(s["choices"]) <= set(schema["enum"]) for s in typed + strings), where
    if "default" in schema:
        assert any(s.get("initial") == schema["default"] for s in specs), where


@pytest.mark.parametrize(("engine", "kind"), CASES)
def test_every_schema_keyword_is_in_the_description(engine: str, kind: str) -> None:
    schemas = default_schemas()
    fields = system_fields(engine, kind, schemas)
    walked = schemas.walk(schemas.uri(engine, kind))
    mapped = NOT_IN_FIGHTER_SYSTEM if kind == "fighter" else NOT_IN_SYSTEM
    for path, schema in walked:
        if not path or path[0] in mapped:
            continue
        specs = specs_at(fields, path)
        where = f"{engine}/{kind}: {'.'.join(path)}"
        assert specs, f"{where} is not described"
        _check_keywords(where, schema, specs)
    top = {path[0] for path, _ in walked if path}
    assert set(fields) == top - mapped


@pytest.mark.parametrize(("engine", "kind"), CASES)
def test_html_fields_are_the_descriptions_html_strings(engine: str, kind: str) -> None:
    mapped = NOT_IN_FIGHTER_SYSTEM if kind == "fighter" else NOT_IN_SYSTEM
    expected = [p for p in html_fields(engine, kind) if p.split(".")[0] not in mapped]
    assert html_paths(system_fields(engine, kind, default_schemas())) == expected


def test_description_names_the_document_of_each_subtype() -> None:
    for engine in ENGINES:
        ruleset = make_ruleset(engine=engine)
        described = data_schemas(ruleset)
        assert {s: d["document"] for s, d in described.items()} == {
            subtype: document_name for document_name, subtype in subtypes_of(ruleset).values()
        }


def _generated(module: Path) -> dict[str, Any]:
    match = DATA_SCHEMAS.search((module / "scripts" / "config.mjs").read_text(encoding="utf-8"))
    assert match, "config.mjs has no DATA_SCHEMAS"
    generated: dict[str, Any] = json.loads(match[1])
    return generated


def test_built_html_fields_equal_the_generated_description(built_modules: list[Path]) -> None:
    for module in built_modules:
        manifest = json.loads((module / "module.json").read_text(encoding="utf-8"))
        described = _generated(module)
        for document_name, subtypes in manifest["documentTypes"].items():
            for subtype, sanitised in subtypes.items():
                assert described[subtype]["document"] == document_name
                assert sanitised["htmlFields"] == html_paths(described[subtype]["fields"])


def _pack_docs(module: Path, pack: str) -> list[dict[str, Any]]:
    folder = module / "packs" / pack
    if not folder.is_dir():
        return []
    db = plyvel.DB(str(folder), create_if_missing=False)
    try:
        collection = pack.split("-")[0]  # items-<system> holds `!items!` keys
        return [json.loads(v) for k, v in db if k.startswith(f"!{collection}".encode())]
    finally:
        db.close()


def test_every_packed_system_key_is_a_described_field(built_modules: list[Path]) -> None:
    checked = 0
    for module in built_modules:
        described = _generated(module)
        packs = [p.name for p in (module / "packs").iterdir() if p.name.split("-")[0] in
                 ("items", "actors")]
        assert packs, f"{module.name} has no Item or Actor pack"
        for doc in [d for pack in packs for d in _pack_docs(module, pack)]:
            if "system" not in doc:
                continue  # embedded-id lists of a parent are not documents
            subtype = doc["type"].removeprefix(f"{module.name}.")
            assert set(doc["system"]) <= set(described[subtype]["fields"]), doc["name"]
            checked += 1
    assert checked > 0


EXTENSION = {
    "$id": BASE_URI + "rulesets/danger_room/weapon.schema.json",
    "$ref": "../../weapon.schema.json#/$defs/weapon",
    "properties": {
        "techniques": {
            "type": "array", "items": {"$ref": "../../common.schema.json#/$defs/card_ref"},
            "default": [],
        },
        "notes": {"$ref": "../../common.schema.json#/$defs/html"},
        "reach": {"oneOf": [{"$ref": "../../common.schema.json#/$defs/count"}, {"type": "null"}]},
    },
    "required": ["damage"],
    "unevaluatedProperties": False,
}


def _schema_copy(tmp_path: Path, extension: Mapping[str, Any]) -> SchemaSet:
    folder = tmp_path / "schemas"
    shutil.copytree(SCHEMA_DIR, folder, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    target = folder / extension["$id"].removeprefix(BASE_URI)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(extension), encoding="utf-8")
    return SchemaSet(folder)


def test_an_engine_extension_reaches_the_description(tmp_path: Path) -> None:
    schemas = _schema_copy(tmp_path, EXTENSION)
    fields = system_fields("danger_room", "weapon", schemas)
    assert fields["techniques"]["type"] == "array" and fields["techniques"]["initial"] == []
    assert fields["techniques"]["element"]["pattern"] == "^[a-z0-9]+(-[a-z0-9]+)*$"
    assert fields["notes"] == {"type": "string", "html": True, "maxLength": 100000,
                               "nullable": False, "required": False}
    assert fields["reach"]["type"] == "integer" and fields["reach"]["nullable"] is True
    assert fields["damage"]["required"] is True and fields["damage"]["min"] == 0
    assert "techniques" not in system_fields("hazard_location", "weapon", schemas)
    assert html_paths(fields) == ["description", "notes"]


def test_a_construct_without_a_data_model_equivalent_is_refused(tmp_path: Path) -> None:
    broken = {**EXTENSION, "properties": {"speed": {"type": "number", "exclusiveMinimum": 0}}}
    schemas = _schema_copy(tmp_path, broken)
    with pytest.raises(UnsupportedSchema, match=r"weapon\.speed: exclusiveMinimum"):
        system_fields("danger_room", "weapon", schemas)
