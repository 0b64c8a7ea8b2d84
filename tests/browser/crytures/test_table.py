"""A Crytures power at a table of a GM and a player (the acceptance table of issue 10 for this
ruleset): the player's Sample Binder shoots Crystal Shard at Voltflare, an NPC the player does not
own. Foundry's server would refuse the player's write to the NPC's Combatant, so the player's card
names the changes and the active GM's client applies them once, over the module socket, on a card
whose Undo restores them on every client. With no GM online, nothing is rolled.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from browser_launch import HarnessServer
from browser_page import BuiltModule
from playwright.sync_api import BrowserContext
from table import SCENE, Table, each, seated

from compiler.rules import run_case
from crytures.world import GM, MODULE, PLAYER, SEATS, fight, scene

VOLTFLARE = next(s for s in SEATS if s.key == "voltflare")
BINDER = next(s for s in SEATS if s.key == "sample-binder")
UUID = f"Combat.harnessCombat001.Combatant.{VOLTFLARE.combatant}"
SHOT = [{"d": 10, "v": v} for v in (9, 3, 10)]
ANSWER = ({"action": "ok", "fields": {"power": "crystal-shard"}},)
STATE = """([scope, ids]) => ids.map((id) => {
    const flags = game.combat.combatants.get(id).flags[scope];
    return [flags.health, flags.mana, flags.major];
})"""
CARDS = """(id) => [...game.messages].map((m) => {
    const state = game.modules.get(id).api.cards.readCard(m);
    return {author: m.user, changes: (state?.changes ?? []).map((c) => [c.uuid, c.path])};
})"""
UNDO = """async ([moduleId, uuid]) => {
    const { record } = await import("/harness/foundry/record.mjs");
    const cards = game.modules.get(moduleId).api.cards;
    const message = [...game.messages].find((m) =>
        cards.readCard(m)?.changes.some((c) => c.uuid === uuid));
    const before = record.updates.length;
    const undone = await cards.undoCard(message);
    return {undone, updates: structuredClone(record.updates.slice(before))};
}"""


@pytest.fixture(params=[12, 13], ids=["v12", "v13"])
def table(request: pytest.FixtureRequest, browser_context: BrowserContext,
          harness_server: HarnessServer, shipped_modules: list[BuiltModule],
          blocked_requests: list[str]) -> Iterator[Table]:
    module = next(m for m in shipped_modules if m.id == MODULE)
    layout = scene(module, ["sample-binder"], ["voltflare"], str(PLAYER["_id"]))
    with seated(browser_context, harness_server, module, {"gm": GM, "player": PLAYER},
                blocked_requests, generation=request.param,
                stage={"fight": fight(module)}) as found:
        for page in found.pages.values():
            page.evaluate(SCENE, layout)
        yield found
    assert blocked_requests == []


def test_a_players_power_on_an_npc_is_applied_once_and_undone_everywhere(table: Table) -> None:
    ids = [BINDER.combatant, VOLTFLARE.combatant]
    before = table.everywhere(STATE, [MODULE, ids])
    run = table.run("player", "Crytures: Use a power", SHOT, None, ANSWER)
    [card] = run["messages"]
    call = card["flags"][MODULE]["card"]["call"]
    result = run_case(call["ruleset"], call["rule"], call["config"], call["input"], call["dice"])
    after = {c["id"]: c for c in result["state"]["combatants"]}
    assert card["flags"][MODULE]["changes"] == []  # the player's card changed nothing itself
    assert run["updates"] == []
    expected = [[after["sample-binder"]["health"], after["sample-binder"]["mana"], False],
                [after["voltflare"]["health"], after["voltflare"]["mana"], True]]
    assert expected[1][0] < 20 and expected[0][1] == 2
    assert table.everywhere(STATE, [MODULE, ids]) == each(table.pages, expected)
    for name, shown in table.everywhere(CARDS, MODULE).items():
        applied = [c for c in shown if c["changes"]]
        assert len(shown) == 2 and len(applied) == 1, (name, shown)
        assert applied[0]["author"] == GM["_id"]
        assert [UUID, f"flags.{MODULE}.health"] in applied[0]["changes"]
    undone = table.pages["gm"].evaluate(UNDO, [MODULE, UUID])
    assert undone["undone"] is True
    table.relay("gm", {"updates": undone["updates"]})
    assert table.everywhere(STATE, [MODULE, ids]) == before
    assert table.problems() == each(table.pages, [])


@pytest.mark.parametrize("generation", [12, 13])
def test_with_no_gm_online_a_players_power_on_an_npc_changes_nothing(
    browser_context: BrowserContext, harness_server: HarnessServer,
    shipped_modules: list[BuiltModule], blocked_requests: list[str], generation: int,
) -> None:
    """No GM could apply Voltflare's damage: the power is refused before a die is rolled."""
    module = next(m for m in shipped_modules if m.id == MODULE)
    away = {**GM, "active": False}
    layout = scene(module, ["sample-binder"], ["voltflare"], str(PLAYER["_id"]))
    with seated(browser_context, harness_server, module, {"gm": away, "player": PLAYER},
                blocked_requests, generation=generation,
                stage={"fight": fight(module)}) as found:
        page = found.pages["player"]
        pack, ident = found.macro("Crytures: Use a power")
        run = page.run_macro(pack, ident, SHOT, None, layout, list(ANSWER))
        message = module.lang["RULEPACK.Gm.NoneOnline"]
        assert run["error"] is None and run["messages"] == [] and run["updates"] == []
        assert run["notifications"] == [{"type": "warning", "message": message}]
        assert run["problems"] == [f"console warning: {message}"]
        assert len(run["diceLeft"]) == len(SHOT) and run["answersLeft"] == []
