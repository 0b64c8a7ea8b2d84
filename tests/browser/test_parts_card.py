"""A card of several targets (`api.cards.postPartsCard`, `foundry/card-parts.mjs`), built by hand
so that two targets change the same field: undoing the earlier target alone would overwrite the
later one's change, so it is refused as a change made since, until the later one is undone; a
player sees no Undo; author text in a target's lines stays text."""

from __future__ import annotations

from typing import Any

import pytest
from browser_page import GENERATIONS, BuiltModule, HarnessPage, OpenPage
from card_text import change_label
from macro_kinds import foundry_format

HAZARD = "rulepack-hazard-location"
ACTOR = "partsActor000001"
HEALTH = "system.health.value"
POST = """async ([moduleId, actorId, parts]) => {
    const { runCase } = await import(`/modules/${moduleId}/scripts/rules/harness.mjs`);
    const cards = game.modules.get(moduleId).api.cards;
    const actor = game.actors.get(actorId);
    const specs = [];
    for (const [line, value, written] of parts) {
        const call = { ruleset: "primitives", rule: "halve", config: {}, input: { value },
                       dice: [] };
        const result = runCase(call.ruleset, call.rule, call.config, call.input, call.dice);
        const values = written ?? [result.state.value];
        const changes = await cards.applyChanges(values.map((v) => (
            { document: actor, path: "system.health.value", value: v })));
        specs.push({ call, result, summary: [line], changes });
    }
    const message = await cards.postPartsCard({ title: "Two halvings", summary: ["Both"],
                                                parts: specs });
    await harness.settle();
    return message.id;
}"""
UNDO = """async ([moduleId, id, part]) => {
    const undone = await game.modules.get(moduleId).api.cards.undoCard(
        game.messages.get(id), part === null ? undefined : part);
    await harness.settle();
    return undone;
}"""
HEALTH_NOW = "(id) => game.actors.get(id).system.health.value"
CANARY = "<img src=x onerror=window.__canaryParts=1>"


@pytest.fixture
def page(shipped_modules: list[BuiltModule], open_page: OpenPage,
         request: pytest.FixtureRequest) -> HarnessPage:
    module = next(m for m in shipped_modules if m.id == HAZARD)
    opened = open_page(module, request.param)
    actor = {"_id": ACTOR, "name": "Parts Target", "type": "character", "items": [],
             "effects": [], "flags": {}, "system": {"health": {"value": 20, "max": 20}}}
    opened.evaluate("(a) => game.actors.set(a._id, new Actor(a))", actor)
    return opened


def post(page: HarnessPage, parts: list[tuple[Any, ...]]) -> str:
    """Post a card of (line, value halved[, Health values written instead of the half])."""
    message_id: str = page.evaluate(POST, [HAZARD, ACTOR, [list(p) for p in parts]])
    return message_id


def shown(page: HarnessPage, message_id: str) -> dict[str, Any]:
    card: dict[str, Any] = page.evaluate("(id) => harness.shownMessage(id).card", message_id)
    return card


@pytest.mark.parametrize("page", GENERATIONS, indirect=True)
def test_an_earlier_target_waits_for_a_later_one_that_changed_the_same_field(
    page: HarnessPage, shipped_modules: list[BuiltModule]
) -> None:
    lang = next(m for m in shipped_modules if m.id == HAZARD).lang
    message = post(page, [("First halving", 20), ("Second halving", 10)])  # 20 → 10 → 5
    assert page.evaluate(HEALTH_NOW, ACTOR) == 5
    card = shown(page, message)
    assert card["summary"] == ["Both", "First halving", "Second halving"]
    assert card["actions"] == ["undo-target", "undo-target", "undo", "fixture"]
    assert page.evaluate(UNDO, [HAZARD, message, 0]) is False
    warning = foundry_format(lang["RULEPACK.Card.UndoConflict"], name="Parts Target",
                             label=change_label(lang, HEALTH))
    assert page.take_problems() == [f"console warning: {warning}"]
    assert page.evaluate(HEALTH_NOW, ACTOR) == 5
    assert page.evaluate(UNDO, [HAZARD, message, 1]) is True
    assert page.evaluate(HEALTH_NOW, ACTOR) == 10
    assert page.evaluate(UNDO, [HAZARD, message, 0]) is True
    assert page.evaluate(HEALTH_NOW, ACTOR) == 20
    assert shown(page, message)["actions"] == ["fixture"]
    flags = page.evaluate("(id) => game.messages.get(id).flags", message)[HAZARD]
    assert flags["undone"] is True and flags["undoneParts"] == [0, 1]
    assert page.take_problems() == []


@pytest.mark.parametrize("page", GENERATIONS, indirect=True)
def test_a_later_target_that_wrote_the_field_back_still_holds_the_earlier_one(
    page: HarnessPage, shipped_modules: list[BuiltModule]
) -> None:
    """The second target writes Health 10 → 5 → 10: the actor holds the first target's `after`
    again, but undoing the first alone would leave the second's records unrestorable."""
    lang = next(m for m in shipped_modules if m.id == HAZARD).lang
    message = post(page, [("First", 20, [10]), ("Second", 10, [5, 10])])
    assert page.evaluate(HEALTH_NOW, ACTOR) == 10
    assert page.evaluate(UNDO, [HAZARD, message, 0]) is False
    warning = foundry_format(lang["RULEPACK.Card.UndoConflict"], name="Parts Target",
                             label=change_label(lang, HEALTH))
    assert page.take_problems() == [f"console warning: {warning}"]
    assert page.evaluate(UNDO, [HAZARD, message, 1]) is True
    assert page.evaluate(UNDO, [HAZARD, message, 0]) is True
    assert page.evaluate(HEALTH_NOW, ACTOR) == 20
    assert page.take_problems() == []


@pytest.mark.parametrize("page", GENERATIONS, indirect=True)
def test_a_player_sees_no_undo_and_a_targets_text_stays_text(page: HarnessPage) -> None:
    message = post(page, [(CANARY, 20), ("Second", 10)])
    as_player = """async (id) => {
        const gm = game.user;
        game.user = new User({_id: "partsPlayer00001", name: "P", role: 1, character: null});
        try {
            harness.rerender(id);
            await harness.settle();
            return harness.shownMessage(id).card.actions;
        } finally {
            game.user = gm;
            harness.rerender(id);
            await harness.settle();
        }
    }"""
    assert page.evaluate(as_player, message) == ["fixture"]
    assert shown(page, message)["summary"][1] == CANARY
    assert page.evaluate("() => harness.canaries()") == []
    assert page.evaluate(UNDO, [HAZARD, message, None]) is True
    assert page.evaluate(HEALTH_NOW, ACTOR) == 20
    assert page.take_problems() == []
