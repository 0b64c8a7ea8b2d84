"""The Danger Room's macros: one per playable card, one per Turn step; each calls one API method."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from compiler.model import Ruleset
from compiler.packing import MacroSpec
from compiler.pipeline import load_content
from compiler.render.macros import IMPORT_KEY, declared, macro_specs

CONTENT = Path(__file__).resolve().parents[3] / "content"
CALL = re.compile(r"^await api\.danger_room\.([A-Za-z]+)\((.*)\);$", re.M)


@pytest.fixture(scope="module")
def rulesets() -> dict[str, Ruleset]:
    return {r.engine: r for r in load_content(CONTENT).rulesets}


def danger_room_macros(ruleset: Ruleset) -> list[MacroSpec]:
    """The macros the ruleset declares (the shared hit-location and import ones left out)."""
    return [m for m in macro_specs(ruleset)
            if not m.key.startswith("hit-location-") and m.key != IMPORT_KEY]


def call_of(command: str) -> tuple[str, list[object]]:
    """The one API call of a macro command: its method and JSON arguments."""
    calls = CALL.findall(command)
    assert len(calls) == 1, command
    method, args = calls[0]
    return method, json.loads(f"[{args}]")


def test_one_macro_per_card_and_defence_then_the_turn_steps(rulesets: dict[str, Ruleset]) -> None:
    ruleset = rulesets["danger_room"]
    macros = danger_room_macros(ruleset)
    playable = sorted(d.key for kind in ("card", "active_defence") for d in ruleset.of_kind(kind))
    assert playable, "the shipped Danger Room content has cards"
    cards = [m for m in macros if m.key.startswith("danger-room-card-")]
    assert [m.key for m in cards] == [f"danger-room-card-{key}" for key in playable]
    assert [call_of(m.command) for m in cards] == [("playCard", [key]) for key in playable]
    steps = macros[len(cards):]
    methods = [entry["method"] for entry in declared("danger_room") if "method" in entry]
    assert [call_of(m.command) for m in steps] == [(method, []) for method in methods]
    assert len({m.key for m in macros}) == len(macros)
    assert all(m.name.startswith("Danger Room: ") for m in macros)


def test_macro_specs_adds_them_to_danger_room_modules_only(rulesets: dict[str, Ruleset]) -> None:
    keys = {engine: [m.key for m in macro_specs(r)] for engine, r in rulesets.items()}
    assert [k for k in keys["danger_room"] if k.startswith("danger-room-")] == [
        m.key for m in danger_room_macros(rulesets["danger_room"])
    ]
    for engine, found in keys.items():
        if engine != "danger_room":
            assert not [k for k in found if k.startswith("danger-room-")], engine


def test_card_names_are_never_code(rulesets: dict[str, Ruleset]) -> None:
    """A card's name only names the macro; the command holds its key as a JSON string."""
    ruleset = rulesets["danger_room"]
    card = ruleset.of_kind("card")[0]
    hostile = dataclasses.replace(card, data={**card.data, "name": '"); alert(1); ("'})
    others = tuple(d for d in ruleset.documents if d is not card)
    macros = danger_room_macros(dataclasses.replace(ruleset, documents=(hostile, *others)))
    made = next(m for m in macros if m.key == f"danger-room-card-{card.key}")
    assert made.name == 'Danger Room: "); alert(1); ("'
    assert "alert" not in made.command
    assert call_of(made.command) == ("playCard", [card.key])
