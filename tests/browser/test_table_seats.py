"""The browsers of a table are kept from one table to the next (`table.Seats`): what one table
leaves in a client (its storage of every kind, its page's state, what it logged) is gone at the
next, and within one table every client still keeps its own storage, as separate browsers do.
"""

from __future__ import annotations

from typing import Any

from browser_launch import HarnessServer
from browser_page import BuiltModule
from playwright.sync_api import BrowserContext
from table import each, seated

GM: dict[str, Any] = {"_id": "harnessUser00001", "name": "Gamemaster", "role": 4}
PLAYER: dict[str, Any] = {"_id": "playerA000000001", "name": "Laura", "role": 1}
USERS = {"gm": GM, "player": PLAYER}
#: Everything a page could keep: each kind of storage it may use over plain http (the cache API
#: and the origin private file system are for secure contexts only), its own globals, the world
#: documents it holds, and a console error nobody has taken.
LEAVE = """async (who) => {
    localStorage.setItem('left', who);
    sessionStorage.setItem('left', who);
    document.cookie = `left=${who}; max-age=3600`;
    await new Promise((done, failed) => {
        const opened = indexedDB.open(`left-${who}`);
        opened.onsuccess = () => { opened.result.close(); done(); };
        opened.onerror = () => failed(opened.error);
    });
    window.leftBehind = who;
    await ChatMessage.create({content: `left by ${who}`});
    console.error(`left by ${who}`);
}"""
KEPT = """async () => ({
    local: {...localStorage}, session: {...sessionStorage}, cookie: document.cookie,
    databases: (await indexedDB.databases()).map((d) => d.name),
    global: window.leftBehind ?? null, messages: game.messages.size,
    generation: game.release.generation, user: game.user.id,
})"""


def kept(generation: int, user: str, left: str | None = None) -> dict[str, Any]:
    """What `KEPT` reads on a page of `generation` logged in as `user`: all that `LEAVE`
    left there by `left`, else nothing."""
    if left is None:
        return {"local": {}, "session": {}, "cookie": "", "databases": [], "global": None,
                "messages": 0, "generation": generation, "user": user}
    return {"local": {"left": left}, "session": {"left": left}, "cookie": f"left={left}",
            "databases": [f"left-{left}"], "global": left, "messages": 1,
            "generation": generation, "user": user}


def test_what_one_table_leaves_in_its_browsers_is_gone_at_the_next(
    browser_context: BrowserContext, harness_server: HarnessServer,
    shipped_modules: list[BuiltModule], blocked_requests: list[str],
) -> None:
    module = shipped_modules[0]
    with seated(browser_context, harness_server, module, USERS, blocked_requests,
                generation=12) as first:
        first.pages["gm"].evaluate(LEAVE, "gm")
        # Another seat is another browser: the GM's storage is not the player's.
        assert first.everywhere(KEPT) == {"gm": kept(12, GM["_id"], "gm"),
                                          "player": kept(12, PLAYER["_id"])}
        first.pages["player"].evaluate(LEAVE, "player")
        contexts = {name: page.page.context for name, page in first.pages.items()}
        gm_page = first.pages["gm"].page
        first.leave("player")  # its page closes; the next table opens one in the same context
    with seated(browser_context, harness_server, module, USERS, blocked_requests,
                generation=13) as second:
        assert {name: page.page.context for name, page in second.pages.items()} == contexts
        assert second.pages["gm"].page is gm_page
        assert second.everywhere(KEPT) == {"gm": kept(13, GM["_id"]),
                                           "player": kept(13, PLAYER["_id"])}
        assert second.problems() == each(second.pages, [])
        for context in contexts.values():
            assert context.storage_state(indexed_db=True) == {"cookies": [], "origins": []}
    assert blocked_requests == []
