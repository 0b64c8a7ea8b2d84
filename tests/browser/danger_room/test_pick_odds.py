"""The odds of a Danger Room card in the pick window (issue 16, Deliver 3), in both generations:
where the play opens no BOOST form (here X-23 has no Stamina for a BOOST) the pick window is
the one window that shows a card's odds. The figures for the selected card against the
targeted fighter, with no BOOST, are the Python engine's exact distribution of `resolve_hit`
for the call the play then really makes; a card that deals no damage says so; the panel
follows the selection."""

from __future__ import annotations

from dataclasses import replace

import pytest
from browser_page import GENERATIONS, BuiltModule, OpenPage
from odds_panel import READ, figures

from danger_room.test_odds import CASES, Fight, expected, hit_call
from danger_room.world import MODULE, World, sample_world

SELECT = "#dialogs select[name=card]"


def no_stamina(module: BuiltModule, fighter: str) -> World:
    """The sample world with `fighter` at 0 Stamina (no BOOST on its damage can be paid)."""
    world = sample_world(module)
    seat = world.seat(fighter).combatant
    return replace(world, fighters={**world.fighters,
                                    seat: {**world.fighters[seat], "stamina": 0}})


@pytest.fixture(scope="module")
def module(shipped_modules: list[BuiltModule]) -> BuiltModule:
    return next(m for m in shipped_modules if m.id == MODULE)


@pytest.mark.parametrize("generation", GENERATIONS)
def test_the_pick_window_shows_the_odds_the_play_then_has(
    module: BuiltModule, open_page: OpenPage, generation: int
) -> None:
    picks, roll_off, _, attack = CASES["claw"]
    fight = Fight(module, open_page(module, generation), world=no_stamina(module, "x-23"))
    answer = {"action": "ok", "fields": {"card": "claw-strike"}}
    pick = ("x-23", "Pick a card", attack[2], (answer,), ())
    with fight.form(pick, close=False):
        shown = fight.page.evaluate(READ)
        fight.page.page.locator(SELECT).select_option("block")
        assert fight.page.evaluate(READ) == []
        panel = fight.page.page.locator("#dialogs section.rulepack-odds").inner_text()
        assert "Block deals no damage: it has no odds to show." in panel
        fight.page.page.locator(SELECT).select_option("claw-strike")
        assert fight.page.evaluate(READ) == shown
    assert "Odds if it lands on" in fight.last["dialogs"][0]["text"]
    fight.ready({k: v for k, v in picks.items() if k != "x-23"}, roll_off, ())
    # The play: no dialog is scripted, so a BOOST form opening would fail the run.
    args = fight.args((*attack[:3], (), attack[4]), [])
    run = fight.page.run_macro(args["pack"], args["id"], args["dice"], None, args["scene"], [])
    assert run["error"] is None and run["problems"] == [], (run["error"], run["problems"])
    call = hit_call(run)
    assert call["input"]["request"]["boost"] == [0]
    assert [line["key"] for line in shown] == ["damage", "down"]
    assert figures(shown) == expected(call["input"], call["config"])


def test_without_a_target_the_pick_window_asks_for_one(
    module: BuiltModule, open_page: OpenPage
) -> None:
    fight = Fight(module, open_page(module, 13))
    answer = {"action": "ok", "fields": {"card": "claw-strike"}}
    pick = ("x-23", "Pick a card", (), (answer,), ())
    with fight.form(pick, close=False, ready="#dialogs p.rulepack-odds-note"):
        text = fight.page.page.locator("#dialogs section.rulepack-odds").inner_text()
    assert "Target a fighter to see the odds of the card against it." in text
