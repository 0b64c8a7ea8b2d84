"""The harness plays Foundry's server and its users as strictly as Foundry does (positive
controls: each rule refuses what Foundry refuses, so a module that passes here does not pass only
because the stand-ins are kind)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_launch import HarnessServer
from browser_page import SAMPLE_ACTOR, BuiltModule, HarnessPage
from playwright.sync_api import BrowserContext

HAZARD = "rulepack-hazard-location"
STAGE = "async (s) => (await import('/harness/stage.mjs')).stage(s)"
GM = {"_id": "harnessUser00001", "name": "Gamemaster", "role": 4}
ASSISTANT = {"_id": "assistantGm00001", "name": "Ida", "role": 3}
OTHER_GM = {"_id": "aaaGamemaster001", "name": "Away", "role": 4}
PLAYER = {"_id": "playerA000000001", "name": "Laura", "role": 1}


@pytest.fixture(scope="module", params=[12, 13], ids=["v12", "v13"])
def page(
    request: pytest.FixtureRequest, browser_context: BrowserContext,
    harness_server: HarnessServer, shipped_modules: list[BuiltModule],
) -> Iterator[HarnessPage]:
    module = next(m for m in shipped_modules if m.id == HAZARD)
    opened = HarnessPage.open(browser_context, harness_server, module, request.param)
    yield opened
    opened.page.close()


def users(page: HarnessPage, found: list[dict[str, Any]], me: dict[str, Any]) -> None:
    page.evaluate(STAGE, {"users": found, "user": me})


ACTIVE_GM = """() => ({gm: game.users.activeGM?.id ?? null,
    designated: typeof game.users.getDesignatedUser === "function"
        ? game.users.getDesignatedUser((u) => u.active && u.isGM)?.id ?? null : "none",
    isActiveGM: game.user.isActiveGM ?? "none"})"""


def test_active_gm_is_the_logged_in_gm_of_the_highest_role_then_the_lowest_id(
    page: HarnessPage,
) -> None:
    v13 = page.evaluate("() => game.release.generation") >= 13
    users(page, [GM, ASSISTANT, {**OTHER_GM, "active": False}, PLAYER], GM)
    assert page.evaluate(ACTIVE_GM) == {"gm": GM["_id"], "designated": GM["_id"] if v13 else
                                        "none", "isActiveGM": True if v13 else "none"}
    users(page, [{**GM, "active": False}, ASSISTANT, PLAYER], ASSISTANT)
    assert page.evaluate(ACTIVE_GM)["gm"] == ASSISTANT["_id"]
    users(page, [GM, OTHER_GM, PLAYER], GM)
    assert page.evaluate(ACTIVE_GM)["gm"] == OTHER_GM["_id"]  # two full GMs: the lowest id
    users(page, [{**GM, "active": False}, PLAYER], PLAYER)
    assert page.evaluate(ACTIVE_GM)["gm"] is None
    users(page, [GM], GM)


SOCKET = """async ([moduleId, on]) => {
    const { record } = await import("/harness/foundry/record.mjs");
    record.reset();
    const got = [];
    game.socket.on(`module.${moduleId}`, (data) => got.push(data));
    game.modules.get(moduleId).socket = on;
    game.socket.emit(`module.${moduleId}`, {a: 1});
    game.socket.emit("module.some-other-module", {b: 2});
    game.modules.get(moduleId).socket = true;
    return {sent: structuredClone(record.socket), echoed: got.length};
}"""


@pytest.mark.parametrize("socket", [True, False])
def test_the_server_relays_only_a_socket_modules_events_and_never_back(
    page: HarnessPage, socket: bool,
) -> None:
    found = page.evaluate(SOCKET, [HAZARD, socket])
    assert found["echoed"] == 0
    assert found["sent"] == ([{"event": f"module.{HAZARD}", "data": {"a": 1}}] if socket else [])


REFUSED = """async ([actorId, script]) => {
    try { await (0, eval)(script)(game.actors.get(actorId)); return null; }
    catch (e) { return e.message; }
}"""


@pytest.mark.parametrize(("script", "owned", "message"), [
    ("(a) => a.update({'system.note': 'x'})", False,
     "User Laura lacks permission to update Actor [harnessActor0001]"),
    ("(a) => a.setFlag('rulepack-hazard-location', 'x', 1)", False,
     "User Laura lacks permission to update Actor [harnessActor0001]"),
    ("(a) => a.update({'flags.rulepack-hazard-location.x': 1})", True, None),
    ("(a) => ChatMessage.create({content: 'mine'})", False, None),
    ("(a) => Actor.create({name: 'New', type: 'character'})", True,
     "User Laura lacks permission to create Actor"),
])
def test_a_player_may_change_only_what_they_own(
    page: HarnessPage, script: str, owned: bool, message: str | None,
) -> None:
    ownership = {"default": 0, PLAYER["_id"]: 3} if owned else {"default": 0}
    page.evaluate("([id, o]) => { game.actors.get(id).ownership = o; }",
                  [SAMPLE_ACTOR["_id"], ownership])
    users(page, [GM, PLAYER], PLAYER)
    try:
        error = page.evaluate(REFUSED, [SAMPLE_ACTOR["_id"], script])
    finally:
        users(page, [GM], GM)
        page.evaluate("(id) => { game.actors.get(id).ownership = {default: 0}; }",
                      SAMPLE_ACTOR["_id"])
    problems = page.take_problems()
    if message is None:
        assert error is None and problems == []
    else:
        assert error is not None and error.startswith(message)
        assert problems == [f"console error: {error}"]
