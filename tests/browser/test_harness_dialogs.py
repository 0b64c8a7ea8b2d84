"""The DialogV2 stand-in sizes its windows as Foundry does (`harness/foundry/dialogs.mjs`
`applyWidth`): no default width for `wait` in either generation (as wide as the content, or the
caller's `position.width`); v13's `prompt` 400 px unless the caller asks otherwise, v12's none."""

from __future__ import annotations

import pytest
from browser_page import GENERATIONS, BuiltModule, OpenPage

PROMPT = """async (position) => {
    const shown = foundry.applications.api.DialogV2.prompt({
        window: {title: "Probe"}, content: "<p>Short.</p>", ...(position ? {position} : {})});
    const dialog = document.querySelector("#dialogs dialog:last-child");
    const width = {style: dialog.style.width, box: dialog.getBoundingClientRect().width};
    dialog.querySelector("button[data-action=ok]").click();
    return {...width, result: await shown};
}"""


@pytest.mark.parametrize("generation", GENERATIONS)
def test_a_prompt_is_as_wide_as_foundry_makes_it(
    shipped_modules: list[BuiltModule], open_page: OpenPage, generation: int,
) -> None:
    page = open_page(shipped_modules[0], generation)
    default, asked = page.evaluate(PROMPT, None), page.evaluate(PROMPT, {"width": 520})
    assert default["result"] == asked["result"] == "ok"
    if generation >= 13:
        assert default["style"] == "400px"
    else:  # the content's width: a short paragraph and a button, well under 400 px
        assert default["style"] == "" and default["box"] < 400
    assert asked["style"] == "520px"
