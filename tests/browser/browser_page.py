"""Built modules as the harness page sees them, and a driver for one harness page per module."""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import plyvel
from browser_launch import HarnessServer
from click.testing import CliRunner
from playwright.sync_api import BrowserContext, ConsoleMessage, Dialog, Error, Page

from compiler.cli import main as rulepack

REPO = Path(__file__).resolve().parents[2]
CONTENT = REPO / "content"
Doc = dict[str, Any]
# A world actor every macro can be run against, besides the module's own Actor pack documents.
SAMPLE_ACTOR: Doc = {
    "_id": "harnessActor0001", "name": "Sample Fighter", "type": "character", "img": None,
    "system": {}, "items": [], "effects": [], "folder": None, "sort": 0,
    "ownership": {"default": 0}, "flags": {},
}
PROBLEM_CONSOLE_TYPES = frozenset({"error", "warning", "assert"})
# Foundry generations the harness stands in for: v12 (module.json minimum) and v13 (verified).
GENERATIONS = (12, 13)


def decode_pack(folder: Path) -> list[Doc]:
    """A LevelDB pack's primary documents in key order, their embedded documents put back inline."""
    db = plyvel.DB(str(folder), create_if_missing=False)
    try:
        records = {key.decode(): json.loads(value) for key, value in db}
    finally:
        db.close()
    used: set[str] = set()
    primaries = [key for key in records if "." not in key.split("!")[1]]
    docs = [_assemble(records, key, used) for key in primaries]
    if orphans := sorted(set(records) - used):
        raise ValueError(f"{folder}: records no document embeds: {orphans}")
    return docs


def _assemble(records: dict[str, Doc], key: str, used: set[str]) -> Doc:
    """`records[key]` with each list of embedded ids replaced by those documents (`!a.b!x.y`)."""
    used.add(key)
    _, sublevel, id_path = key.split("!")
    doc = dict(records[key])
    for field, value in doc.items():
        if not (isinstance(value, list) and value and all(isinstance(v, str) for v in value)):
            continue
        keys = [f"!{sublevel}.{field}!{id_path}.{child}" for child in value]
        found = [k in records for k in keys]
        if any(found) and not all(found):
            raise ValueError(f"{key}: some of {field} are missing from the pack")
        if all(found):
            doc[field] = [_assemble(records, k, used) for k in keys]
    return doc


@dataclass(frozen=True)
class BuiltModule:
    """One built module folder, its decoded packs and the world data the page loads."""

    path: Path
    world: Path
    manifest: Doc
    lang: dict[str, str]
    packs: dict[str, list[Doc]]

    @property
    def id(self) -> str:
        return str(self.manifest["id"])

    @property
    def ruleset(self) -> str:
        return str(self.manifest["flags"]["rulepack"]["ruleset"])

    def documents(self, document_type: str, system: str = "worldbuilding") -> list[tuple[str, Doc]]:
        """(pack id, document) for every pack document of `document_type` a world of `system`
        loads (an Item or Actor pack only when it is that system's)."""
        return [
            (f"{self.id}.{entry['name']}", doc)
            for entry in self.manifest["packs"]
            if entry["type"] == document_type and entry.get("system", system) == system
            for doc in self.packs[entry["name"]]
        ]

    def actors(self) -> list[Doc]:
        """The world actors: the sample one, then copies of the module's Actor pack documents."""
        return [SAMPLE_ACTOR, *(doc for _, doc in self.documents("Actor"))]


def load_module(folder: Path, world_root: Path) -> BuiltModule:
    """Decode a built module (from a copy: opening a LevelDB rewrites its log files)."""
    manifest = json.loads((folder / "module.json").read_text(encoding="utf-8"))
    scratch = world_root / "leveldb" / manifest["id"]
    shutil.copytree(folder / "packs", scratch)
    packs = {entry["name"]: decode_pack(scratch / entry["name"]) for entry in manifest["packs"]}
    lang: dict[str, str] = {}
    for language in manifest["languages"]:
        if language["lang"] == "en":
            lang.update(json.loads((folder / language["path"]).read_text(encoding="utf-8")))
    module = BuiltModule(folder, world_root / manifest["id"], manifest, lang, packs)
    module.world.mkdir(parents=True)
    (module.world / "packs.json").write_text(json.dumps(packs), encoding="utf-8")
    (module.world / "actors.json").write_text(json.dumps(module.actors()), encoding="utf-8")
    return module


def build_modules(content: Path, out: Path) -> list[BuiltModule]:
    """`rulepack build content --out out/dist`, then every module decoded for the page."""
    dist = out / "dist"
    result = CliRunner().invoke(rulepack, ["build", str(content), "--out", str(dist)])
    if result.exit_code != 0:
        raise RuntimeError(f"rulepack build {content} failed:\n{result.output}")
    folders = sorted(p for p in dist.iterdir() if p.is_dir())
    return [load_module(folder, out / "world") for folder in folders]


