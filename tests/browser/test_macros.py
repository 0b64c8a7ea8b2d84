"""Every shipped macro of every built module, run in Chromium against the Foundry stand-ins,
gives the chat card and document updates the Python reference engine predicts."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml
from browser_page import CONTENT, GENERATIONS, SAMPLE_ACTOR, BuiltModule, HarnessPage, OpenPage
from macro_kinds import (
    KINDS,
    Case,
    MacroContext,
    MacroKind,
    Outcome,
    context_for,
    foundry_format,
    observed,
)
from macro_runs import run_cases

SHIPPED_IDS = sorted(
    yaml.safe_load(p.read_text(encoding="utf-8"))["id"] for p in CONTENT.glob("*/ruleset.yaml")
)
HUMAN_TABLE: Path = CONTENT / "hazard_location" / "hit_locations" / "human.yaml"


def by_id(modules: list[BuiltModule], module_id: str) -> BuiltModule:
    return next(m for m in modules if m.id == module_id)


def macro_contexts(module: BuiltModule) -> list[MacroContext]:
    return [context_for(module, pack, macro) for pack, macro in module.documents("Macro")]


def check_case(page: HarnessPage, ctx: MacroContext, kind: MacroKind, case: Case) -> dict[str, Any]:
    """Run one case in the page (`macro_runs`: its report comes back as one JSON string);
    everything it did must match the expectation. The report, with the page's `problems`."""
    batch = run_cases(page, [(ctx, case)])
    [run] = batch.reports
    assert run["error"] is None, run["error"]
    assert batch.problems == []
    assert_run_matches(run, kind.expect(ctx, case))
    return {**run, "problems": batch.problems}


def assert_run_matches(run: dict[str, Any], expected: Outcome) -> None:
    """The page's report of one run: no error, every scripted face and answer used, the chat
    messages, updates and notifications expected, every change line in words."""
    assert run.get("stageError") is None, run.get("stageError")
    assert run["error"] is None, run["error"]
    assert run["diceLeft"] == [], "the macro left scripted faces unused"
    assert run["answersLeft"] == [], "the macro left scripted dialog answers unused"
    seen = observed(run)
    # Message by message first, so a failure shows the one that differs.
    assert len(seen.messages) == len(expected.messages)
    for got, want in zip(seen.messages, expected.messages, strict=True):
        assert vars(got) == vars(want)
    assert seen == expected
    for message in run["messages"]:
        assert_changes_in_words(message)


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


@dataclass(frozen=True)
class Planned:
    """One case of one macro and what the Python engine predicts for it."""

    ctx: MacroContext
    case: Case
    expected: Outcome

    @property
    def label(self) -> str:
        return f"{self.ctx.macro['name']} {self.case.label}"


@pytest.fixture(scope="module")
def planned(shipped_modules: list[BuiltModule]) -> Callable[[str], list[Planned]]:
    """Each module's cases and their expected outcomes, computed once for both generations (an
    expectation does not depend on the generation)."""
    plans: dict[str, list[Planned]] = {}

    def plan(module_id: str) -> list[Planned]:
        if module_id not in plans:
            plans[module_id] = [
                Planned(ctx, case, kind.expect(ctx, case))
                for ctx in macro_contexts(by_id(shipped_modules, module_id))
                for kind in [kind_of(ctx)] for case in kind.cases(ctx)
            ]
        return plans[module_id]

    return plan


def kind_of(ctx: MacroContext) -> MacroKind:
    kind = KINDS.get(ctx.method)
    assert kind is not None, (
        f"{ctx.module.id}: macro {ctx.macro['name']!r} calls api.{ctx.method}, which has no "
        "expectation; add a MacroKind to tests/browser/macro_kinds.py KINDS"
    )
    return kind


@pytest.mark.parametrize("generation", GENERATIONS)
@pytest.mark.parametrize("module_id", SHIPPED_IDS)
def test_every_macro_matches_the_python_engine(
    module_id: str, generation: int, shipped_modules: list[BuiltModule], open_page: OpenPage,
    planned: Callable[[str], list[Planned]], subtests: pytest.Subtests,
    blocked_requests: list[str],
) -> None:
    """Data-driven: each macro's kind (macro_kinds.KINDS) lists its cases and expected outcome.
    The module's cases run in its page in one go (`macro_runs`), then each is compared."""
    plans = planned(module_id)
    assert plans, f"{module_id}: no shipped macro was run"
    page = open_page(by_id(shipped_modules, module_id), generation)
    batch = run_cases(page, [(p.ctx, p.case) for p in plans])
    for plan, run in zip(plans, batch.reports, strict=True):
        with subtests.test(msg=f"v{generation} {module_id}: {plan.label}"):
            assert_run_matches(run, plan.expected)
    assert batch.problems == [], "the page logged problems while the cases ran"
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
