"""Every sheet the modules register, opened in the browser harness as Foundry renders it (issue
14, Deliver 2): the module's ApplicationV2 sheet classes with their Handlebars templates as
shipped, rendered by real Handlebars on the context `_prepareContext` gives, on v12 and v13; who
may view and who may edit by ownership; and each sheet kind's screenshot in every look, styled
by the module's stylesheet alone, committed under docs/screenshots/sheets/."""

from __future__ import annotations

import struct
from pathlib import Path
from typing import Any

import pytest
from browser_launch import HarnessServer
from browser_page import GENERATIONS, SAMPLE_ACTOR, BuiltModule, HarnessPage, OpenPage
from macro_kinds import STAGE
from node_tools import NodeTools
from playwright.sync_api import BrowserContext
from sheet_shots import (
    DEFAULT_OUT,
    SheetKind,
    open_sheet,
    sheet_kinds,
    shot_names,
    take_sheet_shots,
)
from shots import serve_handlebars

GM = {"_id": "harnessUser00001", "name": "Gamemaster", "role": 4}
PLAYER = {"_id": "playerA000000001", "name": "Laura", "role": 1}
#: A sheet at the module's 520 px (device scale 2), at most this tall in screenshot pixels.
TALLEST = 5000


@pytest.fixture(scope="module", autouse=True)
def handlebars(harness_server: HarnessServer, node_tools: NodeTools) -> None:
    serve_handlebars(harness_server, node_tools.root)


def owned_by(kind: SheetKind, level: int | None) -> SheetKind:
    """The kind's document as a world copy the player has `level` over (None: no entry)."""
    ownership = {"default": 0, **({PLAYER["_id"]: level} if level is not None else {})}
    return SheetKind(kind.document_name, kind.subtype, {**kind.source, "ownership": ownership},
                     kind.pack)


def expected_inputs(shown: dict[str, Any]) -> None:
    """Every input is the name or a `system.` path, and the sheet shows the document's name."""
    assert shown["names"] and shown["names"][0] == "name"
    assert all(n.startswith("system.") for n in shown["names"][1:]), shown["names"]
    assert shown["liveDisplay"] == 0, "an input outside the form must not take input"


def renders_with_its_template(module: BuiltModule, kind: SheetKind, look: str,
                              shown: dict[str, Any]) -> None:
    """For the GM (the harness's user), a world copy: the module's sheet class, its one part,
    every field an input named for the form handler, editable; its labels from lang (no raw
    key)."""
    label = f"{look} {module.id} {kind.subtype}"
    assert shown["problems"] == [], label
    assert shown["rendered"] and shown["editable"], label
    assert {module.id, "rulepack-sheet", f"rulepack-{kind.document_name.lower()}-sheet",
            "application"} <= set(shown["classes"]), label
    assert shown["parts"] == ["form"], label
    assert shown["nameValue"] == kind.source["name"], label
    assert shown["title"] == f"{kind.document_name}: {kind.source['name']}", label
    expected_inputs(shown)
    assert shown["disabled"] == [], label
    assert not any(text.startswith(("RULEPACK.", "TYPES.")) for text in shown["labels"]), label
    assert "RULEPACK." not in shown["text"] and "TYPES." not in shown["text"], label


@pytest.mark.parametrize("generation", GENERATIONS)
def test_who_may_view_and_edit_a_sheet_is_ownership(
    shipped_modules: list[BuiltModule], open_page: OpenPage, generation: int,
) -> None:
    """A player: with no permission the sheet does not open (Foundry's warning); Limited or
    Observer opens it read-only (every input disabled by the template); Owner may edit. A
    compendium document (a locked pack) opens read-only even for the GM."""
    module = next(m for m in shipped_modules if m.ruleset == "danger_room")
    kind = next(k for k in sheet_kinds(module) if k.document_name == "Actor")
    page = open_page(module, generation)
    page.evaluate(STAGE, {"users": [GM, PLAYER], "user": PLAYER})
    try:
        refused = open_sheet(page, owned_by(kind, None))
        assert not refused["rendered"]
        assert refused["problems"] == [
            "console warning: You do not have permission to view this Actor sheet."]
        for level, editable in ((1, False), (2, False), (3, True)):
            shown = open_sheet(page, owned_by(kind, level))
            assert shown["rendered"] and shown["editable"] is editable and shown["problems"] == []
            assert (shown["disabled"] == []) if editable else (shown["disabled"] == shown["names"])
        page.evaluate(STAGE, {"user": GM})
        locked = open_sheet(page, kind, world=False)
        assert locked["rendered"] and not locked["editable"]
        assert locked["disabled"] == locked["names"] and locked["problems"] == []
    finally:
        page.evaluate(STAGE, {"user": GM})
        page.evaluate("() => document.getElementById('sheets').replaceChildren()")


