"""A weapon change played as a fighter's card for the Turn (DR-G36, `weapon_change: costs_turn`):
no shipped card changes weapons, so a copy of the shipped content gives the Hand Operative one,
"Change Grip". On his turn the GM's client asks what each hand wields (his katana, or nothing),
runs the engine's `change_weapons` on the fight and posts a card whose trace names DR-G36: the
card, the updates and the trace the Python engine predicts for the same answers.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_launch import HarnessServer, new_context, serving
from browser_page import GENERATIONS, BuiltModule, HarnessPage, build_modules
from dialog_shots import START, DialogShooter
from macro_kinds import observed
from playwright.sync_api import BrowserContext
from screenshot import EXPOSE_ANSWERS
from shots import DEFAULT_OUT, LOOKS
from table import STAGE, Seat

from danger_room.flows import play_card
from danger_room.kinds import NONCE, on_turn
from danger_room.play import Script
from danger_room.world import MODULE, before, picked, sample_world, scene

CONTENT = Path(__file__).resolve().parents[3] / "content" / "danger_room"
KEY = "change-grip"
CARD = """id: change-grip
name: Change Grip
description: >-
  <p>Sheathe or draw: the fighter's whole action for the Turn.</p>
kind: change_weapons
speed: 2
movement: 3
"""
FIGHTER = "(id) => game.combat.combatants.get(id).getFlag('rulepack-danger-room', 'fighter')"


@pytest.fixture(scope="module")
def module(tmp_path_factory: pytest.TempPathFactory) -> BuiltModule:
    root = tmp_path_factory.mktemp("weapon-change")
    content = root / "content" / "danger_room"
    shutil.copytree(CONTENT, content)
    (content / "cards" / f"{KEY}.yaml").write_text(CARD, encoding="utf-8")
    operative = content / "fighters" / "hand-operative.yaml"
    text = operative.read_text(encoding="utf-8")
    assert text.count("cards: [katana-cut, block]") == 1
    operative.write_text(text.replace("cards: [katana-cut, block]",
                                      f"cards: [katana-cut, block, {KEY}]"), encoding="utf-8")
    [built] = build_modules(root / "content", root / "out")
    return built


@pytest.fixture(scope="module")
def seat(module: BuiltModule, browser_context: BrowserContext,
         blocked_requests: list[str]) -> Iterator[tuple[Seat, HarnessServer]]:
    """A browser of the copy on a server of its own (it has the shipped module's id, which the
    shared harness server already serves), reused from test to test, each resetting it."""
    browser = browser_context.browser
    assert browser is not None
    with serving() as server:
        seat = Seat(new_context(browser, server, blocked_requests))
        try:
            yield seat, server
        finally:
            seat.context.close()
    assert blocked_requests == []


@pytest.fixture(params=GENERATIONS, ids=[f"v{g}" for g in GENERATIONS])
def page(request: pytest.FixtureRequest, module: BuiltModule,
         seat: tuple[Seat, HarnessServer]) -> HarnessPage:
    """The copy booted as `request.param` in a browser with nothing left of the test before
    (`table.Seat.reset`: storage wiped, page loaded afresh)."""
    browser, server = seat
    return browser.reset(server, module, request.param, "worldbuilding")


@pytest.mark.parametrize("wield", [[], ["katana"]], ids=["sheathe", "keep"])
def test_a_weapon_change_is_the_fighters_card_for_the_turn(
    module: BuiltModule, page: HarnessPage, wield: list[str],
) -> None:
    world = picked(on_turn(sample_world(module), "hand-operative"), "hand-operative", KEY,
                   NONCE, None)
    assert world.fighters["cbtHandA"]["wielded"] == ["katana"]
    hands = {"hand1": wield[0] if wield else "", "hand2": ""}
    answers: list[dict[str, Any]] = [{"action": "ok", "fields": hands}]
    page.evaluate(STAGE, before(world))
    pack, ident = next((p, d["_id"]) for p, d in module.documents("Macro")
                       if d["name"] == "Danger Room: Change Grip")
    run = page.run_macro(pack, ident, [], None, scene(world, "hand-operative", ()), answers)
    assert run["error"] is None, run["error"]
    assert run["problems"] == [] and run["answersLeft"] == []
    [form] = run["dialogs"]
    assert [f["name"] for f in form["fields"]] == ["hand1", "hand2"]
    expected = play_card(world, "hand-operative", KEY, [], [], Script([]), NONCE, wield=wield)
    assert observed(run) == expected
    [card] = [m for m in run["messages"]
              if any(t["id"] == "DR-G36" for t in m["shown"]["card"]["trace"])]
    assert page.evaluate(FIGHTER, "cbtHandA")["wielded"] == wield
    assert card["flags"][MODULE]["card"]["call"]["rule"] == "change_weapons"


def test_the_weapon_change_form_is_shot_in_every_look(module: BuiltModule,
                                                      page: HarnessPage) -> None:
    """No shipped card opens the form (danger_room/dialogs.py): its screenshot in each look of
    the page's generation (v13: dark, then light after a reload), as test_screenshot.py names
    it."""
    world = picked(on_turn(sample_world(module), "hand-operative"), "hand-operative", KEY,
                   NONCE, None)
    pack, ident = next((p, d["_id"]) for p, d in module.documents("Macro")
                       if d["name"] == "Danger Room: Change Grip")
    answers = [{"action": "ok", "fields": {"hand1": "katana", "hand2": ""}, "hold": True}]
    generation = page.evaluate("() => game.release.generation")
    for look, _, theme in (look for look in LOOKS if look[1] == generation):
        if theme == "light":
            page.page.reload()
            page.boot(module, generation, theme=theme)
        page.evaluate(STAGE, before(world))
        page.evaluate(EXPOSE_ANSWERS)
        page.page.bring_to_front()
        page.evaluate(START, {"pack": pack, "id": ident, "dice": [], "actor": None,
                              "scene": scene(world, "hand-operative", ()), "answers": answers})
        shooter = DialogShooter(page, module, look, DEFAULT_OUT, set())
        [path] = shooter.hold_each(1)
        assert path.name == f"danger_room-dialog-wield-{look}.png"
        run = page.evaluate("() => window.__shotRun")
        assert run["error"] is None and page.take_problems() == []
