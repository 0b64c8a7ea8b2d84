"""A Danger Room attack over an area (a Burst, a Line: DR-G22) is one chat card (issue 14): how
many fighters the area caught and how many it hit, then each step (the landing, each Active
Defence that catches it, each hit) as a section of its own with the GM's Undo of that step alone,
refused once something changed that fighter since; "Copy as fixture" gives one fixture per step,
each replayed exactly by the Python engine.

`tests/browser/test_macros.py` compares every play's cards and updates with the engine's
prediction (`danger_room/flows.py`, `play.py` `area_action`); these run Scrap Storm (a Burst)
and Metal Pinions (a Line) on v12 and v13 and check what that comparison does not see.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_launch import HarnessServer
from browser_page import GENERATIONS, BuiltModule, HarnessPage, OpenPage
from macro_kinds import KINDS, STAGE, MacroContext, context_for, observed
from playwright.sync_api import BrowserContext
from table import SCENE, each, seated

# isort: split
# macro_kinds registers the rulesets' KINDS as it loads, so it is imported first.

from test_chat_cards import replay

from danger_room.world import GM, MODULE, sample_world

#: The area cards, by key: a Burst around the user and a Line of 3 hexes.
AREA_CARDS = ("scrap-storm", "metal-pinions")
LAST = "() => [...game.messages].at(-1)"
SHOWN = f"() => harness.shownMessage(({LAST})().id).card"
FLAGS = f"() => ({LAST})().flags[\"{MODULE}\"]"
FIGHTERS = f"""() => Object.fromEntries([...game.combat.combatants].map((c) =>
    [c.id, c.getFlag("{MODULE}", "fighter")]))"""
#: The Combatants of the two fighters Scrap Storm's Burst hits (`danger_room/world.py` SEATS).
COMBATANTS = {"Hand Operative": "cbtHandA", "X-23": "cbtX23"}
UNDO = f"""async (part) => {{
    const message = ({LAST})();
    const undone = await game.modules.get("{MODULE}").api.cards.undoCard(
        message, part === null ? undefined : part);
    await harness.settle();
    return undone;
}}"""


@pytest.fixture(scope="module")
def module(shipped_modules: list[BuiltModule]) -> BuiltModule:
    return next(m for m in shipped_modules if m.id == MODULE)


def play(module: BuiltModule, key: str) -> MacroContext:
    return next(ctx for ctx in (context_for(module, p, d) for p, d in module.documents("Macro"))
                if ctx.method == "danger_room.playCard" and ctx.args == (key,))


def run(page: HarnessPage, ctx: MacroContext) -> dict[str, Any]:
    """The play's first case, checked against the Python engine's cards and updates."""
    case = KINDS[ctx.method].cases(ctx)[0]
    page.evaluate(STAGE, case.stage)
    out = page.run_macro(ctx.pack, ctx.macro["_id"], case.queue, case.actor, case.scene,
                         list(case.answers))
    assert out["error"] is None and out["problems"] == [], out
    assert out["diceLeft"] == [] and out["answersLeft"] == []
    assert observed(out) == KINDS[ctx.method].expect(ctx, case)
    return out


@pytest.mark.parametrize("key", AREA_CARDS)
@pytest.mark.parametrize("generation", GENERATIONS)
def test_an_area_attack_is_one_card_of_its_steps(
    module: BuiltModule, open_page: OpenPage, generation: int, key: str
) -> None:
    """One card for the play's landing and hits (the Python engine's, by `run`), its outcome on
    top; Scrap Storm's Burst hits two fighters."""
    page = open_page(module, generation)
    out = run(page, play(module, key))
    cards = [m for m in out["messages"] if m["flags"][MODULE].get("card", {}).get("parts")]
    assert len(cards) == 1
    rules = [p["call"]["rule"] for p in cards[0]["flags"][MODULE]["card"]["parts"]]
    assert rules[0] == "attack_landing" and set(rules[1:]) <= {"defence_check", "resolve_hit"}
    shown = page.evaluate(SHOWN)
    hits = rules.count("resolve_hit")
    assert shown["actions"] == ["undo-target"] * hits + ["undo", "fixture"]
    if key == "scrap-storm":
        assert hits == 2 and shown["summary"] == [
            "Scrap Storm: 2 targets, 2 hit.", "Where it lands", "On Hand Operative", "On X-23"]
    assert page.take_problems() == []


