"""`foundry/dice.mjs` rollRule: a rule runs with the faces rolled so far, and each die it asks for
is rolled with Foundry's Roll; the faces it used are the fixture's dice queue, and the result is
the Python engine's for the same queue."""

from __future__ import annotations

from typing import Any

import pytest
from browser_page import GENERATIONS, BuiltModule, OpenPage

from compiler.rules import run_case

ROLL = """async ([moduleId, ruleset, rule, input, faces, options]) => {
    const { scriptedDice } = await import("/harness/foundry/dice.mjs");
    const { rollRule } = await import(`/modules/${moduleId}/scripts/foundry/dice.mjs`);
    scriptedDice.script(faces);
    const { result, dice, rolls } = await rollRule(ruleset, rule, {}, input, options);
    return { result, dice, formulas: rolls.map((r) => r.formula), left: scriptedDice.queue.length,
             faces: rolls.map((r) => r.dice.flatMap((t) => t.results.map((x) => x.result))) };
}"""


def roll(page: Any, module: BuiltModule, rule: str, inp: dict[str, Any],
         faces: list[dict[str, Any]], options: dict[str, Any] | None = None) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(
        ROLL, [module.id, "primitives", rule, inp, faces, options or {}])
    return found


def test_each_die_the_rule_asks_for_is_rolled_once(
    shipped_modules: list[BuiltModule], open_page: OpenPage,
) -> None:
    module = shipped_modules[0]
    page = open_page(module)
    faces = [{"d": 10, "v": v} for v in (6, 1, 10, 5, 7)]
    inp = {"die": 10, "count": 5, "min_face": 6, "roll_mod": 0}
    out = roll(page, module, "count_at_least", inp, faces)
    assert out["dice"] == faces and out["left"] == 0
    assert out["formulas"] == ["1d10"] * 5
    assert out["result"] == run_case("primitives", "count_at_least", {}, inp, faces)
    assert out["result"]["state"] == {"successes": 3}
    assert page.take_problems() == []


@pytest.mark.parametrize("generation", GENERATIONS)
def test_with_pools_each_pool_is_one_roll(
    shipped_modules: list[BuiltModule], open_page: OpenPage, generation: int,
) -> None:
    """`{pools: true}`: a pool the rule takes at once is one Foundry roll of that many dice (so a
    card and Dice So Nice show one throw), its faces the same queue; lone dice stay 1dX."""
    module = shipped_modules[0]
    page = open_page(module, generation)
    faces = [{"d": 10, "v": v} for v in (6, 1, 10, 5, 7)]
    inp = {"die": 10, "count": 5, "min_face": 6, "roll_mod": 0}
    out = roll(page, module, "count_at_least", inp, faces, {"pools": True})
    assert out["dice"] == faces and out["left"] == 0
    assert (out["formulas"], out["faces"]) == (["5d10"], [[6, 1, 10, 5, 7]])
    assert out["result"] == run_case("primitives", "count_at_least", {}, inp, faces)
    # A tie that runs on: each round of the roll-off is one roll of the tied group's dice.
    ties = [{"d": 10, "v": v} for v in (4, 4, 9, 2)]
    tie = {"die": 10, "group": ["a", "b"]}
    out = roll(page, module, "roll_off", tie, ties, {"pools": True})
    expected = run_case("primitives", "roll_off", {}, tie, ties)
    assert "error" not in expected and out["result"] == expected
    assert (out["formulas"], out["faces"]) == (["2d10", "2d10"], [[4, 4], [9, 2]])
    assert page.take_problems() == []


def test_faces_rolled_before_are_taken_first_and_the_rest_of_the_pool_is_one_roll(
    shipped_modules: list[BuiltModule], open_page: OpenPage,
) -> None:
    """`dice`: what was rolled for the rule before (SDM's pool, rolled before the Opportunity is
    chosen): the rule takes it first, only the rest is rolled, and the result lists every face."""
    module = shipped_modules[0]
    page = open_page(module)
    faces = [{"d": 10, "v": v} for v in (6, 1, 10, 5, 7)]
    inp = {"die": 10, "count": 5, "min_face": 6, "roll_mod": 0}
    out = roll(page, module, "count_at_least", inp, faces[2:], {"pools": True, "dice": faces[:2]})
    assert out["dice"] == faces and out["left"] == 0
    assert (out["formulas"], out["faces"]) == (["3d10"], [[10, 5, 7]])
    assert out["result"] == run_case("primitives", "count_at_least", {}, inp, faces)
    assert page.take_problems() == []


def test_a_rule_that_needs_no_dice_or_refuses_rolls_none(
    shipped_modules: list[BuiltModule], open_page: OpenPage,
) -> None:
    module = shipped_modules[0]
    page = open_page(module)
    none = roll(page, module, "count_at_least", {"die": 10, "count": 0, "min_face": 6,
                                                 "roll_mod": 0}, [])
    assert none["dice"] == [] and none["result"]["state"] == {"successes": 0}
    refused = roll(page, module, "count_at_least", {"die": 10, "count": 2}, [])
    assert refused["dice"] == [] and refused["result"]["error"]["code"] == "bad_input"
    assert page.take_problems() == []


FATE = """async ([moduleId, faces]) => {
    const { scriptedDice } = await import("/harness/foundry/dice.mjs");
    const { runCase } = await import(`/modules/${moduleId}/scripts/rules/harness.mjs`);
    const cards = game.modules.get(moduleId).api.cards;
    scriptedDice.script(faces);
    const roll = await new Roll(`${faces.length}dF`).evaluate();
    const dice = cards.diceOf(roll);
    const call = {ruleset: "primitives", rule: "fate", config: {fate_dice: faces.length},
                  input: {modifier: 1}, dice};
    return {dice, result: runCase(call.ruleset, call.rule, call.config, call.input, call.dice),
            term: roll.dice[0].constructor.name, faces: roll.dice[0].faces};
}"""


@pytest.mark.parametrize("generation", GENERATIONS)
def test_fate_dice_are_recorded_as_f(
    shipped_modules: list[BuiltModule], open_page: OpenPage, generation: int,
) -> None:
    """A FateDie has three faces like a d3 (`faces` 3) but shows -1, 0, +1: the dice queue says
    "F" (catalogue C1), so the rules core and the Python engine read the roll as Fate dice."""
    module = shipped_modules[0]
    page = open_page(module, generation)
    faces = [{"d": "F", "v": v} for v in (-1, 0, 1, 1)]
    out = page.evaluate(FATE, [module.id, faces])
    assert (out["term"], out["faces"]) == ("FateDie", 3)
    assert out["dice"] == faces
    assert out["result"] == run_case("primitives", "fate", {"fate_dice": 4}, {"modifier": 1},
                                     faces)
    assert out["result"]["state"]["total"] == 2
    rolled = roll(page, module, "fate", {"modifier": 0}, faces)
    assert rolled["formulas"] == ["1dF"] * 4 and rolled["dice"] == faces
    assert page.take_problems() == []
