"""Where Hazard Dice wounds land: on the sheet for a player character's token (linked, as the
shipped Sample Soldier's prototype token is), on the token's own copy for an unlinked NPC token
(the sidebar actor untouched), and Undo restores either."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from browser_page import GENERATIONS, BuiltModule, OpenPage

from hazard_location.world import ATTACKER, MODULE_ID, TARGET, attack_scene, fighter

HIT = [{"d": 6, "v": v} for v in (5, 6, 2, 6, 3, 2)] + [{"d": 100, "v": 25}] + [
    {"d": 6, "v": v} for v in (6, 2, 6, 5, 1, 3, 6, 4)]
#: The attack window, then the defence window (the GM's client rolls for Bob: no player owns him).
ATTACK = [{"action": "attack", "fields": {"weapon": "service-handgun"}},
          {"action": "defend", "fields": {"defence": "auto"}}]
STATE = """([tokenId, actorId]) => ({
    linked: canvas.scene.tokens.get(tokenId).actorLink,
    token: canvas.scene.tokens.get(tokenId).actor.system.stamina_current ?? null,
    sheet: game.actors.get(actorId).system.stamina_current ?? null})"""
UNDO = """([moduleId, id]) => game.modules.get(moduleId).api.cards.undoCard(
    game.messages.get(id))"""


def as_npc(actor: dict[str, Any]) -> dict[str, Any]:
    npc = copy.deepcopy(actor)
    npc["prototypeToken"] = {**npc["prototypeToken"], "actorLink": False, "disposition": -1}
    return npc


@pytest.mark.parametrize("target_is_pc", [True, False], ids=["pc", "npc"])
@pytest.mark.parametrize("generation", GENERATIONS)
def test_a_wound_lands_on_the_sheet_of_a_pc_and_on_an_npcs_token(
    shipped_modules: list[BuiltModule], open_page: OpenPage, generation: int,
    target_is_pc: bool,
) -> None:
    module = next(m for m in shipped_modules if m.id == MODULE_ID)
    bob = fighter(module, TARGET)
    target = bob if target_is_pc else as_npc(bob)
    scene = attack_scene(fighter(module, ATTACKER), target, (3, 0))
    page = open_page(module, generation)
    pack, macro = next((p, d["_id"]) for p, d in module.documents("Macro")
                       if d["name"] == "Hazard Dice: Attack")
    run = page.run_macro(pack, macro, HIT, None, scene, ATTACK)
    assert run["error"] is None and run["problems"] == []
    [card] = run["messages"]
    [changed] = {u["uuid"] for u in run["updates"] if "system.stamina_current" in u["changes"]}
    state = page.evaluate(STATE, [f"tok-{TARGET}", TARGET])
    if target_is_pc:
        assert changed == f"Actor.{TARGET}"
        assert state == {"linked": True, "token": 1, "sheet": 1}
    else:
        assert changed == f"Scene.harnessScene0001.Token.tok-{TARGET}.Actor.{TARGET}"
        assert state == {"linked": False, "token": 1, "sheet": None}
    assert page.evaluate(UNDO, [MODULE_ID, card["_id"]]) is True
    assert page.evaluate(STATE, [f"tok-{TARGET}", TARGET]) == {
        "linked": target_is_pc, "token": None, "sheet": None}
