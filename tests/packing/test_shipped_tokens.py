"""The shipped fighters' prototype tokens are what a GM expects: a player's fighter's token is
linked to its sheet, Friendly and sees; any other's is its own unlinked copy and Hostile, as
Foundry makes a new actor's (`compiler/packing/systems.py`).

Each ruleset's rules say who is on the players' side (`ROLE_OF`); the `token` role must agree
with them, or a GM drags a player's fighter onto the map as a Hostile copy whose wounds never
reach the sheet. Every shipped ruleset is checked, so a new one must say how its rules tell.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
from pack_samples import SAMPLE_MACROS, SAMPLE_PAGES

from compiler.model import Ruleset
from compiler.packing import foundry_documents
from compiler.pipeline import load_content

CONTENT = Path(__file__).resolve().parents[2] / "content"
Fighter = Mapping[str, Any]


def _crytures_role(data: Fighter, fighters: Mapping[str, Fighter]) -> str:
    """A character is a PC (the catalogue's crytures kinds are Cryture and PC, §5.5); a cryture a
    character binds is a party member on its side (CR-G31) whose Health outlasts a Recall
    (CR-G19): a lasting character of the player's. Any other cryture is wild."""
    if data["kind"] == "character":
        return "pc"
    bound = {key for other in fighters.values() for key in other.get("crytures_bound", ())}
    return "pc" if data["id"] in bound else "npc"


def _flag_role(field: str, value: Any) -> Callable[[Fighter, Mapping[str, Fighter]], str]:
    return lambda data, _fighters: "pc" if data.get(field) == value else "npc"


#: Each ruleset's rules → the token role of one of its fighters (given them all).
ROLE_OF: Mapping[str, Callable[[Fighter, Mapping[str, Fighter]], str]] = {
    "crytures": _crytures_role,
    "danger_room": _flag_role("role", "pc"),
    "fate_wounds": _flag_role("pc", True),
    # Hazard Dice's rules tell a PC from an NPC only at the table, by who owns the actor (the
    # defender's player rolls for a PC, `foundry/hazard_location/rollers.mjs`): the content says
    # it in `token` alone, so here only the packing of that role is checked.
    "hazard_location": _flag_role("token", "pc"),
    "sdm_pool": _flag_role("pc", True),
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


def test_every_shipped_ruleset_says_who_is_on_the_players_side(
    shipped: dict[str, Ruleset],
) -> None:
    assert sorted(ROLE_OF) == sorted(shipped)


@pytest.mark.parametrize("folder", sorted(ROLE_OF))
def test_players_fighters_get_linked_friendly_seeing_tokens(
    folder: str, shipped: dict[str, Ruleset],
) -> None:
    ruleset = shipped[folder]
    tokens = _tokens(ruleset)
    fighters = {d.key: d.data for d in ruleset.documents if d.kind == "fighter"}
    assert sorted(tokens) == sorted(fighters)
    roles = {key: ROLE_OF[folder](data, fighters) for key, data in fighters.items()}
    assert "pc" in roles.values()  # the check has a player's fighter to check
    for key, role in roles.items():
        assert fighters[key].get("token", "npc") == role, key
        wanted = PC_TOKEN if role == "pc" else NPC_TOKEN
        shown = {field: tokens[key].get(field) for field in (*PC_TOKEN, *NPC_TOKEN)}
        assert {field: shown[field] for field in wanted} == wanted, key
        assert ("sight" in tokens[key]) == (role == "pc"), key
