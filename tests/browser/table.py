"""A table of several clients of one world: one page per logged-in user, each in a browser
context of its own (its own local storage), and the test playing Foundry's server between them:
what a client changes, posts or emits on the module socket reaches every other client
(`harness/stage.mjs` `applyRemote`), and what that sets off there is passed on in turn until
every client is quiet. A user who is not logged in has no page.

The browsers are kept from table to table (`Seats`, one set per Chromium, so per test worker): a
seat keeps its browser context, whose HTTP and code caches stay warm, and its page, which the
next table reloads and boots again once the seat's storage is wiped (`Seat.reset`). A table
whose test failed gives its seats up: the next one starts from new contexts.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any
from weakref import WeakKeyDictionary

from browser_launch import HarnessServer, new_context
from browser_page import GENERATIONS, BuiltModule, Doc, HarnessPage, serve
from playwright.sync_api import Browser, BrowserContext

HELPER = "/harness/stage.mjs"
STAGE = f"async (s) => (await import('{HELPER}')).stage(s)"
REMOTE = f"async (r) => (await import('{HELPER}')).applyRemote(r)"
CONNECT = f"async ([id, on]) => (await import('{HELPER}')).connect(id, on)"
SCENE = "async (s) => (await import('/harness/foundry/canvas.mjs')).stageScene(s)"
SCRIPT = f"async (s) => (await import('{HELPER}')).script(s)"
SCRIPT_LEFT = f"async () => (await import('{HELPER}')).scriptLeft()"
#: What a page of the harness's origin keeps in its context beyond its own life: local storage,
#: its tab's session storage (which outlives a reload) and IndexedDB (cookies are the context's:
#: `clear_cookies`). The cache API and the origin private file system exist only in secure
#: contexts, which table pages are not. Run on a freshly loaded page, before any module is booted
#: (none reads storage before), so no connection holds a database open.
WIPE = """async () => {
    localStorage.clear();
    sessionStorage.clear();
    await Promise.all((await indexedDB.databases()).map(({name}) => new Promise((done, failed) => {
        const deleting = indexedDB.deleteDatabase(name);
        deleting.onsuccess = done;
        deleting.onerror = () => failed(deleting.error);
        deleting.onblocked = () => failed(new Error(`IndexedDB ${name} is still open`));
    })));
}"""


def each(names: Iterable[str], value: object) -> dict[str, Any]:
    """`{name: value}` for every client name (what every client must show alike)."""
    return {name: value for name in names}


class Table:
    """The clients of one world (`pages`, by the name of their user in `users`)."""

    def __init__(self, module: BuiltModule, pages: dict[str, HarnessPage],
                 users: dict[str, Doc]) -> None:
        self.module, self.pages, self.users = module, pages, users

    def macro(self, name: str) -> tuple[str, str]:
        """(pack id, macro id) of the module's macro called `name`."""
        return next((p, d["_id"]) for p, d in self.module.documents("Macro") if d["name"] == name)

    def run(self, client: str, macro: str, dice: list[dict[str, Any]], scene: Doc | None = None,
            answers: tuple[Doc, ...] = ()) -> dict[str, Any]:
        """Run a macro on one client, then relay what it did until every client is quiet."""
        pack, ident = self.macro(macro)
        run = self.pages[client].run_macro(pack, ident, dice, None, scene, list(answers))
        assert run["error"] is None, run["error"]
        self.relay(client, run)
        return run

    def relay(self, origin: str, did: dict[str, Any]) -> None:
        """Pass a client's updates, messages and socket events on, then whatever they set off,
        until no client has anything left to pass."""
        queue = [(origin, did)]
        while queue:
            source, out = queue.pop(0)
            sent = {"from": self.users[source]["_id"],
                    "updates": [{"uuid": u["uuid"], "changes": u["changes"]}
                                for u in out.get("updates", [])],
                    "messages": [{k: v for k, v in m.items() if k != "shown"}
                                 for m in out.get("messages", [])],
                    "socket": out.get("socket", [])}
            if not (sent["updates"] or sent["messages"] or sent["socket"]):
                continue
            for name, page in self.pages.items():
                if name != source:
                    queue.append((name, page.evaluate(REMOTE, sent)))

    def everywhere(self, expression: str, arg: object = None) -> dict[str, Any]:
        """`expression` evaluated on every client, by client."""
        return {name: page.evaluate(expression, arg) for name, page in self.pages.items()}

    def leave(self, name: str) -> None:
        """`name` logs out: its page closes, the others see `userConnected(user, false)`, and
        what they emit in response is passed on."""
        self.pages.pop(name).page.close()
        for other, client in list(self.pages.items()):
            self.relay(other, client.evaluate(CONNECT, [self.users[name]["_id"], False]))

    def script(self, client: str, dice: list[dict[str, Any]],
               answers: tuple[Doc, ...] = ()) -> None:
        """What `client`'s user will roll and answer when another client's work reaches it."""
        self.pages[client].evaluate(SCRIPT, {"dice": dice, "answers": list(answers)})

    def script_left(self, client: str) -> dict[str, Any]:
        """The faces and answers `client` did not use, and the dialogs it showed since `script`."""
        left: dict[str, Any] = self.pages[client].evaluate(SCRIPT_LEFT)
        return left

    def problems(self) -> dict[str, list[str]]:
        return {name: page.take_problems() for name, page in self.pages.items()}


