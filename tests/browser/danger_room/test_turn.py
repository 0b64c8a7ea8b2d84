"""A whole Danger Room Turn played with the shipped macros ends where the engine's `turn` rule
ends for the same secret cards, Wait, aims, BOOSTs and dice (`turns.py` says how)."""

from __future__ import annotations

import pytest
from browser_page import GENERATIONS, BuiltModule, OpenPage

from compiler.rules import run_case
from danger_room.flows import report_lines
from danger_room.turns import SCENARIOS, STAGE, Scenario, play_and_check
from danger_room.world import MODULE, before, read_fight, sample_world, scene


@pytest.mark.parametrize("generation", GENERATIONS)
@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.name)
def test_a_turn_of_macros_ends_where_the_turn_rule_does(
    scenario: Scenario, generation: int, shipped_modules: list[BuiltModule],
    open_page: OpenPage,
) -> None:
    module = next(m for m in shipped_modules if m.id == MODULE)
    play_and_check(open_page(module, generation), module, scenario)


def test_the_aftermath_can_be_kept_as_a_journal_entry(
    shipped_modules: list[BuiltModule], open_page: OpenPage,
) -> None:
    """The GM's aftermath report goes to chat and, when asked, into a journal entry, line by
    line as the Python engine reports it."""
    module = next(m for m in shipped_modules if m.id == MODULE)
    page = open_page(module)
    world = sample_world(module)
    for seat in world.seats:  # the Hand Operatives down, everyone played
        down = {"status": "down", "health": 0} if seat.actor == "hand-operative" else {}
        world.fighters[seat.combatant] = {**world.fighters[seat.combatant], "played": True, **down}
    page.evaluate(STAGE, before(world))
    pack, ident = next((p, d["_id"]) for p, d in module.documents("Macro")
                       if d["name"] == "Danger Room: Aftermath")
    answers = [{"action": "ok", "fields": {"journal": "yes"}}]
    out = page.run_macro(pack, ident, [], None, scene(world, None), answers)
    assert out["error"] is None and out["problems"] == []
    fight = read_fight(world)
    inp = {"state": {"fighters": fight.state["fighters"], "on_ground": fight.state["on_ground"]}}
    report = run_case("danger_room", "aftermath", world.config, inp, [])["state"]["report"]
    lines = report_lines(fight, report)
    assert out["messages"][0]["shown"]["card"]["summary"] == lines
    entries = page.evaluate("() => [...game.journal].map((j) => [j.name, j.pages.map((p) => "
                            "p.text.content)])")
    title = module.lang["RULEPACK.DangerRoom.Title.Aftermath"].replace("{round}", "1")
    assert entries[-1][0] == title
    shown = page.evaluate("(html) => { const d = document.createElement('div'); d.innerHTML = html;"
                          " return [...d.querySelectorAll('li')].map((li) => li.textContent); }",
                          entries[-1][1][0])
    assert shown == lines
    assert report["xp"]["defeated"] == ["hand-operative", "hand-operative-2"]
