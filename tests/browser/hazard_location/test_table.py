"""A Hazard Dice attack at a table of a GM, an Assistant GM and a player, in a dnd5e world over
plain http (the acceptance table of issue 10): the player's character shoots an NPC the player
does not own. The player's client rolls the attack; the NPC's defence and wounds are the
active GM's to choose and roll (issue 17). Foundry's server would refuse the player's write to
the NPC, so the player's card names the changes and the active GM's client (one of the two GMs
online; a full GM account with the lowest id is offline) applies them once, over the module
socket, to the NPC's token (an unlinked token: its own copy of the sheet, not the sidebar
actor), on a card whose Undo restores them on every client. Nothing is relayed through the chat
log.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator

import pytest
from browser_launch import HarnessServer
from browser_page import BuiltModule, Doc
from playwright.sync_api import BrowserContext
from table import SCENE, Table, each, seated

from compiler.rules import run_case
from hazard_location.world import ATTACKER, MODULE_ID, TARGET, attack_scene, fighter

GM = {"_id": "harnessUser00001", "name": "Gamemaster", "role": 4}
ASSISTANT = {"_id": "assistantGm00001", "name": "Ida", "role": 3}
AWAY = {"_id": "aaaGamemaster001", "name": "Gamemaster (away)", "role": 4, "active": False}
PLAYER = {"_id": "playerA000000001", "name": "Laura", "role": 1}
INSECURE = {"isSecureContext": False, "subtle": "undefined", "clipboard": "undefined"}
#: A hit through the cuirass (the shipped Sample Soldier's): the faces of `hazard_location.kinds`
#: ablating hit, with the Service Handgun at 3 hexes.
HIT = [{"d": 6, "v": v} for v in (5, 6, 2, 6, 3, 2)] + [{"d": 100, "v": 25}] + [
    {"d": 6, "v": v} for v in (6, 2, 6, 5, 1, 3, 6, 4)]
ATTACK = ({"action": "attack", "fields": {"weapon": "service-handgun"}},)
NPC_TOKEN = f"tok-{TARGET}"
SYNTHETIC = f"Scene.harnessScene0001.Token.{NPC_TOKEN}.Actor.{TARGET}"
STATE = """([tokenId, actorId]) => ({
    token: canvas.scene.tokens.get(tokenId).actor.system.stamina_current ?? null,
    sheet: game.actors.get(actorId).system.stamina_current ?? null})"""
CARDS = """(id) => [...game.messages].map((m) => {
    const state = game.modules.get(id).api.cards.readCard(m);
    return {author: m.user, changes: (state?.changes ?? []).map((c) => [c.uuid, c.path]),
            card: state !== null, whisper: m.whisper ?? [], summary: state?.card.summary ?? []};
})"""
MESSAGES = """() => [...game.messages].map((m) => ({user: m.user, flags: m.flags,
    actions: harness.shownMessage(m.id).card?.actions ?? null}))"""
UNDO = """async ([moduleId, uuid]) => {
    const { record } = await import("/harness/foundry/record.mjs");
    const cards = game.modules.get(moduleId).api.cards;
    const message = [...game.messages].find((m) =>
        cards.readCard(m)?.changes.some((c) => c.uuid === uuid));
    const before = record.updates.length;
    const undone = await cards.undoCard(message);
    return {undone, updates: structuredClone(record.updates.slice(before))};
}"""


def npc(module: BuiltModule) -> Doc:
    """Bob as an NPC: the Sample Soldier's sheet with an enemy's prototype token, unlinked and
    Hostile, owned by the GM alone."""
    actor = copy.deepcopy(fighter(module, TARGET))
    actor["prototypeToken"] = {**actor["prototypeToken"], "actorLink": False, "disposition": -1}
    return actor


@pytest.fixture(params=[12, 13], ids=["v12", "v13"])
def table(request: pytest.FixtureRequest, browser_context: BrowserContext,
          harness_server: HarnessServer, shipped_modules: list[BuiltModule],
          blocked_requests: list[str]) -> Iterator[Table]:
    module = next(m for m in shipped_modules if m.id == MODULE_ID)
    users = {"away": AWAY, "gm": GM, "assistant": ASSISTANT, "player": PLAYER}
    ann = {**fighter(module, ATTACKER), "ownership": {"default": 0, PLAYER["_id"]: 3}}
    scene = attack_scene(ann, npc(module), (3, 0))
    with seated(browser_context, harness_server, module, users, blocked_requests,
                generation=request.param, system="dnd5e") as found:
        for page in found.pages.values():
            page.evaluate(SCENE, scene)
        yield found
    assert blocked_requests == []


def test_a_players_attack_on_an_npc_is_applied_once_and_undone_everywhere(table: Table) -> None:
    assert table.everywhere("() => harness.secure()") == each(table.pages, INSECURE)
    assert table.everywhere("() => game.users.activeGM.id") == each(
        table.pages, GM["_id"])
    # The NPC's defence and wounds are the active GM's to choose and roll (issue 17): the
    # player's client rolls the attack, the GM's the rest; the player's client posts the card.
    table.script("gm", HIT[6:], ({"action": "defend", "fields": {"defence": "auto"}},))
    run = table.run("player", "Hazard Dice: Attack", HIT[:6], None, ATTACK)
    assert run["messages"] == []
    left = table.script_left("gm")
    assert left["diceLeft"] == [] and left["answersLeft"] == [] and len(left["dialogs"]) == 1
    [card] = [m for m in table.pages["player"].evaluate(MESSAGES) if m["user"] == PLAYER["_id"]]
    call = card["flags"][MODULE_ID]["card"]["call"]
    result = run_case(call["ruleset"], call["rule"], call["config"], call["input"], call["dice"])
    stamina = result["state"]["defender"]["stamina_current"]
    assert card["flags"][MODULE_ID]["changes"] == []  # the player's card changed nothing itself
    assert card["actions"] == ["fixture"]
    # Applied once, to the NPC token's own copy of the sheet, by the active GM's client.
    state = {"token": stamina, "sheet": None}
    assert table.everywhere(STATE, [NPC_TOKEN, TARGET]) == each(table.pages, state)
    for name, shown in table.everywhere(CARDS, MODULE_ID).items():
        assert all(c["card"] and not c["whisper"] for c in shown), (name, shown)
        applied = [c for c in shown if c["changes"]]
        assert len(shown) == 2 and len(applied) == 1, (name, shown)
        assert applied[0]["author"] == GM["_id"]
        assert (SYNTHETIC, "system.stamina_current") in [tuple(c) for c in applied[0]["changes"]]
    undone = table.pages["gm"].evaluate(UNDO, [MODULE_ID, SYNTHETIC])
    assert undone["undone"] is True
    table.relay("gm", {"updates": undone["updates"]})
    assert table.everywhere(STATE, [NPC_TOKEN, TARGET]) == each(
        table.pages, {"token": None, "sheet": None})
    assert table.problems() == each(table.pages, [])


@pytest.mark.parametrize("generation", [12, 13])
def test_with_no_gm_online_a_players_attack_on_an_npc_changes_nothing(
    browser_context: BrowserContext, harness_server: HarnessServer,
    shipped_modules: list[BuiltModule], blocked_requests: list[str], generation: int,
) -> None:
    """No GM could apply the NPC's wounds: the attack is refused before a die is rolled."""
    module = next(m for m in shipped_modules if m.id == MODULE_ID)
    ann = {**fighter(module, ATTACKER), "ownership": {"default": 0, PLAYER["_id"]: 3}}
    scene = attack_scene(ann, npc(module), (3, 0))
    with seated(browser_context, harness_server, module, {"away": AWAY, "player": PLAYER},
                blocked_requests, generation=generation, system="dnd5e") as found:
        page = found.pages["player"]
        pack, ident = found.macro("Hazard Dice: Attack")
        run = page.run_macro(pack, ident, HIT, None, scene, list(ATTACK))
        message = module.lang["RULEPACK.Gm.NoneOnline"]
        assert run["error"] is None and run["messages"] == [] and run["updates"] == []
        assert run["notifications"] == [{"type": "warning", "message": message}]
        assert run["problems"] == [f"console warning: {message}"]
        assert len(run["diceLeft"]) == len(HIT) and len(run["answersLeft"]) == 1
