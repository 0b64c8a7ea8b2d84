"""Session fixtures for the browser tests: one Chromium, one server, one page per module."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_launch import ChromiumMissing, HarnessServer, ensure_chromium, launch, new_context
from browser_page import (
    CONTENT,
    GENERATIONS,
    BuiltModule,
    HarnessPage,
    OpenPage,
    build_modules,
)
from playwright.sync_api import BrowserContext, sync_playwright


@pytest.fixture(scope="session")
def chromium() -> Path:
    """Debian's Chromium; installed with apt when missing and running as root, else a failure."""
    try:
        return ensure_chromium()
    except ChromiumMissing as error:
        pytest.fail(str(error), pytrace=False)


@pytest.fixture(scope="session")
def harness_server() -> Iterator[HarnessServer]:
    server = HarnessServer()
    yield server
    server.close()


@pytest.fixture(scope="session")
def blocked_requests() -> list[str]:
    """Requests the browser tried to send anywhere but the harness server (must stay empty)."""
    return []


@pytest.fixture(scope="session")
def browser_context(
    chromium: Path, harness_server: HarnessServer, blocked_requests: list[str]
) -> Iterator[BrowserContext]:
    with sync_playwright() as playwright:
        browser = launch(playwright, chromium)
        context = new_context(browser, harness_server, blocked_requests)
        yield context
        context.close()
        browser.close()


@pytest.fixture(scope="session")
def shipped_modules(tmp_path_factory: pytest.TempPathFactory) -> list[BuiltModule]:
    """The shipped `content/` built once, every module decoded for the page."""
    return build_modules(CONTENT, tmp_path_factory.mktemp("shipped"))


@pytest.fixture(scope="session")
def open_page(browser_context: BrowserContext, harness_server: HarnessServer) -> OpenPage:
    """The harness page of a module and generation, opened and booted on first use, then reused."""
    pages: dict[tuple[str, int], HarnessPage] = {}

    def open_module(module: BuiltModule, generation: int = GENERATIONS[0]) -> HarnessPage:
        key = (module.id, generation)
        if key not in pages:
            pages[key] = HarnessPage.open(browser_context, harness_server, module, generation)
        return pages[key]

    return open_module
