"""Who rolls what in a Hazard Dice attack, at a table of three clients (issue 17, item 2): the
GM, the attacker's player (Laura, who owns Ann) and the defender's player (Julian, who owns Bob).

Laura's client rolls her attack; Bob's defence is Julian's to choose and to roll in his own
client, and so are the dice of the wounds he takes (his hit location, armour and Injuries); the
card Laura's client posts says who rolled each die (a riposte's wounds are Ann's, so Laura's
again). For an NPC, the GM's client chooses and rolls;
when the target's species has no hit-location table, the GM picks one in a window, and the trace
no longer calls a silent default "the GM's table". When the defender's player leaves before
answering, the GM rolls for him. The test passes each client's updates, messages and socket
events to the others, as Foundry's server would (`table.py`).
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from browser_launch import HarnessServer
from browser_page import BuiltModule, Doc
from macro_kinds import Case, MacroContext, context_for, foundry_format
from playwright.sync_api import BrowserContext
from table import SCENE, SCRIPT, Table, each, seated

# isort: split
from compiler.rules import run_case
from hazard_location.kinds import EN_DASH, attack_input, defend, roller_lines
from hazard_location.world import (
    ATTACKER,
    ENGINE,
    MODULE_ID,
    TARGET,
    armed,
    attack_scene,
    config_overrides,
    fighter,
)

GM = {"_id": "harnessUser00001", "name": "Gamemaster", "role": 4}
LAURA = {"_id": "playerA000000001", "name": "Laura", "role": 1}
JULIAN = {"_id": "playerB000000001", "name": "Julian", "role": 1}
ATTACK = {"action": "attack", "fields": {"weapon": "service-handgun"}}
#: Ann's attack (the Service Handgun at 3 hexes); every later d6 shows 2 (no success, no 6 for
#: the armour), the hit location d100 25 (the torso, under the cuirass).
ANN_FACES = (5, 6, 2, 6, 3, 2)
CARDS = """(id) => [...game.messages].map((m) => {
    const state = game.modules.get(id).api.cards.readCard(m);
    return state && {author: m.user, summary: state.card.summary, call: state.card.call,
                     trace: state.card.trace, rolls: m.rolls.length, changes: state.changes.length};
})"""
STAMINA = "(id) => game.actors.get(id).system.stamina_current ?? null"


def owned(actor: Doc, user: Doc) -> Doc:
    return {**actor, "ownership": {"default": 0, user["_id"]: 3}}


def npc(actor: Doc, species: str | None = None) -> Doc:
    """An NPC: owned by the GM alone, its token unlinked and Hostile; of `species` if given."""
    found = copy.deepcopy(actor)
    found["prototypeToken"] = {**found["prototypeToken"], "actorLink": False, "disposition": -1}
    if species is not None:
        found["system"]["species"] = species
    return found


@pytest.fixture
def module(shipped_modules: list[BuiltModule]) -> BuiltModule:
    return next(m for m in shipped_modules if m.id == MODULE_ID)


@pytest.fixture
def attack_ctx(module: BuiltModule) -> MacroContext:
    return next(ctx for ctx in (context_for(module, pack, doc)
                                for pack, doc in module.documents("Macro"))
                if ctx.method == "hazard_location.attack")


@contextmanager
def three_clients(browser_context: BrowserContext, harness_server: HarnessServer,
                  module: BuiltModule, blocked: list[str], scene: Doc,
                  generation: int) -> Iterator[Table]:
    users = {"gm": GM, "laura": LAURA, "julian": JULIAN}
    with seated(browser_context, harness_server, module, users, blocked,
                generation=generation) as found:
        for page in found.pages.values():
            page.evaluate(SCENE, scene)
        yield found


def rolled(ctx: MacroContext, inp: Doc) -> tuple[list[Doc], Doc]:
    """Every face the attack asks for, as the Python engine runs it (Ann's faces first, then
    2 on a d6 and 25 on a d100), and its result."""
    faces: list[Doc] = []
    config = config_overrides(ctx.module)
    for _ in range(200):
        result = run_case(ENGINE, "attack", config, inp, faces)
        if result.get("error", {}).get("code") != "queue_exhausted":
            return faces, result
        die = result["error"]["die"]
        at = len(faces)
        faces.append({"d": die, "v": ANN_FACES[at] if at < len(ANN_FACES) else
                      (2 if die == 6 else 25)})
    raise AssertionError("the attack asked for too many dice")


def attacker_pool(result: Doc) -> int:
    return int(next(e["pool"] for e in result["events"]
                    if e["type"] == "test" and e["side"] == "attacker"))


def listed(summary: list[str], lines: list[str]) -> bool:
    """Whether the card's summary holds `lines` one after the other (the changes left for the
    GM's client follow them)."""
    starts = [i for i, line in enumerate(summary) if line == lines[0]]
    return any(summary[i:i + len(lines)] == lines for i in starts)


