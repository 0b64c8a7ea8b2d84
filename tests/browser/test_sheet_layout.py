"""The module's own stylesheet lays out its sheets' rows, with no Foundry core CSS on the page:
each field's label on the left and its control on the right of the same line, a rich-text field
below its label across the row, a heading across the row, in every look (v12, v13 light and
dark). Foundry's core `.form-group` layout is not there to lean on in the harness, and a world
whose system restyles `.form-group` must not break the module's sheets either.

Measured on the rendered sheet (bounding boxes and computed style), for every sheet kind of
the Danger Room module (the one template serves every module; its sheets show every kind of row,
which the test checks, so the other modules' sheets would only repeat it at a page boot each).
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_launch import HarnessServer
from browser_page import BuiltModule, HarnessPage
from node_tools import NodeTools
from playwright.sync_api import BrowserContext
from sheet_shots import CLOSE, open_sheet, sheet_kinds
from shots import LOOKS, serve_handlebars

MODULE = "rulepack-danger-room"
#: Every kind of row the sheet template has: a heading, rich text and each control.
ROW_KINDS = {"heading", "html", "input:number", "input:text", "select:select-one",
             "input:checkbox", "ul"}
#: Each row of the open sheet: its kind, display, and the boxes of its label and contents.
ROWS = """() => {
    const box = (e) => { if (!e) return null; const r = e.getBoundingClientRect();
        return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width}; };
    const rows = [...document.querySelectorAll("#sheets .rulepack-fields > .form-group")];
    return rows.map((row) => ({
        text: row.textContent.trim().slice(0, 40),
        display: getComputedStyle(row).display,
        row: box(row),
        heading: box(row.querySelector(":scope > .rulepack-group")),
        label: box(row.querySelector(":scope > label")),
        control: box(row.querySelector(":scope > .form-fields > :first-child")),
        kind: (() => { const c = row.querySelector(":scope > .form-fields > :first-child");
            return c ? `${c.tagName.toLowerCase()}${c.type ? `:${c.type}` : ""}` : null; })(),
        html: box(row.querySelector(":scope > .rulepack-html")),
    }));
}"""


@pytest.fixture(scope="module", autouse=True)
def handlebars(harness_server: HarnessServer, node_tools: NodeTools) -> None:
    serve_handlebars(harness_server, node_tools.root)


def misplaced(row: dict[str, Any]) -> list[str]:
    """What is out of place in one row (empty: laid out)."""
    found = []
    width = row["row"]["width"]
    if row["heading"] is not None:
        if row["heading"]["width"] < 0.9 * width:
            found.append("heading narrower than its row")
        return found
    if row["display"] != "flex":
        found.append(f"display {row['display']}")
    label, control, html = row["label"], row["control"], row["html"]
    if control is not None:
        if not (label["top"] < control["bottom"] and control["top"] < label["bottom"]):
            found.append("control not on its label's line")
        if label["right"] > control["left"] + 0.5:
            found.append("control not right of its label")
        if label["width"] < 0.2 * width:
            found.append("label squeezed")
    if html is not None:
        if html["top"] < label["bottom"] - 0.5:
            found.append("rich text not below its label")
        if html["width"] < 0.9 * width:
            found.append("rich text narrower than its row")
    return found


@pytest.mark.parametrize(("look", "generation", "theme"), LOOKS, ids=[look for look, _, _ in LOOKS])
def test_every_sheet_row_is_laid_out_by_the_module_css(
    look: str, generation: int, theme: str | None, shipped_modules: list[BuiltModule],
    browser_context: BrowserContext, harness_server: HarnessServer,
) -> None:
    module = next(m for m in shipped_modules if m.id == MODULE)
    problems: list[str] = []
    seen: set[str] = set()
    page = HarnessPage.open(browser_context, harness_server, module, generation, theme=theme)
    try:
        for kind in sheet_kinds(module):
            shown = open_sheet(page, kind)
            assert shown["rendered"] and shown["problems"] == [], shown
            rows = page.evaluate(ROWS)
            assert rows, f"{kind.subtype}: no rows"
            for row in rows:
                seen |= {name for name in ("heading", "html") if row[name] is not None}
                seen |= {row["kind"]} - {None}
                problems += [f"{kind.subtype} {row['text']!r}: {p}" for p in misplaced(row)]
            page.evaluate(CLOSE)
    finally:
        page.page.close()
    assert ROW_KINDS <= seen, ROW_KINDS - seen
    assert problems == []
