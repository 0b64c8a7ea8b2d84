"""The live odds of the SDM attack window (issue 16, Deliver 3), in both generations: the
figures the window shows (the tier met, the damage through armour, the target incapacitated)
are the Python engine's exact distribution of the `attack` rule (`compiler/rules/sdm_pool/
odds.py`) for the input the window would send against the targeted fighter, the target taking
no Opportunity on a shortfall, before and after the user changes the tier and the Counter box,
and the odds of the call the rule then really ran; a player sees what the world setting says.
The screenshots of the window in each mode are written to docs/screenshots/odds/.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser_page import GENERATIONS, BuiltModule, HarnessPage, OpenPage
from macro_kinds import Case, MacroContext, context_for
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
from compiler.rules.sdm_pool.odds import attack_odds, summary
from sdm_pool.kinds import attack_cases, attack_input, sides_of
from sdm_pool.world import MODULE_ID, config_overrides

WEAPON = "longsword"
FIGURES = ("hit", "damage", "down")


@pytest.fixture(scope="module")
def module(shipped_modules: list[BuiltModule]) -> BuiltModule:
    return next(m for m in shipped_modules if m.id == MODULE_ID)


def attack_macro(module: BuiltModule) -> MacroContext:
    contexts = [context_for(module, pack, doc) for pack, doc in module.documents("Macro")]
    return next(ctx for ctx in contexts
                if ctx.method == "sdm_pool.attack" and ctx.args == (WEAPON,))


def with_fields(case: Case, **fields: Any) -> Case:
    first = {**case.answers[0], "fields": {**case.answers[0]["fields"], **fields}}
    return Case(case.dice, case.actor, scene=case.scene, answers=(first, *case.answers[1:]))


def expected(ctx: MacroContext, inp: dict[str, Any]) -> list[dict[str, Any]]:
    """The panel's lines as the Python engine sums up `inp`'s exact odds (GM view)."""
    return lines(attack_odds(inp, config_overrides(ctx.module)), summary, FIGURES)


def input_of(ctx: MacroContext, case: Case) -> dict[str, Any]:
    return attack_input(ctx, case, sides_of(case))


def args_of(ctx: MacroContext, case: Case) -> dict[str, Any]:
    return {"pack": ctx.pack, "id": ctx.macro["_id"], "dice": case.queue, "actor": None,
            "scene": case.scene}


def hit_case(ctx: MacroContext) -> Case:
    """The kinds' first longsword case: a hit, answered with the window's defaults."""
    return attack_cases(ctx)[0]


@pytest.mark.parametrize("generation", GENERATIONS)
def test_the_gm_sees_the_python_engines_odds_live(
    module: BuiltModule, open_page: OpenPage, generation: int
) -> None:
    page = open_page(module, generation)
    ctx = attack_macro(module)
    plain = hit_case(ctx)
    hard = with_fields(plain, tier="hard")
    counter = with_fields(plain, tier="hard", counter=True)
    with held(page, args_of(ctx, plain), list(plain.answers), close=False):
        page.page.wait_for_selector(f"{PANEL} li")
        first = read(page)
        assert figures(first) == expected(ctx, input_of(ctx, plain))
        assert [line["key"] for line in first] == list(FIGURES)
        page.page.locator("#dialogs select[name=tier]").select_option("hard")
        harder = read(page)
        assert figures(harder) == expected(ctx, input_of(ctx, hard))
        assert harder != first
        page.page.locator("#dialogs input[name=counter]").check()
        assert figures(read(page)) == expected(ctx, input_of(ctx, counter))
        shoot(page, f"sdm_pool-odds-gm-exact-v{generation}.png")
        page.page.locator("#dialogs input[name=counter]").uncheck()
        page.page.locator("#dialogs select[name=tier]").select_option("")
        assert read(page) == first
    run = finish(page)
    card = run["messages"][0]["flags"][MODULE_ID]["card"]
    # The rule ran on the input the first reading was for: its odds are the ones shown.
    assert card["call"]["input"] == json.loads(json.dumps(input_of(ctx, plain)))
    assert figures(first) == expected(ctx, card["call"]["input"])


@pytest.mark.parametrize("generation", GENERATIONS)
@pytest.mark.parametrize("mode", ["exact", "label", "hidden"])
def test_a_player_sees_what_the_setting_says(
    module: BuiltModule, open_page: OpenPage, generation: int, mode: str
) -> None:
    page: HarnessPage = open_page(module, generation)
    ctx = attack_macro(module)
    case = hit_case(ctx)
    gm_lines = expected(ctx, input_of(ctx, case))
    set_mode(page, MODULE_ID, mode)
    try:
        with as_player(page), held(page, args_of(ctx, case), list(case.answers), close=True):
            shown = read(page)
            text = page.page.locator("#dialogs dialog").inner_text()
            shoot(page, f"sdm_pool-odds-player-{mode}-v{generation}.png")
        finish(page)
    finally:
        set_mode(page, MODULE_ID, "label")
    player_view(shown, gm_lines, mode, text)
