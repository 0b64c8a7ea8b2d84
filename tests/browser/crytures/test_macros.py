"""The Crytures macros in the browser, kind by kind (v12 and v13): each case's card and updates
are what the Python engine predicts (`crytures.kinds`, `crytures.powers`), and what that
comparison does not see: one macro per shipped power, opening with its power chosen;
the card's stored call replays in the Python engine, the power window shows each power's type
relation against the target before the roll.

Every case of every Crytures macro kind is compared with the engine by
`tests/browser/test_macros.py::test_every_macro_matches_the_python_engine[rulepack-crytures-*]`
(one subtest per macro and case, so a failure names both); it is not run a second time here.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_page import GENERATIONS, BuiltModule, OpenPage
from macro_kinds import KINDS, STAGE, Case, MacroContext, context_for
from macro_runs import run_cases
from test_macros import assert_run_matches

# isort: split
# macro_kinds registers crytures' KINDS as it loads, so it is imported first.
from compiler.rules import run_case
from crytures.kinds import initiative_cases
from crytures.powers import POWER_USERS, power_cases
from crytures.world import MODULE


@pytest.fixture(scope="module")
def module(shipped_modules: list[BuiltModule]) -> BuiltModule:
    return next(m for m in shipped_modules if m.id == MODULE)


def contexts(module: BuiltModule) -> list[MacroContext]:
    return [context_for(module, pack, doc) for pack, doc in module.documents("Macro")]


def macro(module: BuiltModule, method: str) -> MacroContext:
    """The macro calling `method` with no argument (for a power, the chooser)."""
    return next(ctx for ctx in contexts(module) if ctx.method == method and not ctx.args)


def run(open_page: OpenPage, module: BuiltModule, generation: int, ctx: MacroContext,
        case: Case) -> dict[str, Any]:
    page = open_page(module, generation)
    if case.stage is not None:
        page.evaluate(STAGE, case.stage)
    result = page.run_macro(ctx.pack, ctx.macro["_id"], case.queue, None, case.scene,
                            list(case.answers))
    assert result["error"] is None, result["error"]
    assert result["problems"] == [], result["problems"]
    assert result["diceLeft"] == [], [m["shown"]["card"] for m in result["messages"]]
    assert result["diceLeft"] == [] and result["answersLeft"] == []
    return result


def test_every_shipped_power_has_its_own_macro(module: BuiltModule) -> None:
    """One macro per power in the module's packs, named for it, calling usePower with its key,
    and every one has a seated user (POWER_USERS), so the kind runs it."""
    powers = {str(d["flags"][MODULE]["key"]): d["name"] for _, d in module.documents("Item")
              if d["type"] == f"{MODULE}.power"}
    own = {ctx.args[0]: ctx.macro["name"] for ctx in contexts(module)
           if ctx.method == "crytures.usePower" and ctx.args}
    assert own == {key: f"Crytures: {name}" for key, name in powers.items()}
    assert set(POWER_USERS) == set(powers)


@pytest.mark.parametrize("generation", GENERATIONS)
def test_each_power_macro_opens_its_power_and_matches_the_python_engine(
    generation: int, module: BuiltModule, open_page: OpenPage, subtests: pytest.Subtests,
) -> None:
    """A power's own macro: its window opens with that power chosen (the answer leaves it), the
    card and updates are the engine's for it."""
    kind = KINDS["crytures.usePower"]
    not_first = []
    own = [(c, case) for c in contexts(module) if c.method == "crytures.usePower" and c.args
           for case in kind.cases(c)]
    assert len(own) == len({c.args for c, _ in own}), "one case per power's own macro"
    batch = run_cases(open_page(module, generation), own)
    for (ctx, case), result in zip(own, batch.reports, strict=True):
        with subtests.test(msg=f"v{generation} {ctx.macro['name']}: {case.label}"):
            assert_run_matches(result, kind.expect(ctx, case))
            (dialog,) = result["dialogs"]
            field = next(f for f in dialog["fields"] if f["name"] == "power")
            assert field["value"] == ctx.args[0]
            if field["options"][0]["value"] != ctx.args[0]:
                not_first.append(ctx.args[0])
    assert batch.problems == []
    # The choice is the macro's, not the list's first power, for a fighter's later powers.
    assert "flame-burst" in not_first and "thunder-flare" in not_first


