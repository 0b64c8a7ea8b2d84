"""A Danger Room Turn at a table of three clients: the GM and two players, each a page of its own
browser context (so each has its own local storage), the test passing every update, chat message
and socket event from one client to the others as Foundry's server would.

Secret picks: until a fighter reveals on its turn, no other client can read its card (only its
commitment); a reveal that does not match the commitment is reported and refused. The tracker
shows the engine's order, and a Wait re-queues it. A player's card hurts an enemy the player does
not own through the GM's client, by the numbers the Python engine gives for the same dice.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

import pytest
from browser_launch import HarnessServer
from browser_page import BuiltModule
from playwright.sync_api import BrowserContext
from table import SCENE, Table, each, seated

from compiler.rules import run_case
from danger_room.play import card_of, turn_speed
from danger_room.world import GM, MODULE, World, before, read_fight, sample_world, scene

PLAYER_A = {"_id": "playerA000000001", "name": "Laura", "role": 1}
PLAYER_B = {"_id": "playerB000000001", "name": "Julian", "role": 1}
OWNS = {"x-23": PLAYER_A["_id"], "hellfire": PLAYER_B["_id"]}
READABLE = "async () => (await import('/harness/stage.mjs')).readable()"
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


class FightTable:
    """A table of the Danger Room module around the sample fight, seen from every client."""

    def __init__(self, table: Table, world: World) -> None:
        self.table, self.world = table, world
        self.pages, self.module = table.pages, table.module

    def run(self, client: str, macro: str, selected: str | None, targets: tuple[str, ...] = (),
            answers: tuple[dict[str, Any], ...] = (), dice: tuple[int, ...] = ()) -> dict[str, Any]:
        """Run a macro on one client with the fight's scene, then relay what it did."""
        view = {**scene(self.world, selected, targets), "actors": []}
        return self.table.run(client, macro, [{"d": 10, "v": v} for v in dice], view, answers)

    def relay(self, origin: str, did: dict[str, Any]) -> None:
        self.table.relay(origin, did)

    def secret_from_others(self, owner: str, card: str) -> None:
        """No client but the owner's can read `card` anywhere: Combat, storage or chat."""
        word = re.compile(rf"(?<![a-z-]){re.escape(card)}(?![a-z-])")
        for name, page in self.pages.items():
            shown = page.evaluate(READABLE)
            assert bool(word.search(shown)) == (name == owner), (name, card)


def owned(world: World, owns: dict[str, str]) -> World:
    """The users in `owns` own those fighters' actors; the GM owns the rest."""
    actors = {key: {**doc, "ownership": {"default": 0, **({owns[key]: 3} if key in owns else {})}}
              for key, doc in world.actors.items()}
    return replace(world, actors=actors)


@contextmanager
def fight_table(browser_context: BrowserContext, harness_server: HarnessServer,
                module: BuiltModule, users: dict[str, dict[str, Any]], blocked: list[str],
                owns: dict[str, str], **world_options: Any) -> Iterator[FightTable]:
    """The sample fight at a table of `users`, the fighters in `owns` owned by those users."""
    world = owned(sample_world(module), owns)
    stage = before(replace(world, storage={}))
    with seated(browser_context, harness_server, module, users, blocked, stage=stage,
                **world_options) as table:
        for page in table.pages.values():
            page.evaluate(SCENE, scene(world, None))
        yield FightTable(table, world)


@pytest.fixture
def table(browser_context: BrowserContext, harness_server: HarnessServer,
          shipped_modules: list[BuiltModule], blocked_requests: list[str]) -> Iterator[FightTable]:
    module = next(m for m in shipped_modules if m.id == MODULE)
    users = {"gm": GM, "a": PLAYER_A, "b": PLAYER_B}
    with fight_table(browser_context, harness_server, module, users, blocked_requests,
                     OWNS) as found:
        yield found
    assert blocked_requests == []


def pick(table: FightTable, client: str, fighter: str, card: str) -> None:
    answer = ({"action": "ok", "fields": {"card": card}},)
    table.run(client, "Danger Room: Pick a card", fighter, answers=answer)


def test_secret_picks_speeds_wait_and_a_relayed_blow(table: FightTable) -> None:
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
    table.relay("gm", {"updates": [{"uuid": "Combat.harnessCombat001", "changes": {"turn": 1}}]})
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


