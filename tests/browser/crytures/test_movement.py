"""Move and shift steps from token movement (v12 and v13, square and hex grids): the current
Combatant's token dragged on the canvas spends the step the Python engine's `take_turn` says, its
card offering the opportunity attacks the move provokes (CR-R09, CR-G11); a step the engine
refuses leaves the token where it was; a token moved outside its turn moves freely; the moves
made are counted for the turn's later drags (CR-G18). On a hex grid (a copy of the shipped content
with `grid: hex` and `extra_minor: no_second_move`) the same, a second move refused, and a
power's range and flanking measured in hexes (CR-G06, CR-G21).
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from browser_launch import HarnessServer, new_context
from browser_page import CONTENT, GENERATIONS, BuiltModule, HarnessPage, OpenPage, build_modules
from macro_kinds import KINDS, STAGE, Case, context_for, observed
from playwright.sync_api import BrowserContext
from table import SCENE

# isort: split
# macro_kinds registers crytures' KINDS as it loads, so it is imported first.
from crytures.movement import MOVE, Drag, expect_drag
from crytures.powers import power_input
from crytures.world import (
    ACTIVE,
    MODULE,
    PLAYER,
    Seat,
    config_data,
    faces_for,
    rows_of,
    scene,
    staged,
)

#: The Sample Binder's turn (initiative 50) with the wild Emberling beside it.
SQUARE_SEATS = (
    Seat("sample-binder", "cryBinder0000001", (0, 0), 1, 50),
    Seat("pebblet", "cryPebblet000001", (1, 0), 1, 40),
    Seat("voltflare", "cryVoltflare0001", (2, 0), -1, 30),
    Seat("emberling", "cryEmberling0001", (1, 1), -1, 20),
    Seat("sparkit", "crySparkit000001", (6, 0), -1, 10),
)
#: On hexes (axial q, r): the Binder behind Voltflare from the Pebblet (flanking it), Voltflare
#: and the Emberling beside the Binder, Sparkit three hexes off.
HEX_SEATS = (
    Seat("sample-binder", "cryBinder0000001", (3, 0), 1, 50),
    Seat("pebblet", "cryPebblet000001", (1, 0), 1, 40),
    Seat("voltflare", "cryVoltflare0001", (2, 0), -1, 30),
    Seat("emberling", "cryEmberling0001", (2, 1), -1, 20),
    Seat("sparkit", "crySparkit000001", (6, 0), -1, 10),
)
BINDER = "tok-cryBinder0000001"
VOLTFLARE = "tok-cryVoltflare0001"
#: The Binder moved once this round already, its Minor spent.
MOVED = {**ACTIVE, "sample-binder": {"minor": False, "actions_round": 1, "moves": 1,
                                     "moves_round": 1}}
BOTH_SPENT = {**ACTIVE, "sample-binder": {"major": False, "minor": False, "actions_round": 1}}
#: (label, token, to, flags, the player drags): on a square grid.
SQUARE_DRAGS: list[tuple[str, str, tuple[int, int], dict[str, Any], bool]] = [
    ("shift", BINDER, (0, 1), ACTIVE, False),
    ("move provoking the Emberling", BINDER, (0, 3), ACTIVE, False),
    ("too far", BINDER, (0, 5), ACTIVE, False),
    ("across the map (no free path within twice its Speed)", BINDER, (40, 120), ACTIVE, False),
    ("a second move, with the Major (CR-G18)", BINDER, (-2, 0), MOVED, False),
    ("no action left", BINDER, (0, 2), BOTH_SPENT, False),
    ("shift onto the Pebblet", BINDER, (1, 0), ACTIVE, False),
    ("not its turn", VOLTFLARE, (3, 0), ACTIVE, False),
    ("the player's own move", BINDER, (2, 2), ACTIVE, True),
]
HEX_DRAGS: list[tuple[str, str, tuple[int, int], dict[str, Any], bool]] = [
    ("move provoking Voltflare and the Emberling", BINDER, (5, 0), ACTIVE, False),
    ("shift", BINDER, (3, -1), ACTIVE, False),
    ("too far", BINDER, (3, 4), ACTIVE, False),
    ("a second move (extra_minor: no_second_move)", BINDER, (5, 0), MOVED, False),
    ("a shift after a move", BINDER, (3, -1), MOVED, False),
]


def drag_of(module: BuiltModule, spec: tuple[str, str, tuple[int, int], dict[str, Any], bool],
            seats: tuple[Seat, ...], grid: str) -> Drag:
    _, token, to, flags, player = spec
    owner = str(PLAYER["_id"]) if player else None
    return Drag(token, to, scene(module, [], [], owner, seats=seats, grid=grid),
                staged(module, player=player, flags=flags, seats=seats))


def drag(page: HarnessPage, case: Drag) -> dict[str, Any]:
    page.evaluate(STAGE, case.stage)
    page.evaluate(SCENE, case.scene)
    run: dict[str, Any] = page.evaluate(MOVE, [case.token, {"q": case.to[0], "r": case.to[1]}])
    run["problems"] = page.take_problems()
    return run


def check(page: HarnessPage, module: BuiltModule, case: Drag, start: dict[str, Any]) -> None:
    run = drag(page, case)
    expected = expect_drag(module, case, run["to"])
    assert observed(run) == expected
    # A warning is also logged to the console, as Foundry's notifications do; nothing else is.
    assert run["problems"] == [f"console warning: {text}" for _, text in expected.notifications]
    assert run["at"] == (run["to"] if expected.updates else start)


def start_of(page: HarnessPage, case: Drag) -> dict[str, Any]:
    """Where the token stands before the drag (the page's centre of its space)."""
    seat = next(t for t in case.scene["tokens"] if t["id"] == case.token)
    page.evaluate(SCENE, case.scene)
    found: dict[str, Any] = page.evaluate("(s) => canvas.grid.centreOf(s)",
                                          {"q": seat["q"], "r": seat["r"]})
    return found


@pytest.fixture(scope="module")
def module(shipped_modules: list[BuiltModule]) -> BuiltModule:
    return next(m for m in shipped_modules if m.id == MODULE)


@pytest.mark.parametrize("generation", GENERATIONS)
def test_square_drags_take_the_engines_steps(
    generation: int, module: BuiltModule, open_page: OpenPage, subtests: pytest.Subtests,
) -> None:
    page = open_page(module, generation)
    for spec in SQUARE_DRAGS:
        case = drag_of(module, spec, SQUARE_SEATS, "square")
        with subtests.test(msg=f"v{generation} {spec[0]}"):
            check(page, module, case, start_of(page, case))


@pytest.fixture(scope="module")
def hex_module(tmp_path_factory: pytest.TempPathFactory) -> BuiltModule:
    """The shipped Crytures content with `grid: hex` and no second move in a turn (CR-G18
    `extra_minor: no_second_move`), built."""
    root = tmp_path_factory.mktemp("crytures-hex")
    content = root / "content"
    shutil.copytree(CONTENT / "crytures", content / "crytures")
    manifest = content / "crytures" / "ruleset.yaml"
    text = manifest.read_text(encoding="utf-8")
    assert "rules_config: {}" in text
    config = "rules_config: {grid: hex, extra_minor: no_second_move}"
    manifest.write_text(text.replace("rules_config: {}", config), "utf-8")
    [built] = build_modules(content, root / "out")
    assert config_data(built)["RULES_CONFIG"]["grid"] == "hex"
    return built


@pytest.fixture(scope="module")
def hex_page(browser_context: BrowserContext, hex_module: BuiltModule,
             blocked_requests: list[str]) -> Iterator[Callable[[int], HarnessPage]]:
    """A page of the hex module per generation, on a server of its own (it has the shipped
    module's id)."""
    server = HarnessServer()
    browser = browser_context.browser
    assert browser is not None
    context = new_context(browser, server, blocked_requests)
    pages: dict[int, HarnessPage] = {}

    def open_hex(generation: int) -> HarnessPage:
        if generation not in pages:
            pages[generation] = HarnessPage.open(context, server, hex_module, generation)
        return pages[generation]

    yield open_hex
    context.close()
    server.close()
    assert blocked_requests == []


@pytest.mark.parametrize("generation", GENERATIONS)
def test_hex_drags_take_the_engines_steps(
    generation: int, hex_module: BuiltModule, hex_page: Callable[[int], HarnessPage],
    subtests: pytest.Subtests,
) -> None:
    page = hex_page(generation)
    for spec in HEX_DRAGS:
        case = drag_of(hex_module, spec, HEX_SEATS, "hex")
        with subtests.test(msg=f"v{generation} hex {spec[0]}"):
            check(page, hex_module, case, start_of(page, case))


#: (power, user, target): Rock Slam on Voltflare, flanked by the Binder; Arc Bolt three hexes
#: at the Binder, flanked by Voltflare.
HEX_POWERS = (("rock-slam", "pebblet", "voltflare"), ("arc-bolt", "sparkit", "sample-binder"))


@pytest.mark.parametrize("generation", GENERATIONS)
def test_hex_powers_measure_range_and_flanking_in_hexes(
    generation: int, hex_module: BuiltModule, hex_page: Callable[[int], HarnessPage],
) -> None:
    page = hex_page(generation)
    kind = KINDS["crytures.usePower"]
    contexts = {c.args[0]: c for c in (context_for(hex_module, p, d)
                                       for p, d in hex_module.documents("Macro"))
                if c.method == "crytures.usePower" and c.args}
    flanked = []
    for key, user, target in HEX_POWERS:
        ctx = contexts[key]
        base = Case((), None, scene=scene(hex_module, [user], [target], seats=HEX_SEATS,
                                          grid="hex"),
                    answers=({"action": "ok", "fields": {"die_mods": ""}},),
                    stage=staged(hex_module, flags=ACTIVE, seats=HEX_SEATS))
        inp, _, _ = power_input(ctx, base, rows_of(ctx, base))
        case = Case(faces_for(hex_module, "use_power", inp, (10, 6, 3, 8, 2, 9)), None,
                    scene=base.scene, answers=base.answers, stage=base.stage)
        page.evaluate(STAGE, case.stage)
        run = page.run_macro(ctx.pack, ctx.macro["_id"], case.queue, None, case.scene,
                             list(case.answers))
        assert run["error"] is None and run["problems"] == [] and run["diceLeft"] == []
        assert observed(run) == kind.expect(ctx, case)
        call = run["messages"][0]["flags"][MODULE]["card"]["result"]
        flanked += [e for e in call["events"] if e["type"] == "roll_modifier"
                    and e.get("flanked_by")]
        (dialog,) = run["dialogs"]
        options = next(f for f in dialog["fields"] if f["name"] == "power")["options"]
        if key == "arc-bolt":
            assert "in range at 3" in options[1]["text"]
    # The hex behind Voltflare from the Pebblet is the Binder's; behind the Binder from Sparkit,
    # Voltflare's (CR-G21 `opposite_side`, in hexes).
    assert [e["flanked_by"] for e in flanked] == [["sample-binder"], ["voltflare"]]