def the_card(table: Table) -> dict[str, dict[str, Any]]:
    """The attack card (Laura's), as every client shows it."""
    found = {}
    for name, cards in table.everywhere(CARDS, MODULE_ID).items():
        [card] = [c for c in cards if c and c["author"] == LAURA["_id"]]
        found[name] = card
    return found


@pytest.mark.parametrize("generation", [12, 13])
def test_the_defenders_player_chooses_and_rolls_the_defence_and_the_hit_location(
    browser_context: BrowserContext, harness_server: HarnessServer, module: BuiltModule,
    attack_ctx: MacroContext, blocked_requests: list[str], generation: int,
) -> None:
    ann = owned(fighter(module, ATTACKER), LAURA)
    bob = owned(fighter(module, TARGET), JULIAN)
    scene = attack_scene(ann, bob, (3, 0))
    case = Case((), None, scene=scene, answers=(ATTACK, defend("evade")))
    inp = attack_input(attack_ctx, case)
    faces, result = rolled(attack_ctx, inp)
    split = attacker_pool(result)
    assert result["state"]["hit"] is True and split < len(faces)
    with three_clients(browser_context, harness_server, module, blocked_requests, scene,
                       generation) as table:
        table.script("julian", faces[split:], (defend("evade"),))
        run = table.run("laura", "Hazard Dice: Attack", faces[:split], None, (ATTACK,))
        # Laura's client asked only her window and rolled only her dice; Julian's asked him.
        assert [d["title"] for d in run["dialogs"]] == [module.lang["RULEPACK.Hazard.AttackTitle"]]
        assert "defence" not in [f["name"] for f in run["dialogs"][0]["fields"]]
        julian = table.script_left("julian")
        assert julian["diceLeft"] == [] and julian["answersLeft"] == []
        assert [d["title"] for d in julian["dialogs"]] == [foundry_format(
            module.lang["RULEPACK.Hazard.DefenceTitle"], target="Bob")]
        cards = the_card(table)
        card = cards["laura"]
        assert all(c == card for c in cards.values()), cards
        assert card["call"]["dice"] == faces and card["call"]["input"] == inp
        assert card["rolls"] == len(faces)
        replay = run_case(ENGINE, "attack", card["call"]["config"], card["call"]["input"],
                          card["call"]["dice"])
        assert replay == result
        lines = roller_lines(module.lang, "evade", result["events"], len(faces),
                             ("Laura", "Julian", "Julian"))
        assert listed(card["summary"], lines), card["summary"]
        assert any(line.startswith(f"Julian rolled the defence: dice 7{EN_DASH}") for line in lines)
        stamina = result["state"]["defender"]["stamina_current"]
        assert table.everywhere(STAMINA, TARGET) == each(table.pages, stamina)
        assert table.problems() == each(table.pages, [])
    assert blocked_requests == []


def test_for_an_npc_of_a_species_without_a_table_the_gm_picks_the_table_and_rolls(
    browser_context: BrowserContext, harness_server: HarnessServer, module: BuiltModule,
    attack_ctx: MacroContext, blocked_requests: list[str],
) -> None:
    ann = owned(fighter(module, ATTACKER), LAURA)
    beast = npc(fighter(module, TARGET), species="horse")
    scene = attack_scene(ann, beast, (3, 0))
    case = Case((), None, scene=scene, answers=(ATTACK, defend("evade")))
    inp = {**attack_input(attack_ctx, case), "fallback_table": "human"}
    faces, result = rolled(attack_ctx, inp)
    split = attacker_pool(result)
    [table_event] = [e for e in result["events"] if e["type"] == "table"]
    assert table_event == {"type": "table", "species": "horse", "table": "human",
                           "fallback": True}
    choose = {"action": "choose", "fields": {"table": "human"}}
    with three_clients(browser_context, harness_server, module, blocked_requests, scene,
                       13) as table:
        table.script("gm", faces[split:], (choose, defend("evade")))
        table.run("laura", "Hazard Dice: Attack", faces[:split], None, (ATTACK,))
        gm = table.script_left("gm")
        assert gm["diceLeft"] == [] and gm["answersLeft"] == []
        lang = module.lang
        assert [d["title"] for d in gm["dialogs"]] == [
            lang["RULEPACK.Hazard.TableTitle"],
            foundry_format(lang["RULEPACK.Hazard.DefenceTitle"], target="Bob")]
        assert table.script_left("julian")["dialogs"] == []
        card = the_card(table)["laura"]
        assert card["call"]["input"] == inp and card["call"]["dice"] == faces
        chose = foundry_format(lang["RULEPACK.Hazard.Rollers.TableChosen"], name="Gamemaster",
                               species="horse", table="Human")
        lines = roller_lines(lang, "evade", result["events"], len(faces),
                             ("Laura", "Gamemaster", "Gamemaster"))
        assert listed(card["summary"], [chose, *lines]), card["summary"]
        [trace] = [t for t in card["trace"] if t["id"] == "HZ-G30"]
        assert "GM's table" not in trace["text"] and "horse" in trace["text"]
        assert table.problems() == each(table.pages, [])
    assert blocked_requests == []


