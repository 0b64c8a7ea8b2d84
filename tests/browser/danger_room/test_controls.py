"""The Danger Room's Turn steps off the macro bar (issue 14, Deliver 4): each Combat-tracker
control and each key does what its macro does, against the Python engine's prediction for the
same staged fight, dice and answers (`danger_room/kinds.py`, the macro cases); a player sees only
the controls of their own Combatant, and no GM control; a GM-only key does nothing for a player."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from browser_page import GENERATIONS, BuiltModule, HarnessPage, OpenPage
from macro_kinds import KINDS, STAGE, Case, MacroContext, context_for, observed

from danger_room.kinds import ordered
from danger_room.world import GM, MODULE, before, scene

#: The Turn's steps: the API method (its macro's kind, its key's action), the Combatant whose
#: row holds its control (None: the GM's bar) and its default key (with Shift).
STEPS = {"pickCard": ("x-23", "KeyP"), "revealSpeeds": (None, "KeyR"),
         "wait": ("x-23", "KeyH"), "endTurn": (None, "KeyE")}
PLAYER = {"_id": "playerA000000001", "name": "Laura", "role": 1}
PRESS = "args => harness.pressKey(args)"


def step_context(module: BuiltModule, method: str) -> MacroContext:
    """The shipped macro of a step, whose kind lists the cases and predicts each."""
    found = [context_for(module, pack, macro) for pack, macro in module.documents("Macro")]
    return next(ctx for ctx in found if ctx.method == f"danger_room.{method}")


def selector(ctx: MacroContext, method: str, case: Case) -> str:
    fighter, _ = STEPS[method]
    button = f'button[data-rulepack-step="{method}"]'
    if fighter is None:
        return f".rulepack-tracker-turn {button}"
    combatant = next(c for c in (case.stage or {})["fight"]["combatants"]
                     if c["tokenId"] == case.scene["controlled"][0])  # type: ignore[index]
    return f'li.combatant[data-combatant-id="{combatant["id"]}"] {button}'


def check(page: HarnessPage, run: dict[str, Any], ctx: MacroContext, case: Case) -> None:
    run["problems"] = page.take_problems()
    assert run["error"] is None, run["error"]
    assert run["problems"] == []
    assert run["diceLeft"] == [] and run["answersLeft"] == []
    assert observed(run) == KINDS[ctx.method].expect(ctx, case)


@pytest.mark.parametrize("generation", GENERATIONS)
@pytest.mark.parametrize("method", list(STEPS))
def test_each_tracker_control_does_what_its_macro_does(
    shipped_modules: list[BuiltModule], open_page: OpenPage, generation: int, method: str,
) -> None:
    """The row's control acts for that row's Combatant with no token selected."""
    module = next(m for m in shipped_modules if m.id == MODULE)
    page = open_page(module, generation)
    ctx = step_context(module, method)
    for case in KINDS[ctx.method].cases(ctx):
        page.evaluate(STAGE, case.stage)
        where = selector(ctx, method, case)
        unselected = {**case.scene, "controlled": []} if case.scene else None
        run = page.evaluate("args => harness.clickTracker(args)", {
            "selector": where, "dice": case.queue, "scene": unselected,
            "answers": list(case.answers)})
        check(page, run, ctx, case)


@pytest.mark.parametrize("generation", GENERATIONS)
@pytest.mark.parametrize("method", list(STEPS))
def test_each_key_does_what_its_macro_does(
    shipped_modules: list[BuiltModule], open_page: OpenPage, generation: int, method: str,
) -> None:
    """The key acts, as the macro does, for the selected token's fighter."""
    module = next(m for m in shipped_modules if m.id == MODULE)
    page = open_page(module, generation)
    ctx = step_context(module, method)
    for case in KINDS[ctx.method].cases(ctx):
        page.evaluate(STAGE, case.stage)
        run = page.evaluate(PRESS, {
            "code": STEPS[method][1], "shift": True, "dice": case.queue, "scene": case.scene,
            "answers": list(case.answers)})
        check(page, run, ctx, case)


