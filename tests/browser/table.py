"""A table of several clients of one world: one page per logged-in user, each in a browser
context of its own (its own local storage), and the test playing Foundry's server between them:
what a client changes, posts or emits on the module socket reaches every other client
(`harness/stage.mjs` `applyRemote`), and what that sets off there is passed on in turn until
every client is quiet. A user who is not logged in has no page.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from browser_launch import HarnessServer, new_context
from browser_page import GENERATIONS, BuiltModule, Doc, HarnessPage
from playwright.sync_api import BrowserContext

HELPER = "/harness/stage.mjs"
STAGE = f"async (s) => (await import('{HELPER}')).stage(s)"
REMOTE = f"async (r) => (await import('{HELPER}')).applyRemote(r)"
CONNECT = f"async ([id, on]) => (await import('{HELPER}')).connect(id, on)"
SCENE = "async (s) => (await import('/harness/foundry/canvas.mjs')).stageScene(s)"
SCRIPT = f"async (s) => (await import('{HELPER}')).script(s)"
SCRIPT_LEFT = f"async () => (await import('{HELPER}')).scriptLeft()"


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
        page = self.pages.pop(name)
        page.page.context.close()
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


@contextmanager
def seated(browser_context: BrowserContext, server: HarnessServer, module: BuiltModule,
           users: dict[str, Doc], blocked: list[str], *, generation: int = GENERATIONS[0],
           system: str = "worldbuilding", stage: Doc | None = None) -> Iterator[Table]:
    """A table of `module` in a world of `system`: every user known to every client, one page
    per user who is logged in (`active`, true unless said otherwise), `stage` laid out on each."""
    browser = browser_context.browser
    assert browser is not None
    online = [name for name, user in users.items() if user.get("active", True)]
    contexts = {name: new_context(browser, server, blocked) for name in online}
    try:
        pages = {name: HarnessPage.open(contexts[name], server, module, generation, system=system)
                 for name in online}
        for name, page in pages.items():
            page.evaluate(STAGE, {**(stage or {}), "users": list(users.values()),
                                  "user": users[name]})
        yield Table(module, pages, users)
    finally:
        for context in contexts.values():
            context.close()
