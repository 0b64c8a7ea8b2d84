"""Tokens as Foundry makes them from the shipped fighters (their prototype tokens): the PCs
linked to their sheets and Friendly, the enemies unlinked and Hostile. The fight reads each
fighter's side from its token, so PCs and enemies are two sides, whether a token is linked or
not (an unlinked token's actor is its own synthetic copy of the sheet)."""

from __future__ import annotations

import pytest
from browser_page import GENERATIONS, BuiltModule, OpenPage
from macro_kinds import STAGE

from danger_room.world import MODULE, before, sample_world, scene

SCENE = "async (s) => (await import('/harness/foundry/canvas.mjs')).stageScene(s)"
READ = """async (moduleId) => {
    const base = `/modules/${moduleId}/scripts/foundry/danger_room`;
    const { readFight } = await import(`${base}/fight.mjs`);
    const { moduleItems } = await import(`${base}/sheet.mjs`);
    const fight = readFight(game.combat, await moduleItems());
    return fight.entries.map((e) => ({
        name: e.combatant.name, side: e.record.side, linked: e.token.actorLink,
        synthetic: e.actor !== game.actors.get(e.combatant.actorId), isToken: e.actor.isToken}));
}"""


@pytest.mark.parametrize("generation", GENERATIONS)
def test_fighters_dragged_from_the_pack_are_on_their_sides(
    shipped_modules: list[BuiltModule], open_page: OpenPage, generation: int,
) -> None:
    module = next(m for m in shipped_modules if m.id == MODULE)
    world = sample_world(module)
    page = open_page(module, generation)
    page.evaluate(STAGE, before(world))
    page.evaluate(SCENE, scene(world, None))  # no disposition or link given: the actors' own
    pc = {"side": "friendly", "linked": True, "synthetic": False, "isToken": False}
    enemy = {"side": "hostile", "linked": False, "synthetic": True, "isToken": True}
    assert page.evaluate(READ, MODULE) == [
        {"name": "X-23", **pc}, {"name": "Hellfire", **pc},
        {"name": "Hand Operative", **enemy}, {"name": "Hand Operative", **enemy}]
    assert page.take_problems() == []
