"""Live reload into a running world (issue 15, Deliver 3; `scripts/foundry/live-reload.mjs`).

A page with the client setting `liveReload` on polls the `build.json` stamp every build writes;
a rebuild while the world is open makes it reload itself once, and the reloaded page runs the new
build's scripts. The packs stay what the server opened at world launch (Foundry reads a module's
LevelDB packs when a world launches, not on a page reload), so the reloaded page tells the GM
which packs changed; the next launch, which this test plays as the server, serves them.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_launch import HarnessServer
from browser_page import CONTENT, GENERATIONS, HarnessPage, build_modules, decode_pack
from click.testing import CliRunner
from playwright.sync_api import BrowserContext

from compiler.cli import main as rulepack

MODULE_ID = "rulepack-live-reload-v{}"  # its own id per run: the server mounts each id once
CARD, OLD, NEW = "amaranth", "Amaranth", "Amaranth, rebuilt"
WAIT_MS = 60_000  # generous: the machine is shared; the poll itself is once a second
BOOT = "([id, options]) => harness.boot(id, options)"


def names(page: HarnessPage, pack: str) -> list[str]:
    found: list[str] = page.evaluate(
        "async pack => [...(await game.packs.get(pack, {strict: true}).getIndex())]"
        ".map(entry => entry.name)", pack)
    return found


def notifications(page: HarnessPage) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate(
        "async () => (await import('/harness/foundry/record.mjs')).record.notifications")
    return found


def relaunch_packs(module_path: Path, world: Path, scratch: Path) -> None:
    """What Foundry's server does when the world is launched again: read the packs afresh."""
    manifest = json.loads((module_path / "module.json").read_text(encoding="utf-8"))
    shutil.copytree(module_path / "packs", scratch)  # opening a LevelDB rewrites its logs
    packs = {entry["name"]: decode_pack(scratch / entry["name"]) for entry in manifest["packs"]}
    (world / "packs.json").write_text(json.dumps(packs), encoding="utf-8")


@pytest.fixture(scope="module")
def tab(browser_context: BrowserContext) -> Iterator[HarnessPage]:
    """The file's page: each test boots its own module on it (`HarnessPage.reopen`)."""
    page = HarnessPage(browser_context.new_page())
    yield page
    page.page.close()


@pytest.mark.parametrize("generation", GENERATIONS)
def test_a_rebuild_reloads_the_page_that_asked_and_a_relaunch_brings_the_packs(
    tmp_path: Path, tab: HarnessPage, harness_server: HarnessServer, generation: int,
) -> None:
    module_id = MODULE_ID.format(generation)
    boot = [module_id, {"generation": generation, "system": "worldbuilding"}]
    content = tmp_path / "content"
    shutil.copytree(CONTENT / "danger_room", content / "danger_room")
    manifest = content / "danger_room" / "ruleset.yaml"
    manifest.write_text(re.sub(r"^id: .*$", f"id: {module_id}", manifest.read_text(), flags=re.M))
    [module] = build_modules(content, tmp_path)
    harness_server.mount(f"/modules/{module_id}/", module.path, changing=True)
    harness_server.mount(f"/world/{module_id}/", module.world, changing=True)
    page = tab.reopen(harness_server, module, generation)
    items = f"{module_id}.items-worldbuilding"
    assert OLD in names(page, items) and NEW not in names(page, items)

    page.evaluate("id => game.settings.set(id, 'liveReload', true)", module_id)
    # A poll answered: the page holds the stamp it started with (it reads it from that answer
    # at once; the rebuild below takes far longer to publish the next).
    page.page.wait_for_function(
        "() => performance.getEntriesByType('resource')"
        ".some(entry => entry.name.endsWith('/build.json'))", timeout=WAIT_MS)
    card = content / "danger_room" / "cards" / f"{CARD}.yaml"
    card.write_text(card.read_text().replace(f"name: {OLD}\n", f"name: {NEW}\n"), "utf-8")
    with page.page.expect_event("load", timeout=WAIT_MS):  # the page reloads itself
        result = CliRunner().invoke(rulepack, ["build", str(content), "--out",
                                               str(module.path.parent)])
        assert result.exit_code == 0, result.output
    page.page.wait_for_function("() => window.harness !== undefined")
    page.evaluate(BOOT, boot)

    # The reloaded page runs the new build's scripts (its world documents name the new card) ...
    world_names = page.evaluate(
        "async id => (await import(`/modules/${id}/scripts/world-documents.mjs`))"
        ".WORLD_DOCUMENTS.Item.map(doc => doc.name)", module_id)
    assert NEW in world_names and OLD not in world_names
    # ... while the packs are still the ones the server opened, and the GM is told so, once.
    assert OLD in names(page, items) and NEW not in names(page, items)
    [note] = [n for n in notifications(page) if "Launch World" in n["message"]]
    assert f"{module_id}.items-worldbuilding" in note["message"]
    # only the packs that changed: the card's Items and its macro and rules page, not the tables
    assert f"{module_id}.macros" in note["message"]
    assert f"{module_id}.tables" not in note["message"]

    relaunch_packs(module.path, module.world, tmp_path / "relaunch")
    page.page.reload()
    page.page.wait_for_function("() => window.harness !== undefined")
    page.evaluate(BOOT, boot)
    assert NEW in names(page, items) and OLD not in names(page, items)
    assert not [n for n in notifications(page) if "Launch World" in n["message"]]
    assert page.take_problems() == []
