"""The fate_wounds defence window as the defender's player sees it, on the player's own client
at a table (the GM's NPC Tim attacks the player's Agent Smith: FW-R03, the defence is declared on
the defender's client), in each odds disclosure mode, v12 and v13 (issue 16's leftover: the
shared disclosure code shown on this window, not argued): the player's panel against the exact
lines the Python engine gives the same defence, and its screenshot in docs/screenshots/odds/.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_launch import HarnessServer
from browser_page import GENERATIONS, BuiltModule, HarnessPage
from macro_kinds import KINDS
from odds_panel import PROCEED, SETTING, player_view, read, set_mode, shoot
from playwright.sync_api import BrowserContext
from table import SCENE, Table, seated

# isort: split
# macro_kinds registers this ruleset's KINDS as it loads, so it is imported first.
from compiler.rules import run_case
from fate_wounds.kinds import SMITH_DEFENDS, TIM_ATTACKS
from fate_wounds.test_odds import declared, defence_lines, first_choice
from fate_wounds.test_table import GM, PLAYER, SMITH_DICE, TIM_DICE
from fate_wounds.world import (
    ENGINE,
    MODULE_ID,
    SMITH,
    TIM,
    attack_scene,
    character_ids,
    config_overrides,
    fighter,
    fighter_character,
)

DEFENCE = "#dialogs dialog.rulepack-dialog-fate_wounds-defence"
#: Deliver what another client did without waiting for this client's answer (its dialog is held
#: open for the test), noting how much this client had recorded before.
DELIVER = """async (r) => {
    const { record } = await import('/harness/foundry/record.mjs');
    window.__record = record;
    window.__before = {updates: record.updates.length, messages: record.messages.length,
                       socket: record.socket.length};
    window.__remote = (await import('/harness/stage.mjs')).applyRemote(r);
    return true; }"""
#: The player's reply has gone out on the socket.
REPLIED = "() => window.__record.socket.length > window.__before.socket"
#: What this client did since the delivery, for the test to pass on (as `applyRemote` reports).
DID = """async () => { await window.__remote; await harness.settle();
    const record = window.__record, before = window.__before;
    return {updates: structuredClone(record.updates.slice(before.updates)),
            messages: record.messages.slice(before.messages).map((m) => structuredClone(m)),
            socket: structuredClone(record.socket.slice(before.socket))}; }"""
#: The server passing the GM's change of the world setting on to this client (Foundry stores
#: world settings as Setting documents, whose updates reach every client; onChange fires).
SETTING_REACHES = """([key, value]) => { const entry = game.settings.settings.get(key);
    entry.value = value; entry.config.onChange?.(value, {}, null); return true; }"""
MODES = ("exact", "label", "hidden")
assert "fate_wounds.attack" in KINDS


@pytest.fixture(params=GENERATIONS, ids=[f"v{g}" for g in GENERATIONS])
def table(request: pytest.FixtureRequest, browser_context: BrowserContext,
          harness_server: HarnessServer, shipped_modules: list[BuiltModule],
          blocked_requests: list[str]) -> Iterator[Table]:
    module = next(m for m in shipped_modules if m.id == MODULE_ID)
    with seated(browser_context, harness_server, module, {"gm": GM, "player": PLAYER},
                blocked_requests, generation=request.param) as found:
        yield found
    assert blocked_requests == []


def scene_of(module: BuiltModule) -> dict[str, Any]:
    smith = {**fighter(module, SMITH), "ownership": {"default": 0, PLAYER["_id"]: 3}}
    return attack_scene(fighter(module, TIM, linked=False), smith)


def gm_lines(module: BuiltModule, scene: dict[str, Any]) -> list[dict[str, Any]]:
    """What the GM's window shows for the defence it starts at: the Python engine's exact
    `defence` odds against Tim's total as rolled."""
    tim, smith = scene["actors"]
    ids = character_ids([tim, smith])
    attacker, defender = (fighter_character(module, a, i) for a, i in zip((tim, smith), ids,
                                                                          strict=True))
    total = run_case(ENGINE, "roll", config_overrides(module),
                     {"character": attacker, "side": "attack",
                      "declaration": declared(TIM_ATTACKS)}, TIM_DICE)["state"]["total"]
    inp = {"defender": defender, "defence": first_choice(module, defender),
           "attack_total": total}
    return defence_lines(module, inp)


def defend_held(table: Table, player: HarnessPage) -> dict[str, Any]:
    """The GM attacks; the player's client gets the defence request with its window held open,
    which the test reads and shoots before it is answered; the player's reply is passed on."""
    table.script("player", SMITH_DICE, ({**SMITH_DEFENDS, "hold": True},))
    pack, ident = table.macro("4dF: Attack")
    run = table.pages["gm"].run_macro(pack, ident, TIM_DICE, None, None, [TIM_ATTACKS])
    assert run["error"] is None and run["messages"] == [], run["error"]
    player.page.bring_to_front()
    player.evaluate(DELIVER, {"from": GM["_id"], "socket": run["socket"]})
    player.page.wait_for_selector(DEFENCE, state="attached")
    player.evaluate("() => harness.settle()")
    return run


def test_the_defenders_player_sees_the_odds_the_setting_says(table: Table) -> None:
    """One table per generation, each mode in turn on a scene staged afresh (Smith unhurt)."""
    module, player = table.module, table.pages["player"]
    scene = scene_of(module)
    generation = player.evaluate("() => game.release.generation")
    for count, mode in enumerate(MODES, start=1):
        for page in table.pages.values():
            page.evaluate(SCENE, scene)
        set_mode(table.pages["gm"], MODULE_ID, mode)
        player.evaluate(SETTING_REACHES, [f"{MODULE_ID}.{SETTING}", mode])
        defend_held(table, player)
        shown = read(player)
        text = player.page.locator(DEFENCE).inner_text()
        shoot(player, f"fate_wounds-odds-defence-player-{mode}-v{generation}.png")
        player.evaluate(PROCEED)
        player.page.wait_for_function(REPLIED)
        table.relay("player", player.evaluate(DID))
        assert table.script_left("player")["answersLeft"] == [], mode
        # The attack's one card, posted by the GM's client, reached both.
        messages = table.everywhere("() => [...game.messages].length")
        assert messages == {"gm": count, "player": count}, mode
        assert table.problems() == {"gm": [], "player": []}, mode
        player_view(shown, gm_lines(module, scene), mode, text)