def stage_player_table(page: HarnessPage, module: BuiltModule, user: dict[str, Any],
                       revealed: dict[str, Any] | None = None) -> dict[str, str]:
    """Round 1 ordered, X-23's turn, X-23 owned by the player (and her card revealed, when
    given); the combatant id of each fighter."""
    ctx = step_context(module, "wait")
    world = ordered(ctx)
    owned = {**world.actors["x-23"], "ownership": {"default": 0, PLAYER["_id"]: 3}}
    world = replace(world, actors={**world.actors, "x-23": owned}, user=user)
    if revealed is not None:
        x23 = world.seat("x-23").combatant
        flags = {**world.combatant_flags[x23], "reveal": revealed}
        world = replace(world, combatant_flags={**world.combatant_flags, x23: flags})
    page.evaluate(STAGE, {**before(world), "users": [GM, PLAYER], "user": user})
    page.evaluate("async (s) => (await import('/harness/foundry/canvas.mjs')).stageScene(s)",
                  scene(world, None))
    return {s.fighter: s.combatant for s in world.seats}


@pytest.mark.parametrize("generation", GENERATIONS)
def test_a_player_sees_only_their_own_combatants_controls(
    shipped_modules: list[BuiltModule], open_page: OpenPage, generation: int,
) -> None:
    module = next(m for m in shipped_modules if m.id == MODULE)
    page = open_page(module, generation)
    ids = stage_player_table(page, module, PLAYER)
    shown = page.evaluate("() => harness.trackerControls()")
    rows = {row["id"]: row["steps"] for row in shown["rows"]}
    # Every card is picked and published but none revealed: Pick is still open; it is X-23's turn.
    assert rows == {cid: (["pickCard", "wait"] if f == "x-23" else []) for f, cid in ids.items()}
    assert shown["bar"] == []
    lang = module.lang
    assert shown["labels"] == [lang["RULEPACK.DangerRoom.Control.Pick.Button"],
                               lang["RULEPACK.DangerRoom.Control.Wait.Button"]]
    ids = stage_player_table(page, module, GM)
    shown = page.evaluate("() => harness.trackerControls()")
    rows = {row["id"]: row["steps"] for row in shown["rows"]}
    assert rows == {cid: (["pickCard", "wait"] if f == "x-23" else ["pickCard"])
                    for f, cid in ids.items()}
    assert shown["bar"] == ["revealSpeeds", "endTurn"]
    # Once X-23's card is revealed her Pick goes; Wait stays until she has Waited.
    reveal = {"round": 1, "card": "claw-strike", "nonce": "5eed" * 8}
    ids = stage_player_table(page, module, PLAYER, reveal)
    shown = page.evaluate("() => harness.trackerControls()")
    assert {row["id"]: row["steps"] for row in shown["rows"]}[ids["x-23"]] == ["wait"]
    assert page.take_problems() == []
    page.evaluate(STAGE, {"user": GM})


@pytest.mark.parametrize("generation", GENERATIONS)
def test_a_gm_only_key_does_nothing_for_a_player(
    shipped_modules: list[BuiltModule], open_page: OpenPage, generation: int,
) -> None:
    """`restricted`: Foundry runs the End the Turn key for a GM only; a player's press changes
    nothing and shows nothing (the API's own refusal is not even reached)."""
    module = next(m for m in shipped_modules if m.id == MODULE)
    page = open_page(module, generation)
    stage_player_table(page, module, PLAYER)
    run = page.evaluate(PRESS, {"code": "KeyE", "shift": True, "dice": []})
    assert (run["error"], run["updates"], run["messages"]) == (None, [], [])
    assert run["notifications"] == []
    unshifted = page.evaluate(PRESS, {"code": "KeyH", "dice": []})
    assert unshifted["notifications"] == []  # Wait is Shift+H: H alone is not its key
    stage_player_table(page, module, PLAYER)
    waited = page.evaluate(PRESS, {"code": "KeyH", "shift": True, "dice": []})
    # The player's Wait key runs the API, which refuses: no token is selected.
    assert [n["message"] for n in waited["notifications"]] == [
        module.lang["RULEPACK.DangerRoom.SelectOne"]]
    page.take_problems()
    page.evaluate(STAGE, {"user": GM})
