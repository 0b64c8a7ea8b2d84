"""A Danger Room Turn at a table of three clients: the GM and two players, each a page of its own
browser context (so each has its own local storage), the test passing every update and relayed
message from one client to the others as Foundry's server would.

Secret picks: until a fighter reveals on its turn, no other client can read its card (only its
commitment); a reveal that does not match the commitment is reported and refused. The tracker
shows the engine's order, and a Wait re-queues it. A player's card hurts an enemy the player does
not own through the GM's client, by the numbers the Python engine gives for the same dice.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from browser_launch import HarnessServer, new_context
from browser_page import BuiltModule, HarnessPage
from playwright.sync_api import BrowserContext

from compiler.rules import run_case
from danger_room.world import GM, MODULE, World, before, sample_world, scene

PLAYER_A = {"_id": "playerA000000001", "name": "Laura", "role": 1}
PLAYER_B = {"_id": "playerB000000001", "name": "Julian", "role": 1}
OWNS = {"x-23": PLAYER_A["_id"], "hellfire": PLAYER_B["_id"]}
HELPER = "/harness/stage.mjs"
STAGE = f"async (s) => (await import('{HELPER}')).stage(s)"
SCENE = "async (s) => (await import('/harness/foundry/canvas.mjs')).stageScene(s)"
REMOTE = f"async (r) => (await import('{HELPER}')).applyRemote(r)"
READABLE = f"async () => (await import('{HELPER}')).readable()"
ORDER = "() => game.combat.turns.map((c) => [c.name, c.initiative])"
FIGHTER = "(id) => game.combat.combatants.get(id).getFlag('rulepack-danger-room', 'fighter')"
# The GM's cards listing a change of `path`: [message id, the change, the card's title].
LISTED = """(path) => [...game.messages].flatMap((m) => {
    const state = game.modules.get("rulepack-danger-room").api.cards.readCard(m);
    const change = state?.changes.find((c) => c.path === path);
    return change && m.author?.isGM ? [[m.id, change, state.card.title]] : [];
})"""
UNDO = """async (id) => game.modules.get("rulepack-danger-room").api.cards.undoCard(
    game.messages.get(id))"""


class Table:
    """Three clients of one world, and the relay between them."""

    def __init__(self, module: BuiltModule, pages: dict[str, HarnessPage],
                 users: dict[str, dict[str, Any]]) -> None:
        self.module, self.pages, self.users = module, pages, users
        self.world = owned(sample_world(module))

    def macro(self, name: str) -> tuple[str, str]:
        return next((p, d["_id"]) for p, d in self.module.documents("Macro") if d["name"] == name)

    def run(self, client: str, macro: str, selected: str | None, targets: tuple[str, ...] = (),
            answers: tuple[dict[str, Any], ...] = (), dice: tuple[int, ...] = ()) -> dict[str, Any]:
        """Run a macro on one client, then relay what it did until every client is quiet."""
        page = self.pages[client]
        pack, ident = self.macro(macro)
        view = {**scene(self.world, selected, targets), "actors": []}
        run = page.run_macro(pack, ident, [{"d": 10, "v": v} for v in dice], None, view,
                             list(answers))
        assert run["error"] is None, run["error"]
        self.relay(client, run["updates"], [m for m in run["messages"] if writes(m)])
        return run

    def relay(self, origin: str, updates: list[dict[str, Any]],
              messages: list[dict[str, Any]]) -> None:
        """Pass a client's updates and relayed messages on, then whatever they set off, until
        no client has anything left to pass."""
        queue = [(origin, updates, messages)]
        while queue:
            source, ups, msgs = queue.pop(0)
            sent = {"from": self.users[source]["_id"],
                    "updates": [{"uuid": u["uuid"], "changes": u["changes"]} for u in ups],
                    "messages": [{k: v for k, v in m.items() if k != "shown"} for m in msgs]}
            if not sent["updates"] and not sent["messages"]:
                continue
            for name, page in self.pages.items():
                if name != source:
                    out = page.evaluate(REMOTE, sent)
                    queue.append((name, out["updates"], [m for m in out["messages"] if writes(m)]))

    def secret_from_others(self, owner: str, card: str) -> None:
        """No client but the owner's can read `card` anywhere: Combat, storage or chat."""
        word = re.compile(rf"(?<![a-z-]){re.escape(card)}(?![a-z-])")
        for name, page in self.pages.items():
            shown = page.evaluate(READABLE)
            assert bool(word.search(shown)) == (name == owner), (name, card)


def writes(message: dict[str, Any]) -> bool:
    return bool(message.get("flags", {}).get(MODULE, {}).get("writes"))


def owned(world: World) -> World:
    """The players own their characters' actors; the GM owns the rest."""
    actors = {key: {**doc, "ownership": {"default": 0, **({OWNS[key]: 3} if key in OWNS else {})}}
              for key, doc in world.actors.items()}
    return replace(world, actors=actors)


@pytest.fixture
def table(browser_context: BrowserContext, harness_server: HarnessServer,
          shipped_modules: list[BuiltModule], blocked_requests: list[str]) -> Iterator[Table]:
    module = next(m for m in shipped_modules if m.id == MODULE)
    browser = browser_context.browser
    assert browser is not None
    users = {"gm": GM, "a": PLAYER_A, "b": PLAYER_B}
    contexts = {name: new_context(browser, harness_server, blocked_requests) for name in users}
    pages = {name: HarnessPage.open(contexts[name], harness_server, module) for name in users}
    found = Table(module, pages, users)
    world = found.world
    for name, page in pages.items():
        page.evaluate(STAGE, {**before(replace(world, storage={})), "user": users[name]})
        page.evaluate(SCENE, scene(world, None))
    yield found
    for context in contexts.values():
        context.close()
    assert blocked_requests == []


