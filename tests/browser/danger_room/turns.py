"""Whole Danger Room Turns played with the shipped macros, and the check that each ends where the
engine's `turn` rule ends for the same secret cards, Wait, aims, BOOSTs and dice.

The module plays a card step by step with the engine's public rules (`foundry/danger-room/
attack.mjs`, `play.mjs`), one chat card per rule; `turn` runs the same Turn in one go. Fed the
faces every macro rolled, in the order they rolled them (roll-offs, then each fighter's dice in
acting order: the catalogue's canonical order), both must leave every fighter, the armed defences
and the items on the ground the same. `test_turn.py` plays them on the shipped module,
`test_install.py` on one installed by its manifest URL.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from browser_page import BuiltModule, HarnessPage

from compiler.rules import run_case
from danger_room.world import (
    World,
    before,
    engine_card,
    read_fight,
    sample_world,
    scene,
    storable,
)

STAGE = "async (s) => (await import('/harness/stage.mjs')).stage(s)"
FIGHT = """() => ({
    round: game.combat.round,
    fight: game.combat.getFlag("rulepack-danger-room", "fight") ?? {},
    fighters: Object.fromEntries([...game.combat.combatants].map((c) => {
        const f = c.getFlag("rulepack-danger-room", "fighter");
        return [f.id, f];
    })),
})"""
#: Select and target tokens of the viewed scene, as clicking them does (harness/foundry/scenes.mjs).
SELECT = """({controlled, targets}) => {
    const token = (id) => canvas.tokens.placeables.find((t) => t.id === id);
    canvas.tokens.controlled.length = 0;
    for (const id of controlled) token(id).control({releaseOthers: false});
    game.user.targets.clear();
    for (const id of targets) token(id).setTarget(true, {releaseOthers: false});
}"""
Turn = tuple[str, str, tuple[str, ...], tuple[dict[str, Any], ...], tuple[int, ...]]
"""One turn as it comes: fighter, macro, targets, dialog answers, faces rolled."""


def boosted(hit: int) -> tuple[dict[str, Any], ...]:
    return ({"action": "ok", "fields": {"hit1": hit}},)


@dataclass(frozen=True)
class Scenario:
    """A Turn: the secret picks, the roll-off faces, then each turn in tracker order."""

    name: str
    picks: dict[str, str]
    roll_off: tuple[int, ...]
    turns: tuple[Turn, ...]


SCENARIOS = (
    # The roll-off at Speed 5 puts the second Hand Operative (6) before Hellfire (1). X-23 (Speed
    # 11) Waits and drops to the end; the second Hand Operative's cut cannot reach her (3 hexes
    # away) and misses; Hellfire's Amaranth hurts the first, who saves for half; he arms Block,
    # and X-23's claws come back last: their printed Speed 6 is within his Basic reaction
    # (DR-R15, DR-G24, issue 17), so Block catches them and no damage die is rolled.
    Scenario("wait-miss-save-block",
             {"x-23": "claw-strike", "hellfire": "amaranth", "hand-operative": "block",
              "hand-operative-2": "katana-cut"}, (6, 1), (
                 ("x-23", "Wait", (), (), ()),
                 ("hand-operative-2", "Katana Cut", ("x-23",), boosted(0), ()),
                 ("hellfire", "Amaranth", ("hand-operative",), boosted(0),
                  (7, 2, 6, 4, 1, 5, 4, 3, 2, 6, 2, 9)),
                 ("hand-operative", "Block", (), (), ()),
                 ("x-23", "Claw Strike", ("hand-operative",), boosted(1), ()),
             )),
    # Hellfire raises his Barrier over X-23 (a Shield, DR-G11); it catches the Hand Operative's
    # physical cut and gives her 3 Shield points, which soak up the 2 successes before Health.
    Scenario("shield",
             {"x-23": "claw-strike", "hellfire": "barrier", "hand-operative": "katana-cut",
              "hand-operative-2": "block"}, (), (
                 ("x-23", "Claw Strike", ("hand-operative",), boosted(0), (6, 1, 2, 3, 4, 5, 2)),
                 ("hellfire", "Barrier", ("x-23",), (), ()),
                 ("hand-operative", "Katana Cut", ("x-23",), boosted(0), (6, 7, 2)),
                 ("hand-operative-2", "Block", (), (), ()),
             )),
)


def choice(world: Any, scenario: Scenario, fighter: str) -> dict[str, Any]:
    """The fighter's secret choice as `turn` takes it: card, Wait, aim, path, BOOSTs, cover."""
    card = engine_card(world, scenario.picks[fighter])
    played = [t for t in scenario.turns if t[0] == fighter and t[1] != "Wait"][-1]
    targets, answers = played[2], played[3]
    attack = card["kind"] in ("strike", "power", "grab")
    return {"fighter": fighter, "card": card, "path": [],
            "wait": any(t[0] == fighter and t[1] == "Wait" for t in scenario.turns),
            "aim": {"target": targets[0]} if attack and targets else {},
            "boost": [int(answers[0]["fields"]["hit1"])] if answers else [],
            "save_boost": 0, "protects": targets[0] if targets and not attack else None}


