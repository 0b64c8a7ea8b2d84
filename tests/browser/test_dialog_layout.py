"""The module's windows look like Foundry's and are readable in every look (v12, v13 light and
dark), with no Foundry core CSS on the page (issue 14).

The frame is the harness's (`harness/foundry/dialogs.mjs` builds a DialogV2 window as Foundry
does: header with the title, content area, footer of buttons; `harness/frame.css` draws it per
look). The rows inside are the module's own stylesheet's to lay out: each field's label on the
left and its control on the right of the same line, a hint on its own line below, text that
stands out from the window in the look it is shown in. Measured on windows the shipped scripts
open themselves: the Hazard Dice attack window (controls in `.form-fields`, several on one row,
checkboxes, a hint) and the Danger Room form (`askForm`: a select and a number straight in the
row), which between them hold every kind of row the module's windows have.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_launch import HarnessServer
from browser_page import BuiltModule, HarnessPage
from playwright.sync_api import BrowserContext
from shots import LOOKS

#: The windows measured: (module, the button that closes it, its script, how the test opens it).
HAZARD = ("rulepack-hazard-location", "attack", "scripts/foundry/hazard_location/windows.mjs", """
    (m) => m.attackWindow({attacker: "Ada", target: "Bo", distance: "3",
        distanceNote: "Measured on the scene.", speciesLabel: "",
        weapons: [{id: "w1", label: "Carbine (short range)"}],
        species: [{id: "human", label: "Human"}], complications: [{id: "smoke", label: "Smoke"},
        {id: "dark", label: "Darkness"}]})""")
DANGER = ("rulepack-danger-room", "ok", "scripts/foundry/danger_room/ui.mjs", """
    (m) => m.askForm("rulepack-dialog-danger_room-save", "Save", [
        {name: "target", label: "Target", value: "a", options: [{value: "a", label: "Amaranth"}]},
        {name: "boost", label: "Boost", value: 1, min: 0, max: 3}])""")
#: Open a window (held open by its scripted answer) and wait for it.
OPEN = """async ([action, url, call]) => {
    const { scriptedAnswers } = await import("/harness/foundry/dialogs.mjs");
    scriptedAnswers.script([{action, hold: true}]);
    const module = await import(url);
    window.__layoutRun = (0, eval)(call)(module);
    return true;
}"""
CLOSE = """async () => { const { scriptedAnswers } = await import("/harness/foundry/dialogs.mjs");
    scriptedAnswers.proceed(); await window.__layoutRun; return true; }"""
#: The window's frame and every row of its content, with boxes and colours.
MEASURE = """() => {
    const win = document.querySelector("#dialogs > dialog");
    const box = (e) => { if (!e) return null; const r = e.getBoundingClientRect();
        return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width}; };
    const style = (e) => getComputedStyle(e);
    const content = win.querySelector(":scope > .window-content > form > .dialog-content");
    const rows = [...content.querySelectorAll(".form-group")].map((row) => {
        const fields = row.querySelector(":scope > .form-fields");
        const control = fields ? fields.firstElementChild
            : row.querySelector(":scope > select, :scope > input");
        return {text: row.textContent.trim().slice(0, 30), display: style(row).display,
            row: box(row), label: box(row.querySelector(":scope > label")), control: box(control)};
    });
    const texts = [...content.querySelectorAll("label, .hint, p, span")]
        .filter((e) => e.textContent.trim())
        .map((e) => ({text: e.textContent.trim().slice(0, 30), color: style(e).color}));
    const hints = [...content.querySelectorAll(".hint")].map((h) => ({box: box(h),
        before: box(h.previousElementSibling), color: style(h).color}));
    return {classes: [...win.classList], width: box(win).width,
        background: style(win).backgroundColor, color: style(win).color,
        title: win.querySelector(":scope > .window-header > .window-title")?.textContent,
        header: box(win.querySelector(":scope > .window-header")), content: box(content),
        footer: [...win.querySelectorAll(".form-footer > [data-action]")].map(box),
        rows, texts, hints};
}"""


def channels(css: str) -> tuple[float, ...]:
    """The red, green and blue of a computed `rgb(…)`/`rgba(…)` colour, 0 to 1."""
    inside = css[css.index("(") + 1:css.index(")")].replace(",", " ").split()
    return tuple(float(c) / 255 for c in inside[:3])


def luminance(css: str) -> float:
    """WCAG relative luminance."""
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels(css)]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, other: str) -> float:
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def misplaced(row: dict[str, Any]) -> list[str]:
    """What is out of place in one row (empty: laid out)."""
    found = []
    label, control, width = row["label"], row["control"], row["row"]["width"]
    if row["display"] != "flex":
        found.append(f"display {row['display']}")
    if label is None or control is None:
        return [*found, "no label or no control"]
    if not (label["top"] < control["bottom"] and control["top"] < label["bottom"]):
        found.append("control not on its label's line")
    if label["right"] > control["left"] + 0.5:
        found.append("control not right of its label")
    if label["width"] < 0.2 * width:
        found.append("label squeezed")
    return found


def problems_of(window: dict[str, Any], theme: str | None) -> list[str]:
    """Everything wrong with one measured window: its frame, its rows, its text."""
    found = []
    dark = luminance(window["background"]) < 0.2
    if dark != (theme == "dark"):
        found.append(f"a {'dark' if dark else 'light'} window in the {theme or 'v12'} look")
    if window["classes"][:2] != ["application", "dialog"] or not window["title"]:
        found.append(f"not a framed window: {window['classes']} {window['title']!r}")
    header, content, footer = window["header"], window["content"], window["footer"]
    if not footer:
        found.append("no footer of buttons")
    elif not header["bottom"] <= content["top"] <= content["bottom"] <= footer[0]["top"]:
        found.append("header, content and footer not stacked")
    for row in window["rows"]:
        found += [f"{row['text']!r}: {p}" for p in misplaced(row)]
    for hint in window["hints"]:
        below = hint["box"]["top"] >= hint["before"]["bottom"] - 0.5
        if not below or hint["box"]["width"] < 0.9 * content["width"]:
            found.append("hint not on its own line below its row")
    for text in window["texts"]:
        if contrast(text["color"], window["background"]) < 4.5:
            found.append(f"{text['text']!r}: {text['color']} on {window['background']}")
    return found


@pytest.mark.parametrize(("look", "generation", "theme"), LOOKS, ids=[look for look, _, _ in LOOKS])
def test_every_window_row_is_laid_out_and_readable(
    look: str, generation: int, theme: str | None, shipped_modules: list[BuiltModule],
    browser_context: BrowserContext, harness_server: HarnessServer,
) -> None:
    problems: list[str] = []
    for module_id, action, script, call in (HAZARD, DANGER):
        module = next(m for m in shipped_modules if m.id == module_id)
        page = HarnessPage.open(browser_context, harness_server, module, generation, theme=theme)
        try:
            page.evaluate(OPEN, [action, f"/modules/{module_id}/{script}", call])
            page.page.wait_for_selector("#dialogs > dialog")
            window = page.evaluate(MEASURE)
            page.evaluate(CLOSE)
            assert window["rows"] and window["texts"], window
            assert module_id != HAZARD[0] or window["hints"], "the attack window shows its hint"
            problems += [f"{module_id}: {p}" for p in problems_of(window, theme)]
            assert page.take_problems() == []
        finally:
            page.page.close()
    assert problems == []
