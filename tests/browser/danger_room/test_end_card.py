"""The Danger Room End of Turn card a GM reads at a glance (issue 14): its outcome line on top
says which Turn is over and what comes next, then which conditions ran out, from lang."""

from __future__ import annotations

import pytest
from browser_page import GENERATIONS, BuiltModule, OpenPage
from macro_kinds import KINDS, STAGE, macro_calling, observed

from danger_room.world import MODULE

OVER = "Turn 1 is over; Turn 2 begins: each fighter picks a card."
#: `kinds.end_cases`: nothing runs out; X-23 dizzy to the end of Turn 1.
WORDS = [[OVER, "No condition ran out."], [OVER, "X-23 is no longer Dizzy."]]


@pytest.mark.parametrize("generation", GENERATIONS)
def test_the_end_of_turn_card_says_what_ended_and_what_comes_next(
    shipped_modules: list[BuiltModule], open_page: OpenPage, generation: int,
    blocked_requests: list[str],
) -> None:
    module = next(m for m in shipped_modules if m.id == MODULE)
    ctx = macro_calling(module, "danger_room.endTurn")
    pack, macro, kind = ctx.pack, ctx.macro, KINDS[ctx.method]
    page = open_page(module, generation)
    cases = kind.cases(ctx)
    assert len(cases) == len(WORDS)
    for case, words in zip(cases, WORDS, strict=True):
        page.evaluate(STAGE, case.stage)
        run = page.run_macro(pack, macro["_id"], case.queue, case.actor, case.scene, [])
        assert run["error"] is None and run["problems"] == [], run
        shown = [m["shown"] for m in run["messages"]]
        ends = [s["card"]["summary"] for s in shown if s["flavorText"] == "End of Turn 1"]
        assert ends == [words], shown
        assert observed(run) == kind.expect(ctx, case)
    assert blocked_requests == []
