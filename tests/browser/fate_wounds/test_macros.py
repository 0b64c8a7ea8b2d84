"""The fate_wounds macros in the browser (the acceptance item of issue 12): every case of
`fate_wounds.kinds`, on v12 and v13, gives the card and updates the Python engine predicts
(compared by `tests/browser/test_macros.py`, which makes that check for every shipped macro:
`test_the_kinds_run_every_macro`); and what that comparison does not see: the stored call
replays in the Python engine, Undo restores the wound track, the windows ask what the rules
need, and the sheet shows the track as check-boxes.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_page import GENERATIONS, BuiltModule, HarnessPage, OpenPage
from macro_kinds import KINDS, STAGE, Case, MacroContext, context_for, foundry_format
from test_macros import check_case

# isort: split
from compiler.rules import run_case
from fate_wounds.kinds import SEED_DICE, SMITH_DEFENDS, TIM_ATTACKS
from fate_wounds.world import MODULE_ID, SMITH, TIM, attack_scene, fight, fighter

UNDO = """async ([moduleId]) => {
    const cards = game.modules.get(moduleId).api.cards;
    const message = [...game.messages].at(-1);
    const undone = await cards.undoCard(message);
    return {undone, wounds: game.actors.get("fwSmith000000001").system.wounds,
            left: game.actors.get("fwTim00000000001").system.power_bonus_remaining};
}"""
SHEET = """async ([moduleId, actorId]) => {
    const api = game.modules.get(moduleId).api.fate_wounds;
    const actor = game.actors.get(actorId);
    const element = document.createElement("div");
    element.innerHTML = '<section class="window-content"><p>fields</p></section>';
    Hooks.callAll("renderActorSheetV2", {document: actor}, element, {}, {});
    Hooks.callAll("renderActorSheetV2", {document: actor}, element, {}, {});
    const rows = [...element.querySelectorAll(".rulepack-fw-track tr")].map((tr) => ({
        column: tr.dataset.column,
        boxes: [...tr.querySelectorAll("input[type=checkbox]")].map((b) => b.checked),
        disabled: [...tr.querySelectorAll("input")].every((b) => b.disabled)}));
    return {sections: element.querySelectorAll(".rulepack-fw-sheet").length, rows,
            lines: [...element.querySelectorAll(".rulepack-fw-sheet p")].map((p) => p.textContent),
            first: element.querySelector(".window-content").firstElementChild.className};
}"""


@pytest.fixture(scope="module")
def module(shipped_modules: list[BuiltModule]) -> BuiltModule:
    return next(m for m in shipped_modules if m.id == MODULE_ID)


def contexts(module: BuiltModule) -> list[MacroContext]:
    return [context_for(module, pack, doc) for pack, doc in module.documents("Macro")]


def macro(module: BuiltModule, method: str) -> MacroContext:
    return next(ctx for ctx in contexts(module) if ctx.method == method)


def test_the_kinds_run_every_macro(module: BuiltModule) -> None:
    """`tests/browser/test_macros.py::test_every_macro_matches_the_python_engine` runs every case
    of these kinds on v12 and v13 (`[rulepack-fate-wounds-*]`); they are not run a second time
    here. What it runs: 7 attacks, 3 actions, 3 conflict macros and the import macro at least."""
    cases = [case for ctx in contexts(module) for case in KINDS[ctx.method].cases(ctx)]
    assert len(cases) >= 14


def seed_run(page: HarnessPage, ctx: MacroContext, module: BuiltModule) -> dict[str, Any]:
    tim, smith = fighter(module, TIM), fighter(module, SMITH)
    case = Case(SEED_DICE, None, scene=attack_scene(tim, smith),
                answers=(TIM_ATTACKS, SMITH_DEFENDS), stage=fight([tim, smith], round_=0))
    return check_case(page, ctx, KINDS[ctx.method], case)


@pytest.mark.parametrize("generation", GENERATIONS)
def test_the_seeds_exchange_is_stored_replayed_and_undone(
    module: BuiltModule, open_page: OpenPage, generation: int,
) -> None:
    """FW-E01-E03 at the table: the card's call replays to the same result in the Python
    engine, the windows offered the approaches, powers and bonuses, and Undo clears the box."""
    page = open_page(module, generation)
    run = seed_run(page, macro(module, "fate_wounds.attack"), module)
    [message] = run["messages"]
    stored = message["flags"][MODULE_ID]["card"]
    call = stored["call"]
    assert call["rule"] == "attack" and call["dice"] == [{"d": "F", "v": v} for _, v in SEED_DICE]
    replay = run_case(call["ruleset"], call["rule"], call["config"], call["input"], call["dice"])
    assert replay == stored["result"]
    assert replay["state"]["defender"]["wounds"]["light"] == 1
    attack_window, defence_window = run["dialogs"]
    fields = {f["name"]: f for f in attack_window["fields"]}
    assert [o["value"] for o in fields["power_bonuses"]["options"]] == ["0", "1", "2", "3", "4"]
    assert "Forceful +2 (Great)" in [o["text"] for o in fields["approach"]["options"]]
    assert "Fiery Explosion 0 (Skilled)" in [o["text"] for o in fields["power"]["options"]]
    assert "attack of +5" in defence_window["text"]
    undone = page.evaluate(UNDO, [MODULE_ID])
    assert undone["undone"] is True
    assert undone["wounds"]["light"] == 0 and undone["left"] == 4


@pytest.mark.parametrize("generation", GENERATIONS)
def test_the_sheet_shows_the_track_as_check_boxes(
    module: BuiltModule, open_page: OpenPage, generation: int,
) -> None:
    """The seed's track after FW-E07 (Scratch 1, Light 1, Extreme 1): the boxes checked per
    column, Double Disadvantage, the bonuses left; rendered once however often the sheet is."""
    page = open_page(module, generation)
    smith = fighter(module, SMITH, wounds={"scratch": 1, "light": 1, "extreme": 1},
                    power_bonus_remaining=2)
    page.evaluate("async (s) => (await import('/harness/foundry/canvas.mjs')).stageScene(s)",
                  {"actors": [smith], "tokens": []})
    shown = page.evaluate(SHEET, [MODULE_ID, SMITH])
    assert shown["sections"] == 1 and shown["first"] == "rulepack-fw-sheet"
    assert shown["rows"] == [
        {"column": "scratch", "boxes": [True, False, False], "disabled": True},
        {"column": "light", "boxes": [True, False], "disabled": True},
        {"column": "heavy", "boxes": [False], "disabled": True},
        {"column": "extreme", "boxes": [True], "disabled": True},
        {"column": "incapacitated", "boxes": [False], "disabled": True},
    ]
    assert shown["lines"][:2] == ["Rolls with: Double Disadvantage", "Power bonuses left: 2 of 4"]
    assert page.take_problems() == []


#: What the macros refuse before a die is rolled or a window opens: (method, Tim's counts this
#: round or None, the Combat's round, the warning's lang key and its data).
REFUSALS = [
    ("fate_wounds.attack", {"round": 1, "actions": 1, "attacks": 1}, 1,
     "RULEPACK.FateWounds.NoAttackLeft", {}),
    ("fate_wounds.attack", {"round": 1, "actions": 2, "attacks": 0}, 1,
     "RULEPACK.FateWounds.NoActionLeft", {"actions": 2}),
    ("fate_wounds.act", {"round": 1, "actions": 2, "attacks": 1}, 1,
     "RULEPACK.FateWounds.NoActionLeft", {"actions": 2}),
    ("fate_wounds.act", None, 0, "RULEPACK.FateWounds.NotInCombat", {}),
]


@pytest.mark.parametrize("generation", GENERATIONS)
@pytest.mark.parametrize(("method", "spent", "round_", "key", "data"), REFUSALS)
def test_the_round_economy_refuses_a_third_action_and_a_second_attack(
    module: BuiltModule, open_page: OpenPage, generation: int, method: str,
    spent: dict[str, int] | None, round_: int, key: str, data: dict[str, Any],
) -> None:
    """FW-R01: two actions a round, at most one an attack; counted only in a started Combat."""
    page = open_page(module, generation)
    tim, smith = fighter(module, TIM), fighter(module, SMITH)
    page.evaluate(STAGE, fight([tim, smith], round_=round_, spent={TIM: spent} if spent else {}))
    ctx = macro(module, method)
    run = page.run_macro(ctx.pack, ctx.macro["_id"], [], None, attack_scene(tim, smith), [])
    message = foundry_format(module.lang[key], name=tim["name"], **data)
    assert run["error"] is None and run["messages"] == [] and run["updates"] == []
    assert run["notifications"] == [{"type": "warning", "message": message}]
    assert run["problems"] == [f"console warning: {message}"]


@pytest.mark.parametrize("generation", GENERATIONS)
def test_an_incapacitated_character_cannot_attack(
    module: BuiltModule, open_page: OpenPage, generation: int,
) -> None:
    """FW-R13: "unable to take any action": no window, no die."""
    page = open_page(module, generation)
    tim = fighter(module, TIM, wounds={"incapacitated": 1})
    smith = fighter(module, SMITH)
    page.evaluate(STAGE, fight([tim, smith], round_=0))
    ctx = macro(module, "fate_wounds.attack")
    run = page.run_macro(ctx.pack, ctx.macro["_id"], [], None, attack_scene(tim, smith), [])
    message = foundry_format(module.lang["RULEPACK.FateWounds.IsOut"], name=tim["name"])
    assert run["messages"] == [] and run["updates"] == [] and run["dialogs"] == []
    assert run["problems"] == [f"console warning: {message}"]



CANARY = '<img src=x onerror="window.__canary_fw=true">'
SCRIPT_CANARY = "<script>window.__canary_fw_power=true</script>"
REPORT = """() => ({canaries: harness.canaries(), violations: harness.violations(),
                    unsafe: harness.inspect()})"""


@pytest.mark.parametrize("generation", GENERATIONS)
def test_author_text_in_names_stays_inert(
    module: BuiltModule, open_page: OpenPage, generation: int,
) -> None:
    """Actor and power names reach the windows, the card and the trace as text: the seed's
    exchange with canaries for names gives the card the Python engine predicts for them, and
    nothing of them runs or is shown as markup."""
    page = open_page(module, generation)
    tim, smith = fighter(module, TIM), fighter(module, SMITH)
    tim["name"] = f"Tim {CANARY}"
    tim["items"][0]["name"] = f"Fiery {SCRIPT_CANARY}"
    smith["name"] = "Smith <b>bold</b>"
    case = Case(SEED_DICE, None, scene=attack_scene(tim, smith),
                answers=(TIM_ATTACKS, SMITH_DEFENDS), stage=fight([tim, smith], round_=0))
    ctx = macro(module, "fate_wounds.attack")
    run = check_case(page, ctx, KINDS[ctx.method], case)
    assert CANARY in run["messages"][0]["shown"]["card"]["summary"][1]
    assert page.evaluate(REPORT) == {"canaries": [], "violations": [], "unsafe": []}
    sheet = page.evaluate(SHEET, [MODULE_ID, TIM])
    assert sheet["sections"] == 1
    assert page.evaluate(REPORT)["canaries"] == []


ALLOWED = """async ([moduleId, smith]) => {
    const path = `/modules/${moduleId}/scripts/foundry/fate_wounds/changes.mjs`;
    const { allowed } = await import(path);
    const actor = game.actors.get(smith);
    const combatant = [...game.combat.combatants][0];
    const item = [...actor.items][0];
    const flag = (key) => `flags.${moduleId}.fw.${key}`;
    return [allowed(actor, "system.wounds.light"), allowed(actor, "system.power_bonus_remaining"),
            allowed(actor, "system.approaches.quick"), allowed(actor, "system.wounds"),
            allowed(combatant, flag("actions")), allowed(combatant, flag("initiative")),
            allowed(combatant, "flags.other-module.fw.actions"), allowed(item, "system.rating")];
}"""


@pytest.mark.parametrize("generation", GENERATIONS)
def test_the_gm_applies_for_a_player_only_what_these_cards_change(
    module: BuiltModule, open_page: OpenPage, generation: int,
) -> None:
    """The GM's side of a player's relayed changes (`gm-writes.mjs`) takes wound boxes, bonuses
    left and the round's counts on the viewed Combat's Combatants, nothing else."""
    page = open_page(module, generation)
    tim, smith = fighter(module, TIM), fighter(module, SMITH)
    page.evaluate("async (s) => (await import('/harness/foundry/canvas.mjs')).stageScene(s)",
                  attack_scene(tim, smith))
    page.evaluate(STAGE, fight([tim, smith]))
    found = page.evaluate(ALLOWED, [MODULE_ID, SMITH])
    assert found == [True, True, False, False, True, False, False, False]
