"""The screenshot script keeps working, and docs/ has a card for every ruleset with a macro."""

from __future__ import annotations

import struct
from pathlib import Path

from browser_launch import HarnessServer
from browser_page import BuiltModule
from playwright.sync_api import BrowserContext
from screenshot import DEFAULT_OUT, EXTRA_SHOTS, card_macros, take_screenshots

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from the IHDR chunk."""
    head = path.read_bytes()[:24]
    assert head[:8] == PNG_SIGNATURE and head[12:16] == b"IHDR", f"{path} is not a PNG"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def expected_names(modules: list[BuiltModule]) -> list[str]:
    cards = [f"{m.ruleset}-chat-card.png" for m in modules if card_macros(m)]
    extra = [f"{m.ruleset}-{suffix}.png" for m in modules
             for _, suffix in EXTRA_SHOTS.get(m.ruleset, ())]
    return sorted(cards + extra)


def test_one_card_per_ruleset_with_a_macro(
    shipped_modules: list[BuiltModule], browser_context: BrowserContext,
    harness_server: HarnessServer, tmp_path: Path,
) -> None:
    paths = take_screenshots(browser_context, harness_server, shipped_modules, tmp_path)
    assert sorted(p.name for p in paths) == expected_names(shipped_modules) != []
    for path in paths:
        width, height = png_size(path)
        # The 300 px chat sidebar at device scale 2, holding one card (not an empty log; a card
        # listing its changes with Undo runs past 300 px); a ruleset's extra shots show a whole
        # attack, which is taller.
        tallest = 800 if path.name.endswith("-chat-card.png") else 4000
        assert width == 600 and 100 <= height <= tallest, (path.name, width, height)


def test_docs_have_every_ruleset_card(shipped_modules: list[BuiltModule]) -> None:
    present = sorted(p.name for p in DEFAULT_OUT.glob("*.png"))
    assert present == expected_names(shipped_modules), (
        "run `python tests/browser/screenshot.py` to refresh docs/screenshots")
