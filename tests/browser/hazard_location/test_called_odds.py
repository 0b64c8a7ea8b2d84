"""The live odds of a Hazard Dice Called Shot (issue 16, Deliver 3), in both generations: the
location is chosen in the Called Shot window, after the attack window, so that window shows
the odds of the attack at the location selected: the Python engine's exact distribution of the
`attack` rule with that `called_shot` (`compiler/rules/hazard_location/attack_odds.py`), at the
first location and after the user selects another; a player sees what the world setting says.
The screenshots are written to docs/screenshots/odds/.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_page import GENERATIONS, BuiltModule, OpenPage
from macro_kinds import Case
from odds_panel import (
    PANEL,
    PROCEED,
    START,
    as_player,
    figures,
    finish,
    player_view,
    read,
    set_mode,
    shoot,
)

# isort: split
from hazard_location.kinds import attack_input
from hazard_location.test_odds import attack_macro, case_of, expected
from hazard_location.world import MODULE_ID

CALLED = {"action": "called", "fields": {"weapon": "service-handgun"}}


@pytest.fixture(scope="module")
def module(shipped_modules: list[BuiltModule]) -> BuiltModule:
    return next(m for m in shipped_modules if m.id == MODULE_ID)


def called_at(plain: Case, location: str) -> Case:
    """The case as a Called Shot at `location`."""
    answers = (CALLED, {"action": "attack", "fields": {"location": location}})
    return Case(plain.dice, plain.actor, scene=plain.scene, answers=answers)


@pytest.mark.parametrize("generation", GENERATIONS)
def test_the_called_shot_window_shows_the_odds_at_the_location_selected(
    module: BuiltModule, open_page: OpenPage, generation: int
) -> None:
    page = open_page(module, generation)
    ctx = attack_macro(module)
    plain = case_of(module)
    args: dict[str, Any] = {"pack": ctx.pack, "id": ctx.macro["_id"], "dice": [], "actor": None,
                            "scene": plain.scene,
                            "answers": [CALLED, {"action": None, "hold": True}]}
    page.page.bring_to_front()
    page.evaluate(START, args)
    page.page.wait_for_selector(f"#dialogs dialog {PANEL} li")
    radios = page.page.locator("#dialogs input[name=location]")
    places = [radios.nth(i).get_attribute("value") for i in range(radios.count())]
    assert len(places) > 1 and all(places)
    first = read(page)
    assert figures(first) == expected(ctx, attack_input(ctx, called_at(plain, str(places[0]))))
    radios.nth(1).check()
    second = read(page)
    assert figures(second) == expected(ctx, attack_input(ctx, called_at(plain, str(places[1]))))
    assert second != first
    # A Called Shot strikes where it is called: the spread is that one location.
    assert [line["key"] for line in second if line["key"].startswith("location:")] == [
        f"location:{places[1]}"]
    shoot(page, f"hazard_location-odds-called-gm-exact-v{generation}.png")
    page.evaluate(PROCEED)
    run = finish(page)
    assert run["messages"] == []


@pytest.mark.parametrize("generation", GENERATIONS)
@pytest.mark.parametrize("mode", ["exact", "label", "hidden"])
def test_a_player_sees_what_the_setting_says(
    module: BuiltModule, open_page: OpenPage, generation: int, mode: str
) -> None:
    page = open_page(module, generation)
    ctx = attack_macro(module)
    plain = case_of(module)
    args: dict[str, Any] = {"pack": ctx.pack, "id": ctx.macro["_id"], "dice": [], "actor": None,
                            "scene": plain.scene,
                            "answers": [CALLED, {"action": None, "hold": True}]}
    set_mode(page, MODULE_ID, mode)
    try:
        with as_player(page):
            page.page.bring_to_front()
            page.evaluate(START, args)
            page.page.wait_for_selector("#dialogs dialog ol.rulepack-called-shot")
            place = page.page.locator("#dialogs input[name=location]").first.get_attribute("value")
            shown = read(page)
            text = page.page.locator("#dialogs dialog").inner_text()
            shoot(page, f"hazard_location-odds-called-player-{mode}-v{generation}.png")
            page.evaluate(PROCEED)
            finish(page)
    finally:
        set_mode(page, MODULE_ID, "label")
    gm_lines = expected(ctx, attack_input(ctx, called_at(plain, str(place))))
    player_view(shown, gm_lines, mode, text)
