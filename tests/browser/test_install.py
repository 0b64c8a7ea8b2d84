"""A GM installs the Danger Room by its manifest URL, enables it, opens the shipped fight and
plays a Turn.

The module is built with a `release_url_base`, its `module.json` and zip are served where its
`manifest` and `download` URLs point (a release host on a local server), `installer.install`
does what Foundry's server does with the manifest URL, and the harness boots the module from the
installed folder (Foundry enables a module by loading it at the world's start) in a world with
no actors yet. The GM imports the first fight from the module's Scenes compendium (the
compendium's Import: `game.scenes.importFromCompendium`), which brings its fighters into the
world; views it; selects its four tokens, adds them to a Combat and begins it, as the tracker
does; and plays a whole Turn on that canvas, checked against the engine's `turn` rule.
"""

from __future__ import annotations

import shutil
import zipfile
from collections.abc import Iterator
from pathlib import Path, PurePosixPath
from urllib.parse import urlsplit

import pytest
from browser_launch import HarnessServer, new_context, serving
from browser_page import CONTENT, GENERATIONS, BuiltModule, HarnessPage, build_modules, load_module
from danger_room.turns import SCENARIOS, play_and_check
from danger_room.world import MODULE, Seat, World, sample_world
from installer import InstallError, install, local_fetch, package_root
from playwright.sync_api import BrowserContext

from compiler.loading import load_source
from compiler.publish import MARKER
from compiler.writing import VOLATILE_NAMES

RELEASES = "https://releases.test/rulepack/danger-room/releases"


@pytest.fixture(scope="module")
def released(tmp_path_factory: pytest.TempPathFactory) -> BuiltModule:
    """The Danger Room built from a copy of its content that names a release host."""
    root = tmp_path_factory.mktemp("release")
    shutil.copytree(CONTENT / "danger_room", root / "content" / "danger_room")
    manifest = root / "content" / "danger_room" / "ruleset.yaml"
    manifest.write_text(manifest.read_text() + f"release_url_base: {RELEASES}\n")
    (module,) = build_modules(root / "content", root / "build")
    return module


@pytest.fixture(scope="module")
def release_host(released: BuiltModule) -> Iterator[HarnessServer]:
    """The release's two assets where the module's `manifest` and `download` URLs point."""
    with serving() as host:
        for url, folder in ((released.manifest["manifest"], released.path),
                            (released.manifest["download"], released.path.parent)):
            host.mount(f"{PurePosixPath(urlsplit(url).path).parent}/", folder)
        yield host


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name not in {*VOLATILE_NAMES, MARKER}}


def test_the_manifest_urls_follow_the_release(released: BuiltModule) -> None:
    manifest = released.manifest
    assert manifest["manifest"] == f"{RELEASES}/latest/download/module.json"
    assert manifest["download"] == (
        f"{RELEASES}/download/v{manifest['version']}/{MODULE}-{manifest['version']}.zip")


def test_the_installer_and_a_manual_unzip_make_the_same_module_folder(
    released: BuiltModule, release_host: HarnessServer, tmp_path: Path,
) -> None:
    """Foundry's installer and `unzip` into `Data/modules/` both give `modules/<id>/` holding
    exactly the built module (no marker, no LevelDB lock or log)."""
    fetch = local_fetch(release_host.secure_origin)
    installed = install(released.manifest["manifest"], tmp_path / "a" / "modules", fetch)
    assert installed == tmp_path / "a" / "modules" / MODULE
    zip_path = released.path.parent / f"{MODULE}-{released.manifest['version']}.zip"
    with zipfile.ZipFile(zip_path) as archive:
        assert package_root(archive) == f"{MODULE}/"
        archive.extractall(tmp_path / "b" / "modules")
    assert _tree(installed) == _tree(tmp_path / "b" / "modules" / MODULE) == _tree(released.path)


def test_the_installer_refuses_a_zip_without_a_module_folder(tmp_path: Path) -> None:
    """A positive control: the stand-in installer is no kinder than Foundry's."""
    buffer = tmp_path / "bad.zip"
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("a/module.json", "{}")
        archive.writestr("b/module.json", "{}")
    with zipfile.ZipFile(buffer) as archive, pytest.raises(InstallError, match="one top folder"):
        package_root(archive)
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("../module.json", "{}")
    with zipfile.ZipFile(buffer) as archive, pytest.raises(InstallError, match="unsafe"):
        package_root(archive)
    manifests = {"m": b'{"id": "x", "version": "1"}', "n": b"<html>"}
    with pytest.raises(InstallError, match="no download URL"):
        install("https://h.test/m", tmp_path, lambda url: manifests[url.rsplit("/", 1)[1]])
    with pytest.raises(InstallError, match="did not provide module manifest data"):
        install("https://h.test/n", tmp_path, lambda url: manifests[url.rsplit("/", 1)[1]])


