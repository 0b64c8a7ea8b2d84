"""The screenshot script keeps working, every card fits the chat log, and docs/ has each card of
every ruleset with a macro in every look (v12, v13 light and dark)."""

from __future__ import annotations

import struct
from pathlib import Path

from browser_launch import HarnessServer
from browser_page import BuiltModule
from playwright.sync_api import BrowserContext
from screenshot import DEFAULT_OUT, EXPANDED, shot_names, take_screenshots

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from the IHDR chunk."""
    head = path.read_bytes()[:24]
    assert head[:8] == PNG_SIGNATURE and head[12:16] == b"IHDR", f"{path} is not a PNG"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


#: The tallest a card may be, in screenshot pixels: 900 at the sidebar's 600 px (300 CSS px at
#: device scale 2), with its details (dice and trace) collapsed as posted (issue 14).
TALLEST = 900
FRAME = Path(__file__).resolve().parent / "harness" / "frame.css"


def expected_names(modules: list[BuiltModule]) -> list[str]:
    return sorted(name for m in modules for name in shot_names(m))


def test_every_card_fits_the_chat_log_in_every_look(
    shipped_modules: list[BuiltModule], browser_context: BrowserContext,
    harness_server: HarnessServer, tmp_path: Path,
) -> None:
    paths = take_screenshots(browser_context, harness_server, shipped_modules, tmp_path)
    assert sorted(p.name for p in paths) == expected_names(shipped_modules) != []
    for path in paths:
        width, height = png_size(path)
        # The 300 px chat sidebar at device scale 2, holding one card (not an empty log); only a
        # card whose details a reader opened may be taller.
        tallest = 10 * TALLEST if path.stem.endswith(EXPANDED) else TALLEST
        assert width == 600 and 100 <= height <= tallest, (path.name, width, height)


def test_the_page_frame_styles_nothing_inside_a_message() -> None:
    """Cards are styled by the module's own stylesheet alone: the harness page's CSS names no
    class of a card, its dice or its content."""
    text = FRAME.read_text(encoding="utf-8")
    for word in ("rulepack", "dice", "message-content", "button", "details", "summary"):
        assert word not in text.split("*/", 1)[1], word


def test_docs_have_every_ruleset_card(shipped_modules: list[BuiltModule]) -> None:
    present = sorted(p.name for p in DEFAULT_OUT.glob("*.png"))
    assert present == expected_names(shipped_modules), (
        "run `PYTHONPATH=. python tests/browser/shots.py` to refresh docs/screenshots")