@pytest.mark.parametrize("generation", GENERATIONS)
def test_the_card_replays_in_the_python_engine(
    generation: int, module: BuiltModule, open_page: OpenPage,
) -> None:
    """The stored call (input, config, dice) gives the stored result in the Python engine."""
    ctx = macro(module, "crytures.usePower")
    case = power_cases(ctx)[3]
    result = run(open_page, module, generation, ctx, case)
    call = result["messages"][0]["flags"][MODULE]["card"]["call"]
    stored = result["messages"][0]["flags"][MODULE]["card"]["result"]
    replay = run_case(call["ruleset"], call["rule"], call["config"], call["input"], call["dice"])
    assert replay == stored


@pytest.mark.parametrize("generation", GENERATIONS)
def test_the_window_shows_each_type_relation_before_the_roll(
    generation: int, module: BuiltModule, open_page: OpenPage,
) -> None:
    """Pebblet against Voltflare: its Earth powers are weak +2 (not +4, CR-E03), the window
    also measures the range (CR-R06)."""
    ctx = macro(module, "crytures.usePower")
    case = power_cases(ctx)[3]
    result = run(open_page, module, generation, ctx, case)
    (dialog,) = result["dialogs"]
    options = next(f for f in dialog["fields"] if f["name"] == "power")["options"]
    assert [o["text"] for o in options] == [
        "Rock Slam (earth, melee 1): weak, +2 against Voltflare; in range at 1",
        "Tremor (earth, melee_blast): weak, +2 against Voltflare",
        "Stone Skin (earth, personal)",
    ]


@pytest.mark.parametrize("generation", GENERATIONS)
def test_a_late_entrant_acts_now_then_returns_to_its_place(
    generation: int, module: BuiltModule, open_page: OpenPage,
) -> None:
    """CR-R03: Sparkit's 21 beats the Binder, who has acted: it takes the current turn now (shown
    after the Binder), and when the next round begins the GM's client puts it first."""
    ctx = macro(module, "crytures.rollInitiative")
    case = initiative_cases(ctx)[2]
    run(open_page, module, generation, ctx, case)
    page = open_page(module, generation)
    names = "() => game.combat.turns.map((c) => [c.name, c.initiative])"
    now = page.evaluate(f"() => ({{turn: game.combat.turn, turns: ({names})()}})")
    assert now == {"turn": 1, "turns": [["Sample Binder", 20], ["Sparkit", 17.5],
                                        ["Pebblet", 15], ["Voltflare", 14], ["Emberling", 9]]}
    page.evaluate("async () => { await game.combat.nextRound(); }")
    assert page.evaluate(names) == [["Sparkit", 21], ["Sample Binder", 20], ["Pebblet", 15],
                                    ["Voltflare", 14], ["Emberling", 9]]


CANARY = 'Ember <img src=x onerror="window.__canary_cryture=true"> {{7*7}}'


@pytest.mark.parametrize("generation", GENERATIONS)
def test_fighter_names_stay_text_in_the_windows_and_cards(
    generation: int, module: BuiltModule, open_page: OpenPage,
) -> None:
    """A Combatant and an actor named with markup: the power and montage windows and their cards
    show the name as typed; nothing in it runs."""
    page = open_page(module, generation)
    for method, index in (("crytures.usePower", 3), ("crytures.battleMontage", 0)):
        ctx = macro(module, method)
        case = KINDS[method].cases(ctx)[index]
        assert case.scene is not None and case.stage is not None
        for actor in case.scene["actors"]:
            if actor["_id"] == "cryVoltflare0001":
                actor["name"] = CANARY
        for combatant in case.stage["fight"]["combatants"]:
            if combatant["actorId"] == "cryVoltflare0001":
                combatant["name"] = CANARY
        slug = re.sub(r"[^a-z0-9]+", "-", CANARY.lower()).strip("-")
        answers = tuple({**a, "fields": {k: slug if v == "voltflare" else v
                                         for k, v in a["fields"].items()}} for a in case.answers)
        case = Case(case.dice, None, scene=case.scene, answers=answers, stage=case.stage)
        result = run(open_page, module, generation, ctx, case)
        [dialog] = result["dialogs"]
        assert CANARY in dialog["text"]
        assert any(CANARY in line for line in result["messages"][0]["shown"]["card"]["summary"])
    assert page.evaluate("() => harness.canaries()") == []
    assert page.evaluate("() => harness.violations()") == []
