"""fate_wounds at a table of several clients (issue 12's acceptance: "a defence chosen on the
defender's client"). A player's Tim the Enchanter attacks an NPC Agent Smith: the player declares
and rolls on their client; the defence is asked of the active GM's client (the NPC's owner),
declared in its window and rolled there; that client, which may write every document, resolves
the attack through the engine on both sides' faces and posts the one card, the wound on the NPC
token's own sheet and the player's spent bonuses, which its Undo restores everywhere. The GM's
NPC attacking a player's character: the defence is the player's, on the player's client (and
the GM's when the player leaves before answering). A player's attack on another player's
character: neither may write the other's sheet, so the GM's client applies the changes.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_launch import HarnessServer
from browser_page import BuiltModule, Doc
from macro_kinds import foundry_format
from playwright.sync_api import BrowserContext
from table import SCENE, Table, each, seated

# isort: split
# macro_kinds registers this ruleset's KINDS as it loads, so it is imported first.
from compiler.rules import run_case
from fate_wounds.cards import signed
from fate_wounds.kinds import SMITH_DEFENDS, TIM_ATTACKS
from fate_wounds.world import (
    ENGINE,
    MODULE_ID,
    SMITH,
    TIM,
    attack_scene,
    character_ids,
    config_overrides,
    fighter,
    fighter_character,
)

GM = {"_id": "harnessUser00001", "name": "Gamemaster", "role": 4}
PLAYER = {"_id": "playerA000000001", "name": "Laura", "role": 1}
TIM_DICE = [{"d": "F", "v": v} for v in (1, -1, -1, 0)]
SMITH_DICE = [{"d": "F", "v": v} for v in (-1, -1, 0, 0)]
SYNTHETIC = f"Scene.harnessScene0001.Token.tok-{SMITH}.Actor.{SMITH}"
SCRIPT = """async ([dice, answers]) => {
    (await import('/harness/foundry/dice.mjs')).scriptedDice.script(dice);
    (await import('/harness/foundry/dialogs.mjs')).scriptedAnswers.script(answers);
    (await import('/harness/foundry/record.mjs')).record.reset();
}"""
SHOWN = """async () => {
    const { record } = await import('/harness/foundry/record.mjs');
    const { scriptedDice } = await import('/harness/foundry/dice.mjs');
    const { scriptedAnswers } = await import('/harness/foundry/dialogs.mjs');
    return {dialogs: record.dialogs.map((d) => d.title), diceLeft: scriptedDice.queue.length,
            answersLeft: scriptedAnswers.queue.length};
}"""
STATE = """([tokenId, actorId]) => ({
    token: canvas.scene.tokens.get(tokenId).actor.system.wounds?.light ?? null,
    sheet: game.actors.get(actorId).system.wounds?.light ?? null})"""
UNDO = """async (moduleId) => {
    const { record } = await import("/harness/foundry/record.mjs");
    const cards = game.modules.get(moduleId).api.cards;
    const before = record.updates.length;
    const undone = await cards.undoCard([...game.messages][0]);
    return {undone, updates: structuredClone(record.updates.slice(before))};
}"""
CARDS = """(id) => [...game.messages].map((m) => {
    const state = game.modules.get(id).api.cards.readCard(m);
    return {author: m.user, changes: (state?.changes ?? []).map((c) => [c.uuid, c.path]),
            rolls: m.rolls.length, summary: state?.card.summary ?? []};
})"""


def seat(browser_context: BrowserContext, harness_server: HarnessServer,
         shipped_modules: list[BuiltModule], blocked: list[str], generation: int,
         scene: Doc) -> Iterator[Table]:
    module = next(m for m in shipped_modules if m.id == MODULE_ID)
    with seated(browser_context, harness_server, module, {"gm": GM, "player": PLAYER}, blocked,
                generation=generation) as found:
        for page in found.pages.values():
            page.evaluate(SCENE, scene)
        yield found


def module_of(shipped_modules: list[BuiltModule]) -> BuiltModule:
    return next(m for m in shipped_modules if m.id == MODULE_ID)


def predicted(module: BuiltModule, tim: Doc, smith: Doc, dice: list[dict[str, Any]]) -> Doc:
    ids = character_ids([tim, smith])
    inp = {"attacker": fighter_character(module, tim, ids[0]),
           "defender": fighter_character(module, smith, ids[1]),
           "attack": {"approach": "forceful", "skill": None, "power": "fiery-explosion",
                      "power_bonuses": 4},
           "defence": {"approach": "quick", "skill": None, "power": "cybernetic-punch",
                       "power_bonuses": 2}}
    result = run_case(ENGINE, "attack", config_overrides(module), inp, dice)
    assert "error" not in result, result
    return {"input": inp, "result": result}


@pytest.fixture(params=[12, 13], ids=["v12", "v13"])
def npc_table(request: pytest.FixtureRequest, browser_context: BrowserContext,
              harness_server: HarnessServer, shipped_modules: list[BuiltModule],
              blocked_requests: list[str]) -> Iterator[Table]:
    module = module_of(shipped_modules)
    tim = {**fighter(module, TIM), "ownership": {"default": 0, PLAYER["_id"]: 3}}
    scene = attack_scene(tim, fighter(module, SMITH, linked=False))
    yield from seat(browser_context, harness_server, shipped_modules, blocked_requests,
                    request.param, scene)
    assert blocked_requests == []


def test_a_players_attack_on_an_npc_is_defended_on_the_gms_client(npc_table: Table) -> None:
    table, module = npc_table, npc_table.module
    table.pages["gm"].evaluate(SCRIPT, [SMITH_DICE, [SMITH_DEFENDS]])
    run = table.run("player", "4dF: Attack", TIM_DICE, None, (TIM_ATTACKS,))
    waiting = foundry_format(module.lang["RULEPACK.FateWounds.Waiting"], name=GM["name"],
                             target="Agent Smith")
    assert run["messages"] == [] and run["updates"] == []
    assert run["notifications"] == [{"type": "info", "message": waiting}]
    # The defence window opened on the GM's client, which rolled the defence dice there.
    assert table.pages["gm"].evaluate(SHOWN) == {"dialogs": ["4dF defence"], "diceLeft": 0,
                                                 "answersLeft": 0}
    tim = {**fighter(module, TIM), "ownership": {"default": 0, PLAYER["_id"]: 3}}
    expected = predicted(module, tim, fighter(module, SMITH, linked=False),
                         TIM_DICE + SMITH_DICE)
    # One card, posted by the GM's client, which could write every document: Tim's bonuses on
    # the player's sheet and the wound on the NPC token's own copy of Smith, with Undo.
    for name, shown in table.everywhere(CARDS, MODULE_ID).items():
        [card] = shown
        assert card["author"] == GM["_id"] and card["rolls"] == 2, name
        assert f"Hit: {signed(5)} beats {signed(2)}, 3 damage." in card["summary"]
        assert [tuple(c) for c in card["changes"]] == [
            (f"Actor.{TIM}", "system.power_bonus_remaining"), (SYNTHETIC, "system.wounds.light"),
            (SYNTHETIC, "system.power_bonus_remaining")]
    stored = table.pages["player"].evaluate(
        "(id) => [...game.messages][0].flags[id].card", MODULE_ID)
    assert stored["call"]["input"] == expected["input"]
    assert stored["call"]["dice"] == TIM_DICE + SMITH_DICE
    assert stored["result"] == expected["result"]
    state = {"token": 1, "sheet": None}
    assert table.everywhere(STATE, [f"tok-{SMITH}", SMITH]) == each(table.pages, state)
    undone = table.pages["gm"].evaluate(UNDO, MODULE_ID)
    assert undone["undone"] is True
    table.relay("gm", {"updates": undone["updates"]})
    assert table.everywhere(STATE, [f"tok-{SMITH}", SMITH]) == each(
        table.pages, {"token": 0, "sheet": None})
    assert table.problems() == each(table.pages, [])


@pytest.fixture(params=[12, 13], ids=["v12", "v13"])
def pc_table(request: pytest.FixtureRequest, browser_context: BrowserContext,
             harness_server: HarnessServer, shipped_modules: list[BuiltModule],
             blocked_requests: list[str]) -> Iterator[Table]:
    module = module_of(shipped_modules)
    smith = {**fighter(module, SMITH), "ownership": {"default": 0, PLAYER["_id"]: 3}}
    scene = attack_scene(fighter(module, TIM, linked=False), smith)
    yield from seat(browser_context, harness_server, shipped_modules, blocked_requests,
                    request.param, scene)
    assert blocked_requests == []


def test_the_gms_attack_on_a_players_character_is_defended_by_the_player(
    pc_table: Table,
) -> None:
    table, module = pc_table, pc_table.module
    table.pages["player"].evaluate(SCRIPT, [SMITH_DICE, [SMITH_DEFENDS]])
    run = table.run("gm", "4dF: Attack", TIM_DICE, None, (TIM_ATTACKS,))
    assert run["messages"] == []
    assert table.pages["player"].evaluate(SHOWN) == {"dialogs": ["4dF defence"],
                                                     "diceLeft": 0, "answersLeft": 0}
    for name, shown in table.everywhere(CARDS, MODULE_ID).items():
        [card] = shown
        assert card["author"] == GM["_id"] and card["rolls"] == 2, name
        assert (f"Actor.{SMITH}", "system.wounds.light") in [tuple(c) for c in card["changes"]]
    assert table.everywhere(
        f"() => game.actors.get('{SMITH}').system.wounds.light") == each(table.pages, 1)
    smith = {**fighter(module, SMITH), "ownership": {"default": 0, PLAYER["_id"]: 3}}
    expected = predicted(module, fighter(module, TIM, linked=False), smith,
                         TIM_DICE + SMITH_DICE)
    stored = table.pages["player"].evaluate(
        "(id) => [...game.messages][0].flags[id].card", MODULE_ID)
    assert stored["call"]["input"] == expected["input"]
    assert stored["result"] == expected["result"]
    assert table.problems() == each(table.pages, [])


def test_a_defence_asked_of_a_player_who_leaves_goes_to_the_active_gm(pc_table: Table) -> None:
    """The player logs out before answering: the GM's client, the active GM, asks the defence
    in its own window (with the faces it was given) and posts the card."""
    table = pc_table
    pack, ident = table.macro("4dF: Attack")
    run = table.pages["gm"].run_macro(pack, ident, TIM_DICE + SMITH_DICE, None, None,
                                      [TIM_ATTACKS, SMITH_DEFENDS])
    assert run["error"] is None and run["messages"] == []
    assert [event["data"]["type"] for event in run["socket"]] == ["fate_wounds.defend"]
    table.leave("player")
    assert table.pages["gm"].evaluate(SHOWN) == {"dialogs": ["4dF attack", "4dF defence"],
                                                 "diceLeft": 0, "answersLeft": 0}
    [card] = table.pages["gm"].evaluate(CARDS, MODULE_ID)
    assert card["rolls"] == 2
    assert (f"Actor.{SMITH}", "system.wounds.light") in [tuple(c) for c in card["changes"]]
    assert table.problems() == each(table.pages, [])


OTHER = {"_id": "playerB000000001", "name": "Omar", "role": 1}


@pytest.mark.parametrize("generation", [12, 13])
def test_a_players_attack_on_another_players_character(
    browser_context: BrowserContext, harness_server: HarnessServer,
    shipped_modules: list[BuiltModule], blocked_requests: list[str], generation: int,
) -> None:
    """Laura's Tim attacks Omar's Smith: Omar defends on his client; neither player may write the
    other's sheet, so Laura's client resolves and posts the card naming the changes, and the
    active GM's client applies them on a card of its own, with Undo (issue 10's relay)."""
    module = module_of(shipped_modules)
    tim = {**fighter(module, TIM), "ownership": {"default": 0, PLAYER["_id"]: 3}}
    smith = {**fighter(module, SMITH), "ownership": {"default": 0, OTHER["_id"]: 3}}
    users = {"gm": GM, "player": PLAYER, "other": OTHER}
    with seated(browser_context, harness_server, module, users, blocked_requests,
                generation=generation) as table:
        for page in table.pages.values():
            page.evaluate(SCENE, attack_scene(tim, smith))
        table.pages["other"].evaluate(SCRIPT, [SMITH_DICE, [SMITH_DEFENDS]])
        table.run("player", "4dF: Attack", TIM_DICE, None, (TIM_ATTACKS,))
        assert table.pages["other"].evaluate(SHOWN)["dialogs"] == ["4dF defence"]
        for name, shown in table.everywhere(CARDS, MODULE_ID).items():
            assert [c["author"] for c in shown] == [PLAYER["_id"], GM["_id"]], name
            player_card, gm_card = shown
            assert player_card["rolls"] == 2 and player_card["changes"] == []
            assert (f"Actor.{SMITH}", "system.wounds.light") in [
                tuple(c) for c in gm_card["changes"]]
        assert table.everywhere(
            f"() => game.actors.get('{SMITH}').system.wounds.light") == each(table.pages, 1)
        assert table.problems() == each(table.pages, [])
    assert blocked_requests == []


@pytest.mark.parametrize("generation", [12, 13])
def test_only_a_gm_starts_a_conflict(
    browser_context: BrowserContext, harness_server: HarnessServer,
    shipped_modules: list[BuiltModule], blocked_requests: list[str], generation: int,
) -> None:
    """A new conflict refills every fighter's bonuses: a player's client refuses before asking."""
    module = module_of(shipped_modules)
    with seated(browser_context, harness_server, module, {"gm": GM, "player": PLAYER},
                blocked_requests, generation=generation) as table:
        page = table.pages["player"]
        pack, ident = table.macro("4dF: New conflict")
        run = page.run_macro(pack, ident, [], None, None, [])
        message = module.lang["RULEPACK.FateWounds.GmOnly"]
        assert run["error"] is None and run["messages"] == [] and run["dialogs"] == []
        assert run["problems"] == [f"console warning: {message}"]
