"""Notifications carry document names as text: Foundry v12 renders a notification's message as
live HTML (`Notifications#fetch` puts it in an `<li>` unescaped) and v13 renders it as cleaned
HTML, so a name with markup in it (any user may name an actor, a GM a scene) must reach
`ui.notifications` escaped, through the module's one way to notify (`foundry/notices.mjs`).

The harness stand-in renders as each generation does (harness/foundry/notifications.mjs): in v12
an unescaped `<img onerror>` name runs its handler, and in both the text read loses its markup.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
import yaml
from browser_launch import HarnessServer
from browser_page import GENERATIONS, REPO, BuiltModule, HarnessPage
from playwright.sync_api import BrowserContext

NAME = 'Ambush <img src=x onerror="window.__canary_notice=true"> & <b>Co</b>'
#: The GM imports the module's first fight under a name of their own (`updateData`, as the
#: compendium's Import does with a renamed copy); the module then brings its fighters in.
IMPORT = """async ([module, name]) => {
    game.actors.clear();
    const pack = game.packs.get(`${module}.scenes`, {strict: true});
    const [entry] = [...await pack.getIndex()];
    const scene = await game.scenes.importFromCompendium(pack, entry._id, {name});
    return scene.id;
}"""
TOLD = """async () => (await import('/harness/foundry/record.mjs'))
    .record.notifications.map((n) => n.message)"""
SCRIPTS = REPO / "module_template" / "scripts"
FIGHT = REPO / "content" / "danger_room" / "scenes" / "first-fight.yaml"


@pytest.fixture
def fresh(browser_context: BrowserContext) -> Iterator[list[HarnessPage]]:
    pages: list[HarnessPage] = []
    yield pages
    for page in pages:
        page.page.close()


@pytest.mark.parametrize("generation", GENERATIONS)
def test_a_scene_name_with_markup_reads_as_typed_and_runs_nothing(
    generation: int, shipped_modules: list[BuiltModule], fresh: list[HarnessPage],
    browser_context: BrowserContext, harness_server: HarnessServer,
) -> None:
    module = next(m for m in shipped_modules if m.id == "rulepack-danger-room")
    page = HarnessPage.open(browser_context, harness_server, module, generation)
    fresh.append(page)
    scene_id = page.evaluate(IMPORT, [module.id, NAME])
    page.page.wait_for_function(
        "(id) => [...game.scenes.get(id).tokens].every((t) => t.actor)", arg=scene_id)
    told = page.evaluate(TOLD)
    page.page.wait_for_timeout(200)  # an <img src=x> fails to load within a few ms
    assert page.evaluate("() => window.__canary_notice ?? false") is False
    scene = yaml.safe_load(FIGHT.read_text(encoding="utf-8"))
    count = len({token["fighter"] for token in scene["tokens"]})
    assert told[-1] == module.lang["RULEPACK.Scene.FightersImported"].format(
        count=count, scene=NAME)
    assert page.take_problems() == []


def test_the_module_notifies_only_through_notices() -> None:
    """A direct `ui.notifications` call would show its message unescaped in v12."""
    direct = [f"{path.relative_to(REPO)}:{number}"
              for path in sorted(SCRIPTS.rglob("*.mjs*"))
              if path.name != "notices.mjs"
              for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
              if re.search(r"\bui\.notifications\b", line)]
    assert direct == []
