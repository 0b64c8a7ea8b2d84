"""Engine-only content kinds: declared by a schema under rulesets/<engine>/, found by folder."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from compiler.schemas import SCHEMA_DIR, KindInfo, SchemaSet

TIER = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://rulepack.invalid/schemas/rulesets/danger_room/threat_tier.schema.json",
    "x-rulepack-folder": "threat_tiers",
    "x-rulepack-ships-as": "data",
    "$ref": "../../common.schema.json#/$defs/document",
    "properties": {"multiplier": {"type": "integer"}},
    "unevaluatedProperties": False,
}


def schema_set(tmp_path: Path, extra: dict[str, dict[str, object]]) -> SchemaSet:
    folder = tmp_path / "schemas"
    shutil.copytree(SCHEMA_DIR, folder, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    for name, schema in extra.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(json.dumps(schema))
    return SchemaSet(folder, engines=("danger_room", "hazard_location", "other_engine"))


def test_an_engine_kind_is_found_by_its_folder(tmp_path: Path) -> None:
    schemas = schema_set(tmp_path, {"rulesets/danger_room/threat_tier.schema.json": TIER})
    info = schemas.kinds()["threat_tiers"]
    assert info == KindInfo("threat_tier", "threat_tiers", frozenset({"danger_room"}), "data")
    assert schemas.has_kind("danger_room", "threat_tier")
    assert not schemas.has_kind("hazard_location", "threat_tier")
    assert schemas.has_kind("hazard_location", "weapon")


def test_two_engines_may_share_a_kind(tmp_path: Path) -> None:
    other = {**TIER, "$id": TIER["$id"].replace("danger_room", "other_engine")}  # type: ignore[attr-defined]
    schemas = schema_set(tmp_path, {
        "rulesets/danger_room/threat_tier.schema.json": TIER,
        "rulesets/other_engine/threat_tier.schema.json": other,
    })
    assert schemas.kinds()["threat_tiers"].engines == frozenset({"danger_room", "other_engine"})


@pytest.mark.parametrize("broken", [
    {"x-rulepack-ships-as": "data"},
    {"x-rulepack-folder": "threat_tiers", "x-rulepack-ships-as": "Scene"},
])
def test_an_engine_kind_must_say_where_it_lives_and_how_it_ships(
    tmp_path: Path, broken: dict[str, str]
) -> None:
    schema = {k: v for k, v in TIER.items() if not k.startswith("x-rulepack")} | broken
    schemas = schema_set(tmp_path, {"rulesets/danger_room/threat_tier.schema.json": schema})
    with pytest.raises(ValueError, match="x-rulepack-folder and x-rulepack-ships-as"):
        schemas.kinds()


def test_a_folder_cannot_hold_two_kinds(tmp_path: Path) -> None:
    clash = {**TIER, "x-rulepack-folder": "weapons"}
    schemas = schema_set(tmp_path, {"rulesets/danger_room/threat_tier.schema.json": clash})
    with pytest.raises(ValueError, match="already holds kind 'weapon'"):
        schemas.kinds()