def test_a_tampered_reveal_is_reported_and_never_used(table: FightTable) -> None:
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
    table.relay("a", {"updates": [{"uuid": "Combat.harnessCombat001.Combatant.cbtX23",
                                   "changes": {f"flags.{MODULE}.reveal": tampered}}]})
    mismatch = table.module.lang["RULEPACK.DangerRoom.RevealMismatch"].replace("{name}", "X-23")
    for name in ("gm", "b"):
        assert table.pages[name].take_problems() == [f"console error: {mismatch}"], name
    # Nobody can play it: the GM's client refuses the card for X-23 on her turn.
    run = table.run("gm", "Danger Room: Block", "x-23")
    assert [n["message"] for n in run["notifications"]] == [mismatch]
    assert run["messages"] == [] and run["updates"] == []
    assert run["problems"] == [f"console error: {mismatch}"]


# ------------------------------------------------------------------ a GM, an Assistant, a player

ASSISTANT = {"_id": "assistantGm00001", "name": "Ida", "role": 3}
#: A full GM account nobody is logged into, whose id sorts first: a relay to "the first GM by
#: id" would be lost with it.
AWAY = {"_id": "aaaGamemaster001", "name": "Gamemaster (away)", "role": 4, "active": False}
PLAYER = PLAYER_A
INSECURE = {"isSecureContext": False, "subtle": "undefined", "clipboard": "undefined"}
CARDS = """(id) => [...game.messages].map((m) => {
    const state = game.modules.get(id).api.cards.readCard(m);
    return {id: m.id, card: state?.card.title ?? null, writes: m.flags?.[id]?.writes ?? null,
            whisper: m.whisper ?? [], changes: state?.changes.length ?? 0};
})"""
ORDER_TITLE = "RULEPACK.DangerRoom.Title.Order"
STRIKE = ({"action": "ok", "fields": {"hit1": 0}},)
STRIKE_DICE = (6, 7, 8, 2, 9, 1, 3, 6, 4, 1, 2, 3)


@contextmanager
def dnd5e_table(browser_context: BrowserContext, harness_server: HarnessServer,
                shipped_modules: list[BuiltModule], blocked: list[str],
                generation: int) -> Iterator[FightTable]:
    """The GM, an Assistant GM and X-23's player in a dnd5e world over plain http; a full GM
    account with the lowest id is offline."""
    module = next(m for m in shipped_modules if m.id == MODULE)
    users = {"away": AWAY, "gm": GM, "assistant": ASSISTANT, "player": PLAYER}
    with fight_table(browser_context, harness_server, module, users, blocked,
                     {"x-23": PLAYER["_id"]}, generation=generation, system="dnd5e") as found:
        assert found.table.everywhere("() => harness.secure()") == each(found.pages,
                                                                                INSECURE)
        assert found.table.everywhere("() => game.users.activeGM.id") == each(
            found.pages, GM["_id"])
        yield found


def picked_and_ordered(table: FightTable) -> None:
    """Everyone picks (the Assistant for one Hand Operative), the GM reveals the Speeds; the
    active GM's client alone rolls the roll-off at Speed 5 and orders the round."""
    pick(table, "player", "x-23", "claw-strike")
    pick(table, "gm", "hellfire", "amaranth")
    pick(table, "gm", "hand-operative", "katana-cut")
    pick(table, "assistant", "hand-operative-2", "block")
    table.run("gm", "Danger Room: Reveal Speeds", None, dice=(6, 1))
    expected = [["X-23", 4], ["Hand Operative", 3], ["Hellfire", 2], ["Hand Operative", 1]]
    assert table.table.everywhere(ORDER) == each(table.pages, expected)
    title = table.module.lang[ORDER_TITLE]
    for name, shown in table.table.everywhere(CARDS, MODULE).items():
        assert [c["card"] for c in shown].count(title) == 1, name


def strike(table: FightTable) -> int:
    """The player's X-23 claws the Hand Operative, which only a GM may change: its Health as the
    Python engine predicts for the card's dice."""
    run = table.run("player", "Danger Room: Claw Strike", "x-23", ("hand-operative",), STRIKE,
                    dice=STRIKE_DICE)
    hit = next(m for m in run["messages"] if m["flags"].get(MODULE, {}).get("card", {})
               .get("call", {}).get("rule") == "resolve_hit")
    call = hit["flags"][MODULE]["card"]["call"]
    predicted = run_case(call["ruleset"], call["rule"], call["config"], call["input"], call["dice"])
    health: int = predicted["state"]["fighters"]["hand-operative"]["health"]
    assert health < 16
    return health


