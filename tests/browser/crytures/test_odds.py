"""The live odds of the Crytures power window (issue 16, Deliver 3), in both generations: the
figures the window shows (a hit, the damage, the target defeated at its current Health) are the
Python engine's exact distribution of the `use_power` rule (`compiler/rules/crytures/odds.py`)
for the input the window would send against the targeted fighter, before and after the user
ticks cover and types a die modifier, and the odds of the call the rule then really ran; a
player sees what the world setting says. The screenshots of the window in each mode are written
to docs/screenshots/odds/.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser_page import GENERATIONS, BuiltModule, HarnessPage, OpenPage
from macro_kinds import STAGE, Case, MacroContext, context_for
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
from compiler.rules.crytures.odds import summary, use_power_odds
from crytures.powers import EARTH_ON_VOLTFLARE, power_answer, power_input
from crytures.world import ACTIVE, MODULE, config_overrides, rows_of, scene, staged

FIGURES = ("hit", "damage", "down")


@pytest.fixture(scope="module")
def module(shipped_modules: list[BuiltModule]) -> BuiltModule:
    return next(m for m in shipped_modules if m.id == MODULE)


def power_macro(module: BuiltModule) -> MacroContext:
    """The chooser macro (`usePower()`, no power named)."""
    contexts = [context_for(module, pack, doc) for pack, doc in module.documents("Macro")]
    return next(ctx for ctx in contexts if ctx.method == "crytures.usePower" and not ctx.args)


def slam_case(module: BuiltModule, answer: dict[str, Any]) -> Case:
    """CR-E03 at the table: Pebblet's Rock Slam on the Fire/Lightning Voltflare, `answer`ed."""
    user, target, dice, _, flags, _ = EARTH_ON_VOLTFLARE
    return Case(dice, None, scene=scene(module, [user], [target]), answers=(answer,),
                stage=staged(module, flags=flags))


def input_of(ctx: MacroContext, case: Case) -> dict[str, Any]:
    return power_input(ctx, case, rows_of(ctx, case))[0]


def expected(ctx: MacroContext, case: Case) -> list[dict[str, Any]]:
    """The panel's lines as the Python engine sums up the case's exact odds (GM view), for the
    targeted fighter."""
    inp = input_of(ctx, case)
    target = inp["target"]
    dist = use_power_odds(inp, config_overrides(ctx.module))
    return lines(dist, lambda outcome: summary(outcome, target), FIGURES)


def args_of(ctx: MacroContext, case: Case) -> dict[str, Any]:
    return {"pack": ctx.pack, "id": ctx.macro["_id"], "dice": case.queue, "actor": None,
            "scene": case.scene}


def staged_page(open_page: OpenPage, module: BuiltModule, generation: int,
                case: Case) -> HarnessPage:
    page = open_page(module, generation)
    page.evaluate(STAGE, case.stage)
    return page


@pytest.mark.parametrize("generation", GENERATIONS)
def test_the_gm_sees_the_python_engines_odds_live(
    module: BuiltModule, open_page: OpenPage, generation: int
) -> None:
    ctx = power_macro(module)
    plain = slam_case(module, power_answer("rock-slam"))
    covered = slam_case(module, power_answer("rock-slam", "", "cover"))
    fewer = slam_case(module, power_answer("rock-slam", "-1", "cover"))
    page = staged_page(open_page, module, generation, plain)
    with held(page, args_of(ctx, plain), list(plain.answers), close=False):
        page.page.wait_for_selector(f"{PANEL} li")
        first = read(page)
        assert figures(first) == expected(ctx, plain)
        assert [line["key"] for line in first] == list(FIGURES)
        page.page.locator("#dialogs input[name=cover]").check()
        harder = read(page)
        assert figures(harder) == expected(ctx, covered)
        assert harder != first
        page.page.locator("#dialogs input[name=die_mods]").fill("-1")
        assert figures(read(page)) == expected(ctx, fewer)
        shoot(page, f"crytures-odds-gm-exact-v{generation}.png")
        page.page.locator("#dialogs input[name=die_mods]").fill("")
        page.page.locator("#dialogs input[name=cover]").uncheck()
        assert read(page) == first
    run = finish(page)
    card = run["messages"][0]["flags"][MODULE]["card"]
    # The rule ran on the input the first reading was for: its odds are the ones shown.
    assert card["call"]["input"] == json.loads(json.dumps(input_of(ctx, plain)))
    assert figures(first) == lines(use_power_odds(card["call"]["input"], card["call"]["config"]),
                                   lambda o: summary(o, "voltflare"), FIGURES)


@pytest.mark.parametrize("generation", GENERATIONS)
@pytest.mark.parametrize("mode", ["exact", "label", "hidden"])
def test_a_player_sees_what_the_setting_says(
    module: BuiltModule, open_page: OpenPage, generation: int, mode: str
) -> None:
    ctx = power_macro(module)
    case = slam_case(module, power_answer("rock-slam"))
    gm_lines = expected(ctx, case)
    page = staged_page(open_page, module, generation, case)
    set_mode(page, MODULE, mode)
    try:
        with as_player(page), held(page, args_of(ctx, case), list(case.answers), close=True):
            shown = read(page)
            text = page.page.locator("#dialogs dialog").inner_text()
            shoot(page, f"crytures-odds-player-{mode}-v{generation}.png")
        finish(page)
    finally:
        set_mode(page, MODULE, "label")
    player_view(shown, gm_lines, mode, text)


def test_with_no_target_the_panel_asks_for_one(module: BuiltModule, open_page: OpenPage) -> None:
    """Pebblet's Stone Skin (Personal) with nobody targeted: the panel says to target a fighter,
    no figure."""
    ctx = power_macro(module)
    case = Case((), None, scene=scene(module, ["pebblet"], []),
                answers=(power_answer("stone-skin"),), stage=staged(module, flags=ACTIVE))
    page = staged_page(open_page, module, 13, case)
    with held(page, args_of(ctx, case), list(case.answers), close=True):
        page.page.wait_for_selector(f"{PANEL} .rulepack-odds-note")
        note = page.page.locator(f"{PANEL} .rulepack-odds-note").inner_text()
        shown = read(page)
    finish(page)
    assert shown == [] and note == module.lang["RULEPACK.Crytures.OddsNeedTarget"]