def test_when_the_defenders_player_leaves_before_answering_the_gm_rolls_for_him(
    browser_context: BrowserContext, harness_server: HarnessServer, module: BuiltModule,
    attack_ctx: MacroContext, blocked_requests: list[str],
) -> None:
    ann = owned(fighter(module, ATTACKER), LAURA)
    bob = owned(fighter(module, TARGET), JULIAN)
    scene = attack_scene(ann, bob, (3, 0))
    case = Case((), None, scene=scene, answers=(ATTACK, defend("evade")))
    inp = attack_input(attack_ctx, case)
    faces, result = rolled(attack_ctx, inp)
    split = attacker_pool(result)
    with three_clients(browser_context, harness_server, module, blocked_requests, scene,
                       13) as table:
        pack, ident = table.macro("Hazard Dice: Attack")
        run = table.pages["laura"].run_macro(pack, ident, faces[:split], None, None, [ATTACK])
        assert run["error"] is None, run["error"]
        [request] = run["socket"]
        assert request["data"]["to"] == JULIAN["_id"]
        table.relay("laura", {**run, "socket": []})  # Julian's client never gets it
        table.script("gm", faces[split:], (defend("evade"),))
        table.leave("julian")
        gm = table.script_left("gm")
        assert gm["diceLeft"] == [] and gm["answersLeft"] == [] and len(gm["dialogs"]) == 1
        card = the_card(table)["laura"]
        assert card["call"]["dice"] == faces
        lines = roller_lines(module.lang, "evade", result["events"], len(faces),
                             ("Laura", "Gamemaster", "Gamemaster"))
        assert listed(card["summary"], lines), card["summary"]
        assert table.problems() == each(table.pages, [])
    assert blocked_requests == []


def test_a_riposte_strikes_the_attacker_whose_player_rolls_his_wounds(
    browser_context: BrowserContext, harness_server: HarnessServer, module: BuiltModule,
    attack_ctx: MacroContext, blocked_requests: list[str],
) -> None:
    """Swords drawn (the riposte of `hazard_location.kinds`): Laura's Ann attacks with 1
    success, Julian parries Bob's way to 3 and strikes back; the dice of Ann's wounds are
    Laura's again, so the attack goes Laura → Julian → Laura before the card."""
    ann, bob = owned(armed(fighter(module, ATTACKER)), LAURA), owned(armed(fighter(module, TARGET)),
                                                                      JULIAN)
    scene = attack_scene(ann, bob, (1, 0))
    sword = ann["items"][-1]["_id"]
    window = {"action": "attack", "fields": {"weapon": sword}}
    case = Case((), None, scene=scene, answers=(window, defend("parry")))
    inp = attack_input(attack_ctx, case)
    faces = [{"d": 6, "v": v} for v in (5, 1, 2, 3, 5, 6, 5, 2)] + [{"d": 100, "v": 30}] + [
        {"d": 6, "v": v} for v in (6, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5)]
    result = run_case(ENGINE, "attack", config_overrides(module), inp, faces)
    assert any(e["type"] == "riposte" for e in result["events"]), result
    split = attacker_pool(result)
    defence = next(e["pool"] for e in result["events"]
                   if e["type"] == "test" and e["side"] == "defender")
    with three_clients(browser_context, harness_server, module, blocked_requests, scene,
                       13) as table:
        table.script("julian", faces[split:split + defence], (defend("parry"),))
        pack, ident = table.macro("Hazard Dice: Attack")
        laura = table.pages["laura"]
        run = laura.run_macro(pack, ident, faces[:split], None, None, [window])
        assert run["error"] is None and run["diceLeft"] == [], run
        laura.evaluate(SCRIPT, {"dice": faces[split + defence:], "answers": []})
        table.relay("laura", run)
        assert table.script_left("laura")["diceLeft"] == []
        assert table.script_left("julian")["diceLeft"] == []
        card = the_card(table)["laura"]
        # (The sword is a world Item: its data model fills `additional_injuries_rolled`, which the
        # test's copy leaves to the engine's default, so the replay is compared, not the input.)
        call = card["call"]
        assert call["dice"] == faces
        assert run_case(ENGINE, "attack", call["config"], call["input"], call["dice"]) == result
        lines = roller_lines(module.lang, "parry", result["events"], len(faces),
                             ("Laura", "Julian", "Laura"))
        assert listed(card["summary"], lines), card["summary"]
        stamina = result["state"]["attacker"]["stamina_current"]
        assert table.everywhere(STAMINA, ATTACKER) == each(table.pages, stamina)
        assert table.problems() == each(table.pages, [])
    assert blocked_requests == []
