"""Every shipped macro of every built module, run in Chromium against the Foundry stand-ins,
gives the chat card and document updates the Python reference engine predicts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from browser_page import CONTENT, GENERATIONS, SAMPLE_ACTOR, BuiltModule, HarnessPage, OpenPage
from macro_kinds import (
    KINDS,
    STAGE,
    Case,
    MacroContext,
    MacroKind,
    context_for,
    foundry_format,
    observed,
)

SHIPPED_IDS = sorted(
    yaml.safe_load(p.read_text(encoding="utf-8"))["id"] for p in CONTENT.glob("*/ruleset.yaml")
)
HUMAN_TABLE: Path = CONTENT / "hazard_location" / "hit_locations" / "human.yaml"


def by_id(modules: list[BuiltModule], module_id: str) -> BuiltModule:
    return next(m for m in modules if m.id == module_id)


def macro_contexts(module: BuiltModule) -> list[MacroContext]:
    return [context_for(module, pack, macro) for pack, macro in module.documents("Macro")]


def check_case(page: HarnessPage, ctx: MacroContext, kind: MacroKind, case: Case) -> dict[str, Any]:
    """Run one case in the page; everything it did must match the expectation."""
    if case.stage is not None:
        page.evaluate(STAGE, case.stage)
    run = page.run_macro(ctx.pack, ctx.macro["_id"], case.queue, case.actor, case.scene,
                         list(case.answers))
    assert run["error"] is None, run["error"]
    assert run["problems"] == []
    assert run["diceLeft"] == [], "the macro left scripted faces unused"
    assert run["answersLeft"] == [], "the macro left scripted dialog answers unused"
    assert observed(run) == kind.expect(ctx, case)
    for message in run["messages"]:
        assert_changes_in_words(message)
    return run


RAW = ("system.", "flags.", "null", "undefined", "[object")


def assert_changes_in_words(message: dict[str, Any]) -> None:
    """A GM reads every change line (and every line left for the GM's client) in words: no
    document path, no `null`, whatever the card kind (issue 14)."""
    card = message["shown"]["card"]
    lines = [*card["changes"], *card["summary"]] if card else []
    raw = [line for line in lines if any(word in line for word in RAW)]
    assert raw == [], f"card lines with a raw path or value: {raw}"


def test_built_modules_are_the_shipped_rulesets(shipped_modules: list[BuiltModule]) -> None:
    assert [m.id for m in shipped_modules] == SHIPPED_IDS


@pytest.mark.parametrize("generation", GENERATIONS)
@pytest.mark.parametrize("module_id", SHIPPED_IDS)
def test_module_boots_cleanly(
    module_id: str, generation: int, shipped_modules: list[BuiltModule], open_page: OpenPage,
    blocked_requests: list[str],
) -> None:
    """esmodules import, init/setup/ready run, no console error or deprecation warning; the API
    the macros call exists."""
    module = by_id(shipped_modules, module_id)
    page = open_page(module, generation)
    assert page.take_problems() == []
    state = page.evaluate(
        """id => {
            const api = game.modules.get(id).api ?? {};
            const paths = Object.keys(api);
            for (const [name, part] of Object.entries(api)) {
                if (!part || typeof part !== "object") continue;
                for (const [method, fn] of Object.entries(part)) {
                    if (typeof fn === "function") paths.push(`${name}.${method}`);
                }
            }
            return {ready: game.ready, generation: game.release.generation, api: paths};
        }""", module.id,
    )
    assert state["ready"] is True and state["generation"] == generation
    called = {ctx.method for ctx in macro_contexts(module)}
    assert called <= set(state["api"]), f"macros call {called}, the API has {state['api']}"
    assert blocked_requests == []


def test_every_macro_matches_the_python_engine(
    shipped_modules: list[BuiltModule], open_page: OpenPage, subtests: pytest.Subtests,
    blocked_requests: list[str],
) -> None:
    """Data-driven: each macro's kind (macro_kinds.KINDS) lists its cases and expected outcome."""
    runs = 0
    for module in shipped_modules:
        for ctx in macro_contexts(module):
            kind = KINDS.get(ctx.method)
            assert kind is not None, (
                f"{module.id}: macro {ctx.macro['name']!r} calls api.{ctx.method}, which has no "
                "expectation; add a MacroKind to tests/browser/macro_kinds.py KINDS"
            )
            for generation in GENERATIONS:
                for case in kind.cases(ctx):
                    label = f"v{generation} {module.id}: {ctx.macro['name']} {case.label}"
                    with subtests.test(msg=label):
                        check_case(open_page(module, generation), ctx, kind, case)
                    runs += 1
    assert runs > 0, "no shipped macro was run"
    assert blocked_requests == []


@pytest.mark.parametrize("generation", GENERATIONS)
@pytest.mark.parametrize("face", [1, 7, 8, 100])
def test_human_hit_location_at_table_boundaries(
    face: int, generation: int, shipped_modules: list[BuiltModule], open_page: OpenPage,
) -> None:
    """The card names the location the YAML source gives for the face, as the engine does."""
    module = by_id(shipped_modules, "rulepack-hazard-location")
    ctx = next(c for c in macro_contexts(module) if c.args == ("human",))
    case = Case(((100, face),), SAMPLE_ACTOR["_id"])
    run = check_case(open_page(module, generation), ctx, KINDS[ctx.method], case)
    source = yaml.safe_load(HUMAN_TABLE.read_text(encoding="utf-8"))
    name = next(
        loc["name"] for loc in source["locations"] if loc["range"][0] <= face <= loc["range"][1]
    )
    result = module.lang["RULEPACK.HitLocation.Result"]
    line = foundry_format(result, die=100, face=face, location=name)
    assert [m["shown"]["card"]["summary"] for m in run["messages"]] == [[line]]