def serve(server: HarnessServer, module: BuiltModule) -> None:
    """Make `module` reachable where the harness looks for it."""
    server.mount(f"/modules/{module.id}/", module.path)
    server.mount(f"/world/{module.id}/", module.world)


class HarnessPage:
    """One page with one module booted; collects every console error, page error and dialog."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self._problems: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda error: self._problems.append(f"page error: {error}"))
        page.on("dialog", self._dialog)
        page.on("requestfailed", lambda r: self._problems.append(f"request failed: {r.url}"))

    @classmethod
    def open(
        cls, context: BrowserContext, server: HarnessServer, module: BuiltModule,
        generation: int = GENERATIONS[0], *, system: str = "worldbuilding", secure: bool = False,
        theme: str | None = None,
    ) -> HarnessPage:
        """A new page on the harness with `module` booted (init, setup, ready) as `generation`, in
        a world of `system` (on v13 in the interface `theme`, "dark" unless given). Served on the
        harness's insecure origin (plain http on a name that is not loopback, as self-hosted
        Foundry usually is) unless `secure`."""
        serve(server, module)
        harness = cls(context.new_page())
        harness.page.goto(f"{server.origin_for(secure)}/harness/index.html")
        harness.boot(module, generation, system=system, theme=theme)
        return harness

    def reopen(
        self, server: HarnessServer, module: BuiltModule, generation: int = GENERATIONS[0], *,
        system: str = "worldbuilding", secure: bool = False, theme: str | None = None,
    ) -> HarnessPage:
        """This page as `open` would give a new page of its context, at about a third of the
        cost (the renderer and its caches stay warm): the harness loaded afresh (a new document,
        so nothing of the last world's scripts, DOM or records is left), the tab's session
        storage cleared (the one store a new page would not share: local storage, IndexedDB and
        cookies are the context's), then `module` booted. What the old page logged is dropped
        with it (a test reads its problems before it ends)."""
        serve(server, module)
        self.take_problems()
        self.page.goto(f"{server.origin_for(secure)}/harness/index.html")
        self.page.evaluate("() => sessionStorage.clear()")
        self.boot(module, generation, system=system, theme=theme)
        return self

    def boot(self, module: BuiltModule, generation: int = GENERATIONS[0], *,
             system: str = "worldbuilding", theme: str | None = None) -> None:
        """Boot `module` on this page, freshly loaded (`open`, or reloaded: `table.Seat`)."""
        self.page.wait_for_function("() => window.harness !== undefined")
        options: dict[str, object] = {"generation": generation, "system": system}
        if theme is not None:
            options["theme"] = theme
        try:
            self.page.evaluate("([id, options]) => harness.boot(id, options)",
                               [module.id, options])
        except Error as error:
            raise AssertionError(
                f"{module.id} did not boot on v{generation} in a {system} world: {error}"
            ) from error

    def _console(self, message: ConsoleMessage) -> None:
        if message.type in PROBLEM_CONSOLE_TYPES:
            self._problems.append(f"console {message.type}: {message.text}")

    def _dialog(self, dialog: Dialog) -> None:
        # alert()/confirm() from a canary: record it and get the page going again.
        self._problems.append(f"dialog {dialog.type}: {dialog.message}")
        dialog.dismiss()

    def take_problems(self) -> list[str]:
        """Problems seen since the last call (boot problems count towards the first run)."""
        problems, self._problems = self._problems, []
        return problems

    def run_macro(
        self, pack: str, macro_id: str, dice: list[dict[str, int]], actor: str | None,
        scene: Doc | None = None, answers: list[Doc] | None = None,
    ) -> dict[str, Any]:
        """Run one pack macro with scripted dice (and a staged scene and dialog answers); the
        page's report plus `problems`."""
        self.page.bring_to_front()  # background pages get throttled timers
        run: dict[str, Any] = self.evaluate(
            "args => harness.runMacro(args)",
            {"pack": pack, "id": macro_id, "dice": dice, "actor": actor, "scene": scene,
             "answers": answers or []},
        )
        run["problems"] = self.take_problems()
        return run

    def evaluate(self, expression: str, arg: object = None) -> Any:
        """`page.evaluate` on the harness API (`expression` a function when `arg` is given). An
        object or array argument crosses as one JSON string the page parses back: the same
        values (Playwright crosses None as null too), without Playwright serialising and then
        checking every nested value against its protocol, which costs milliseconds per staged
        world; NaN and infinities, which JSON lacks, are refused."""
        if not isinstance(arg, (dict, list, tuple)):
            return self.page.evaluate(expression, arg)
        return self.page.evaluate(f"(json) => ({expression})(JSON.parse(json))",
                                  json.dumps(arg, allow_nan=False))


class OpenPage(Protocol):
    """The `open_page` fixture: the (reused) page of a module booted as one generation."""

    def __call__(self, module: BuiltModule, generation: int = GENERATIONS[0]) -> HarnessPage: ...
