"""`foundry/dice.mjs` rollRule: a rule runs with the faces rolled so far, and each die it asks for
is rolled with Foundry's Roll; the faces it used are the fixture's dice queue, and the result is
the Python engine's for the same queue."""

from __future__ import annotations

from typing import Any

from browser_page import BuiltModule, OpenPage

from compiler.rules import run_case

ROLL = """async ([moduleId, ruleset, rule, input, faces]) => {
    const { scriptedDice } = await import("/harness/foundry/dice.mjs");
    const { rollRule } = await import(`/modules/${moduleId}/scripts/foundry/dice.mjs`);
    scriptedDice.script(faces);
    const { result, dice, rolls } = await rollRule(ruleset, rule, {}, input);
    return { result, dice, formulas: rolls.map((r) => r.formula), left: scriptedDice.queue.length };
}"""


def roll(page: Any, module: BuiltModule, rule: str, inp: dict[str, Any],
         faces: list[dict[str, int]]) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(ROLL, [module.id, "primitives", rule, inp, faces])
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