def play_and_check(
    page: HarnessPage, module: BuiltModule, scenario: Scenario, on_scene: World | None = None
) -> None:
    """Play `scenario`'s Turn with the module's macros on `page`, then check that every fighter,
    the armed defences and the items on the ground are where the `turn` rule leaves them.

    The harness stages the fight and the canvas for each macro; with `on_scene` (the world a test
    read off a viewed scene, its Combat started from the scene's tokens) nothing is staged but
    the user: each macro runs on that canvas, its tokens selected and targeted as a player
    clicks them."""
    world = on_scene or sample_world(module)
    if on_scene is None:
        page.evaluate(STAGE, before(replace(world, storage={})))
    else:
        page.evaluate(STAGE, {"user": world.user, "storage": {}})
    macros = {d["name"]: (p, d["_id"]) for p, d in module.documents("Macro")}
    rolled: list[int] = []

    def run(name: str, selected: str | None, targets: tuple[str, ...] = (),
            answers: tuple[dict[str, Any], ...] = (), faces: tuple[int, ...] = ()) -> None:
        pack, ident = macros[f"Danger Room: {name}"]
        view: dict[str, Any] | None = scene(world, selected, targets)
        if on_scene is not None:
            assert view is not None
            page.evaluate(SELECT, {"controlled": view["controlled"], "targets": view["targets"]})
            view = None
        out = page.run_macro(pack, ident, [{"d": 10, "v": v} for v in faces], None, view,
                             list(answers))
        assert out["error"] is None and out["problems"] == [], (name, out)
        assert out["diceLeft"] == [] and out["answersLeft"] == [], name
        assert not [n for n in out["notifications"] if n["type"] == "error"], name
        rolled.extend(faces)

    for fighter, card in scenario.picks.items():
        run("Pick a card", fighter, answers=({"action": "ok", "fields": {"card": card}},))
    run("Reveal Speeds", None, faces=scenario.roll_off)
    for index, (fighter, macro, targets, answers, faces) in enumerate(scenario.turns):
        run(macro, fighter, targets, answers, faces)
        if macro != "Wait" and index + 1 < len(scenario.turns):
            page.evaluate("() => game.combat.update({turn: game.combat.turn + 1})")
    run("End the Turn", None)
    check_turn(page.evaluate(FIGHT), world, scenario, rolled)


def check_turn(found: dict[str, Any], world: Any, scenario: Scenario, rolled: list[int]) -> None:
    """What the page's Combat holds equals the state of the `turn` rule fed the same dice."""
    fight = read_fight(world)
    inp = {"state": fight.state, "visibility": fight.visibility,
           "choices": [choice(world, scenario, f) for f in scenario.picks]}
    result = run_case("danger_room", "turn", world.config, inp,
                      [{"d": 10, "v": v} for v in rolled])
    assert "error" not in result, result
    state = result["state"]
    assert found["round"] == state["turn"] == 2
    assert {k: found["fight"].get(k, []) for k in ("defences", "on_ground")} == {
        "defences": state["defences"], "on_ground": state["on_ground"]}
    expected = {i: {"id": i, **storable(f)} for i, f in state["fighters"].items()}
    assert found["fighters"] == expected
    events = [e["type"] for e in result["events"]]
    # Each scenario has an Active Defence catch an attack: Block the claws, Barrier the cut.
    assert "turn_end" in events and "defence_caught" in events
