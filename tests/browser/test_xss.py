"""XSS canaries in author content stay inert in the browser.

The golden module's content (already full of canaries) is copied to a temporary folder and given
more: a hit-location table and its locations named with markup, template syntax and script
URLs, and rich-text descriptions carrying script. The built module is booted in the harness,
every pack document is shown as Foundry would (names as text, HTML fields as HTML, scripts live)
and every macro is run on every location. No canary may run, and names must read as typed.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from browser_launch import HarnessServer
from browser_page import REPO, SAMPLE_ACTOR, BuiltModule, HarnessPage, build_modules
from macro_kinds import KINDS, Case, context_for, observed
from playwright.sync_api import BrowserContext
from plugin_roots import TEST_PLUGINS

from compiler.plugins import PATH_VARIABLE

MINI = REPO / "tests" / "golden_module" / "content" / "mini"

# Each payload would set window.__canary_<name> if it ever ran.
LOCATION_CANARIES = {
    "head": '<img src=x onerror="window.__canary_loc_img=true">',
    "c-script": "<script>window.__canary_loc_script=true</script>",
    "c-iframe": '<iframe srcdoc="<script>top.__canary_loc_iframe=true</script>"></iframe>',
    "c-link": '<a href="javascript:window.__canary_loc_link=true">link</a>',
    "c-template": "{{constructor.constructor('window.__canary_loc_template=true')()}}",
    "c-attr": '"><svg onload="window.__canary_loc_svg=true">',
    "body": "Body {{7*7}} {face} {{{x}}}",
}
TABLE_NAME = 'Gnome <img src=x onerror="window.__canary_table=true"> {{7*7}}'
DESCRIPTION_CANARIES = (
    '<p>Rich <img src=x onerror="window.__canary_desc_img=true">'
    "<svg><script>window.__canary_desc_svg=true</script></svg>"
    '<a href="javascript:window.__canary_desc_link=true">x</a>'
    '<div style="background:url(javascript:window.__canary_desc_style=true)">y</div>'
    '<math><a xlink:href="javascript:window.__canary_desc_math=true">z</a></math>'
    '<iframe srcdoc="<script>top.__canary_desc_iframe=true</script>"></iframe>'
    "{{constructor.constructor('window.__canary_desc_template=true')()}}</p>"
)


def edit(path: Path, **changes: Any) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data.update(changes)
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")


def canary_content(root: Path) -> Path:
    """A copy of the golden content with the extra canaries (the golden record stays untouched)."""
    content = root / "content" / "mini"
    shutil.copytree(MINI, content)
    locations = [
        {"id": key, "name": name, "range": [i, i] if key != "body" else [i, 10]}
        for i, (key, name) in enumerate(LOCATION_CANARIES.items(), start=1)
    ]
    edit(content / "hit_locations" / "gnome.yaml", name=TABLE_NAME, locations=locations,
         description=DESCRIPTION_CANARIES)
    helmet = "Helmet <script>window.__canary_item=true</script>"
    edit(content / "armor" / "helmet.yaml", name=helmet)
    edit(content / "weapons" / "sword.yaml", description=DESCRIPTION_CANARIES)
    edit(content / "fighters" / "ada.yaml", description=DESCRIPTION_CANARIES)
    return content.parent


@pytest.fixture(scope="module")
def mini(tmp_path_factory: pytest.TempPathFactory) -> BuiltModule:
    root = tmp_path_factory.mktemp("xss")
    with pytest.MonkeyPatch.context() as patch:  # `mini` uses a test ruleset (tests/plugins/)
        patch.setenv(PATH_VARIABLE, str(TEST_PLUGINS))
        [module] = build_modules(canary_content(root), root / "out")
    return module


@pytest.fixture(scope="module")
def shown(
    mini: BuiltModule, browser_context: BrowserContext, harness_server: HarnessServer
) -> dict[str, Any]:
    """Render every document, run every macro on every face, then read what the page saw."""
    page = HarnessPage.open(browser_context, harness_server, mini)
    documents = page.evaluate("() => harness.renderDocuments()")
    runs = []
    for pack, macro in mini.documents("Macro"):
        ctx = context_for(mini, pack, macro)
        kind = KINDS[ctx.method]
        for case in kind.cases(ctx):
            run = page.run_macro(pack, macro["_id"], case.queue, case.actor)
            runs.append((run, kind.expect(ctx, case)))
    page.evaluate("() => harness.settle()")
    report: dict[str, Any] = page.evaluate(
        "() => ({canaries: harness.canaries(), violations: harness.violations(),"
        " unsafe: harness.inspect(), text: harness.shownText()})"
    )
    report.update(documents=documents, runs=runs, problems=page.take_problems())
    page.page.close()
    return report


def test_no_canary_ever_ran(shown: dict[str, Any], blocked_requests: list[str]) -> None:
    assert shown["canaries"] == []
    assert shown["violations"] == []
    assert shown["problems"] == []
    assert [run["problems"] for run, _ in shown["runs"]] == [[] for _ in shown["runs"]]
    assert blocked_requests == []


def test_nothing_executable_is_shown(shown: dict[str, Any]) -> None:
    assert shown["unsafe"] == []


def test_names_show_exactly_as_typed(shown: dict[str, Any]) -> None:
    named = [doc for doc in shown["documents"] if doc["name"] is not None]
    assert [doc["shown"] for doc in named] == [doc["name"] for doc in named]
    names = {doc["name"] for doc in named}
    # Not vacuous: the canary names did reach the packs and the page.
    assert TABLE_NAME in names and "Blink {{7*7}}" in names
    assert any(name.startswith("Helmet <script>") for name in names)
    assert any(name.startswith('Sword "</script><img') for name in names)


def test_chat_cards_show_canaries_as_text(shown: dict[str, Any], mini: BuiltModule) -> None:
    """One card per location, each naming it verbatim (the card check of test_macros)."""
    assert shown["runs"]
    for run, expected in shown["runs"]:
        assert run["error"] is None, run["error"]
        assert observed(run) == expected
    chat = shown["text"]["chat"]
    for name in [TABLE_NAME, *LOCATION_CANARIES.values()]:
        assert name in chat, name
    assert "49" not in chat


def test_each_location_got_its_own_card(mini: BuiltModule) -> None:
    """The cases cover every location of the canary table (one face per range end)."""
    pack, macro = mini.documents("Macro")[0]
    ctx = context_for(mini, pack, macro)
    faces = {case.dice[0][1] for case in KINDS[ctx.method].cases(ctx)}
    assert faces == {1, 2, 3, 4, 5, 6, 7, 10}
    assert Case(((10, 7),), SAMPLE_ACTOR["_id"]) in KINDS[ctx.method].cases(ctx)
