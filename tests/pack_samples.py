"""A small ruleset that reaches every pack kind, with the values JSON encoders disagree on."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.model import Author, Document, Mark, Ruleset, SourceDoc
from compiler.packing import MacroSpec, PageSpec
from compiler.schemas import default_schemas

MODULE_ID = "rulepack-test"


def source(path: str, kind: str, data: Any) -> SourceDoc:
    return SourceDoc(path=path, kind=kind, data=data, marks={(): Mark(1, 1)})


def document(kind: str, data: Mapping[str, Any], folder: str = "content/test") -> Document:
    key = str(data["id"])
    return Document(kind, key, data, source(f"{folder}/{kind}s/{key}.yaml", kind, data))


def make_ruleset(
    documents: tuple[Document, ...] = (), module_id: str = MODULE_ID, engine: str = "danger_room",
) -> Ruleset:
    """A ruleset of `documents`, with the shipped schemas as its kind registry."""
    manifest = {"id": module_id, "title": "Test Rules", "foundry_system": "worldbuilding"}
    return Ruleset(
        folder="content/test",
        module_id=module_id,
        title="Test Rules",
        version="0.1.0",
        description="<p>Test.</p>",
        engine=engine,
        authors=(Author("Tester"),),
        rules_config={},
        release_url_base=None,
        manifest=source("content/test/ruleset.yaml", "manifest", manifest),
        documents=documents,
        schemas=default_schemas(),
    )


#: Values JSON.stringify writes differently from json.dumps (key order, number layout, escapes).
QUIRKS: Mapping[str, Any] = {
    "by_number": {"10": "ten", "b": "bee", "2": "two", "01": "zero-one", "a": "ay"},
    "numbers": [2.0, 0.5, 1e-05, 1.5e-07, 1e21, float(2**60), -0.0, 0.1, 123456789.125, -7],
    "text": 'line\nbreak \u2028 caf\u00e9 \x1f "quoted" \\ \U0001f5e1',
}


def sample_documents() -> tuple[Document, ...]:
    locations = [
        {"id": "head", "name": "Head", "range": [1, 2]},
        {"id": "torso", "name": "Torso <chest>", "range": [3, 7]},
        {"id": "legs", "name": "Legs", "range": [8, 10]},
    ]
    return (
        document("weapon", {"id": "claws", "name": "Claws", "description": "<p>Sharp.</p>",
                            "damage": 3, "hands": 1, "mass_kg": 0.5, "tags": [], "quirks": QUIRKS}),
        document("weapon", {"id": "pistol", "name": "Pistol", "img": "assets/pistol.webp",
                            "damage": 2, "mass_kg": 1.0, "tags": ["ranged"]}),
        document("armor", {"id": "vest", "name": "Vest", "av": 2, "coverage": ["torso"]}),
        document("card", {"id": "claws", "name": "Claw Strike", "speed": -1, "damage": None}),
        document("card", {"id": "block", "name": "Block", "speed": 2, "damage": None}),
        document("power", {"id": "healing", "name": "Healing Factor",
                           "cost": {"amount": 1, "resource": "stamina"}}),
        document("fighter", {"id": "wolverine", "name": "Wolverine",
                             "attributes": {"brawn": 18, "agility": 16},
                             "items": {"weapons": ["claws", "claws"], "armor": ["vest"],
                                       "cards": ["claws", "block"], "powers": ["healing"]}}),
        document("fighter", {"id": "jubilee", "name": "Jubilee", "attributes": {}, "items": {}}),
        document("hit_locations", {"id": "human", "name": "Human", "description": "",
                                   "die": 10, "locations": locations}),
    )


SAMPLE_MACROS = (
    MacroSpec("attack", "Attack", 'await game.modules.get("rulepack-test").api.attack();'),
    MacroSpec("defend", "Defend", "return 1;", "icons/svg/shield.svg"),
)
SAMPLE_PAGES = (
    PageSpec("overview", "Overview", "<h2>Overview</h2><p>Roll 1d10.</p>"),
    PageSpec("combat", "Combat", "<p>Fastest goes first.</p>"),
)
