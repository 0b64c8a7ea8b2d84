"""The screenshot script keeps working, every card fits the chat log, and docs/ has every card
kind (each macro kind of every ruleset) and every dialog the module can open (each name its
shipped scripts give a window: dialog_names.py) in every look (v12, v13 light and dark), written
by the test itself."""

from __future__ import annotations

import re
import struct
from pathlib import Path

from browser_launch import HarnessServer
from browser_page import BuiltModule
from dialog_names import dialog_names
from dialog_shots import dialog_files, elsewhere
from macro_kinds import context_for
from playwright.sync_api import BrowserContext
from screenshot import EXPANDED, card_macros, shot_names, shots_of, take_screenshots
from shots import DEFAULT_OUT, LOOKS

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
DIALOG = re.compile(r"-dialog-")
FRAME = Path(__file__).resolve().parent / "harness" / "frame.css"


def expected_names(modules: list[BuiltModule]) -> list[str]:
    return sorted(name for m in modules for name in shot_names(m))


def shot_by_others(module: BuiltModule) -> set[str]:
    """The files of the dialogs another test shoots (`dialog_shots.ShotElsewhere`)."""
    names = elsewhere(module, dialog_names(module))
    return {name for look, _, _ in LOOKS for name in dialog_files(module, names, look)}


def test_every_card_fits_the_chat_log_in_every_look(
    shipped_modules: list[BuiltModule], browser_context: BrowserContext,
    harness_server: HarnessServer,
) -> None:
    """Every card kind and every dialog, shot into docs/screenshots/ (a file showing the same
    picture is left as it is: `shots.save_png`)."""
    paths = take_screenshots(browser_context, harness_server, shipped_modules, DEFAULT_OUT)
    others = set().union(*(shot_by_others(m) for m in shipped_modules))
    written = sorted(p.name for p in paths)
    assert written == [n for n in expected_names(shipped_modules) if n not in others] != []
    for path in paths:
        width, height = png_size(path)
        if DIALOG.search(path.name):
            # A dialog window at device scale 2, as wide as the module asks (`DIALOG_WIDTH`,
            # forms.mjs, 400 px; harness/foundry/dialogs.mjs `applyWidth` sizes it as Foundry
            # does): a title, a field and a button at least, not an empty frame.
            assert width == 800 and height >= 150, (path.name, width, height)
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
        # Each kind shows something: its card, or (a secret pick) the dialog it opens (shot
        # under the dialog's name).
        assert all(shot.posts or shot.dialogs for shot in shots_of(module)), module.id


def test_every_dialog_has_its_shot_in_every_look(shipped_modules: list[BuiltModule]) -> None:
    """The dialogs are discovered from the shipped scripts: each name has a file per look among
    the names the test writes, so a new window cannot be left out of docs/screenshots/."""
    for module in shipped_modules:
        names = dialog_names(module)
        assert names, module.id
        for look, _, _ in LOOKS:
            files = dialog_files(module, names, look)
            assert len(set(files)) == len(names) and set(files) <= set(shot_names(module))


def test_the_page_frame_styles_nothing_inside_a_message() -> None:
    """Cards and the contents of dialogs are styled by the module's own stylesheet alone: the
    harness page's CSS names no class of a card, its dice or its content, nor anything inside a
    window's content area (its rows, labels, hints and controls); it draws only the frame."""
    text = FRAME.read_text(encoding="utf-8")
    for word in ("rulepack", "dice", "message-content", "button", "details", "summary",
                 "dialog-content", "form-group", "form-fields", "hint", "label", "select",
                 "input", "textarea"):
        assert word not in text.split("*/", 1)[1], word


def test_docs_have_every_ruleset_card(shipped_modules: list[BuiltModule]) -> None:
    present = sorted(p.name for p in DEFAULT_OUT.glob("*.png"))
    assert present == expected_names(shipped_modules), (
        "run `PYTHONPATH=. python tests/browser/shots.py` to refresh docs/screenshots")
