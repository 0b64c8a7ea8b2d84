"""The Hazard Dice macros in the browser (HZ-R16 and the acceptance item of the Hazard Dice issue):
the card holds exactly the call and result the Python engine gives for the same input and dice;
the attack window takes the target's species or asks for one; the Called Shot window lists every
human location with the seed's penalty; ablation and Injuries are written back and undone; a
distance typed at a range boundary stays exact (a blast's one card: test_blast.py).

`test_macros.py` runs every case of `hazard_kinds` against the card and the updates; these check
what that comparison does not see (the stored call, the windows, the documents afterwards).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser_page import GENERATIONS, BuiltModule, HarnessPage, OpenPage
from macro_kinds import Case, MacroContext, context_for, foundry_format

# isort: split
# macro_kinds registers hazard_kinds' KINDS as it loads, so it is imported first.
from compiler.rules import RuleError, run_case
from compiler.rules.hazard_location import shipped as shipped
from hazard_location.cards import new_injuries
from hazard_location.kinds import attack_input, blast_cases, defend, predicted, six
from hazard_location.world import (
    ATTACKER,
    ENGINE,
    MODULE_ID,
    OTHER,
    TARGET,
    attack_scene,
    config_overrides,
    fighter,
)

#: HZ-R20: "the Torso, Pelvis and either Leg impose -1 die; the Head and either Arm impose
#: -2 dice; the Neck, either Foot and either Hand impose -3 dice", in the seed's order (HZ-R17).
SEED_PENALTIES = {
    "head": 2, "neck": 3, "torso": 1, "pelvis": 1, "left-leg": 1, "right-leg": 1,
    "left-foot": 3, "right-foot": 3, "left-arm": 2, "right-arm": 2, "left-hand": 3, "right-hand": 3,
}


@pytest.fixture(scope="module")
def module(shipped_modules: list[BuiltModule]) -> BuiltModule:
    return next(m for m in shipped_modules if m.id == MODULE_ID)


def macro(module: BuiltModule, method: str) -> MacroContext:
    contexts = [context_for(module, pack, doc) for pack, doc in module.documents("Macro")]
    return next(ctx for ctx in contexts if ctx.method == method)


def run(page: HarnessPage, ctx: MacroContext, case: Case,
        problems: tuple[str, ...] = ()) -> dict[str, Any]:
    result = page.run_macro(ctx.pack, ctx.macro["_id"], case.queue, None, case.scene,
                            list(case.answers))
    assert result["error"] is None, result["error"]
    assert result["problems"] == list(problems)
    assert result["diceLeft"] == [] and result["answersLeft"] == []
    return result


def stored(message: dict[str, Any]) -> dict[str, Any]:
    card: dict[str, Any] = message["flags"][MODULE_ID]["card"]
    return card


def as_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def attack(module: BuiltModule, target: dict[str, Any], at: tuple[int, int],
           dice: tuple[tuple[int, int], ...], *answers: dict[str, Any],
           grid: dict[str, Any] | None = None) -> Case:
    scene = attack_scene(fighter(module, ATTACKER), target, at, grid)
    return Case(dice, None, scene=scene, answers=answers)


HIT = (*six(5, 6, 2, 6, 3, 2), (100, 25), *six(6, 2, 6, 5, 1, 3, 6, 4))
ANSWER = {"action": "attack", "fields": {"weapon": "service-handgun"}}
#: The defence window, answered on this client (the GM's, who rolls for the NPC Bob).
DEFEND = defend()


@pytest.mark.parametrize("generation", GENERATIONS)
def test_the_card_holds_the_python_engines_call_and_result(
    module: BuiltModule, open_page: OpenPage, generation: int
) -> None:
    ctx = macro(module, "hazard_location.attack")
    case = attack(module, fighter(module, TARGET), (3, 0), HIT, ANSWER, DEFEND)
    result = run(open_page(module, generation), ctx, case)
    card = stored(result["messages"][0])
    inp = attack_input(ctx, case)
    assert card["call"] == as_json({"ruleset": ENGINE, "rule": "attack", "config": {},
                                    "input": inp, "dice": case.queue})
    assert card["result"] == as_json(predicted(ctx, "attack", inp, case.dice))
    assert [step["name"] for step in card["result"]["events"] if step["type"] == "step"] == [
        "attack", "defence", "hit_location", "armor", "damage"]


def test_ablation_is_written_back_and_undo_restores_it(
    module: BuiltModule, open_page: OpenPage
) -> None:
    page = open_page(module, 13)
    ctx = macro(module, "hazard_location.attack")
    result = run(page, ctx, attack(module, fighter(module, TARGET), (3, 0), HIT, ANSWER, DEFEND))
    read = """id => { const a = game.actors.get(id);
        const cuirass = [...a.items].find((i) => i.name === "Cuirass");
        return [a.system.stamina_current, cuirass.system.current_av]; }"""
    assert page.evaluate(read, TARGET) == [1, 7]
    undone = page.evaluate("""([module, id]) => game.modules.get(module).api.cards.undoCard(
        game.messages.get(id))""", [MODULE_ID, result["messages"][0]["_id"]])
    assert undone is True
    assert page.evaluate(read, TARGET) == [None, None]


def test_injuries_are_written_back_and_undo_restores_them(
    module: BuiltModule, open_page: OpenPage
) -> None:
    # A Called Shot to the head that takes all of Bob's Stamina: an Injury there (HZ-R31),
    # appended after the one he already has.
    page = open_page(module, 13)
    ctx = macro(module, "hazard_location.attack")
    called = {"action": "called", "fields": {"weapon": "service-handgun"}}
    bob = fighter(module, TARGET)
    old = {"location": "left-arm", "source": "combat-knife", "result": "Cut"}
    bob["system"]["injuries"] = [old]
    case = attack(module, bob, (0, 3), six(6, 5, 5, 1), called,
                  {"action": "attack", "fields": {"location": "head"}}, DEFEND)
    expected = predicted(ctx, "attack", attack_input(ctx, case), case.dice)
    [wounds] = new_injuries(expected["events"]).values()
    assert [w["location"] for w in wounds] == ["head"]
    stamina = expected["state"]["defender"]["stamina_current"]
    result = run(page, ctx, case)
    read = """id => { const a = game.actors.get(id);
        return [a.system.stamina_current, a.system.injuries]; }"""
    assert page.evaluate(read, TARGET) == [stamina, [old, *wounds]]
    undone = page.evaluate("""([module, id]) => game.modules.get(module).api.cards.undoCard(
        game.messages.get(id))""", [MODULE_ID, result["messages"][0]["_id"]])
    assert undone is True
    assert page.evaluate(read, TARGET) == [None, [old]]


def test_called_shot_window_lists_every_human_location_with_the_seeds_penalty(
    module: BuiltModule, open_page: OpenPage
) -> None:
    ctx = macro(module, "hazard_location.attack")
    called = {"action": "called", "fields": {"weapon": "service-handgun"}}
    case = attack(module, fighter(module, TARGET), (3, 0), six(6, 5, 5, 1), called,
                  {"action": "attack", "fields": {"location": "head"}}, DEFEND)
    result = run(open_page(module, 12), ctx, case)
    window = result["dialogs"][1]
    assert window["title"] == module.lang["RULEPACK.Hazard.CalledShot"]
    assert "Human" in window["text"]
    assert [f["value"] for f in window["fields"] if f["name"] == "location"] == list(SEED_PENALTIES)
    options = run_case(ENGINE, "called_shot_options",
                       {}, {"target_species": "human", "chosen_species": None}, [])
    lines = [module.lang["RULEPACK.Hazard.CalledOption"].format(
        location=o["label"], penalty=o["penalty"], percent=o["percent"])
        for o in options["state"]["locations"]]
    assert {o["location"]: o["penalty"] for o in options["state"]["locations"]} == SEED_PENALTIES
    assert all(line in window["text"] for line in lines)
    pool = next(e for e in stored(result["messages"][0])["result"]["events"]
                if e["type"] == "attack_pool")
    assert {"source": "called_shot", "dice": -2} in pool["modifiers"]


def test_species_is_the_targets_or_chosen_in_the_attack_window(
    module: BuiltModule, open_page: OpenPage
) -> None:
    ctx = macro(module, "hazard_location.attack")
    page = open_page(module, 12)
    automatic = run(page, ctx, attack(module, fighter(module, TARGET), (3, 0), HIT, ANSWER,
                                      DEFEND))
    window = automatic["dialogs"][0]
    assert "species" not in [f["name"] for f in window["fields"]]
    assert module.lang["RULEPACK.Hazard.Species"] in window["text"] and "Human" in window["text"]
    chooser = {"action": "attack", "fields": {"weapon": "service-handgun", "species": "human"}}
    unknown = fighter(module, OTHER, species=False)
    chosen = run(page, ctx, attack(module, unknown, (3, 0), HIT, chooser, DEFEND))
    field = next(f for f in chosen["dialogs"][0]["fields"] if f["name"] == "species")
    assert field["options"] == [{"value": "human", "text": "Human"}]
    defender = stored(chosen["messages"][0])["call"]["input"]["defender"]
    assert defender["species"] == "human" and "species" not in unknown["system"]


@pytest.mark.parametrize(("typed", "quantity", "penalty"), [
    ("20", 20, 0), ("20.05", {"num": 401, "den": 20}, 1), ("40", 40, 1),
    ("40 1/100", {"num": 4001, "den": 100}, 2),
])
def test_a_typed_distance_stays_exact_at_a_range_boundary(
    module: BuiltModule, open_page: OpenPage, typed: str, quantity: Any, penalty: int
) -> None:
    """On a gridless scene nothing is measured: the distance is typed, and 20 m is still the
    first band while 20.05 m is the second (HZ-R10), with no float in between."""
    ctx = macro(module, "hazard_location.attack")
    answer = {"action": "attack", "fields": {"weapon": "service-handgun", "distance": typed,
                                             "distance_unit": "m"}}
    case = attack(module, fighter(module, TARGET), (3, 0), six(*[2] * (7 - penalty)), answer,
                  DEFEND, grid={"type": "gridless"})
    result = run(open_page(module, 13), ctx, case)
    distance = next(f for f in result["dialogs"][0]["fields"] if f["name"] == "distance")
    assert distance["value"] == ""
    assert module.lang["RULEPACK.Hazard.TypeDistance"] in result["dialogs"][0]["text"]
    card = stored(result["messages"][0])
    assert card["call"]["input"]["distance"] == {"value": quantity, "unit": "m"}
    rng = next(e for e in card["result"]["events"] if e["type"] == "range")
    assert rng["penalty"] == penalty


def test_an_attack_needs_a_controlled_token_and_one_target(
    module: BuiltModule, open_page: OpenPage
) -> None:
    ctx = macro(module, "hazard_location.attack")
    case = attack(module, fighter(module, TARGET), (3, 0), (), ANSWER)
    assert case.scene is not None
    lonely = Case((), None, scene={**case.scene, "targets": []}, answers=())
    warning = module.lang["RULEPACK.Hazard.NeedTokens"]
    # ui.notifications.warn logs to the console too, as Foundry's does.
    result = run(open_page(module, 12), ctx, lonely, (f"console warning: {warning}",))
    assert result["messages"] == [] and result["dialogs"] == [] and result["updates"] == []
    assert result["notifications"] == [{"type": "warning", "message": warning}]


def test_content_the_rules_refuse_is_a_warning_not_a_crash(
    module: BuiltModule, open_page: OpenPage
) -> None:
    """A carbine whose weapon system the module lacks: the shipped adapter's bad_input is shown,
    no window opens, nothing is rolled or changed."""
    ctx = macro(module, "hazard_location.attack")
    ann = fighter(module, ATTACKER)
    carbine = {**ann["items"][0], "_id": "carbine000000001", "name": "Carbine", "flags": {},
               "system": {**ann["items"][0]["system"], "category": "no-such-range"}}
    case = Case((), None, scene=attack_scene({**ann, "items": [carbine]}, fighter(module, TARGET),
                                             (3, 0)), answers=())
    with pytest.raises(RuleError) as refused:  # the Python adapter words it the same way
        shipped.weapon({**carbine["system"], "id": carbine["_id"]}, {})
    assert refused.value.code == "bad_input"
    refusal = module.lang["RULEPACK.Error.RuleFailed"]
    message = foundry_format(refusal, message=refused.value.message)
    result = run(open_page(module, 13), ctx, case, (f"console warning: {message}",))
    assert result["messages"] == [] and result["dialogs"] == [] and result["updates"] == []
    assert result["notifications"] == [{"type": "warning", "message": message}]


@pytest.mark.parametrize("generation", GENERATIONS)
def test_on_a_square_grid_the_distance_is_typed_not_counted_as_hexes(
    module: BuiltModule, open_page: OpenPage, generation: int
) -> None:
    """A square grid's spaces are not combat hexes (Foundry counts the diagonal step to (3, 3) as
    3 spaces): nothing is measured, the attack window asks for the distance and says why."""
    ctx = macro(module, "hazard_location.attack")
    answer = {"action": "attack", "fields": {"weapon": "service-handgun", "distance": "45",
                                             "distance_unit": "m"}}
    case = attack(module, fighter(module, TARGET), (3, 3), six(2, 2, 2, 2, 2), answer,
                  DEFEND, grid={"type": "square", "distance": 5, "units": "ft"})
    result = run(open_page(module, generation), ctx, case)
    window, _defence = result["dialogs"]
    distance = next(f for f in window["fields"] if f["name"] == "distance")
    assert distance["value"] == ""
    assert module.lang["RULEPACK.Hazard.TypeDistanceSquare"] in window["text"]
    assert "3 hexes" not in window["text"]
    card = stored(result["messages"][0])
    assert card["call"]["input"]["distance"] == {"value": 45, "unit": "m"}


@pytest.mark.parametrize("grid", [{"type": "square"}, {"type": "gridless"}])
@pytest.mark.parametrize("generation", GENERATIONS)
def test_a_blast_off_a_hex_grid_is_refused_with_the_reason(
    module: BuiltModule, open_page: OpenPage, generation: int, grid: dict[str, Any]
) -> None:
    ctx = macro(module, "hazard_location.blast")
    case = blast_cases(ctx)[0]
    assert case.scene is not None
    off_hexes = Case((), None, scene={**case.scene, "grid": grid}, answers=())
    warning = module.lang["RULEPACK.Hazard.BlastNeedsHexes"]
    result = run(open_page(module, generation), ctx, off_hexes, (f"console warning: {warning}",))
    assert result["messages"] == [] and result["dialogs"] == [] and result["updates"] == []
    assert result["notifications"] == [{"type": "warning", "message": warning}]


@pytest.mark.parametrize("generation", GENERATIONS)
def test_the_worlds_metres_per_hex_is_the_engines(
    module: BuiltModule, open_page: OpenPage, generation: int
) -> None:
    """Issue 14, Deliver 4: a GM's hex map drawn at 2 m a hex. The three hexes to Bob are 6 m,
    within the handgun's Optimal Range (no penalty: 7 dice) where the rules' 10 m make them 30 m
    (one die less); the card's call carries `metres_per_hex`, and the Python engine gives the
    same result for it."""
    page = open_page(module, generation)
    ctx = macro(module, "hazard_location.attack")
    case = attack(module, fighter(module, TARGET), (3, 0), six(*[2] * 7), ANSWER, DEFEND)
    setting = f"(v) => game.settings.set({json.dumps(MODULE_ID)}, 'metresPerHex', v)"
    assert page.evaluate(f"() => game.settings.get({json.dumps(MODULE_ID)}, 'metresPerHex')") == 10
    page.evaluate(setting, 2)
    try:
        result = run(page, ctx, case)
    finally:
        page.evaluate(setting, 10)
    assert "3 hexes (6 m)" in result["dialogs"][0]["text"]
    card = stored(result["messages"][0])
    inp = attack_input(ctx, case)
    assert card["call"]["config"] == {"metres_per_hex": 2}
    assert card["call"]["input"]["distance"] == {"value": 3, "unit": "hex"}
    config = {**config_overrides(module), "metres_per_hex": 2}
    assert card["result"] == as_json(run_case(ENGINE, "attack", config, inp, case.queue))
    assert next(e for e in card["result"]["events"] if e["type"] == "range")["penalty"] == 0
