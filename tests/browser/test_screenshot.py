"""The screenshot script keeps working, every card fits the chat log, and docs/ has every card
kind (each macro kind of every ruleset) and the dialogs its macro opens in every look (v12, v13
light and dark), written by the test itself."""

from __future__ import annotations

import re
import struct
from pathlib import Path

from browser_launch import HarnessServer
from browser_page import BuiltModule
from macro_kinds import context_for
from playwright.sync_api import BrowserContext
from screenshot import EXPANDED, card_macros, shot_names, shots_of, take_screenshots
from shots import DEFAULT_OUT

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
DIALOG = re.compile(r"-dialog\d+-")
FRAME = Path(__file__).resolve().parent / "harness" / "frame.css"


def expected_names(modules: list[BuiltModule]) -> list[str]:
    return sorted(name for m in modules for name in shot_names(m))


def test_every_card_fits_the_chat_log_in_every_look(
    shipped_modules: list[BuiltModule], browser_context: BrowserContext,
    harness_server: HarnessServer,
) -> None:
    """Every card kind and the dialogs its macro opens, shot into docs/screenshots/ (a file
    showing the same picture is left as it is: `shots.save_png`)."""
    paths = take_screenshots(browser_context, harness_server, shipped_modules, DEFAULT_OUT)
    assert sorted(p.name for p in paths) == expected_names(shipped_modules) != []
    for path in paths:
        width, height = png_size(path)
        if DIALOG.search(path.name):
            # A dialog window at device scale 2, as wide as its content (as Foundry sizes a
            # `DialogV2.wait` window: harness/foundry/dialogs.mjs `applyWidth`): a title, a
            # field and a button at least, not an empty frame.
            assert width >= 200 and height >= 200, (path.name, width, height)
            continue
        # The 300 px chat sidebar at device scale 2, holding one card (not an empty log); only a
        # card whose details a reader opened may be taller.
        tallest = 10 * TALLEST if path.stem.endswith(EXPANDED) else TALLEST
        assert width == 600 and 100 <= height <= tallest, (path.name, width, height)


def test_every_macro_kind_has_its_card_shot(shipped_modules: list[BuiltModule]) -> None:
    """The cards are discovered from the macros: each API method a card macro calls (its kind)
    has a shot, so a new kind cannot be left out of docs/screenshots/."""
    for module in shipped_modules:
        called = {context_for(module, pack, m).method for pack, m in card_macros(module)}
        assert called and {shot.ctx.method for shot in shots_of(module)} == called, module.id
        assert len({shot.kind for shot in shots_of(module)}) == len(shots_of(module)), module.id
        # Each kind shows something: its card, or (a secret pick) the dialog it opens.
        assert all(shot.names("v12") for shot in shots_of(module)), module.id


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
