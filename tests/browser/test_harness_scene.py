"""The canvas and dialog stand-ins (harness/foundry/canvas.mjs, dialogs.mjs) behave like Foundry
where the Hazard Dice macros rely on them, and refuse what a test did not set up."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_launch import HarnessServer
from browser_page import SAMPLE_ACTOR, BuiltModule, HarnessPage
from playwright.sync_api import BrowserContext
from playwright.sync_api import Error as PageError

HAZARD = "rulepack-hazard-location"
ACTOR = SAMPLE_ACTOR["_id"]


@pytest.fixture(scope="module")
def page(
    browser_context: BrowserContext, harness_server: HarnessServer,
    shipped_modules: list[BuiltModule],
) -> Iterator[HarnessPage]:
    module = next(m for m in shipped_modules if m.id == HAZARD)
    opened = HarnessPage.open(browser_context, harness_server, module, 13)
    yield opened
    opened.page.close()


def stage(page: HarnessPage, scene: dict[str, Any]) -> None:
    page.evaluate("""async (scene) => {
        const { stageScene } = await import("/harness/foundry/canvas.mjs");
        stageScene(scene);
    }""", scene)


@pytest.mark.parametrize(("target", "spaces"), [
    ({"q": 0, "r": 0}, 0), ({"q": 1, "r": 0}, 1), ({"q": 0, "r": 3}, 3), ({"q": 3, "r": -1}, 3),
    ({"q": -2, "r": 4}, 4), ({"q": 5, "r": -5}, 5),
])
def test_measure_path_counts_hexes_between_centres(
    page: HarnessPage, target: dict[str, int], spaces: int
) -> None:
    stage(page, {"tokens": [{"id": "a", "actor": ACTOR, "q": 0, "r": 0},
                            {"id": "b", "actor": ACTOR, **target}],
                 "controlled": ["a"], "targets": ["b"]})
    result = page.evaluate("""() => {
        const [a] = canvas.tokens.controlled;
        const [b] = [...game.user.targets];
        const path = canvas.grid.measurePath([a.center, b.center]);
        const cube = canvas.grid.offsetToCube(canvas.grid.getOffset(b.center));
        return {spaces: path.spaces, distance: path.distance, gridless: canvas.grid.isGridless,
                cube: [cube.q, cube.r], actor: b.actor.id};
    }""")
    assert result == {"spaces": spaces, "distance": spaces * 10, "gridless": False,
                      "cube": [target["q"], target["r"]], "actor": ACTOR}


def test_gridless_scene_measures_no_spaces_and_off_centre_points_fail(page: HarnessPage) -> None:
    stage(page, {"grid": {"type": "gridless"}, "tokens": [
        {"id": "a", "actor": ACTOR, "q": 0, "r": 0}, {"id": "b", "actor": ACTOR, "q": 2, "r": 0}]})
    spaces = page.evaluate(
        "() => canvas.grid.measurePath(canvas.tokens.placeables.map((t) => t.center)).spaces")
    assert spaces == 0
    stage(page, {})
    with pytest.raises(PageError, match=r"\(5, 0\) is not a hex centre"):
        page.evaluate("() => canvas.grid.measurePath([{x: 0, y: 0}, {x: 5, y: 0}])")
    with pytest.raises(PageError, match="no token ghost to target"):
        stage(page, {"targets": ["ghost"]})


FORM = """<select name="weapon"><option value="a">A</option><option value="b">B</option></select>
<input type="checkbox" name="moved" value="1"><input type="text" name="distance" value="3">
<input type="radio" name="location" value="head" checked>
<input type="radio" name="location" value="neck">"""


def wait(page: HarnessPage, answers: list[dict[str, Any]]) -> Any:
    return page.evaluate("""async ([answers, content]) => {
        const { scriptedAnswers } = await import("/harness/foundry/dialogs.mjs");
        const { record } = await import("/harness/foundry/record.mjs");
        record.reset();
        scriptedAnswers.script(answers);
        const value = await foundry.applications.api.DialogV2.wait({
            window: {title: "Pick"}, content, rejectClose: false,
            buttons: [{action: "go", label: "Go", callback: (event, button) =>
                Object.fromEntries([...new FormData(button.form)].map(([k, v]) => [k, v]))},
                      {action: "plain", label: "Plain"}]});
        const left = document.querySelectorAll("#dialogs form").length;
        return {value, dialogs: record.dialogs.map((d) => d.title), left};
    }""", [answers, FORM])


def test_dialog_answers_fill_the_form_and_click_the_button(page: HarnessPage) -> None:
    answer = {"action": "go", "fields": {"weapon": "b", "moved": True, "distance": "3/2",
                                         "location": "neck"}}
    assert wait(page, [answer]) == {
        "value": {"weapon": "b", "moved": "1", "distance": "3/2", "location": "neck"},
        "dialogs": ["Pick"], "left": 0,
    }
    assert wait(page, [{"action": "plain"}])["value"] == "plain"
    assert wait(page, [{"action": None}])["value"] is None


@pytest.mark.parametrize(("answers", "message"), [
    ([], 'no scripted answer for "Pick"'),
    ([{"action": "go", "fields": {"colour": "red"}}], 'no field "colour"'),
    ([{"action": "go", "fields": {"weapon": "c"}}], '"weapon" has no option c'),
    ([{"action": "go", "fields": {"location": "torso"}}], '"location" has no choice torso'),
    ([{"action": "stop"}], '"Pick" has no button stop'),
])
def test_dialog_refuses_answers_to_questions_it_did_not_ask(
    page: HarnessPage, answers: list[dict[str, Any]], message: str
) -> None:
    with pytest.raises(PageError, match=message):
        wait(page, answers)
    assert page.evaluate("() => document.querySelectorAll('#dialogs form').length") == 0


@pytest.fixture(scope="module", params=[12, 13], ids=["v12", "v13"])
def any_page(
    request: pytest.FixtureRequest, browser_context: BrowserContext,
    harness_server: HarnessServer, shipped_modules: list[BuiltModule],
) -> Iterator[HarnessPage]:
    module = next(m for m in shipped_modules if m.id == HAZARD)
    opened = HarnessPage.open(browser_context, harness_server, module, request.param)
    yield opened
    opened.page.close()


DIALOG = """async ([answers, throwing]) => {
    const { scriptedAnswers } = await import("/harness/foundry/dialogs.mjs");
    scriptedAnswers.script(answers);
    const seen = [];
    const wait = foundry.applications.api.DialogV2.wait({
        window: {title: "Ask"}, content: '<input name="n" value="1">',
        buttons: [{action: "go", label: "Go", callback: (event, button, dialog) => {
            seen.push(dialog instanceof HTMLDialogElement ? "HTMLDialogElement"
                      : dialog?.constructor?.name);
            if (throwing) throw new Error("bad answer");
            return "went";
        }}]});
    const outcome = await Promise.race([
        wait.then((v) => ({resolved: v}), (e) => ({rejected: e.message})),
        scriptedAnswers.stuck.then((title) => ({stuck: title}))]);
    await harness.settle();
    return {outcome, seen};
}"""


def test_dialogv2_wait_settles_as_each_generation_does(any_page: HarnessPage) -> None:
    """Dismissed: v12 rejects (rejectClose defaults to true), v13 resolves null (#11763). A
    button callback gets the HTMLDialogElement on v12, the DialogV2 on v13."""
    generation = any_page.evaluate("() => game.release.generation")
    went = any_page.evaluate(DIALOG, [[{"action": "go"}], False])
    third = "HTMLDialogElement" if generation < 13 else "DialogV2"
    assert went == {"outcome": {"resolved": "went"}, "seen": [third]}
    closed = any_page.evaluate(DIALOG, [[{"action": None}], False])["outcome"]
    if generation < 13:
        assert closed == {"rejected": "Dialog was dismissed without pressing a button."}
    else:
        assert closed == {"resolved": None}
    assert any_page.take_problems() == []


def test_a_throwing_callback_leaves_the_dialog_open_and_the_promise_pending(
    any_page: HarnessPage,
) -> None:
    """Nothing settles the promise and nothing is shown: only the console's uncaught rejection;
    the next answer is for the same dialog (here: none, so the user is stuck)."""
    result = any_page.evaluate(DIALOG, [[{"action": "go"}], True])
    assert result["outcome"] == {"stuck": "Ask"}
    assert [p for p in any_page.take_problems() if "bad answer" in p] != []
    closed = any_page.evaluate(DIALOG, [[{"action": "go"}, {"action": None}], True])["outcome"]
    assert closed in ({"rejected": "Dialog was dismissed without pressing a button."},
                      {"resolved": None})
    any_page.take_problems()


@pytest.mark.parametrize(("target", "spaces"), [
    ({"q": 1, "r": 0}, 1), ({"q": 1, "r": 1}, 1), ({"q": 3, "r": 3}, 3), ({"q": -2, "r": 5}, 5),
])
def test_a_square_grid_counts_a_diagonal_step_as_one_space(
    any_page: HarnessPage, target: dict[str, int], spaces: int
) -> None:
    """As Foundry's square grid: `spaces` is the Chebyshev count whatever `core.gridDiagonals`
    says; v12's measurePath result has no `diagonals` or `euclidean` (v13 added them)."""
    any_page.evaluate("""async (scene) => {
        const { stageScene } = await import("/harness/foundry/canvas.mjs");
        stageScene(scene);
    }""", {"grid": {"type": "square", "distance": 5, "units": "ft"},
           "tokens": [{"id": "a", "actor": ACTOR, "q": 0, "r": 0},
                      {"id": "b", "actor": ACTOR, **target}]})
    result = any_page.evaluate("""() => {
        const [a, b] = canvas.tokens.placeables;
        const path = canvas.grid.measurePath([a.center, b.center]);
        return {generation: game.release.generation, keys: Object.keys(path).sort(),
                spaces: path.spaces, distance: path.distance,
                kind: [canvas.grid.isSquare, canvas.grid.isHexagonal, canvas.grid.isGridless]};
    }""")
    v13 = ["diagonals", "euclidean"] if result["generation"] >= 13 else []
    assert result["keys"] == sorted(["cost", "distance", "segments", "spaces", "waypoints", *v13])
    assert (result["spaces"], result["distance"]) == (spaces, spaces * 5)
    assert result["kind"] == [True, False, False]