def hit_on(state: dict[str, Any], name: str) -> int:
    """The part of the card that is the hit on `name`."""
    lines = [p["summary"][0] for p in state["card"]["parts"]]
    return lines.index(f"On {name}")


@pytest.mark.parametrize("generation", GENERATIONS)
def test_undo_of_one_hit_restores_that_fighter_alone(
    module: BuiltModule, open_page: OpenPage, generation: int
) -> None:
    page = open_page(module, generation)
    ctx = play(module, "scrap-storm")
    case = KINDS[ctx.method].cases(ctx)[0]
    page.evaluate(STAGE, case.stage)
    first = page.evaluate(FIGHTERS)
    run(page, ctx)
    state = page.evaluate(FLAGS)
    hit = page.evaluate(FIGHTERS)
    hand, x23 = COMBATANTS["Hand Operative"], COMBATANTS["X-23"]
    assert hit[hand] != first[hand] and hit[x23] != first[x23]
    assert page.evaluate(UNDO, hit_on(state, "Hand Operative")) is True
    now = page.evaluate(FIGHTERS)
    assert now[hand] == first[hand] and now[x23] == hit[x23]
    assert page.evaluate(UNDO, hit_on(state, "Hand Operative")) is False  # once only
    shown = page.evaluate(SHOWN)
    assert shown["actions"] == ["undo-target", "undo", "fixture"]
    assert page.evaluate(UNDO, None) is True  # the rest: X-23
    now = page.evaluate(FIGHTERS)  # (the attacker's own turn and play are not the card's)
    assert (now[hand], now[x23]) == (first[hand], first[x23])
    assert page.evaluate(SHOWN)["actions"] == ["fixture"]
    assert page.take_problems() == []


@pytest.mark.parametrize("generation", GENERATIONS)
def test_undo_of_a_hit_is_refused_once_that_fighter_changed_since(
    module: BuiltModule, open_page: OpenPage, generation: int
) -> None:
    page = open_page(module, generation)
    run(page, play(module, "scrap-storm"))
    state = page.evaluate(FLAGS)
    x23, hand = COMBATANTS["X-23"], COMBATANTS["Hand Operative"]
    page.evaluate(f"""(id) => game.combat.combatants.get(id).setFlag("{MODULE}",
        "fighter.health", 1).then(() => 0)""", x23)
    hit = page.evaluate(FIGHTERS)
    assert page.evaluate(UNDO, hit_on(state, "X-23")) is False
    assert page.evaluate(UNDO, None) is False
    label = module.lang["RULEPACK.DangerRoom.Key.Health"]
    warning = module.lang["RULEPACK.Card.UndoConflict"].replace("{name}", "X-23").replace(
        "{label}", label)
    assert page.take_problems() == [f"console warning: {warning}"] * 2
    assert page.evaluate(FIGHTERS) == hit
    assert page.evaluate(UNDO, hit_on(state, "Hand Operative")) is True
    assert page.evaluate(FIGHTERS)[x23] == hit[x23]
    assert page.evaluate(FIGHTERS)[hand] != hit[hand]
    assert page.take_problems() == []


@pytest.mark.parametrize("generation", GENERATIONS)
def test_the_area_cards_fixture_is_one_per_step_each_replayed_exactly(
    module: BuiltModule, open_page: OpenPage, generation: int
) -> None:
    page = open_page(module, generation)
    run(page, play(module, "scrap-storm"))
    parts = page.evaluate(FLAGS)["card"]["parts"]
    text = page.evaluate(f"""() => {{
        const cards = game.modules.get("{MODULE}").api.cards;
        return cards.fixtureYaml(cards.readCard(({LAST})()).card);
    }}""")
    documents = text.split("---\n")
    assert len(documents) == len(parts) == 3
    for document, part in zip(documents, parts, strict=True):
        data = replay(document)
        assert (data["rule"], data["input"], data["dice"]) == (
            part["call"]["rule"], part["call"]["input"], part["call"]["dice"])
        assert data["expected"] == part["result"]


