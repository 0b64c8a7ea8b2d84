"""The Hazard Dice dialogs no card's showcase opens, and the case that opens each
(`dialog_shots.py`): the Called Shot window (HZ-R16) of the attack case that calls the head, and
the GM's table window (HZ-G30) for an NPC of a species without a hit-location table."""

from __future__ import annotations

import copy

from dialog_shots import DialogCase
from macro_kinds import Case, MacroContext

from compiler.rules import run_case
from hazard_location.kinds import answer, attack_cases, attack_input, defend
from hazard_location.world import (
    ATTACKER,
    ENGINE,
    TARGET,
    attack_scene,
    config_overrides,
    fighter,
)

#: Every d6 of the table case shows 5 (a success), the d100 25 (the torso).
FACES = {6: 5, 100: 25}


def called_shot(ctx: MacroContext) -> Case:
    """The attack case whose first window asks for a Called Shot (HZ-R16)."""
    [case] = [c for c in attack_cases(ctx) if c.answers[0]["action"] == "called"]
    return case


def horse_target(ctx: MacroContext) -> Case:
    """The GM's attack on Bob as an NPC horse (no table of its own): the GM's client asks which
    table the attack strikes on, then the defence; the dice are those the Python engine asks
    for with the table chosen."""
    bob = copy.deepcopy(fighter(ctx.module, TARGET))
    bob["prototypeToken"] = {**bob["prototypeToken"], "actorLink": False, "disposition": -1}
    bob["system"]["species"] = "horse"
    scene = attack_scene(fighter(ctx.module, ATTACKER), bob, (3, 0))
    answers = (answer(), {"action": "choose", "fields": {"table": "human"}}, defend("evade"))
    case = Case((), None, scene=scene, answers=answers)
    inp = {**attack_input(ctx, case), "fallback_table": "human"}
    faces: list[dict[str, int]] = []
    for _ in range(200):
        result = run_case(ENGINE, "attack", config_overrides(ctx.module), inp, faces)
        if result.get("error", {}).get("code") != "queue_exhausted":
            assert "error" not in result, result
            return Case(tuple((f["d"], f["v"]) for f in faces), None, scene=scene, answers=answers)
        faces.append({"d": result["error"]["die"], "v": FACES[result["error"]["die"]]})
    raise AssertionError("the attack asked for more than 200 dice")


DIALOG_CASES = {
    "called-shot": DialogCase("hazard_location.attack", called_shot),
    # The card adds the GM's table choice, which the attack kind's expectation leaves out
    # (tests/browser/hazard_location/test_rollers.py checks that card).
    "table": DialogCase("hazard_location.attack", horse_target, checked=False),
}
