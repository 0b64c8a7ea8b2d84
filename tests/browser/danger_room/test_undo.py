"""A Danger Room card lists the fight state it changed (the Combatant's and Combat's flags) before
→ after, and the GM's Undo restores them exactly (`foundry/card-changes.mjs`)."""

from __future__ import annotations

import json
from typing import Any

from browser_page import BuiltModule, OpenPage

from danger_room.world import MODULE, before, sample_world, scene

STAGE = "async (s) => (await import('/harness/stage.mjs')).stage(s)"
TARGET = "cbtHandA"
FIGHTER = f"""(id) => game.combat.combatants.get(id).getFlag("{MODULE}", "fighter")"""
COUNT = "() => game.messages.size"
UNDO_SINCE = f"""async (since) => {{
    const cards = game.modules.get("{MODULE}").api.cards;
    const undone = [];
    for ( const message of [...game.messages].slice(since).reverse() ) {{
        const state = cards.readCard(message);
        if ( !state?.changes.length ) continue;
        undone.push([state.changes.map((c) => c.path), await cards.undoCard(message)]);
    }}
    return undone;
}}"""


def test_the_gm_undoes_a_strike_and_the_fighter_is_as_before(
    shipped_modules: list[BuiltModule], open_page: OpenPage,
) -> None:
    module = next(m for m in shipped_modules if m.id == MODULE)
    page = open_page(module)
    world = sample_world(module)
    page.evaluate(STAGE, before(world))
    macros = {d["name"]: (p, d["_id"]) for p, d in module.documents("Macro")}

    def run(name: str, selected: str | None, targets: tuple[str, ...] = (),
            answers: tuple[dict[str, Any], ...] = (), faces: tuple[int, ...] = ()) -> None:
        pack, ident = macros[f"Danger Room: {name}"]
        out = page.run_macro(pack, ident, [{"d": 10, "v": v} for v in faces], None,
                             scene(world, selected, targets), list(answers))
        assert out["error"] is None and out["problems"] == [], (name, out)
        assert out["diceLeft"] == [], name

    picks = {"x-23": "claw-strike", "hellfire": "barrier", "hand-operative": "katana-cut",
             "hand-operative-2": "block"}
    for fighter, card in picks.items():
        run("Pick a card", fighter, answers=({"action": "ok", "fields": {"card": card}},))
    run("Reveal Speeds", None)
    first = page.evaluate(FIGHTER, TARGET)
    since = page.evaluate(COUNT)
    run("Claw Strike", "x-23", ("hand-operative",), ({"action": "ok", "fields": {"hit1": 0}},),
        (6, 1, 2, 3, 4, 5, 2))
    hurt = page.evaluate(FIGHTER, TARGET)
    assert hurt["health"] < first["health"], "the strike took some Health"
    undone = page.evaluate(UNDO_SINCE, since)
    health = f"flags.{MODULE}.fighter.health"
    assert any(health in paths for paths, _ in undone), "the hit's card lists the Health change"
    assert all(ok for _, ok in undone), undone
    # Exactly as before: the same keys and values, conditions and defence uses in the same order.
    assert json.dumps(page.evaluate(FIGHTER, TARGET)) == json.dumps(first)
    assert page.take_problems() == []
