"""An SDM attack at a table of a GM, an Assistant GM and a player, in a dnd5e world over plain
http (the acceptance of issue 11): the player's Ana Reyes strikes Grex, an NPC the player does
not own, and falls short. Grex's Opportunity is the GM's to choose, so the window opens on the
active GM's client alone (over the module socket), whose answer the player's client finishes the
attack with; Foundry's server would refuse the player's writes to Grex, so the active GM's
client applies the card's changes once, to Grex's unlinked token, on a card of its own that
Undo restores everywhere. The Disengage chosen is paid from Grex's next turn.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_launch import HarnessServer
from browser_page import BuiltModule, Doc
from playwright.sync_api import BrowserContext
from table import SCENE, Table, each, seated

from compiler.rules import run_case
from sdm_pool.world import MODULE_ID, actor_uuid, combatant, fighter, run, scene

GM = {"_id": "harnessUser00001", "name": "Gamemaster", "role": 4}
ASSISTANT = {"_id": "assistantGm00001", "name": "Ida", "role": 3}
PLAYER = {"_id": "playerA000000001", "name": "Laura", "role": 1}
MACRO = "SDM: Attack with Longsword"
#: Ana's 5d6 with one success against the standard 2: a shortfall.
SHORT = [{"d": 6, "v": v} for v in (5, 1, 2, 3, 4)]
ATTACK = ({"action": "ok", "fields": {}},)
DISENGAGE = [{"action": "ok", "fields": {"choice": "disengage"}}]
STATE = """([tokenId, actorId]) => {
    const grex = canvas.scene.tokens.get(tokenId).actor.system;
    const ana = game.actors.get(actorId).system;
    return {grex_hp: grex.hp ?? null, grex_owed: grex.owed_actions ?? null,
            ana_actions: ana.actions_left ?? null};
}"""
DIALOGS = """async () => (await import('/harness/foundry/record.mjs')).record.dialogs
    .map((d) => d.title)"""
CARDS = """(id) => [...game.messages].map((m) => {
    const state = game.modules.get(id).api.cards.readCard(m);
    return {author: m.author?.id ?? null, card: state !== null, call: state?.card.call ?? null,
            changes: (state?.changes ?? []).map((c) => [c.uuid, c.path])};
})"""
UNDO = """async ([moduleId]) => {
    const { record } = await import("/harness/foundry/record.mjs");
    const cards = game.modules.get(moduleId).api.cards;
    const message = [...game.messages].find((m) => (cards.readCard(m)?.changes ?? []).length);
    const before = record.updates.length;
    const undone = await cards.undoCard(message);
    return {undone, updates: structuredClone(record.updates.slice(before))};
}"""


def cast(module: BuiltModule) -> tuple[Doc, Doc]:
    """Ana (the player's, linked, two Actions this turn) and Grex (the GM's NPC, unlinked)."""
    ana = fighter(module, "ana-reyes", actions_left=2, minor_actions_left=2)
    ana["ownership"] = {"default": 0, PLAYER["_id"]: 3}
    return ana, fighter(module, "grex", linked=False)


@pytest.fixture(params=[12, 13], ids=["v12", "v13"])
def table(request: pytest.FixtureRequest, browser_context: BrowserContext,
          harness_server: HarnessServer, shipped_modules: list[BuiltModule],
          blocked_requests: list[str]) -> Iterator[tuple[Table, Doc, Doc]]:
    module = next(m for m in shipped_modules if m.id == MODULE_ID)
    users = {"gm": GM, "assistant": ASSISTANT, "player": PLAYER}
    ana, grex = cast(module)
    with seated(browser_context, harness_server, module, users, blocked_requests,
                generation=request.param, system="dnd5e") as found:
        for page in found.pages.values():
            page.evaluate(SCENE, scene([ana, grex], ana, grex))
        found.script("gm", [], DISENGAGE)
        yield found, ana, grex
    assert blocked_requests == []


def test_the_npcs_opportunity_is_chosen_on_the_gms_client_and_applied_once(
    table: tuple[Table, Doc, Doc],
) -> None:
    found, ana, grex = table
    run_ = found.run("player", MACRO, SHORT, None, ATTACK)
    assert run_["messages"] == []  # the card waits for Grex's choice
    assert found.everywhere(DIALOGS) == {"gm": ["Opportunity"], "assistant": [],
                                         "player": ["SDM attack"]}
    assert found.script_left("gm")["answersLeft"] == []
    cards: dict[str, list[dict[str, Any]]] = found.everywhere(CARDS, MODULE_ID)
    for name, shown in cards.items():
        assert [c["author"] for c in shown] == [PLAYER["_id"], GM["_id"]], name
        assert shown[0]["changes"] == [], name  # the player's card changed nothing itself
    call = cards["player"][0]["call"]
    assert call["input"]["opportunity"] == {"choice": "disengage"}
    assert [d["v"] for d in call["dice"]] == [d["v"] for d in SHORT]
    result = run_case(call["ruleset"], call["rule"], call["config"], call["input"], call["dice"])
    after = result["state"]["target"]
    assert after["owed_actions"] == 1 and after["hp"] < 14
    grex_uuid = actor_uuid(grex)
    assert [tuple(c) for c in cards["gm"][1]["changes"]] == [
        (f"Actor.{ana['_id']}", "system.actions_left"), (grex_uuid, "system.hp"),
        (grex_uuid, "system.owed_actions"), (cards["gm"][1]["changes"][3][0], "system.hp")]
    state = {"grex_hp": after["hp"], "grex_owed": 1, "ana_actions": 1}
    assert found.everywhere(STATE, [f"tok-{grex['_id']}", ana["_id"]]) == each(found.pages, state)
    undone = found.pages["gm"].evaluate(UNDO, [MODULE_ID])
    assert undone["undone"] is True
    found.relay("gm", {"updates": undone["updates"]})
    assert found.everywhere(STATE, [f"tok-{grex['_id']}", ana["_id"]]) == each(
        found.pages, {"grex_hp": None, "grex_owed": None, "ana_actions": 2})
    assert found.problems() == each(found.pages, [])


def test_the_python_engine_agrees_on_the_shortfall(shipped_modules: list[BuiltModule]) -> None:
    """The faces above are a shortfall for Ana's longsword (so the window is the Opportunity's)."""
    module = next(m for m in shipped_modules if m.id == MODULE_ID)
    character, _ = combatant(cast(module)[0], "ana-reyes")
    pool = run(module, "attack_pool", {"attacker": character, "weapon": "longsword"}, [])
    assert pool["state"]["pool"] == len(SHORT)
    roll = run(module, "attack_roll", {"pool": len(SHORT), "attack_kind": "melee"},
               [(d["d"], d["v"]) for d in SHORT])
    assert roll["state"]["result"] == "shortfall"
