"""The live odds of the Hazard Dice attack window (issue 16, Deliver 3), in both generations:
the figures the window shows are the Python engine's exact distribution of the `attack` rule
for the input the window would send (`compiler/rules/hazard_location/attack_odds.py`, summed
up in the report's words), before and after the user ticks a modifier, and equal to the odds
of the call the rule then really ran; what a player sees follows the world setting (exact, a
word, nothing) while the GM always sees the exact figures; a player cannot change the setting.
The screenshots of the window in each mode are written to docs/screenshots/odds/.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from browser_page import GENERATIONS, BuiltModule, HarnessPage, OpenPage
from macro_kinds import Case, MacroContext, context_for
from odds_panel import (
    PANEL,
    PROCEED,
    READ,
    SETTING,
    START,
    as_player,
    figures,
    finish,
    lines,
    set_mode,
    shoot,
    word,
)

# isort: split
from compiler.rules.hazard_location.attack_odds import attack_odds
from compiler.rules.hazard_location.matchups import summary
from hazard_location.kinds import attack_input, defend, six
from hazard_location.world import (
    ATTACKER,
    MODULE_ID,
    TARGET,
    attack_scene,
    config_overrides,
    fighter,
)

#: A hit through the cuirass with the Service Handgun at 3 hexes (`test_macros.HIT`).
HIT = (*six(5, 6, 2, 6, 3, 2), (100, 25), *six(6, 2, 6, 5, 1, 3, 6, 4))


@pytest.fixture(scope="module")
def module(shipped_modules: list[BuiltModule]) -> BuiltModule:
    return next(m for m in shipped_modules if m.id == MODULE_ID)


def attack_macro(module: BuiltModule) -> MacroContext:
    contexts = [context_for(module, pack, doc) for pack, doc in module.documents("Macro")]
    return next(ctx for ctx in contexts if ctx.method == "hazard_location.attack")


def case_of(module: BuiltModule, **fields: Any) -> Case:
    scene = attack_scene(fighter(module, ATTACKER), fighter(module, TARGET), (3, 0))
    answer = {"action": "attack", "fields": {"weapon": "service-handgun", **fields}}
    return Case(HIT, None, scene=scene, answers=(answer, defend()))


def expected(ctx: MacroContext, inp: dict[str, Any]) -> list[dict[str, Any]]:
    """The panel's lines as the Python engine sums up `inp`'s exact odds (GM view)."""
    return lines(attack_odds(inp, config_overrides(ctx.module)), lambda o: summary("attack", o),
                 ("hit", "damage", "down"))




@contextmanager
def window(page: HarnessPage, ctx: MacroContext, case: Case, *, close: bool) -> Iterator[None]:
    """Open the attack window (held open for the test), then let the macro go on: answered as
    the case says, or closed (nothing rolled) when `close`."""
    first = {**case.answers[0], "hold": True}
    answers = [{"action": None, "hold": True}] if close else [first, *case.answers[1:]]
    page.page.bring_to_front()
    page.evaluate(START, {"pack": ctx.pack, "id": ctx.macro["_id"],
                          "dice": [] if close else case.queue, "actor": None,
                          "scene": case.scene, "answers": answers})
    page.page.wait_for_selector("#dialogs dialog", state="attached")
    yield
    page.evaluate(PROCEED)






@pytest.mark.parametrize("generation", GENERATIONS)
def test_the_gm_sees_the_python_engines_odds_live(
    module: BuiltModule, open_page: OpenPage, generation: int
) -> None:
    page = open_page(module, generation)
    ctx = attack_macro(module)
    plain = case_of(module)
    moved = case_of(module, attacker_moved=True)
    covered = case_of(module, attacker_moved=True, cover="partial")
    with window(page, ctx, plain, close=False):
        page.page.wait_for_selector(f"{PANEL} li")
        first = page.evaluate(READ)
        assert figures(first) == expected(ctx, attack_input(ctx, plain))
        page.page.locator("#dialogs input[name=attacker_moved]").check()
        assert figures(page.evaluate(READ)) == expected(ctx, attack_input(ctx, moved))
        page.page.locator("#dialogs select[name=cover]").select_option("partial")
        assert figures(page.evaluate(READ)) == expected(ctx, attack_input(ctx, covered))
        shoot(page, f"hazard_location-odds-gm-exact-v{generation}.png")
        page.page.locator("#dialogs select[name=cover]").select_option("none")
        page.page.locator("#dialogs input[name=attacker_moved]").uncheck()
        assert page.evaluate(READ) == first
    run = finish(page)
    card = run["messages"][0]["flags"][MODULE_ID]["card"]
    # The rule ran on the input the first reading was for: its odds are the ones shown.
    assert figures(first) == expected(ctx, card["call"]["input"])
    assert card["call"]["input"] == json.loads(json.dumps(attack_input(ctx, plain)))


@pytest.mark.parametrize("generation", GENERATIONS)
@pytest.mark.parametrize("mode", ["exact", "label", "hidden"])
def test_a_player_sees_what_the_setting_says(
    module: BuiltModule, open_page: OpenPage, generation: int, mode: str
) -> None:
    page = open_page(module, generation)
    ctx = attack_macro(module)
    case = case_of(module)
    gm_lines = expected(ctx, attack_input(ctx, case))
    set_mode(page, MODULE_ID, mode)
    try:
        with as_player(page):
            refused = page.evaluate("""async ([m, k]) => {
                try { await game.settings.set(m, k, "exact"); return null; }
                catch (e) { return e.message; } }""", [MODULE_ID, SETTING])
            assert refused is not None and "lacks permission" in refused
            stored = page.evaluate("([m, k]) => game.settings.get(m, k)", [MODULE_ID, SETTING])
            assert stored == mode
            with window(page, ctx, case, close=True):
                shown = page.evaluate(READ)
                dialog_text = page.page.locator("#dialogs dialog").inner_text()
                shoot(page, f"hazard_location-odds-player-{mode}-v{generation}.png")
            finish(page)
    finally:
        set_mode(page, MODULE_ID, "label")
    if mode == "hidden":
        assert shown == [] and "Odds" not in dialog_text
        return
    probabilities = [line for line in gm_lines if line["key"] != "damage"]
    if mode == "exact":
        assert figures(shown) == [*gm_lines]
        return
    assert [s["key"] for s in shown] == [line["key"] for line in probabilities]
    words = [word(int(p["num"]), int(p["den"])) for p in probabilities]
    assert [s["shown"] for s in shown] == words
    assert all(s["num"] is None for s in shown)


def test_the_setting_is_registered_as_the_brief_says(
    module: BuiltModule, open_page: OpenPage
) -> None:
    page = open_page(module, 13)
    # The stand-in keeps each registration as {config, value} (harness/foundry/settings.mjs).
    config = page.evaluate("""([m, k]) => {
        const c = game.settings.settings.get(`${m}.${k}`).config;
        return {scope: c.scope, config: c.config, choices: c.choices, default: c.default}; }""",
                           [MODULE_ID, SETTING])
    assert config == {"scope": "world", "config": True, "default": "label", "choices": {
        "exact": "RULEPACK.Odds.Setting.Exact", "label": "RULEPACK.Odds.Setting.Label",
        "hidden": "RULEPACK.Odds.Setting.Hidden"}}



VIEW = f"/modules/{MODULE_ID}/scripts/foundry/odds-view.mjs"
ENUMERATION = f"/modules/{MODULE_ID}/scripts/rules/enumeration.mjs"


def test_a_roll_with_too_many_outcomes_says_so(module: BuiltModule, open_page: OpenPage) -> None:
    """More ways for the dice to fall than the enumeration lists (here a limit of 10 leaves for
    three d10s) is told in the panel, with no figure: nothing is approximated."""
    page = open_page(module, 13)
    reading = page.evaluate(f"""async () => {{
        const view = await import("{VIEW}");
        const en = await import("{ENUMERATION}");
        const three = (q) => [q.take(10), q.take(10), q.take(10)];
        const r = view.readOdds(() => en.enumerateCalls(three, en.BRUTE_FORCE, 10));
        return {{ summary: r.summary ?? null, note: r.note }};
    }}""")
    assert reading == {"summary": None,
                       "note": "This roll has too many outcomes to work out its exact odds here."}


@pytest.mark.parametrize(("num", "den"), [(0, 1), (1, 100), (1, 10), (33, 100), (1, 3), (2, 3),
                                          (67, 100), (9, 10), (91, 100), (1, 1)])
def test_the_words_follow_the_documented_thresholds(
    module: BuiltModule, open_page: OpenPage, num: int, den: int
) -> None:
    page = open_page(module, 13)
    label = f"""async ([n, d]) => (await import("{VIEW}")).label([BigInt(n), BigInt(d)])"""
    shown = page.evaluate(label, [num, den])
    assert shown == word(num, den)
