"""What the odds tests of every ruleset's roll windows share: reading the odds panel
(`module_template/scripts/foundry/odds-view.mjs`), the lines the Python engine's exact
distribution gives for the same input (summed up as the panel sums up, GM view), the documented
words, a window held open while the test reads it, a player's seat and the screenshots."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from browser_page import REPO, HarnessPage
from shots import save_png

from compiler.rules.exact import Dist, fraction, outcome_list

SHOTS = REPO / "docs" / "screenshots" / "odds"
SETTING = "oddsDisclosure"
PLAYER: dict[str, Any] = {"_id": "playerOdds000001", "name": "Laura", "role": 1}
START = """args => { window.__oddsRun = harness.runMacro(args); return true; }"""
PROCEED = "async () => (await import('/harness/foundry/dialogs.mjs')).scriptedAnswers.proceed()"
PANEL = "section.rulepack-odds"
READ = """() => [...document.querySelectorAll('section.rulepack-odds li')].map((li) => ({
    key: li.dataset.odds, num: li.dataset.num ?? null, den: li.dataset.den ?? null,
    shown: li.querySelector('.rulepack-odds-value').textContent}))"""
WORDS = [(9, 10, "very likely"), (2, 3, "likely"), (1, 3, "even"), (1, 10, "unlikely"),
         (0, 1, "very unlikely")]
Line = dict[str, Any]


def lines(dist: Dist, words: Callable[[Any], dict[str, Any]],
          figures: Sequence[str]) -> list[Line]:
    """The panel's lines for `dist`, each outcome in `words` (hit, damage, down, location, and
    optionally saved and tie), as `odds-view.mjs` `summarize` and `panelHtml` order them."""
    rows = [(words(o), w) for o, w in outcome_list(dist)]
    total = dist.total
    sums = {"hit": sum(w for r, w in rows if r["hit"]),
            "damage": sum(w * r["damage"] for r, w in rows),
            "down": sum(w for r, w in rows if r["down"]),
            "saved": sum(w for r, w in rows if r.get("saved") is True),
            "tie": sum(w for r, w in rows if r.get("tie") is True)}
    sums["miss"] = total - sums["hit"] - sums["tie"]
    shown = {"saved": any(r.get("saved") is not None for r, _ in rows),
             "tie": any("tie" in r for r, _ in rows)}
    shown["miss"] = shown["tie"]
    found = [(f, fraction(sums[f], total)) for f in figures if shown.get(f, True)]
    places: dict[str, int] = {}
    for row, w in rows:
        if row["location"] is not None:
            places[row["location"]] = places.get(row["location"], 0) + w
    found += [(f"location:{n}", fraction(places[n], total))
              for n in sorted(places, key=lambda n: (-places[n], n))]
    return [{"key": k, "num": str(v[0]), "den": str(v[1])} for k, v in found]


def figures(shown: list[Line]) -> list[Line]:
    """The panel's lines without their text: key and exact fraction."""
    return [{"key": s["key"], "num": s["num"], "den": s["den"]} for s in shown]


def word(num: int, den: int) -> str:
    """The documented word for num/den (docs/decisions.md "Odds shown to players")."""
    if num == 0:
        return "impossible"
    if num == den:
        return "certain"
    return next(w for n, d, w in WORDS if num * d >= n * den)


def read(page: HarnessPage) -> list[Line]:
    found: list[Line] = page.evaluate(READ)
    return found


@contextmanager
def held(page: HarnessPage, args: dict[str, Any], answers: list[dict[str, Any]], *,
         close: bool) -> Iterator[None]:
    """Run a macro (`args`: pack, id, dice, actor, scene) with its first window held open for
    the test, then let it go on: answered as `answers` say, or closed (no dice) when `close`."""
    first = [{"action": None, "hold": True}] if close else [{**answers[0], "hold": True}]
    page.page.bring_to_front()
    page.evaluate(START, {**args, "dice": [] if close else args["dice"],
                          "answers": first + ([] if close else answers[1:])})
    page.page.wait_for_selector("#dialogs dialog", state="attached")
    yield
    page.evaluate(PROCEED)


def finish(page: HarnessPage) -> dict[str, Any]:
    """The held macro's run: no error, no problem on the page."""
    run: dict[str, Any] = page.evaluate("() => window.__oddsRun")
    assert run["error"] is None, run["error"]
    assert page.take_problems() == []
    return run


def set_mode(page: HarnessPage, module_id: str, mode: str) -> None:
    page.evaluate("([m, k, v]) => game.settings.set(m, k, v)", [module_id, SETTING, mode])


@contextmanager
def as_player(page: HarnessPage) -> Iterator[None]:
    """The page's user a player (not a GM) while the block runs."""
    page.evaluate("""p => { window.__gm = game.user;
        game.user = new User({...p, _active: true}); game.users.set(p._id, game.user); }""", PLAYER)
    try:
        yield
    finally:
        page.evaluate("p => { game.users.delete(p._id); game.user = window.__gm; }", PLAYER)


def shoot(page: HarnessPage, name: str) -> Path:
    """The open window's screenshot in docs/screenshots/odds/."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    return save_png(page.page.locator("#dialogs dialog"), SHOTS / name)


def player_view(shown: list[Line], gm_lines: list[Line], mode: str, text: str) -> None:
    """What a player sees in `mode` of the GM's lines: all of them, their words (no mean, no
    fraction), or no panel at all."""
    if mode == "hidden":
        assert shown == [] and "Odds" not in text
        return
    if mode == "exact":
        assert figures(shown) == gm_lines
        return
    probabilities = [line for line in gm_lines if line["key"] != "damage"]
    assert [s["key"] for s in shown] == [line["key"] for line in probabilities]
    assert [s["shown"] for s in shown] == [word(int(p["num"]), int(p["den"]))
                                          for p in probabilities]
    assert all(s["num"] is None for s in shown)
