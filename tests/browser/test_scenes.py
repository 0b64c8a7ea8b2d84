"""Every ruleset's first fight opens in one click: the GM imports the scene from the module's
Scenes compendium (`game.scenes.importFromCompendium`, what the compendium's Import does), the
module brings the fighters its tokens name into the world with their ids (`foundry/scenes.mjs`),
and the viewed scene shows its grid as the content declares it and every token on its space,
with its actor, linked and disposed by the fighter's role.

In a world of a system the module ships no Actor pack for, the import brings every fighter and
item (`import.mjs`); in a pf2e world, which refuses module Actor types, the GM is told. The
stand-ins are no kinder than Foundry: only a GM may create a scene, and a pack of another
document type is refused.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_launch import HarnessServer
from browser_page import CONTENT, GENERATIONS, BuiltModule, HarnessPage
from playwright.sync_api import BrowserContext
from playwright.sync_api import Error as PageError

from compiler.loading import load_source

RULESETS = ("crytures", "danger_room", "fate_wounds", "hazard_location", "sdm_pool")
#: CONST.TOKEN_DISPOSITIONS of a fighter's token by its role (compiler/packing/systems.py).
ROLES = {"pc": (True, 1), "npc": (False, -1)}

#: A new world (no actors yet) and the GM's import of the module's first fight.
IMPORT = """async (module) => {
    game.actors.clear();
    const pack = game.packs.get(`${module}.scenes`, {strict: true});
    const [entry] = [...await pack.getIndex()];
    const scene = await game.scenes.importFromCompendium(pack, entry._id);
    return scene.id;
}"""
#: The viewed scene: grid, and each token's actor key, link, disposition and grid space.
VIEW = """async ([module, id]) => {
    const scene = game.scenes.get(id);
    await scene.activate();
    const grid = canvas.grid;
    const space = (t) => {
        const offset = grid.getOffset(t.center);
        if (!grid.isHexagonal) return [offset.j, offset.i];
        const cube = grid.offsetToCube(offset);
        return [cube.q, cube.r];
    };
    return {
        active: game.scenes.active === scene, viewed: game.scenes.viewed === scene,
        source: scene._stats.compendiumSource,
        grid: {hex: grid.isHexagonal, square: grid.isSquare, distance: grid.distance,
               units: grid.units},
        tokens: canvas.tokens.placeables.map((t) => [
            t.actor?.getFlag(module, "key") ?? null, t.document.actorLink, t.document.disposition,
            space(t)]),
    };
}"""


def _yaml(path: Path, kind: str) -> dict[str, Any]:
    source = load_source(path, path.name, kind)
    assert not isinstance(source, list), source
    data: dict[str, Any] = source.data
    return data


def expected_view(ruleset: str) -> dict[str, Any]:
    """What the first fight's content says the canvas shows (hexes axial, odd rows)."""
    scene = _yaml(CONTENT / ruleset / "scenes" / "first-fight.yaml", "scene")
    grid = scene["grid"]
    tokens = []
    for token in scene["tokens"]:
        fighter = _yaml(CONTENT / ruleset / "fighters" / f"{token['fighter']}.yaml", "fighter")
        column, row = token["at"]
        space = [column - (row - (row & 1)) // 2, row] if grid["type"] == "hex" else [column, row]
        tokens.append([token["fighter"], *ROLES[fighter.get("token", "npc")], space])
    return {"grid": {"hex": grid["type"] == "hex", "square": grid["type"] == "square",
                     "distance": grid["distance"], "units": grid["units"]},
            "tokens": tokens}


@pytest.fixture(scope="module")
def modules(shipped_modules: list[BuiltModule]) -> dict[str, BuiltModule]:
    return {m.manifest["id"].removeprefix("rulepack-").replace("-", "_"): m
            for m in shipped_modules}


@pytest.fixture(scope="module")
def tab(browser_context: BrowserContext) -> Iterator[HarnessPage]:
    """The file's page: each test boots its own world on it (`HarnessPage.reopen`)."""
    page = HarnessPage(browser_context.new_page())
    yield page
    page.page.close()


@pytest.fixture
def fresh(tab: HarnessPage) -> list[HarnessPage]:
    """The file's page, for a test to boot its world on (a list, as `_open` takes it)."""
    return [tab]


def _open(fresh: list[HarnessPage], context: BrowserContext, server: HarnessServer,
          module: BuiltModule, generation: int, system: str = "worldbuilding") -> HarnessPage:
    """A world of `module` booted afresh (`context`: the one the file's page is of)."""
    [page] = fresh
    assert page.page.context == context
    return page.reopen(server, module, generation, system=system)


def _import_and_view(page: HarnessPage, module: BuiltModule) -> dict[str, Any]:
    scene_id = page.evaluate(IMPORT, module.id)
    page.page.wait_for_function(
        "(id) => [...game.scenes.get(id).tokens].every((t) => t.actor)", arg=scene_id)
    shown: dict[str, Any] = page.evaluate(VIEW, [module.id, scene_id])
    return shown


@pytest.mark.parametrize("generation", GENERATIONS)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_first_fight_opens_in_one_click(
    ruleset: str, generation: int, modules: dict[str, BuiltModule], fresh: list[HarnessPage],
    browser_context: BrowserContext, harness_server: HarnessServer,
) -> None:
    module = modules[ruleset]
    page = _open(fresh, browser_context, harness_server, module, generation)
    shown = _import_and_view(page, module)
    assert shown.pop("active") is True and shown.pop("viewed") is True
    assert shown.pop("source").startswith(f"Compendium.{module.id}.scenes.Scene.")
    assert shown == expected_view(ruleset)
    folders = page.evaluate("() => [...game.folders].map((f) => [f.name, f.type])")
    assert folders == [[page.evaluate("() => [...game.scenes][0].name"), "Actor"]]
    assert page.take_problems() == []


def test_in_a_world_without_the_modules_packs_the_import_brings_every_fighter_and_item(
    modules: dict[str, BuiltModule], fresh: list[HarnessPage],
    browser_context: BrowserContext, harness_server: HarnessServer,
) -> None:
    module = modules["danger_room"]
    page = _open(fresh, browser_context, harness_server, module, 13, system="swade")
    shown = _import_and_view(page, module)
    assert shown["tokens"] == expected_view("danger_room")["tokens"]
    counts = page.evaluate("() => [game.actors.size, game.items.size]")
    assert counts == [len(module.documents("Actor")), len(module.documents("Item"))]


def test_in_a_pf2e_world_the_gm_is_told_no_fighter_can_come(
    modules: dict[str, BuiltModule], fresh: list[HarnessPage],
    browser_context: BrowserContext, harness_server: HarnessServer,
) -> None:
    module = modules["danger_room"]
    page = _open(fresh, browser_context, harness_server, module, 12, system="pf2e")
    page.evaluate(IMPORT, module.id)
    told = page.evaluate("""async () => (await import('/harness/foundry/record.mjs'))
        .record.notifications.filter((n) => n.type === "warning").map((n) => n.message)""")
    # The `ready` notice about pf2e first, then the scene's.
    assert told[1:] == [module.lang["RULEPACK.Scene.NoFighters"].format(
        scene="Danger Room: First Fight")]
    assert page.evaluate("() => game.actors.size") == 0


def test_only_a_gm_imports_a_scene_and_only_from_a_scene_pack(
    modules: dict[str, BuiltModule], fresh: list[HarnessPage],
    browser_context: BrowserContext, harness_server: HarnessServer,
) -> None:
    """Positive controls: the stand-ins refuse what Foundry refuses."""
    module = modules["danger_room"]
    page = _open(fresh, browser_context, harness_server, module, 12)
    with pytest.raises(PageError, match="is incorrect for this Collection"):
        page.evaluate("""async (module) => {
            const pack = game.packs.get(`${module}.macros`);
            const [entry] = [...await pack.getIndex()];
            await game.scenes.importFromCompendium(pack, entry._id);
        }""", module.id)
    page.evaluate("""async () => (await import('/harness/stage.mjs')).stage(
        {user: {_id: "harnessPlayer001", name: "Player", role: 1}})""")
    with pytest.raises(PageError, match=r"User Player lacks permission to create Scene"):
        page.evaluate(IMPORT, module.id)
    page.take_problems()  # the refusal's error notification is logged, as Foundry logs it