#: The GM's import of the first fight (the compendium's Import), then the scene viewed.
IMPORT = """async () => {
    const pack = game.packs.get("rulepack-danger-room.scenes", {strict: true});
    const [entry] = [...await pack.getIndex()];
    const scene = await game.scenes.importFromCompendium(pack, entry._id);
    return scene.id;
}"""
#: What the viewed canvas shows: the grid, and each token with its actor and grid space.
CANVAS = """async (id) => {
    await game.scenes.get(id).view();
    const grid = canvas.grid;
    return {
        grid: {hex: grid.isHexagonal, size: grid.size, distance: grid.distance, units: grid.units},
        tokens: canvas.tokens.placeables.map((t) => ({
            id: t.id, name: t.name, actor: t.actor?.getFlag("rulepack-danger-room", "key") ?? null,
            base: t.document.baseActor?.id ?? null, linked: t.document.actorLink,
            disposition: t.document.disposition,
            hex: (({q, r}) => [q, r])(grid.offsetToCube(grid.getOffset(t.center))),
        })),
    };
}"""
#: Select every token, Toggle Combat State on them, Begin Combat.
COMBAT = """async () => {
    for (const t of canvas.tokens.placeables) t.control({releaseOthers: false});
    const selected = canvas.tokens.controlled.map((t) => t.document);
    await CONFIG.Token.documentClass.createCombatants(selected);
    await game.combat.startCombat();
    return [...game.combat.combatants].map((c) => ({id: c.id, token: c.tokenId, name: c.name}));
}"""


def _shipped_scene() -> list[tuple[str, tuple[int, int]]]:
    """The first fight's tokens as its content places them: fighter and axial hex (odd rows)."""
    path = CONTENT / "danger_room" / "scenes" / "first-fight.yaml"
    source = load_source(path, path.name, "scene")
    assert not isinstance(source, list), source
    found = []
    for token in source.data["tokens"]:
        column, row = token["at"]
        found.append((token["fighter"], (column - (row - (row & 1)) // 2, row)))
    return found


def _open_shipped_fight(page: HarnessPage, module: BuiltModule) -> World:
    """Import, view and start the shipped fight; the world the engine then sees, its seats read
    off the page and checked against the scene's content."""
    scene_id = page.evaluate(IMPORT)
    page.page.wait_for_function(
        "(id) => [...game.scenes.get(id).tokens].every((t) => t.actor)", arg=scene_id)
    shown = page.evaluate(CANVAS, scene_id)
    assert shown["grid"] == {"hex": True, "size": 100, "distance": 1, "units": "hex"}
    tokens = shown["tokens"]
    assert [(t["actor"], tuple(t["hex"])) for t in tokens] == _shipped_scene()
    # The PCs' tokens are their sheets, Friendly; each Hand Operative its own copy, Hostile.
    assert [(t["linked"], t["disposition"]) for t in tokens] == [
        (True, 1), (True, 1), (False, -1), (False, -1)]
    actors = {a["flags"][MODULE]["key"]: a["_id"] for _, a in module.documents("Actor")}
    assert [t["base"] for t in tokens] == [actors[t["actor"]] for t in tokens]
    combatants = page.evaluate(COMBAT)
    assert [c["token"] for c in combatants] == [t["id"] for t in tokens]
    assert [c["name"] for c in combatants] == [t["name"] for t in tokens]
    fighters = ("x-23", "hellfire", "hand-operative", "hand-operative-2")
    seats = tuple(Seat(f, t["actor"], t["id"], c["id"], (t["hex"][0], t["hex"][1]))
                  for f, t, c in zip(fighters, tokens, combatants, strict=True))
    return sample_world(module, seats, extras={})


@pytest.mark.parametrize("generation", GENERATIONS)
def test_a_gm_installs_by_url_opens_the_shipped_fight_and_plays_a_turn(
    generation: int, released: BuiltModule, release_host: HarnessServer,
    browser_context: BrowserContext, tmp_path: Path,
) -> None:
    fetch = local_fetch(release_host.secure_origin)
    installed = install(released.manifest["manifest"], tmp_path / "Data" / "modules", fetch)
    module = load_module(installed, tmp_path / "world")
    (module.world / "actors.json").write_text("[]", encoding="utf-8")  # a new world: no actors
    blocked: list[str] = []
    assert browser_context.browser is not None
    with serving() as table:
        context = new_context(browser_context.browser, table, blocked)
        try:
            page = HarnessPage.open(context, table, module, generation)
            world = _open_shipped_fight(page, module)
            assert page.take_problems() == []
            play_and_check(page, module, SCENARIOS[0], on_scene=world)
        finally:
            context.close()
    assert blocked == []