class Seat:
    """One browser at the table: a context of its own (its own storage, as a user's browser
    has), and the page of the last table it sat at, if that page is still open."""

    def __init__(self, context: BrowserContext) -> None:
        self.context = context
        self.page: HarnessPage | None = None

    def reset(self, server: HarnessServer, module: BuiltModule, generation: int,
              system: str) -> HarnessPage:
        """This seat's page with nothing left of an earlier table: loaded afresh (the old page
        reloaded, from the warm caches, or a new one if it was closed), everything stored wiped
        (`WIPE`, cookies), then `module` booted. What the old page logged is dropped with it."""
        page = self.page
        if page is None or page.page.is_closed():
            page = self.page = HarnessPage(self.context.new_page())
            page.page.goto(f"{server.origin}/harness/index.html")
        else:
            page.take_problems()
            page.page.reload()
        self.context.clear_cookies()
        page.evaluate(WIPE)
        serve(server, module)
        page.boot(module, generation, system=system)
        return page


class Seats:
    """The seats of one Chromium's tables, reused from one table to the next."""

    def __init__(self, browser: Browser, server: HarnessServer, blocked: list[str]) -> None:
        self.browser, self.server, self.blocked = browser, server, blocked
        self.free: list[Seat] = []

    def take(self, count: int, blocked: list[str]) -> list[Seat]:
        """`count` seats, kept ones first; every request they make elsewhere is in `blocked`."""
        if blocked is not self.blocked:
            raise ValueError("a Chromium's tables report blocked requests to one list")
        while len(self.free) < count:
            self.free.append(Seat(new_context(self.browser, self.server, self.blocked)))
        taken, self.free = self.free[:count], self.free[count:]
        return taken

    def give_back(self, seats: list[Seat], clean: bool) -> None:
        """Keep the seats of a table that ended cleanly; close those of one that failed."""
        if clean:
            self.free = seats + self.free
            return
        for seat in seats:
            seat.context.close()


_SEATS: WeakKeyDictionary[Browser, Seats] = WeakKeyDictionary()


def seats_of(browser: Browser, server: HarnessServer, blocked: list[str]) -> Seats:
    """The seats of `browser` (made on first use; they close with it)."""
    if browser not in _SEATS:
        _SEATS[browser] = Seats(browser, server, blocked)
    return _SEATS[browser]


@contextmanager
def seated(browser_context: BrowserContext, server: HarnessServer, module: BuiltModule,
           users: dict[str, Doc], blocked: list[str], *, generation: int = GENERATIONS[0],
           system: str = "worldbuilding", stage: Doc | None = None) -> Iterator[Table]:
    """A table of `module` in a world of `system`: every user known to every client, one page
    per user who is logged in (`active`, true unless said otherwise), `stage` laid out on each.
    Each page is a seat of `Seats` of its own, reset first."""
    browser = browser_context.browser
    assert browser is not None
    online = [name for name, user in users.items() if user.get("active", True)]
    seats = seats_of(browser, server, blocked)
    taken = seats.take(len(online), blocked)
    clean = False
    try:
        pages = {name: seat.reset(server, module, generation, system)
                 for name, seat in zip(online, taken, strict=True)}
        for name, page in pages.items():
            page.evaluate(STAGE, {**(stage or {}), "users": list(users.values()),
                                  "user": users[name]})
        yield Table(module, pages, users)
        clean = True
    finally:
        seats.give_back(taken, clean)
