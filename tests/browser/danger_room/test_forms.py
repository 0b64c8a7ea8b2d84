"""The Danger Room's forms (`askForm`, a DialogV2 with OK and Cancel): an answer the form refuses
reaches the player as an error notification. Foundry does not reject a DialogV2's promise when a
button's callback throws, nor show anything: the dialog stays open, an "Uncaught (in promise)"
goes to the console, and the user sees nothing (the harness's DialogV2 does the same)."""

from __future__ import annotations

import pytest
from browser_page import GENERATIONS, BuiltModule, OpenPage
from macro_kinds import STAGE
from test_macros import by_id, macro_contexts

from danger_room.kinds import case, world_for
from danger_room.world import MODULE


@pytest.mark.parametrize("lost", ["-3", "1.5", "100001"])
@pytest.mark.parametrize("generation", GENERATIONS)
def test_an_answer_the_form_refuses_is_shown_to_the_user(
    shipped_modules: list[BuiltModule], open_page: OpenPage, generation: int, lost: str,
) -> None:
    module = by_id(shipped_modules, MODULE)
    ctx = next(c for c in macro_contexts(module) if c.method == "danger_room.takeBlow")
    answers = ({"action": "ok", "fields": {"lost": lost}},)
    staged = case(world_for(ctx), (), "x-23", (), answers)
    page = open_page(module, generation)
    page.evaluate(STAGE, staged.stage)
    run = page.run_macro(ctx.pack, ctx.macro["_id"], [], None, staged.scene, list(answers))
    refused = module.lang["RULEPACK.DangerRoom.BadAnswer"]
    assert run["error"] is None, run["error"]
    assert run["notifications"] == [{"type": "error", "message": refused}]
    assert run["problems"] == [f"console error: {refused}"]
    assert run["messages"] == [] and run["updates"] == [] and run["answersLeft"] == []
