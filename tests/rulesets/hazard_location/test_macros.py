"""The Hazard Dice macros: an Attack and a Blast macro in hazard_location modules only, each
calling its method of the module API once, with the module id escaped as a JS string."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from compiler.model import Ruleset
from compiler.packing import MacroSpec
from compiler.pipeline import load_content
from compiler.render.macros import IMPORT_KEY, macro_specs

CONTENT = Path(__file__).resolve().parents[3] / "content"
CALL = re.compile(r"\bapi\.hazard_location\.(\w+)\(\)")


@pytest.fixture(scope="module")
def rulesets() -> dict[str, Ruleset]:
    return {r.engine: r for r in load_content(CONTENT).rulesets}


def ruleset_macros(ruleset: Ruleset) -> list[MacroSpec]:
    """The macros the ruleset declares (the shared hit-location and import ones left out)."""
    return [m for m in macro_specs(ruleset)
            if not m.key.startswith("hit-location-") and m.key != IMPORT_KEY]


def test_hazard_module_has_attack_and_blast(rulesets: dict[str, Ruleset]) -> None:
    macros = ruleset_macros(rulesets["hazard_location"])
    assert [(m.key, m.name) for m in macros] == [
        ("hazard-attack", "Hazard Dice: Attack"), ("hazard-blast", "Hazard Dice: Blast")]
    assert [CALL.findall(m.command) for m in macros] == [["attack"], ["blast"]]
    assert all(m.img.startswith("icons/svg/") for m in macros)
    module_id = json.dumps(rulesets["hazard_location"].module_id)
    assert all(f"game.modules.get({module_id})?.api" in m.command for m in macros)


def test_macro_specs_include_them_beside_the_hit_location_macros(
    rulesets: dict[str, Ruleset],
) -> None:
    keys = [m.key for m in macro_specs(rulesets["hazard_location"])]
    assert {"hazard-attack", "hazard-blast", "hit-location-human"} <= set(keys)


def test_other_engines_have_none(rulesets: dict[str, Ruleset]) -> None:
    others = [r for engine, r in rulesets.items() if engine != "hazard_location"]
    assert others
    for ruleset in others:
        assert not [m for m in macro_specs(ruleset) if m.key.startswith("hazard-")]


def test_module_id_is_a_json_string_in_the_command(rulesets: dict[str, Ruleset]) -> None:
    odd = dataclasses.replace(rulesets["hazard_location"], module_id='x"</script>')
    command = ruleset_macros(odd)[0].command
    assert 'game.modules.get("x\\"\\u003c/script\\u003e")?.api' in command
    assert "</script>" not in command