def test_a_sheet_renders_again_into_the_same_window(
    shipped_modules: list[BuiltModule], open_page: OpenPage,
) -> None:
    """A second render replaces the part in the same window; a render without `force` of a
    sheet never shown shows nothing (ApplicationV2's `force`)."""
    module = next(m for m in shipped_modules if m.ruleset == "hazard_location")
    page: HarnessPage = open_page(module, 13)
    out = page.evaluate("""async (id) => {
        const actor = game.actors.get(id);
        const sheet = actor.sheet;
        const unforced = (await sheet.render()).rendered;
        await sheet.render({force: true});
        const first = sheet.element;
        await sheet.render();
        const windows = document.querySelectorAll('#sheets > .application').length;
        const parts = first.querySelectorAll('[data-application-part="form"]').length;
        await sheet.close();
        return {unforced, same: first === sheet.element || sheet.element === null, windows, parts};
    }""", next(a["_id"] for a in module.actors() if a is not SAMPLE_ACTOR))
    assert out == {"unforced": False, "same": True, "windows": 1, "parts": 1}
    assert page.take_problems() == []


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR", f"{path} is not a PNG"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_every_sheet_kind_is_shot_in_every_look(
    shipped_modules: list[BuiltModule], browser_context: BrowserContext,
    harness_server: HarnessServer,
) -> None:
    """Every sheet kind renders with its template (`renders_with_its_template`) on v12 and v13
    in both themes, and is shot in that look into docs/screenshots/sheets/ (a file showing the
    same picture is left as it is: `shots.save_png`)."""
    paths = take_sheet_shots(browser_context, harness_server, shipped_modules, DEFAULT_OUT,
                             renders_with_its_template)
    names = sorted(n for m in shipped_modules for n in shot_names(m))
    assert sorted(p.name for p in paths) == names != []
    for path in paths:
        width, height = png_size(path)
        # The module's 520 px sheet (the window's border inside it), at device scale 2.
        assert width == 1040 and 200 <= height <= TALLEST, (path.name, width, height)
    present = sorted(p.name for p in DEFAULT_OUT.glob("*.png"))
    assert present == names, "run `PYTHONPATH=. python tests/browser/shots.py`"


EDIT = """async ({source, field, value, force}) => {
    const { record } = await import("/harness/foundry/record.mjs");
    record.reset();
    const doc = new Item(source);
    await doc.sheet.render({force: true});
    const input = doc.sheet.element.querySelector(`[name="${field}"]`);
    if (force) input.disabled = false;  // what a tampering player could do in the browser
    input.value = String(value);
    input.dispatchEvent(new Event("change", {bubbles: true}));
    await harness.settle();
    const updates = structuredClone(record.updates);
    const notes = structuredClone(record.notifications);
    await doc.sheet.close();
    return {updates, notes, now: foundry.utils.getProperty(doc, field)};
}"""


@pytest.mark.parametrize("generation", GENERATIONS)
def test_a_sheet_edit_updates_the_document_only_for_its_owner(
    shipped_modules: list[BuiltModule], open_page: OpenPage, generation: int,
) -> None:
    """`submitOnChange`: the GM's change of a field is one update of the document, the form's
    fields expanded (the number as a number); an Observer's field, enabled by hand, is refused by
    the server's check and changes nothing."""
    module = next(m for m in shipped_modules if m.ruleset == "hazard_location")
    kind = next(k for k in sheet_kinds(module) if k.subtype == "weapon")
    page = open_page(module, generation)
    page.evaluate(STAGE, {"users": [GM, PLAYER], "user": GM})
    try:
        done = page.evaluate(EDIT, {"source": kind.source, "field": "system.pen", "value": 5,
                                    "force": False})
        assert done["now"] == 5 and done["notes"] == [], done["notes"]
        [update] = done["updates"]
        assert update["uuid"] == f"Item.{kind.source['_id']}"
        assert update["changes"]["system"]["pen"] == 5
        assert update["changes"]["name"] == kind.source["name"]
        page.evaluate(STAGE, {"user": PLAYER})
        watched = owned_by(kind, 2).source
        refused = page.evaluate(EDIT, {"source": watched, "field": "system.pen", "value": 9,
                                       "force": True})
        assert refused["updates"] == [] and refused["now"] == kind.source["system"]["pen"]
        assert [n["type"] for n in refused["notes"]] and all(
            n["type"] == "error" and "lacks permission to update Item" in n["message"]
            for n in refused["notes"])
        page.take_problems()
    finally:
        page.evaluate(STAGE, {"user": GM})