def pick(table: Table, client: str, fighter: str, card: str) -> None:
    answer = ({"action": "ok", "fields": {"card": card}},)
    table.run(client, "Danger Room: Pick a card", fighter, answers=answer)


def test_secret_picks_speeds_wait_and_a_relayed_blow(table: Table) -> None:
    pick(table, "a", "x-23", "claw-strike")
    pick(table, "b", "hellfire", "amaranth")
    pick(table, "gm", "hand-operative", "katana-cut")
    pick(table, "gm", "hand-operative-2", "block")
    # (The GM's other pick, katana-cut, is also the katana's technique on its sheet: public.)
    for client, card in (("a", "claw-strike"), ("b", "amaranth"), ("gm", "block")):
        table.secret_from_others(client, card)
    # The GM reveals the Speeds: the players' clients publish theirs; the GM's client then orders
    # the round, rolling off the tie at Speed 5 (Hand Operative 6, Hellfire 1).
    table.run("gm", "Danger Room: Reveal Speeds", None, dice=(6, 1))
    expected = [["X-23", 4], ["Hand Operative", 3], ["Hellfire", 2], ["Hand Operative", 1]]
    for page in table.pages.values():
        assert page.evaluate(ORDER) == expected
        assert page.take_problems() == []
    table.secret_from_others("a", "claw-strike")
    table.secret_from_others("b", "amaranth")
    # X-23 Waits: her client flags it, the GM's re-queues her last; the next fighter's turn comes.
    table.run("a", "Danger Room: Wait", "x-23")
    requeued = [["Hand Operative", 4], ["Hellfire", 3], ["Hand Operative", 2], ["X-23", 1]]
    for page in table.pages.values():
        assert page.evaluate(ORDER) == requeued
        assert page.evaluate("() => game.combat.combatant.name") == "Hand Operative"
    # The GM moves the tracker on to Hellfire, whose player's Amaranth hurts the Hand Operative:
    # the player's client rolls and posts, the GM's applies the Health the player may not write.
    table.pages["gm"].evaluate("() => game.combat.update({turn: 1})")
    table.relay("gm", [{"uuid": "Combat.harnessCombat001", "changes": {"turn": 1}}], [])
    boost = ({"action": "ok", "fields": {"hit1": 0}},)
    run = table.run("b", "Danger Room: Amaranth", "hellfire", ("hand-operative",), boost,
                    dice=(6, 7, 8, 2, 9, 1, 3, 6, 4, 1, 2, 3))
    hit = next(m for m in run["messages"] if m["flags"].get(MODULE, {}).get("card", {})
               .get("call", {}).get("rule") == "resolve_hit")
    call = hit["flags"][MODULE]["card"]["call"]
    predicted = run_case(call["ruleset"], call["rule"], call["config"], call["input"], call["dice"])
    health = predicted["state"]["fighters"]["hand-operative"]["health"]
    assert health < 16, "the Amaranth took some Health"
    for page in table.pages.values():
        assert page.evaluate(FIGHTER, "cbtHandA")["health"] == health
        assert page.take_problems() == []
    table.secret_from_others("a", "claw-strike")
    # The GM's client lists the Health it applied on a card of its own, and its Undo restores it.
    gm = table.pages["gm"]
    listed = gm.evaluate(LISTED, f"flags.{MODULE}.fighter.health")
    assert [(c["name"], c["before"], c["after"]) for _, c, _ in listed] == [
        ("Hand Operative", 16, health)]
    assert listed[0][2] == hit["flags"][MODULE]["card"]["title"]
    assert gm.evaluate(UNDO, listed[0][0]) is True
    assert gm.evaluate(FIGHTER, "cbtHandA")["health"] == 16
    assert gm.take_problems() == []


def test_a_tampered_reveal_is_reported_and_never_used(table: Table) -> None:
    pick(table, "a", "x-23", "claw-strike")
    for fighter, card in (("hellfire", "amaranth"), ("hand-operative", "katana-cut"),
                          ("hand-operative-2", "block")):
        pick(table, "b" if fighter == "hellfire" else "gm", fighter, card)
    table.run("gm", "Danger Room: Reveal Speeds", None, dice=(6, 1))
    # A cheating client publishes another card with its real nonce.
    page = table.pages["a"]
    nonce = page.evaluate(
        "() => JSON.parse(Object.values({...localStorage}).find((v) => v.includes('claw')) ).nonce")
    tampered = {"round": 1, "card": "block", "nonce": nonce}
    page.evaluate("(r) => game.combat.combatants.get('cbtX23').setFlag("
                  "'rulepack-danger-room', 'reveal', r)", tampered)
    table.relay("a", [{"uuid": "Combat.harnessCombat001.Combatant.cbtX23",
                       "changes": {f"flags.{MODULE}.reveal": tampered}}], [])
    mismatch = table.module.lang["RULEPACK.DangerRoom.RevealMismatch"].replace("{name}", "X-23")
    for name in ("gm", "b"):
        assert table.pages[name].take_problems() == [f"console error: {mismatch}"], name
    # Nobody can play it: the GM's client refuses the card for X-23 on her turn.
    run = table.run("gm", "Danger Room: Block", "x-23")
    assert [n["message"] for n in run["notifications"]] == [mismatch]
    assert run["messages"] == [] and run["updates"] == []
    assert run["problems"] == [f"console error: {mismatch}"]
