"""`rulepack balance` on the shipped content: the report is one self-contained page, and headless
Chromium renders every plot in it (each image decoded, none broken, nothing fetched)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_launch import HarnessServer
from click.testing import CliRunner
from playwright.sync_api import BrowserContext

from compiler.cli import main

CONTENT = Path(__file__).resolve().parents[2] / "content"
PLOTS_PER_RULESET = 4  # matrix, damage spread, rounds to down, duel


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("balance") / "balance.html"
    result = CliRunner().invoke(main, ["balance", "--content", str(CONTENT), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"{out}: 3 rulesets, ")
    return out


def test_the_report_is_self_contained(report: Path) -> None:
    html = report.read_text(encoding="utf-8")
    assert not re.search(r"<(script|link)\b", html)
    assert not re.search(r"""(src|href)=["'](?!data:image/png;base64,)""", html)


def test_chromium_renders_every_plot(report: Path, browser_context: BrowserContext,
                                     harness_server: HarnessServer,
                                     blocked_requests: list[str]) -> None:
    harness_server.mount("/balance/", report.parent)
    page = browser_context.new_page()
    try:
        page.goto(f"{harness_server.origin}/balance/{report.name}")
        images = page.evaluate("""() => [...document.images].map(image => ({
            alt: image.alt, done: image.complete, width: image.naturalWidth,
            height: image.naturalHeight}))""")
        sections = page.evaluate("() => document.querySelectorAll('section.ruleset').length")
    finally:
        page.close()
    assert sections == 3
    assert len(images) == PLOTS_PER_RULESET * sections
    assert [i for i in images if not (i["done"] and i["width"] > 100 and i["height"] > 100)] == []
    assert blocked_requests == []  # the page asked for nothing beyond itself
