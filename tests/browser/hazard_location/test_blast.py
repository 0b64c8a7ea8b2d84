"""A Hazard Dice blast is one chat card (issue 14): the outcome on top, a section per target with
its lines, its changes in words and a GM's Undo of its own; Undo of one target restores that
target alone and is refused once something changed it since, as a one-call card's Undo is; the
card's "Copy as fixture" gives one fixture per target, each replayed exactly by the Python engine.

`tests/browser/test_macros.py` compares every blast case's card and updates with the engine's
prediction (`hazard_location/kinds.py` `expect_blast`); these run the three-target blast on v12
and v13 and check what that comparison does not see.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_launch import HarnessServer
from browser_page import GENERATIONS, BuiltModule, HarnessPage, OpenPage
from macro_kinds import foundry_format, observed
from playwright.sync_api import BrowserContext
from table import SCENE, each, seated

# isort: split
# macro_kinds registers hazard_kinds' KINDS as it loads, so it is imported first.
from card_text import change_label
from test_chat_cards import replay

from hazard_location.kinds import blast_cases, blast_parts, expect_blast
from hazard_location.test_macros import as_json, macro, run, stored
from hazard_location.world import ATTACKER, MODULE_ID, OTHER, TARGET, explosive

#: The blast that reaches Ann, Bob and Cara (`blast_cases`), the card's middle case.
EVERYONE = 1
STAMINA = """(ids) => ids.map((id) => game.actors.get(id).system.stamina_current ?? null)"""
UNDO = """async ([moduleId, part]) => {
    const message = [...game.messages].at(-1);
    const undone = await game.modules.get(moduleId).api.cards.undoCard(
        message, part === null ? undefined : part);
    await harness.settle();
    return undone;
}"""
SHOWN = """() => harness.shownMessage([...game.messages].at(-1).id).card"""
CLICK = """([part]) => {
    const id = [...game.messages].at(-1).id;
    const selector = part === null ? '[data-rulepack-action="undo"]'
        : `[data-rulepack-action="undo-target"][data-rulepack-part="${part}"]`;
    const button = document.querySelector(`#chat-log [data-message-id="${id}"] ${selector}`);
    if (!button) return false;
    button.click();
    return true;
}"""
#: The actors in the order the blast reaches their tokens.
ORDER = [ATTACKER, TARGET, OTHER]


@pytest.fixture(scope="module")
def module(shipped_modules: list[BuiltModule]) -> BuiltModule:
    return next(m for m in shipped_modules if m.id == MODULE_ID)


def blast(page: HarnessPage, module: BuiltModule, which: int = EVERYONE) -> dict[str, Any]:
    ctx = macro(module, "hazard_location.blast")
    case = blast_cases(ctx)[which]
    result = run(page, ctx, case)
    assert observed(result) == expect_blast(ctx, case)
    return result


def staged(module: BuiltModule) -> list[Any]:
    """Each actor's Current Stamina as the blast's scene stages it (none stored: its Total)."""
    scene = blast_cases(macro(module, "hazard_location.blast"))[EVERYONE].scene
    assert scene is not None
    actors = {a["_id"]: a for a in scene["actors"]}
    return [actors[i]["system"].get("stamina_current") for i in ORDER]


def click(page: HarnessPage, part: int | None) -> None:
    assert page.evaluate(CLICK, [part]), f"no Undo button for {part}"
    page.evaluate("() => new Promise((r) => setTimeout(r, 50)).then(() => harness.settle())")


@pytest.mark.parametrize("generation", GENERATIONS)
def test_a_blast_over_three_targets_is_one_card_of_the_python_engines_results(
    module: BuiltModule, open_page: OpenPage, generation: int
) -> None:
    """One message: the outcome line, then Ann's, Bob's and Cara's sections, each the engine's
    call and result for its own dice (taken target after target)."""
    ctx = macro(module, "hazard_location.blast")
    case = blast_cases(ctx)[EVERYONE]
    result = blast(open_page(module, generation), module)
    [message] = result["messages"]
    card = stored(message)
    parts = blast_parts(ctx, case)
    assert [p["call"]["input"]["target"]["name"] for p in card["parts"]] == ["Ann", "Bob", "Cara"]
    assert [p["result"] for p in card["parts"]] == [as_json(p.result) for p in parts]
    assert [p["call"]["rule"] for p in card["parts"]] == ["blast"] * 3
    faces = [f for p in card["parts"] for f in p["call"]["dice"]]
    assert faces == case.queue
    shown = result["messages"][0]["shown"]["card"]
    lang = module.lang
    hurt = sum(p.hurt for p in parts)
    name = explosive(module)["name"]
    assert shown["summary"][0] == foundry_format(
        lang["RULEPACK.Hazard.Summary.BlastOutcome"], explosive=name, count=3, hurt=hurt)
    assert shown["actions"] == ["undo-target"] * 3 + ["undo", "fixture"]


def test_a_blast_lists_its_targets_and_each_gets_its_own_section(
    module: BuiltModule, open_page: OpenPage
) -> None:
    ctx = macro(module, "hazard_location.blast")
    case = blast_cases(ctx)[0]
    result = run(open_page(module, 13), ctx, case)
    window = result["dialogs"][0]
    assert "Bob: 1 hexes (10 m)" in window["text"] and "Cara: 2 hexes (20 m)" in window["text"]
    assert "Ann" not in window["text"]
    [message] = result["messages"]
    parts = stored(message)["parts"]
    assert [p["call"]["input"]["target"]["name"] for p in parts] == ["Bob", "Cara"]
    assert [p["result"]["events"][0]["damage"] for p in parts] == [16, 4]
    sections = open_page(module, 13).evaluate("""(id) => [...document.querySelectorAll(
        `#chat-log [data-message-id="${id}"] .rulepack-target`)]
        .map((s) => s.dataset.rulepackPart)""", message["_id"])
    assert sections == ["0", "1"]


@pytest.mark.parametrize("generation", GENERATIONS)
def test_undo_of_one_target_restores_it_alone_then_undo_all_the_rest(
    module: BuiltModule, open_page: OpenPage, generation: int
) -> None:
    page = open_page(module, generation)
    before = staged(module)
    result = blast(page, module)
    after = page.evaluate(STAMINA, ORDER)
    assert after != before
    click(page, 1)  # Bob
    assert page.evaluate(STAMINA, ORDER) == [after[0], before[1], after[2]]
    shown = page.evaluate(SHOWN)
    assert shown["actions"] == ["undo-target", "undo-target", "undo", "fixture"]
    assert shown["undone"] == module.lang["RULEPACK.Card.TargetUndone"]
    flags = page.evaluate("() => [...game.messages].at(-1).flags")[MODULE_ID]
    assert flags["undoneParts"] == [1] and flags["undone"] is False
    assert page.evaluate(UNDO, [MODULE_ID, 1]) is False  # once only
    click(page, None)  # Undo all: Ann and Cara
    assert page.evaluate(STAMINA, ORDER) == before
    shown = page.evaluate(SHOWN)
    assert shown["actions"] == ["fixture"]
    assert page.evaluate("() => [...game.messages].at(-1).flags")[MODULE_ID]["undone"] is True
    assert result["messages"][0]["_id"] == page.evaluate("() => [...game.messages].at(-1).id")
    assert page.take_problems() == []


@pytest.mark.parametrize("generation", GENERATIONS)
def test_undo_of_a_target_changed_since_is_refused_and_the_others_still_undo(
    module: BuiltModule, open_page: OpenPage, generation: int
) -> None:
    page = open_page(module, generation)
    before = staged(module)
    blast(page, module)
    after = page.evaluate(STAMINA, ORDER)
    page.evaluate("(id) => game.actors.get(id).update({'system.stamina_current': 1}).then(() => 0)",
                  OTHER)
    assert page.evaluate(UNDO, [MODULE_ID, 2]) is False  # Cara changed since
    assert page.evaluate(UNDO, [MODULE_ID, None]) is False  # so does the whole card
    warning = foundry_format(module.lang["RULEPACK.Card.UndoConflict"], name="Cara",
                             label=change_label(module.lang, "system.stamina_current"))
    assert page.take_problems() == [f"console warning: {warning}"] * 2
    assert page.evaluate(STAMINA, ORDER) == [after[0], after[1], 1]
    assert page.evaluate(UNDO, [MODULE_ID, 0]) is True  # Ann was not touched since
    assert page.evaluate(STAMINA, ORDER) == [before[0], after[1], 1]
    shown = page.evaluate(SHOWN)
    assert shown["actions"] == ["undo-target", "undo-target", "undo", "fixture"]
    assert page.take_problems() == []


@pytest.mark.parametrize("generation", GENERATIONS)
def test_the_blasts_fixture_is_one_per_target_each_replayed_exactly(
    module: BuiltModule, open_page: OpenPage, generation: int
) -> None:
    page = open_page(module, generation)
    result = blast(page, module)
    card = stored(result["messages"][0])
    text = page.evaluate("""async (moduleId) => {
        const cards = game.modules.get(moduleId).api.cards;
        return cards.fixtureYaml(cards.readCard([...game.messages].at(-1)).card);
    }""", MODULE_ID)
    documents = text.split("---\n")
    assert len(documents) == 3
    for document, part in zip(documents, card["parts"], strict=True):
        data = replay(document)
        assert data["rule"] == "blast" and data["input"] == part["call"]["input"]
        assert data["dice"] == part["call"]["dice"]
        assert data["expected"] == part["result"]
        assert data["name"].startswith(f"{card['title']}, {part['summary'][0]}")
    assert page.take_problems() == []



# ---------------------------------------------------------------- a player's blast at a table

GM = {"_id": "harnessUser00001", "name": "Gamemaster", "role": 4}
PLAYER = {"_id": "playerA000000001", "name": "Laura", "role": 1}
#: Each message's author, its stored targets' changes (uuid, path) and the buttons it shows.
MESSAGES = """(id) => [...game.messages].map((m) => {
    const state = game.modules.get(id).api.cards.readCard(m);
    return {author: m.user, parts: state?.card.parts?.length ?? null,
            changes: (state?.changes ?? []).map((c) => [c.part, c.uuid, c.path]),
            actions: harness.shownMessage(m.id).card?.actions ?? null,
            pending: [...document.querySelectorAll(
                `#chat-log [data-message-id="${m.id}"] .rulepack-pending li`)].length};
})"""
TOKENS = """(ids) => ids.map((id) =>
    canvas.scene.tokens.get(`tok-${id}`).actor.system.stamina_current ?? null)"""
UNDO_TARGET = """async ([moduleId, part]) => {
    const { record } = await import("/harness/foundry/record.mjs");
    const cards = game.modules.get(moduleId).api.cards;
    const message = [...game.messages].find((m) => (cards.readCard(m)?.changes ?? []).length);
    const before = record.updates.length;
    const undone = await cards.undoCard(message, part);
    return {undone, updates: structuredClone(record.updates.slice(before))};
}"""


def npc(actor: dict[str, Any]) -> dict[str, Any]:
    """An enemy: an unlinked, Hostile prototype token, owned by the GM alone."""
    return {**actor, "prototypeToken": {**actor["prototypeToken"], "actorLink": False,
                                        "disposition": -1}}


@pytest.mark.parametrize("generation", GENERATIONS)
def test_a_players_blast_is_applied_once_by_the_gm_on_one_card_undone_target_by_target(
    browser_context: BrowserContext, harness_server: HarnessServer,
    shipped_modules: list[BuiltModule], blocked_requests: list[str], generation: int,
) -> None:
    """The player owns Ann, not the two NPCs: the player's card lists the three targets and the
    changes left for the GM's client, which applies them all once and posts one card of three
    targets of its own; its Undo of Bob restores Bob's token alone, on every client."""
    module = next(m for m in shipped_modules if m.id == MODULE_ID)
    ctx = macro(module, "hazard_location.blast")
    case = blast_cases(ctx)[EVERYONE]
    assert case.scene is not None
    owned = {PLAYER["_id"]: 3, "default": 0}
    actors = [{**a, "ownership": owned} if a["_id"] == ATTACKER else npc(a)
              for a in case.scene["actors"]]
    scene = {**case.scene, "actors": actors}
    with seated(browser_context, harness_server, module, {"gm": GM, "player": PLAYER},
                blocked_requests, generation=generation) as table:
        for page in table.pages.values():
            page.evaluate(SCENE, scene)
        table.run("player", "Hazard Dice: Blast", case.queue, None, case.answers)
        parts = blast_parts(ctx, case)
        stamina = [p.result["state"]["target"]["stamina_current"] for p in parts]
        assert table.everywhere(TOKENS, ORDER) == each(table.pages, stamina)
        for name, shown in table.everywhere(MESSAGES, MODULE_ID).items():
            player, gm = shown
            assert (player["author"], player["parts"], player["changes"]) == (
                PLAYER["_id"], 3, []), name
            assert gm["author"] == GM["_id"] and gm["parts"] == 3, name
            assert sorted({c[0] for c in gm["changes"]}) == [0, 1, 2], name
        player_card = table.pages["player"].evaluate(MESSAGES, MODULE_ID)[0]
        assert player_card["actions"] == ["fixture"]
        # The player's card names each change left for the GM's client, under its target.
        assert player_card["pending"] == sum(len(p.changes) for p in parts)
        undone = table.pages["gm"].evaluate(UNDO_TARGET, [MODULE_ID, 1])
        assert undone["undone"] is True
        table.relay("gm", {"updates": undone["updates"]})
        staged = [a["system"].get("stamina_current") for a in actors]
        assert table.everywhere(TOKENS, ORDER) == each(
            table.pages, [stamina[0], staged[1], stamina[2]])
        assert table.problems() == each(table.pages, [])
    assert blocked_requests == []