def applied_once(table: FightTable, health: int) -> str:
    """Every client holds `health`; exactly one card lists the change, posted by the active GM;
    no message relays anything. The card's id."""
    path = f"flags.{MODULE}.fighter.health"
    assert table.table.everywhere(FIGHTER, "cbtHandA") == each(
        table.pages, table.table.everywhere(FIGHTER, "cbtHandA")["player"])
    assert {n: f["health"] for n, f in table.table.everywhere(FIGHTER, "cbtHandA").items()} == \
        each(table.pages, health)
    listed = table.table.everywhere(LISTED, path)
    assert all(len(found) == 1 for found in listed.values()), listed
    [(card_id, change, _)] = listed["player"]
    assert (change["before"], change["after"]) == (16, health)
    for name, shown in table.table.everywhere(CARDS, MODULE).items():
        assert all(c["card"] is not None and c["writes"] is None and not c["whisper"]
                   for c in shown), (name, shown)
    return str(card_id)


@pytest.mark.parametrize("generation", [12, 13])
def test_a_turn_at_a_dnd5e_table_of_a_gm_an_assistant_and_a_player(
    browser_context: BrowserContext, harness_server: HarnessServer,
    shipped_modules: list[BuiltModule], blocked_requests: list[str], generation: int,
) -> None:
    """The acceptance table (issue 10): the module's packs load in dnd5e, picks commit over
    plain http, the round is ordered once with two GMs online, the player's blow on an enemy is
    applied once by the active GM over the socket, and the GM's Undo restores it everywhere."""
    with dnd5e_table(browser_context, harness_server, shipped_modules, blocked_requests,
                     generation) as table:
        picked_and_ordered(table)
        health = strike(table)
        card_id = applied_once(table, health)
        gm = table.pages["gm"]
        before = gm.evaluate("async () => (await import('/harness/foundry/record.mjs')).record"
                             ".updates.length")
        assert gm.evaluate(UNDO, card_id) is True
        undo = gm.evaluate("async (n) => structuredClone((await import("
                           "'/harness/foundry/record.mjs')).record.updates.slice(n))", before)
        table.relay("gm", {"updates": undo})
        assert {n: f["health"] for n, f in table.table.everywhere(FIGHTER, "cbtHandA").items()} \
            == each(table.pages, 16)
        assert table.table.problems() == each(table.pages, [])
    assert blocked_requests == []


@pytest.mark.parametrize("generation", [13])  # v12 and v13 ask the active GM alike (above)
def test_a_blow_is_not_lost_when_the_gm_leaves_before_applying_it(
    browser_context: BrowserContext, harness_server: HarnessServer,
    shipped_modules: list[BuiltModule], blocked_requests: list[str], generation: int,
) -> None:
    """The player's request goes to the active GM; that GM leaves before it arrives; the
    player's client sends it again to the Assistant, now the active GM, who applies it once."""
    with dnd5e_table(browser_context, harness_server, shipped_modules, blocked_requests,
                     generation) as table:
        picked_and_ordered(table)
        pack, ident = table.table.macro("Danger Room: Claw Strike")
        view = {**scene(table.world, "x-23", ("hand-operative",)), "actors": []}
        run = table.pages["player"].run_macro(pack, ident, [{"d": 10, "v": v} for v in STRIKE_DICE],
                                              None, view, list(STRIKE))
        assert run["error"] is None, run["error"]
        [request] = run["socket"]
        assert request["data"]["to"] == GM["_id"]
        table.relay("player", {**run, "socket": []})  # the GM's client never gets it
        table.table.leave("gm")
        assert table.table.everywhere("() => game.users.activeGM.id") == each(
            table.pages, ASSISTANT["_id"])
        hand = table.table.everywhere(FIGHTER, "cbtHandA")
        assert len({f["health"] for f in hand.values()}) == 1 and hand["player"]["health"] < 16
        listed = table.table.everywhere(LISTED, f"flags.{MODULE}.fighter.health")
        assert all(len(found) == 1 for found in listed.values()), listed
        assert table.table.problems() == each(table.pages, [])
    assert blocked_requests == []


# ------------------------------------------------------------------ a swap of the same Speed

