"""The Combat tracker of a fight the Danger Room has ordered: Roll All, a combatant's Roll,
Reset, Next Round and a player's End Turn would overwrite the engine's order (the Speeds and the
Waits) or skip the end of the Turn; they are refused with a warning, the order left as it is.
The GM may still move the tracker from one fighter's turn to the next."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from browser_page import GENERATIONS, BuiltModule, OpenPage
from macro_kinds import STAGE

from danger_room.kinds import on_turn
from danger_room.world import GM, MODULE, before, sample_world, scene

PLAYER = {"_id": "playerA000000001", "name": "Laura", "role": 1}
ORDER = "() => game.combat.turns.map((c) => [c.name, c.initiative])"
SCENE = "async (s) => (await import('/harness/foundry/canvas.mjs')).stageScene(s)"
TRY = """async (script) => {
    const { record } = await import("/harness/foundry/record.mjs");
    record.reset();
    const { scriptedDice } = await import("/harness/foundry/dice.mjs");
    scriptedDice.script(Array.from({length: 4}, () => ({d: 20, v: 20})));
    await (0, eval)(script)();
    return {updates: record.updates.length, notes: record.notifications.map((n) => n.message),
            turn: game.combat.turn, round: game.combat.round};
}"""


def stage_ordered(page: Any, module: BuiltModule, user: dict[str, Any]) -> None:
    """X-23's turn of round 1, the round ordered by the module (its `order` flag)."""
    world = on_turn(sample_world(module), "x-23")
    owned = {**world.actors["x-23"], "ownership": {"default": 0, PLAYER["_id"]: 3}}
    world = replace(world, actors={**world.actors, "x-23": owned}, combat_flags={"order": {
        "round": 1, "speeds": [["x-23", 11]], "dice": [], "waits": []}})
    page.evaluate(STAGE, {**before(world), "users": [GM, PLAYER], "user": user})
    page.evaluate(SCENE, scene(world, None))


@pytest.mark.parametrize("generation", GENERATIONS)
def test_the_trackers_controls_cannot_overwrite_the_engines_order(
    shipped_modules: list[BuiltModule], open_page: OpenPage, generation: int,
) -> None:
    module = next(m for m in shipped_modules if m.id == MODULE)
    page = open_page(module, generation)
    stage_ordered(page, module, GM)
    order = page.evaluate(ORDER)
    guarded = module.lang["RULEPACK.DangerRoom.TrackerGuarded"]
    for control in ("() => game.combat.resetAll()",
                    "() => game.combat.rollInitiative([game.combat.combatant.id])",
                    "() => game.combat.nextRound()"):
        done = page.evaluate(TRY, control)
        assert done["updates"] == 0 and guarded in done["notes"], control
        assert page.evaluate(ORDER) == order and (done["turn"], done["round"]) == (0, 1)
    rolled = page.evaluate(TRY, "() => game.combat.rollAll()")  # everyone has an initiative
    assert rolled["updates"] == 0 and page.evaluate(ORDER) == order
    moved = page.evaluate(TRY, "() => game.combat.nextTurn()")  # the GM moves the tracker on
    assert (moved["updates"], moved["turn"]) == (1, 1) and moved["notes"] == []
    stage_ordered(page, module, PLAYER)
    ended = page.evaluate(TRY, "() => game.combat.nextTurn()")  # the player's End Turn
    assert ended["updates"] == 0 and ended["turn"] == 0 and guarded in ended["notes"]
    assert page.evaluate(ORDER) == order
    problems = page.take_problems()
    assert problems and all(p == f"console warning: {guarded}" for p in problems)
    page.evaluate(STAGE, {"user": GM})
