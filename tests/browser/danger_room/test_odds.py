"""The live odds of a Danger Room attack card's BOOST form (issue 16, Deliver 3), in both
generations: the figures the form shows (the Health the hit takes, the target down, the save)
are the Python engine's exact distribution of `resolve_hit` (`compiler/rules/danger_room/
odds.py` `hit_odds`) for the request the hit will make, for each BOOST the user types, and the
odds of the call the rule then really ran; a player sees what the world setting says. The
screenshots of the form are written to docs/screenshots/odds/.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from browser_page import GENERATIONS, BuiltModule, HarnessPage, OpenPage
from odds_panel import PLAYER, PROCEED, READ, START, figures, shoot

from compiler.rules.danger_room.matchups import summary
from compiler.rules.danger_room.odds import hit_odds
from compiler.rules.exact import fraction, outcome_list
from danger_room.test_table import owned
from danger_room.world import MODULE, World, before, sample_world, scene

STAGE = "async (s) => (await import('/harness/stage.mjs')).stage(s)"
Turn = tuple[str, str, tuple[str, ...], tuple[dict[str, Any], ...], tuple[int, ...]]


def boosted(hit: int) -> tuple[dict[str, Any], ...]:
    return ({"action": "ok", "fields": {"hit1": hit}},)


#: (secret picks, roll-off faces, the turns before, the attack whose form is read): the scenarios
#: of `test_turn.py`. Claw Strike has no save; Amaranth's target saves for half.
CASES = {
    "claw": ({"x-23": "claw-strike", "hellfire": "barrier", "hand-operative": "katana-cut",
              "hand-operative-2": "block"}, (), (),
             ("x-23", "Claw Strike", ("hand-operative",), boosted(0), (6, 1, 2, 3, 4, 5, 2))),
    "amaranth": ({"x-23": "claw-strike", "hellfire": "amaranth", "hand-operative": "block",
                  "hand-operative-2": "katana-cut"}, (6, 1), (
                     ("x-23", "Wait", (), (), ()),
                     ("hand-operative-2", "Katana Cut", ("x-23",), boosted(0), ())),
                 ("hellfire", "Amaranth", ("hand-operative",), boosted(0),
                  (7, 2, 6, 4, 1, 5, 4, 3, 2, 6, 2, 9))),
}


@pytest.fixture(scope="module")
def module(shipped_modules: list[BuiltModule]) -> BuiltModule:
    return next(m for m in shipped_modules if m.id == MODULE)


def expected(params: dict[str, Any], config: dict[str, Any]) -> list[dict[str, Any]]:
    """The form's lines as the Python engine sums up the hit's exact odds (GM view)."""
    dist = hit_odds(params, config)
    rows = [({**summary("resolve_hit", o), "saved": o["saved"]}, w) for o, w in outcome_list(dist)]
    total = dist.total
    lines = [("damage", fraction(sum(w * r["damage"] for r, w in rows), total)),
             ("down", fraction(sum(w for r, w in rows if r["down"]), total))]
    if any(r["saved"] is not None for r, _ in rows):
        lines.append(("saved", fraction(sum(w for r, w in rows if r["saved"] is True), total)))
    return [{"key": k, "num": str(v[0]), "den": str(v[1])} for k, v in lines]



class Fight:
    """A staged fight on one page, its macros run as the table would."""

    def __init__(self, module: BuiltModule, page: HarnessPage,
                 owns: dict[str, str] | None = None, world: World | None = None) -> None:
        self.page, self.world = page, owned(world or sample_world(module), owns or {})
        self.macros = {d["name"]: (p, d["_id"]) for p, d in module.documents("Macro")}
        page.evaluate(STAGE, before(self.world))

    def args(self, turn: Turn, answers: list[dict[str, Any]]) -> dict[str, Any]:
        fighter, name, targets, _, faces = turn
        pack, ident = self.macros[f"Danger Room: {name}"]
        return {"pack": pack, "id": ident, "dice": [{"d": 10, "v": v} for v in faces],
                "actor": None, "scene": scene(self.world, fighter, targets), "answers": answers}

    def run(self, turn: Turn) -> None:
        a = self.args(turn, list(turn[3]))
        out = self.page.run_macro(a["pack"], a["id"], a["dice"], None, a["scene"], a["answers"])
        assert out["error"] is None and out["problems"] == [], (
            turn[1], out["error"], out["problems"])

    def ready(self, picks: dict[str, str], roll_off: tuple[int, ...],
              turns: tuple[Turn, ...]) -> None:
        for fighter, card in picks.items():
            pick = ({"action": "ok", "fields": {"card": card}},)
            self.run((fighter, "Pick a card", (), pick, ()))
        self.run(("", "Reveal Speeds", (), (), roll_off))
        for turn in turns:
            self.run(turn)
            if turn[1] != "Wait":
                self.page.evaluate("() => game.combat.update({turn: game.combat.turn + 1})")

    @contextmanager
    def form(self, turn: Turn, *, close: bool,
             ready: str = "#dialogs section.rulepack-odds li") -> Iterator[None]:
        answers = [{"action": None, "hold": True}] if close else [{**turn[3][0], "hold": True}]
        self.page.page.bring_to_front()
        self.page.evaluate(START, self.args(turn, answers) | ({"dice": []} if close else {}))
        self.page.page.wait_for_selector(ready, state="attached")
        yield
        self.page.evaluate(PROCEED)
        run = self.page.evaluate("() => window.__oddsRun")
        assert run["error"] is None, run["error"]
        self.last = run


def hit_call(run: dict[str, Any]) -> dict[str, Any]:
    cards = [m["flags"].get(MODULE, {}).get("card", {}) for m in run["messages"]]
    calls: list[dict[str, Any]] = [c["call"] for c in cards
                                   if c.get("call", {}).get("rule") == "resolve_hit"]
    assert len(calls) == 1, cards
    return calls[0]


def with_boost(call: dict[str, Any], boost: int) -> dict[str, Any]:
    inp = call["input"]
    return {**inp, "request": {**inp["request"], "boost": [boost]}}


@pytest.mark.parametrize("generation", GENERATIONS)
@pytest.mark.parametrize("case", sorted(CASES))
def test_the_boost_form_shows_the_python_engines_odds_live(
    module: BuiltModule, open_page: OpenPage, generation: int, case: str
) -> None:
    picks, roll_off, turns, attack = CASES[case]
    fight = Fight(module, open_page(module, generation))
    fight.ready(picks, roll_off, turns)
    box = "#dialogs input[name=hit1]"
    with fight.form(attack, close=False):
        first = fight.page.evaluate(READ)
        fight.page.page.locator(box).fill("1")
        boosted_once = fight.page.evaluate(READ)
        if case == "amaranth":
            shoot(fight.page, f"danger_room-odds-gm-exact-v{generation}.png")
        for bad in ("2", ""):  # past the form's bound of one BOOST, then nothing typed
            fight.page.page.locator(box).fill(bad)
            assert fight.page.evaluate(READ) == []
            assert "whole numbers" in fight.page.page.locator("section.rulepack-odds").inner_text()
        fight.page.page.locator(box).fill("0")
        assert fight.page.evaluate(READ) == first
    call = hit_call(fight.last)
    assert call["input"]["request"]["boost"] == [0]
    assert figures(first) == expected(call["input"], call["config"])
    assert figures(boosted_once) == expected(with_boost(call, 1), call["config"])
    assert first != boosted_once
    assert [line["key"] for line in first] == (["damage", "down", "saved"] if case == "amaranth"
                                              else ["damage", "down"])


def player_form(fight: Fight, attack: Turn, mode: str, shot: str) -> tuple[list[Any], str]:
    """The BOOST form's panel and text as the player sees it in `mode`, shot as `shot`; the
    form is closed, which cancels the play (nothing played: the fight is as before)."""
    page = fight.page
    page.evaluate("([m, v]) => game.settings.set(m, 'oddsDisclosure', v)", [MODULE, mode])
    page.evaluate("""p => { window.__gm = game.user;
        game.user = new User({...p, _active: true}); game.users.set(p._id, game.user); }""", PLAYER)
    try:
        answers = [{"action": None, "hold": True}]
        page.page.bring_to_front()
        page.evaluate(START, fight.args(attack, answers) | {"dice": []})
        page.page.wait_for_selector("#dialogs dialog", state="attached")
        shown = page.evaluate(READ)
        text = page.page.locator("#dialogs dialog").inner_text()
        shoot(page, shot)
        page.evaluate(PROCEED)
        run = page.evaluate("() => window.__oddsRun")
        # Closing the form cancels the play, as the user sees it: a notification, nothing played.
        assert [n["message"] for n in run["notifications"]] == ["Cancelled: nothing was played."]
        assert page.take_problems() == ["console error: Cancelled: nothing was played."]
    finally:
        page.evaluate("p => { game.users.delete(p._id); game.user = window.__gm; }", PLAYER)
        page.evaluate("([m]) => game.settings.set(m, 'oddsDisclosure', 'label')", [MODULE])
    return shown, text


@pytest.mark.parametrize("generation", GENERATIONS)
def test_a_player_sees_what_the_setting_says(
    module: BuiltModule, open_page: OpenPage, generation: int
) -> None:
    """The player's BOOST form in each disclosure mode, on one fight made ready once (a closed
    form plays nothing), shot into docs/screenshots/odds/."""
    picks, roll_off, turns, attack = CASES["amaranth"]
    fight = Fight(module, open_page(module, generation), {"hellfire": PLAYER["_id"]})
    fight.ready(picks, roll_off, turns)
    for mode in ("exact", "label", "hidden"):
        shown, text = player_form(fight, attack, mode,
                                  f"danger_room-odds-player-{mode}-v{generation}.png")
        if mode == "hidden":
            assert shown == [] and "Odds" not in text
        elif mode == "exact":
            assert [s["key"] for s in shown] == ["damage", "down", "saved"]
            assert all(s["num"] is not None for s in shown)
        else:
            assert [s["key"] for s in shown] == ["down", "saved"]
            assert all(s["num"] is None for s in shown)