#: Hellfire's Block (a card) and Barrier (an Active Defence on her world copy) share Speed 4:
#: swapped at the reveal, the published Speed still fits, so only the commitment can refuse it.
SAME_SPEED = ("block", "barrier")
HELLFIRE = "Combat.harnessCombat001.Combatant.cbtHellfire"
TAMPER_STORAGE = """([card]) => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.cbtHellfire'));
    const kept = JSON.parse(localStorage.getItem(key));
    localStorage.setItem(key, JSON.stringify({...kept, card}));
    return kept.nonce;
}"""
REVEAL = "(id) => game.combat.combatants.get(id).getFlag('rulepack-danger-room', 'reveal') ?? null"
SPEED = "(id) => game.combat.combatants.get(id).getFlag('rulepack-danger-room', 'speed')"


def hellfires_turn(table: FightTable) -> None:
    """Everyone picks (Hellfire's player her Block), the Speeds are revealed and the GM moves
    the tracker on to Hellfire."""
    pick(table, "a", "x-23", "claw-strike")
    pick(table, "b", "hellfire", SAME_SPEED[0])
    pick(table, "gm", "hand-operative", "katana-cut")
    pick(table, "gm", "hand-operative-2", "block")
    table.run("gm", "Danger Room: Reveal Speeds", None, dice=(6, 1, 6, 1))
    gm = table.pages["gm"]
    turn = gm.evaluate("() => game.combat.turns.findIndex((c) => c.id === 'cbtHellfire')")
    gm.evaluate("(t) => game.combat.update({turn: t})", turn)
    table.relay("gm", {"updates": [{"uuid": "Combat.harnessCombat001", "changes": {"turn": turn}}]})
    assert table.table.everywhere("() => game.combat.combatant.id") == each(table.pages,
                                                                            "cbtHellfire")


def same_speed(table: FightTable) -> int:
    """Hellfire's published Speed, which Barrier gives her as Block does (the engine's
    `turn_speed` for each card)."""
    fight = read_fight(table.world)
    speeds = {turn_speed(fight, "hellfire", card_of(fight, card)) for card in SAME_SPEED}
    [speed] = speeds
    assert table.table.everywhere(SPEED, "cbtHellfire") == each(
        table.pages, {"round": 1, "speed": speed})
    return int(speed)


def test_a_same_speed_swap_is_refused_on_the_players_client(table: FightTable) -> None:
    """Hellfire's player rewrites the pick kept in her own browser to Barrier, of the same Speed
    as the Block she committed: her own client refuses to reveal it, and nothing is published."""
    hellfires_turn(table)
    same_speed(table)
    player = table.pages["b"]
    player.evaluate(TAMPER_STORAGE, [SAME_SPEED[1]])
    mismatch = table.module.lang["RULEPACK.DangerRoom.RevealMismatch"].replace("{name}",
                                                                               "Hellfire")
    run = table.run("b", "Danger Room: Barrier", "hellfire")
    assert [n["message"] for n in run["notifications"]] == [mismatch]
    assert run["messages"] == [] and run["updates"] == [] and run["socket"] == []
    assert run["problems"] == [f"console error: {mismatch}"]
    assert table.table.everywhere(REVEAL, "cbtHellfire") == each(table.pages, None)
    assert table.table.problems() == each(table.pages, [])


def test_a_recommitment_after_the_speeds_is_refused(table: FightTable) -> None:
    """Hellfire's player, who owns her Combatant, rewrites her commitment to Barrier's hash once
    the Speeds are out and keeps Barrier as her pick: the hash now fits her flag, the Speed fits
    too, yet the reveal is checked against the commitments the GM's client sealed on the Combat
    when it revealed the Speeds, so her own client refuses it and nothing is published."""
    hellfires_turn(table)
    same_speed(table)
    player = table.pages["b"]
    nonce = player.evaluate(TAMPER_STORAGE, [SAME_SPEED[1]])
    recommit = {"round": 1, "hash": hashlib.sha256(f"{SAME_SPEED[1]}|{nonce}".encode()).hexdigest()}
    player.evaluate("(c) => game.combat.combatants.get('cbtHellfire').setFlag("
                    "'rulepack-danger-room', 'commit', c)", recommit)
    table.relay("b", {"updates": [{"uuid": HELLFIRE,
                                   "changes": {f"flags.{MODULE}.commit": recommit}}]})
    sealed = "() => game.combat.getFlag('rulepack-danger-room', 'phase').commits.cbtHellfire"
    assert table.table.everywhere(sealed) == each(
        table.pages, hashlib.sha256(f"{SAME_SPEED[0]}|{nonce}".encode()).hexdigest())
    mismatch = table.module.lang["RULEPACK.DangerRoom.RevealMismatch"].replace("{name}",
                                                                               "Hellfire")
    run = table.run("b", "Danger Room: Barrier", "hellfire")
    assert [n["message"] for n in run["notifications"]] == [mismatch]
    assert run["messages"] == [] and run["updates"] == [] and run["socket"] == []
    assert run["problems"] == [f"console error: {mismatch}"]
    assert table.table.everywhere(REVEAL, "cbtHellfire") == each(table.pages, None)
    assert table.table.problems() == each(table.pages, [])


