"""The shipped fighters' prototype tokens are what a GM expects: a player character's token is
linked to its sheet, Friendly and sees; any other's is its own unlinked copy and Hostile, as
Foundry makes a new actor's (`compiler/packing/systems.py`).

A ruleset says who is a player character in its own rules field (`pc: true` in sdm_pool and
fate_wounds, `role: pc` in the Danger Room); the `token` role must agree with it, or a GM drags a
player character onto the map as a Hostile copy whose wounds never reach the sheet.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from pack_samples import SAMPLE_MACROS, SAMPLE_PAGES

from compiler.model import Ruleset
from compiler.packing import foundry_documents
from compiler.pipeline import load_content

CONTENT = Path(__file__).resolve().parents[2] / "content"
#: Each ruleset's rules field that makes a fighter a player character.
PLAYER_CHARACTER = {
    "sdm_pool": lambda data: data.get("pc") is True,
    "fate_wounds": lambda data: data.get("pc") is True,
    "danger_room": lambda data: data.get("role") == "pc",
}
PC_TOKEN = {"actorLink": True, "disposition": 1, "sight": {"enabled": True}}
NPC_TOKEN = {"actorLink": False, "disposition": -1}


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Ruleset]:
    content = load_content(CONTENT, tmp_path_factory.mktemp("cache"), save_cache=False)
    return {ruleset.folder: ruleset for ruleset in content.rulesets}


def _tokens(ruleset: Ruleset) -> dict[str, Mapping[str, Any]]:
    """Each fighter's prototype token in the first system's Actor pack, by fighter key."""
    actors = next(p for p in foundry_documents(ruleset, SAMPLE_MACROS, SAMPLE_PAGES)
                  if p.name.startswith("actors-"))
    return {entry["flags"][ruleset.module_id]["key"]: entry["prototypeToken"]
            for entry in actors.entries}


@pytest.mark.parametrize("folder", sorted(PLAYER_CHARACTER))
def test_player_characters_get_linked_friendly_seeing_tokens(
    folder: str, shipped: dict[str, Ruleset],
) -> None:
    ruleset = shipped[folder]
    tokens = _tokens(ruleset)
    fighters = {d.key: d.data for d in ruleset.documents if d.kind == "fighter"}
    assert sorted(tokens) == sorted(fighters)
    is_pc = PLAYER_CHARACTER[folder]
    assert any(is_pc(data) for data in fighters.values())  # the check has a PC to check
    for key, data in fighters.items():
        wanted = PC_TOKEN if is_pc(data) else NPC_TOKEN
        shown = {field: tokens[key].get(field) for field in (*PC_TOKEN, *NPC_TOKEN)}
        assert {field: shown[field] for field in wanted} == wanted, key
        assert ("sight" in tokens[key]) == is_pc(data), key
