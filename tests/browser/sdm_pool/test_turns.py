"""What the card comparison of the macro kinds does not see: a PC's Opportunity asked of the
player who owns it (in the player's client) when the GM attacks; the start of each turn in the
Combat tracker (the Actions of the new turn less what the Opportunity borrowed, SDM-R06), run
once by the active GM's client; the sheet's turn lines (Actions left and borrowed, armour HP and
Broken) on a render of the fighter's sheet; and the refusals that need no dice."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from browser_launch import HarnessServer
from browser_page import GENERATIONS, BuiltModule, Doc, OpenPage
from macro_kinds import foundry_format
from playwright.sync_api import BrowserContext
from table import SCENE, Table, each, seated

from compiler.rules import run_case
from sdm_pool.cards import outcome_lines
from sdm_pool.world import (
    COMBAT_ID,
    MODULE_ID,
    actor_uuid,
    combatant,
    fight,
    fighter,
    run,
    scene,
)

GM = {"_id": "harnessUser00001", "name": "Gamemaster", "role": 4}
PLAYER = {"_id": "playerA000000001", "name": "Laura", "role": 1}
#: Grex's revolver, 2d6: one success against the standard 2.
SHORT = [{"d": 6, "v": 5}, {"d": 6, "v": 2}]
DIALOGS = """async () => (await import('/harness/foundry/record.mjs')).record.dialogs
    .map((d) => d.title)"""
OWED = "([id]) => game.actors.get(id).system.owed_actions ?? null"
NEXT = """async () => {
    const { record } = await import("/harness/foundry/record.mjs");
    const before = {updates: record.updates.length, messages: record.messages.length};
    await game.combat.nextTurn();
    await harness.settle();
    return {updates: structuredClone(record.updates.slice(before.updates)),
            messages: record.messages.slice(before.messages).map((m) => structuredClone(m))};
}"""
SHEET = """([moduleId, actorId]) => {
    const actor = game.actors.get(actorId);
    const element = document.createElement("div");
    element.innerHTML = '<section class="rulepack-sheet-body"></section>';
    Hooks.callAll("renderActorSheetV2", {document: actor}, element, {}, {});
    Hooks.callAll("renderActorSheetV2", {document: actor}, element, {}, {});
    return {api: game.modules.get(moduleId).api.sdm_pool.sheetLines(actor),
            shown: [...element.querySelectorAll(".rulepack-sdm-turn li")]
                .map((li) => li.textContent),
            sections: element.querySelectorAll(".rulepack-sdm-turn").length};
}"""


def module_of(modules: list[BuiltModule]) -> BuiltModule:
    return next(m for m in modules if m.id == MODULE_ID)


@pytest.fixture(params=GENERATIONS, ids=[f"v{g}" for g in GENERATIONS])
def table(request: pytest.FixtureRequest, browser_context: BrowserContext,
          harness_server: HarnessServer, shipped_modules: list[BuiltModule],
          blocked_requests: list[str]) -> Iterator[tuple[Table, Doc, Doc]]:
    """The GM's Grex and the player's Ana (linked, her sheet the player's) in a started Combat,
    Grex's turn first."""
    module = module_of(shipped_modules)
    grex = fighter(module, "grex", linked=False, actions_left=1, minor_actions_left=2)
    ana = fighter(module, "ana-reyes")
    ana["ownership"] = {"default": 0, PLAYER["_id"]: 3}
    staged = fight([grex, ana], round=1, turn=0)
    for entry, value in zip(staged["combatants"], (9, 5), strict=True):
        entry["initiative"] = value
    with seated(browser_context, harness_server, module, {"gm": GM, "player": PLAYER},
                blocked_requests, generation=request.param, stage={"fight": staged}) as found:
        for page in found.pages.values():
            page.evaluate(SCENE, scene([grex, ana], grex, ana))
        found.script("player", [], [{"action": "ok", "fields": {"choice": "dodge"}}])
        yield found, grex, ana
    assert blocked_requests == []


def test_a_pcs_opportunity_is_its_players_and_its_next_turn_pays_for_it(
    table: tuple[Table, Doc, Doc], shipped_modules: list[BuiltModule],
) -> None:
    found, _grex, ana = table
    module = module_of(shipped_modules)
    found.run("gm", "SDM: Attack with Revolver", SHORT, None, ({"action": "ok", "fields": {}},))
    assert found.everywhere(DIALOGS) == {"gm": ["SDM attack"], "player": ["Opportunity"]}
    # Dodged: no damage; the Dodge borrowed one of Ana's next Actions.
    assert found.everywhere(OWED, [ana["_id"]]) == each(found.pages, 1)
    turn = found.pages["gm"].evaluate(NEXT)
    found.relay("gm", turn)
    [message] = turn["messages"]
    call = message["flags"][MODULE_ID]["card"]["call"]
    assert call["rule"] == "start_turn" and call["dice"] == []
    character, _ = combatant(ana, "ana-reyes")
    expected = run(module, "start_turn", {"character": {**character, "owed_actions": 1}}, [])
    assert run_case(call["ruleset"], call["rule"], call["config"], call["input"], []) == expected
    # Intelligence 2 gives 2 Actions; one was borrowed (SDM-R06).
    start = next(e for e in expected["events"] if e["type"] == "turn_start")
    assert (start["actions"], start["borrowed_actions"]) == (1, 1)
    uuid = actor_uuid(ana)
    assert sorted((u["uuid"], json.dumps(u["changes"])) for u in turn["updates"]) == sorted([
        (f"Combat.{COMBAT_ID}", json.dumps({"round": 1, "turn": 1})),
        (uuid, json.dumps({"system.actions_left": 1})),
        (uuid, json.dumps({"system.minor_actions_left": 2})),
        (uuid, json.dumps({"system.owed_actions": 0}))])
    shown = message["flags"][MODULE_ID]["card"]["summary"]
    assert shown == outcome_lines(module.lang, expected["events"], {"ana-reyes": "Ana Reyes"})
    assert found.everywhere(OWED, [ana["_id"]]) == each(found.pages, 0)
    assert found.problems() == each(found.pages, [])


@pytest.mark.parametrize("generation", GENERATIONS)
def test_the_sheet_shows_the_turn_and_broken_armour(
    shipped_modules: list[BuiltModule], open_page: OpenPage, generation: int,
) -> None:
    module = module_of(shipped_modules)
    ana = fighter(module, "ana-reyes", actions_left=1, minor_actions_left=2, owed_actions=1)
    for item in ana["items"]:
        if item["type"].endswith(".armor"):
            item["system"]["hp"] = 0
    page = open_page(module, generation)
    page.evaluate(SCENE, scene([ana]))
    lang = module.lang
    shown = page.evaluate(SHEET, [MODULE_ID, ana["_id"]])
    assert shown["sections"] == 1  # a second render replaces the section
    assert shown["shown"] == shown["api"] == [
        foundry_format(lang["RULEPACK.Sdm.Sheet.Actions"], actions=1, minor=2),
        foundry_format(lang["RULEPACK.Sdm.Sheet.Borrowed"], actions=1, minor=0),
        foundry_format(lang["RULEPACK.Sdm.Sheet.Broken"], name="Padded Jacket", max=3)]
    assert page.take_problems() == []


@pytest.mark.parametrize("generation", GENERATIONS)
def test_an_attack_without_the_weapon_or_the_tokens_rolls_nothing(
    shipped_modules: list[BuiltModule], open_page: OpenPage, generation: int,
) -> None:
    module = module_of(shipped_modules)
    grex, ana = fighter(module, "grex"), fighter(module, "ana-reyes")
    page = open_page(module, generation)
    pack, macro = next((p, d["_id"]) for p, d in module.documents("Macro")
                       if d["name"] == "SDM: Attack with Longsword")
    lang = module.lang
    no_weapon = foundry_format(lang["RULEPACK.Sdm.NoWeapon"], name="Grex", weapon="longsword")
    for staged, message in (
        (scene([grex, ana], grex, ana), no_weapon),
        (scene([grex, ana], grex, None), lang["RULEPACK.Sdm.NeedTokens"]),
    ):
        run_ = page.run_macro(pack, macro, [{"d": 6, "v": 6}], None, staged, [])
        assert run_["error"] is None and run_["messages"] == [] and run_["updates"] == []
        assert run_["notifications"] == [{"type": "warning", "message": message}]
        assert run_["problems"] == [f"console warning: {message}"]
        assert len(run_["diceLeft"]) == 1


GM_CARDS = """(id) => [...game.messages].map((m) =>
    game.modules.get(id).api.cards.readCard(m)?.card.call ?? null)"""


def test_a_question_the_player_leaves_unanswered_goes_to_the_gm(
    table: tuple[Table, Doc, Doc],
) -> None:
    """The player logs out before answering: the active GM's client asks its own user."""
    found, _grex, ana = table
    gm = found.pages["gm"]
    pack, macro = found.macro("SDM: Attack with Revolver")
    # The fixture's scene stays staged: Grex controlled, Ana targeted.
    run_ = gm.run_macro(pack, macro, SHORT, None, None, [{"action": "ok", "fields": {}}])
    assert run_["error"] is None and run_["messages"] == []
    assert [e["data"]["to"] for e in run_["socket"]] == [PLAYER["_id"]]
    found.script("gm", [], [{"action": "ok", "fields": {"choice": "dodge"}}])
    found.leave("player")
    assert gm.evaluate(DIALOGS) == ["Opportunity"]  # asked here once the player left
    assert found.script_left("gm")["answersLeft"] == []
    [call] = gm.evaluate(GM_CARDS, MODULE_ID)
    assert call["input"]["opportunity"] == {"choice": "dodge"}
    assert gm.evaluate(OWED, [ana["_id"]]) == 1
    assert found.problems() == {"gm": []}
