"""The live odds of the Danger Room's cardless save and contest forms (issue 16, Deliver 3), in
both generations: the figures each form shows are the Python engine's exact distribution of the
`save` and `contest` queries (`compiler/rules/danger_room/odds.py`) for the input the form's
values make, at the form's defaults and after the user changes them, and for the call the rule
then really ran; a player sees what the world setting says. The screenshots are written to
docs/screenshots/odds/.
"""

from __future__ import annotations

from typing import Any

import macro_kinds  # noqa: F401  (registers every ruleset's kinds before one is imported)
import pytest
from browser_page import GENERATIONS, BuiltModule, HarnessPage, OpenPage
from odds_panel import (
    PANEL,
    as_player,
    figures,
    finish,
    held,
    lines,
    player_view,
    read,
    set_mode,
    shoot,
)

# isort: split
from compiler.rules.danger_room.odds import contest_odds, save_odds
from danger_room.kinds import CONTEST, SAVE
from danger_room.test_odds import Fight
from danger_room.world import MODULE

DIALOG = "#dialogs dialog"


@pytest.fixture(scope="module")
def module(shipped_modules: list[BuiltModule]) -> BuiltModule:
    return next(m for m in shipped_modules if m.id == MODULE)


def saves(inp: dict[str, Any], config: dict[str, Any]) -> list[dict[str, Any]]:
    def words(o: dict[str, Any]) -> dict[str, Any]:
        return {"hit": False, "damage": 0, "down": False, "location": None, "saved": o["saved"]}

    return lines(save_odds(inp, config), words, ("saved",))


def wins(inp: dict[str, Any], config: dict[str, Any]) -> list[dict[str, Any]]:
    def words(o: dict[str, Any]) -> dict[str, Any]:
        return {"hit": o["winner"] == inp["challenger"]["id"], "tie": False, "damage": 0,
                "down": False, "location": None}

    return lines(contest_odds(inp, config), words, ("hit", "miss"))


def fill(page: HarnessPage, fields: dict[str, Any]) -> None:
    for name, value in fields.items():
        control = page.page.locator(f"{DIALOG} [name={name}]")
        if control.evaluate("e => e.tagName") == "SELECT":
            control.select_option(str(value))
        else:
            control.fill(str(value))


def call_of(run: dict[str, Any], rule: str) -> dict[str, Any]:
    cards = [m["flags"].get(MODULE, {}).get("card", {}) for m in run["messages"]]
    calls: list[dict[str, Any]] = [c["call"] for c in cards
                                   if c.get("call", {}).get("rule") == rule]
    assert len(calls) == 1, cards
    return calls[0]


def read_form(page: HarnessPage, fight: Fight, turn: Any, fields: dict[str, Any],
              shot: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, Any]]:
    """The panel at the form's defaults and once `fields` are filled in, and the rule's call."""
    args = fight.args(turn, [])
    with held(page, args, list(turn[3]), close=False):
        page.page.wait_for_selector(f"{PANEL} li")
        first = read(page)
        fill(page, fields)
        filled = read(page)
        shoot(page, shot)
    return first, filled, finish(page)


@pytest.mark.parametrize("generation", GENERATIONS)
def test_the_save_form_shows_the_python_engines_odds_live(
    module: BuiltModule, open_page: OpenPage, generation: int
) -> None:
    page = open_page(module, generation)
    fight = Fight(module, page)
    answer = ({"action": "ok", "fields": SAVE},)
    turn = ("x-23", "Save without a card", (), answer, tuple(range(1, 11)))
    first, filled, run = read_form(page, fight, turn, SAVE,
                                   f"danger_room-odds-save-gm-exact-v{generation}.png")
    call = call_of(run, "save")
    assert figures(filled) == saves(call["input"], call["config"])
    start = {**call["input"], "save": "Reflex", "against": 0, "unreactable": False}
    assert figures(first) == saves(start, call["config"])
    assert first != filled


@pytest.mark.parametrize("generation", GENERATIONS)
def test_the_contest_form_shows_the_python_engines_odds_live(
    module: BuiltModule, open_page: OpenPage, generation: int
) -> None:
    page = open_page(module, generation)
    fight = Fight(module, page)
    answer = ({"action": "ok", "fields": CONTEST},)
    turn = ("x-23", "Contest", ("hand-operative",), answer, tuple(range(1, 11)) * 4)
    first, filled, run = read_form(page, fight, turn, CONTEST,
                                   f"danger_room-odds-contest-gm-exact-v{generation}.png")
    call = call_of(run, "contest")
    assert figures(filled) == wins(call["input"], call["config"])
    start = {**call["input"], "challenger_attribute": "brawn", "defender_attribute": "brawn"}
    assert figures(first) == wins(start, call["config"])
    assert [line["key"] for line in first] == ["hit", "miss"]


#: The form a player reads (the turn that opens it), by its name in the screenshots.
PLAYER_FORMS = {
    "save": ("x-23", "Save without a card", (), ({"action": "ok", "fields": SAVE},), ()),
    "contest": ("x-23", "Contest", ("hand-operative",), ({"action": "ok", "fields": CONTEST},), ()),
}
#: A field each form has, shown once it is drawn.
FIELD = {"save": "against", "contest": "defender"}


@pytest.mark.parametrize("generation", GENERATIONS)
@pytest.mark.parametrize("mode", ["exact", "label", "hidden"])
@pytest.mark.parametrize("form", sorted(PLAYER_FORMS))
def test_a_player_sees_what_the_setting_says(
    module: BuiltModule, open_page: OpenPage, generation: int, mode: str, form: str
) -> None:
    """The save and contest forms as a player sees them, against the GM's exact lines of the
    same form (those are the Python engine's: the tests above)."""
    page = open_page(module, generation)
    fight = Fight(module, page)
    turn = PLAYER_FORMS[form]
    with held(page, fight.args(turn, []), [], close=True):
        page.page.wait_for_selector(f"{PANEL} li")
        gm_lines = figures(read(page))
    finish(page)
    set_mode(page, MODULE, mode)
    try:
        with as_player(page), held(page, fight.args(turn, []), [], close=True):
            page.page.wait_for_selector(f"{DIALOG} [name={FIELD[form]}]")
            shown = read(page)
            text = page.page.locator(DIALOG).inner_text()
            shoot(page, f"danger_room-odds-{form}-player-{mode}-v{generation}.png")
        finish(page)
    finally:
        set_mode(page, MODULE, "label")
    player_view(shown, gm_lines, mode, text)