# ---------------------------------------------------------------- a player's area attack

PLAYER = {"_id": "playerB000000001", "name": "Julian", "role": 1}
#: Each message's author, its parts' first lines and its changes (part, path).
MESSAGES = f"""() => [...game.messages].map((m) => {{
    const state = game.modules.get("{MODULE}").api.cards.readCard(m);
    return {{author: m.user, parts: (state?.card.parts ?? []).map((p) => p.summary[0]),
             changes: (state?.changes ?? []).map((c) => [c.part ?? null, c.uuid, c.path]),
             pending: (state?.card.parts ?? []).map((p) => (p.pending ?? []).length)}};
}})"""
UNDO_GM = f"""async (part) => {{
    const {{ record }} = await import("/harness/foundry/record.mjs");
    const cards = game.modules.get("{MODULE}").api.cards;
    const message = [...game.messages].find((m) => (cards.readCard(m)?.card.parts ?? []).length
        && cards.readCard(m).changes.length);
    const before = record.updates.length;
    const undone = await cards.undoCard(message, part);
    return {{undone, updates: structuredClone(record.updates.slice(before))}};
}}"""


@pytest.mark.parametrize("generation", GENERATIONS)
def test_a_players_area_attack_is_applied_by_the_gm_on_one_card_undone_hit_by_hit(
    browser_context: BrowserContext, harness_server: HarnessServer,
    shipped_modules: list[BuiltModule], blocked_requests: list[str], generation: int,
) -> None:
    """Julian plays Hellfire's Scrap Storm: the enemies' Health is the GM's client's to write, so
    Julian's card lists the hits and the GM's client applies them once, on one card of several of
    its own, whose Undo of the hit on the Hand Operative restores that fighter alone everywhere."""
    module = next(m for m in shipped_modules if m.id == MODULE)
    ctx = play(module, "scrap-storm")
    case = KINDS[ctx.method].cases(ctx)[0]
    assert case.stage is not None and case.scene is not None
    world = sample_world(module)
    actors = [{**a, "ownership": {"default": 0, PLAYER["_id"]: 3}}
              if a["_id"] == world.actors["hellfire"]["_id"] else a for a in case.scene["actors"]]
    with seated(browser_context, harness_server, module, {"gm": GM, "b": PLAYER},
                blocked_requests, generation=generation, stage=case.stage) as table:
        scene_of = {**case.scene, "actors": actors}
        for page in table.pages.values():
            page.evaluate(SCENE, scene_of)
        first = table.pages["gm"].evaluate(FIGHTERS)
        run_on = table.run("b", ctx.macro["name"], case.queue, None, case.answers)
        assert run_on["diceLeft"] == [] and run_on["answersLeft"] == []
        hand, x23 = COMBATANTS["Hand Operative"], COMBATANTS["X-23"]
        hit = table.pages["gm"].evaluate(FIGHTERS)
        assert hit[hand]["health"] < first[hand]["health"]
        assert hit[x23]["health"] < first[x23]["health"]
        for name, shown in table.everywhere(MESSAGES).items():
            grouped = [m for m in shown if m["parts"]]
            assert [m["author"] for m in grouped] == [PLAYER["_id"], GM["_id"]], (name, shown)
            player, gm = grouped
            assert player["changes"] == [] and len(player["parts"]) == 3, name
            # Each hit names the Health it left for the GM's client, under its own line.
            assert player["pending"][0] == 0 and all(player["pending"][1:]), name
            assert gm["parts"] == ["On Hand Operative", "On X-23"], name
            assert {c[0] for c in gm["changes"]} == {0, 1}, name
        undone = table.pages["gm"].evaluate(UNDO_GM, 0)
        assert undone["undone"] is True
        table.relay("gm", {"updates": undone["updates"]})
        for name, now in table.everywhere(FIGHTERS).items():
            assert (now[hand], now[x23]) == (first[hand], hit[x23]), name
        assert table.problems() == each(table.pages, [])
    assert blocked_requests == []