@pytest.mark.parametrize("forged", ["same_speed_card", "wrong_salt"])
def test_a_forged_reveal_is_refused_by_every_other_client(table: FightTable, forged: str) -> None:
    """Hellfire's client publishes a reveal that is not her commitment: Barrier (the same Speed
    as her Block) with her real nonce, or her Block with another nonce. The GM's and the other
    player's clients report it, and the GM's refuses to play it."""
    hellfires_turn(table)
    same_speed(table)
    player = table.pages["b"]
    nonce = player.evaluate(TAMPER_STORAGE, [SAME_SPEED[0]])  # (the kept pick, unchanged)
    card, salt = ((SAME_SPEED[1], nonce) if forged == "same_speed_card"
                  else (SAME_SPEED[0], ("0" if nonce[0] != "0" else "1") + nonce[1:]))
    reveal = {"round": 1, "card": card, "nonce": salt}
    player.evaluate("(r) => game.combat.combatants.get('cbtHellfire').setFlag("
                    "'rulepack-danger-room', 'reveal', r)", reveal)
    table.relay("b", {"updates": [{"uuid": HELLFIRE,
                                   "changes": {f"flags.{MODULE}.reveal": reveal}}]})
    mismatch = table.module.lang["RULEPACK.DangerRoom.RevealMismatch"].replace("{name}",
                                                                               "Hellfire")
    for name in ("gm", "a"):
        assert table.pages[name].take_problems() == [f"console error: {mismatch}"], name
    macro = "Danger Room: Barrier" if card == "barrier" else "Danger Room: Block"
    run = table.run("gm", macro, "hellfire")
    assert [n["message"] for n in run["notifications"]] == [mismatch]
    assert run["messages"] == [] and run["updates"] == []
    assert run["problems"] == [f"console error: {mismatch}"]
    assert table.table.problems() == each(table.pages, [])


def test_a_forged_relay_message_cannot_rewrite_a_commitment_or_a_reveal(table: FightTable) -> None:
    """A message forged on the module socket, as if Hellfire's client relayed a blow's writes,
    asks the GM's client to set her commitment to Barrier's hash and to publish Barrier as her
    reveal (a player may not write the GM's Hand Operative's, so she would need the GM): the
    GM's client applies only fight state, refuses both, and every client keeps the real
    commitment and no reveal."""
    hellfires_turn(table)
    player = table.pages["b"]
    nonce = player.evaluate(TAMPER_STORAGE, [SAME_SPEED[0]])
    forged_hash = hashlib.sha256(f"{SAME_SPEED[1]}|{nonce}".encode()).hexdigest()
    commit = f"(id) => game.combat.combatants.get(id).getFlag('{MODULE}', 'commit')"
    before = table.table.everywhere(commit, "cbtHandA")
    changes = [{"uuid": "Combat.harnessCombat001.Combatant.cbtHandA",
                "path": f"flags.{MODULE}.commit", "value": {"round": 1, "hash": forged_hash}},
               {"uuid": HELLFIRE, "path": f"flags.{MODULE}.reveal",
                "value": {"round": 1, "card": SAME_SPEED[1], "nonce": nonce}}]
    request = {"type": "request", "id": "forged0000000001", "kind": "danger_room.writes",
               "data": {"runs": [{"card": None, "changes": changes}]},
               "from": PLAYER_B["_id"], "to": GM["_id"]}
    table.relay("b", {"socket": [{"event": f"module.{MODULE}", "data": request}]})
    refused = table.module.lang["RULEPACK.Gm.Refused"]
    assert table.pages["gm"].take_problems() == [f"console error: {refused}"] * 2
    assert table.table.everywhere(commit, "cbtHandA") == before
    assert table.table.everywhere(REVEAL, "cbtHellfire") == each(table.pages, None)
    assert table.table.problems() == each(table.pages, [])
