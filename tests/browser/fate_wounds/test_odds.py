"""The live odds of the fate_wounds declaration windows (issue 16, Deliver 3), in both
generations: the attacker's window shows the Python engine's exact distribution of the whole
`attack` rule (`compiler/rules/fate_wounds/odds.py`) against the defence the defender's window
starts at, and the defence window the `defence` query for the attack's total as rolled (hit,
tie, miss, damage, the defender out, the wound column), each before and after the user changes
the declaration, and for the declarations the rule then really ran; a player sees what the
world setting says. The screenshots of both windows are written to docs/screenshots/odds/.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser_page import GENERATIONS, BuiltModule, HarnessPage, OpenPage
from macro_kinds import MacroContext, context_for
from odds_panel import (
    PANEL,
    PROCEED,
    START,
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
from compiler.rules import run_case
from compiler.rules.fate_wounds.odds import attack_odds, defence_odds, summary
from compiler.rules.registry import engines
from fate_wounds.kinds import SEED_DICE, SMITH_DEFENDS, TIM_ATTACKS
from fate_wounds.world import (
    ENGINE,
    MODULE_ID,
    SMITH,
    TIM,
    attack_scene,
    character_ids,
    config_overrides,
    fighter,
    fighter_character,
)

FIGURES = ("hit", "tie", "miss", "damage", "down")
DIALOG = "#dialogs dialog"


@pytest.fixture(scope="module")
def module(shipped_modules: list[BuiltModule]) -> BuiltModule:
    return next(m for m in shipped_modules if m.id == MODULE_ID)


def attack_macro(module: BuiltModule) -> MacroContext:
    contexts = [context_for(module, pack, doc) for pack, doc in module.documents("Macro")]
    return next(ctx for ctx in contexts if ctx.method == "fate_wounds.attack")


def characters(module: BuiltModule) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """Tim and Smith as the engine reads them, and the scene they stand on."""
    tim, smith = fighter(module, TIM), fighter(module, SMITH)
    ids = character_ids([tim, smith])
    return (fighter_character(module, tim, ids[0]), fighter_character(module, smith, ids[1]),
            attack_scene(tim, smith))


def first_choice(module: BuiltModule, character: dict[str, Any]) -> dict[str, Any]:
    """The declaration a window starts at: the best rated Approach (the first of the config's
    on a tie), no skill, no power, no bonus."""
    order = {**engines()[ENGINE].config, **config_overrides(module)}["approaches"]
    rated = character["approaches"]
    best = order[0]
    for ident in order:
        if rated.get(ident, 0) > rated.get(best, 0):
            best = ident
    return {"approach": best, "skill": None, "power": None, "power_bonuses": 0}


def declared(answer: dict[str, Any]) -> dict[str, Any]:
    fields = answer["fields"]
    return {"approach": fields["approach"], "skill": fields.get("skill") or None,
            "power": fields.get("power") or None,
            "power_bonuses": int(fields.get("power_bonuses", 0))}


def attack_lines(module: BuiltModule, inp: dict[str, Any]) -> list[dict[str, Any]]:
    return lines(attack_odds(inp, config_overrides(module)), summary, FIGURES)


def defence_lines(module: BuiltModule, inp: dict[str, Any]) -> list[dict[str, Any]]:
    return lines(defence_odds(inp, config_overrides(module)), summary, FIGURES)


def fill(page: HarnessPage, answer: dict[str, Any]) -> None:
    for name, value in answer["fields"].items():
        page.page.locator(f"{DIALOG} select[name={name}]").select_option(value)


def no_fight(page: HarnessPage) -> None:
    """Lay out a world with no Combat viewed: the page is shared with the files before this one,
    whose staged fights (a round in which Tim has attacked) must not refuse these attacks."""
    page.evaluate("() => { game.combat = null; }")


def args_of(ctx: MacroContext, scene: dict[str, Any], dice: Any) -> dict[str, Any]:
    return {"pack": ctx.pack, "id": ctx.macro["_id"], "actor": None, "scene": scene,
            "dice": [{"d": d, "v": v} for d, v in dice]}


@pytest.mark.parametrize("generation", GENERATIONS)
def test_both_windows_show_the_python_engines_odds_live(
    module: BuiltModule, open_page: OpenPage, generation: int
) -> None:
    page = open_page(module, generation)
    no_fight(page)
    ctx = attack_macro(module)
    tim, smith, scene = characters(module)
    start = {"attacker": tim, "defender": smith, "attack": first_choice(module, tim),
             "defence": first_choice(module, smith)}
    total = run_case(ENGINE, "roll", config_overrides(module),
                     {"character": tim, "side": "attack", "declaration": declared(TIM_ATTACKS)},
                     [{"d": d, "v": v} for d, v in SEED_DICE[:4]])["state"]["total"]
    answers = [{**TIM_ATTACKS, "hold": True}, {**SMITH_DEFENDS, "hold": True}]
    page.page.bring_to_front()
    page.evaluate(START, {**args_of(ctx, scene, SEED_DICE), "answers": answers})
    page.page.wait_for_selector(f"{PANEL} li")
    first = read(page)
    assert figures(first) == attack_lines(module, start)
    fill(page, TIM_ATTACKS)
    declared_attack = {**start, "attack": declared(TIM_ATTACKS)}
    assert figures(read(page)) == attack_lines(module, declared_attack)
    assert read(page) != first
    shoot(page, f"fate_wounds-odds-gm-exact-v{generation}.png")
    page.evaluate(PROCEED)
    page.page.wait_for_selector(f"{DIALOG} >> text=Odds of this defence")
    page.page.wait_for_selector(f"{PANEL} li")
    against = {"defender": smith, "defence": start["defence"], "attack_total": total}
    defence_first = read(page)
    assert figures(defence_first) == defence_lines(module, against)
    fill(page, SMITH_DEFENDS)
    chosen = {**against, "defence": declared(SMITH_DEFENDS)}
    assert figures(read(page)) == defence_lines(module, chosen)
    shoot(page, f"fate_wounds-odds-defence-gm-exact-v{generation}.png")
    page.evaluate(PROCEED)
    run = finish(page)
    card = run["messages"][0]["flags"][MODULE_ID]["card"]
    call = card["call"]["input"]
    # The rule ran on the declarations the second readings were for.
    assert call["attack"] == declared(TIM_ATTACKS) and call["defence"] == declared(SMITH_DEFENDS)
    assert call["attacker"] == json.loads(json.dumps(tim))
    assert call["defender"] == json.loads(json.dumps(smith))


@pytest.mark.parametrize("generation", GENERATIONS)
@pytest.mark.parametrize("mode", ["exact", "label", "hidden"])
def test_a_player_sees_what_the_setting_says(
    module: BuiltModule, open_page: OpenPage, generation: int, mode: str
) -> None:
    page = open_page(module, generation)
    no_fight(page)
    ctx = attack_macro(module)
    tim, smith, scene = characters(module)
    start = {"attacker": tim, "defender": smith, "attack": first_choice(module, tim),
             "defence": first_choice(module, smith)}
    gm_lines = attack_lines(module, start)
    set_mode(page, MODULE_ID, mode)
    try:
        with as_player(page), held(page, args_of(ctx, scene, ()), [TIM_ATTACKS], close=True):
            shown = read(page)
            text = page.page.locator(DIALOG).inner_text()
            shoot(page, f"fate_wounds-odds-player-{mode}-v{generation}.png")
        finish(page)
    finally:
        set_mode(page, MODULE_ID, "label")
    player_view(shown, gm_lines, mode, text)
