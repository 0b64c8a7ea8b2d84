"""The SDM cards a player reads at a glance (issue 14): the Stabilise card says in words whether
it worked, from lang, with no raw boolean; the card the module posts is the one predicted."""

from __future__ import annotations

import pytest
from browser_page import GENERATIONS, BuiltModule, OpenPage
from macro_kinds import KINDS, macro_calling, observed

from sdm_pool.world import MODULE_ID

#: Ana's 5d6 against the tier's 2 successes (`kinds.stabilize_cases`): 6, 5 then none.
WORDS = ["Stabilise succeeded: 2 of 2 successes.", "Stabilise failed: 0 of 2 successes."]


@pytest.mark.parametrize("generation", GENERATIONS)
def test_the_stabilise_card_says_whether_it_worked(
    shipped_modules: list[BuiltModule], open_page: OpenPage, generation: int,
    blocked_requests: list[str],
) -> None:
    module = next(m for m in shipped_modules if m.id == MODULE_ID)
    ctx = macro_calling(module, "sdm_pool.stabilize")
    pack, macro, kind = ctx.pack, ctx.macro, KINDS[ctx.method]
    page = open_page(module, generation)
    for case, words in zip(kind.cases(ctx), WORDS, strict=False):
        run = page.run_macro(pack, macro["_id"], case.queue, case.actor, case.scene, [])
        assert run["error"] is None and run["problems"] == [], run
        [message] = run["messages"]
        summary = message["shown"]["card"]["summary"]
        assert summary[1] == words, summary
        assert not any(w in line for line in summary for w in ("true", "false")), summary
        assert observed(run) == kind.expect(ctx, case)
    assert blocked_requests == []
