"""Open every sheet kind of every module in the browser harness, as Foundry renders it, and
screenshot it in each look (v12, v13 light and dark); `python tests/browser/shots.py` refreshes
docs/screenshots/sheets/ with the cards.

A sheet kind is a sub-type the module declares (`documentTypes`); it opens on the module's
first pack document of that type, as a world copy the GM owns, or, for a sub-type the module
ships none of, on a new document of that type (the data model's initial values). Real
Handlebars renders the module's own templates (`harness/foundry/templates.mjs`, the library
from the repo's locked npm package served at `/vendor/handlebars/`); only the module's
stylesheet styles the sheet (`harness/frame.css` draws the window around it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from browser_launch import HarnessServer
from browser_page import BuiltModule, HarnessPage
from playwright.sync_api import BrowserContext
from shots import DEFAULT_OUT as SHOTS
from shots import LOOKS, save_png

DEFAULT_OUT = SHOTS / "sheets"

#: Open one document's sheet as the current user and report what it shows.
OPEN = """async ({documentName, source, world}) => {
    const cls = CONFIG[documentName].documentClass;
    const doc = world ? new cls(source) : await game.packs.get(source.pack).getDocument(source.id);
    const sheet = doc.sheet;
    await sheet.render({force: true});
    await harness.settle();
    const root = sheet.element;
    const all_ = (selector) => (root ? [...root.querySelectorAll(selector)] : []);
    // Named inputs are the form's fields; unnamed ones are display (fate_wounds' wound boxes).
    const all = all_("input, select, textarea");
    const inputs = all.filter((i) => i.name);
    return {
        rendered: sheet.rendered, editable: sheet.isEditable,
        classes: root ? [...root.classList] : [],
        title: root?.querySelector(".window-title")?.textContent ?? null,
        parts: all_("[data-application-part]").map((e) => e.dataset.applicationPart),
        names: inputs.map((i) => i.name),
        disabled: inputs.filter((i) => i.disabled).map((i) => i.name),
        liveDisplay: all.filter((i) => !i.name && !i.disabled).length,
        nameValue: root?.querySelector('input[name="name"]')?.value ?? null,
        labels: all_(".form-group > label, .rulepack-group").map((l) => l.textContent),
        text: root?.textContent ?? "",
    };
}"""
CLOSE = "() => Promise.all([...document.querySelectorAll('#sheets > *')].map((e) => e.remove()))"


@dataclass(frozen=True)
class SheetKind:
    """One sub-type's sheet and the document it opens on."""

    document_name: str
    subtype: str
    source: dict[str, Any]
    pack: str | None  # the pack the source comes from (None: a new document)

    def file_name(self, ruleset: str, look: str) -> str:
        return f"{ruleset}-{self.document_name.lower()}-{self.subtype}-{look}.png"


def sheet_kinds(module: BuiltModule) -> list[SheetKind]:
    """Every declared sub-type, on its first shipped document or a new one."""
    kinds = []
    for document_name, subtypes in sorted(module.manifest.get("documentTypes", {}).items()):
        for subtype in sorted(subtypes):
            full = f"{module.id}.{subtype}"
            shipped = [(pack, doc) for pack, doc in module.documents(document_name)
                       if doc["type"] == full]
            if shipped:
                kinds.append(SheetKind(document_name, subtype, shipped[0][1], shipped[0][0]))
                continue
            source = {"_id": f"new{subtype.replace('_', '')}"[:16].ljust(16, "0"),
                      "name": f"New {subtype.replace('_', ' ')}", "type": full}
            kinds.append(SheetKind(document_name, subtype, source, None))
    return kinds


def shot_names(module: BuiltModule) -> list[str]:
    return [kind.file_name(module.ruleset, look) for kind in sheet_kinds(module)
            for look, _, _ in LOOKS]


def open_sheet(page: HarnessPage, kind: SheetKind, world: bool = True) -> dict[str, Any]:
    source = kind.source if world else {"pack": kind.pack, "id": kind.source["_id"]}
    shown: dict[str, Any] = page.evaluate(
        OPEN, {"documentName": kind.document_name, "source": source, "world": world})
    shown["problems"] = page.take_problems()
    return shown


#: What a test checks of each sheet as shown (module, kind, look, `open_sheet`'s report).
Check = Callable[[BuiltModule, SheetKind, str, dict[str, Any]], None]


def take_sheet_shots(context: BrowserContext, server: HarnessServer,
                     modules: list[BuiltModule], out: Path, check: Check | None = None,
                     ) -> list[Path]:
    """Every `shot_names` file: each module booted afresh in each look (one page, reopened:
    `HarnessPage.reopen`), each sheet opened (and `check`ed), shot, closed."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    page = HarnessPage(context.new_page())
    try:
        for module in modules:
            for look, generation, theme in LOOKS:
                page.reopen(server, module, generation, theme=theme)
                for kind in sheet_kinds(module):
                    shown = open_sheet(page, kind)
                    if not shown["rendered"] or shown["problems"]:
                        raise RuntimeError(f"{module.id} {kind.subtype} ({look}): {shown}")
                    if check is not None:
                        check(module, kind, look, shown)
                    path = out / kind.file_name(module.ruleset, look)
                    save_png(page.page.locator("#sheets > .application"), path)
                    page.evaluate(CLOSE)
                    written.append(path)
    finally:
        page.page.close()
    return written
