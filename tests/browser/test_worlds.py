"""Foundry as a GM meets it: a world of any game system, served over plain http.

- An Item or Actor pack loads only in worlds of its system (foundryvtt/foundryvtt#12649): the
  module ships one copy per target system, so the Danger Room and Hazard macros find their cards,
  weapons and explosives in a dnd5e world as in a worldbuilding one.
- Self-hosted Foundry is reached as `http://<lan-ip>:30000`, which is not a secure context: no
  `crypto.subtle`, no `navigator.clipboard`. The harness serves every page that way (a made-up
  host mapped to 127.0.0.1), and a secret pick still commits, with the module's own SHA-256.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterator

import pytest
from browser_launch import HarnessServer
from browser_page import GENERATIONS, BuiltModule, HarnessPage
from macro_kinds import KINDS
from playwright.sync_api import BrowserContext
from test_macros import by_id, check_case, macro_contexts

DANGER = "rulepack-danger-room"
HAZARD = "rulepack-hazard-location"
#: One macro of each kind that reads the module's Item pack, run in a dnd5e world.
PACK_READERS = {DANGER: ("danger_room.pickCard", "danger_room.playCard"),
                HAZARD: ("hazard_location.blast", "hazard_location.attack")}


class Tab:
    """The file's one page and the world it holds. A test that only reads a world shares it with
    the others that read the same one (`world`); any other world is booted afresh on the page
    (`HarnessPage.reopen`: what a new page would be, at a third of the cost)."""

    def __init__(self, page: HarnessPage, server: HarnessServer) -> None:
        self.page, self.server = page, server
        self.holds: tuple[str, int, str] | None = None

    def world(self, module: BuiltModule, generation: int, system: str) -> HarnessPage:
        """The page with `module` booted as `generation` in a world of `system`, shared."""
        if self.holds != (module.id, generation, system):
            self.fresh(module, generation, system)
            self.holds = (module.id, generation, system)
        return self.page

    def fresh(self, module: BuiltModule, generation: int = GENERATIONS[0],
              system: str = "worldbuilding", *, secure: bool = False) -> HarnessPage:
        """The page with `module` booted afresh, for this test alone."""
        self.holds = None
        return self.page.reopen(self.server, module, generation, system=system, secure=secure)


@pytest.fixture(scope="module")
def tab(browser_context: BrowserContext, harness_server: HarnessServer) -> Iterator[Tab]:
    page = HarnessPage(browser_context.new_page())
    yield Tab(page, harness_server)
    page.page.close()


DnD5e = Callable[[str], HarnessPage]


@pytest.fixture(scope="module", params=GENERATIONS, ids=[f"v{g}" for g in GENERATIONS])
def dnd5e(request: pytest.FixtureRequest, tab: Tab,
          shipped_modules: list[BuiltModule]) -> DnD5e:
    """A shipped module (by id) booted in a dnd5e world, as `request.param`."""
    return lambda module_id: tab.world(by_id(shipped_modules, module_id), request.param, "dnd5e")


def loaded_packs(page: HarnessPage) -> list[str]:
    return sorted(page.evaluate("() => [...game.packs].map((p) => p.collection)"))


def test_the_modules_sha256_is_hashlibs(dnd5e: DnD5e) -> None:
    """FIPS 180-4 vectors, padding edges (55, 56, 64 bytes), non-ASCII text and random strings."""
    rng = random.Random(10)
    texts = ["", "abc", "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
             "a" * 55, "a" * 56, "a" * 64, "a" * 1000, "é — ✓ 🎲", "claw-strike|" + "5eed" * 8]
    texts += ["".join(chr(rng.randrange(32, 0x2FFF)) for _ in range(rng.randrange(200)))
              for _ in range(50)]
    digests = dnd5e(DANGER).evaluate("""async ([id, texts]) => {
        const { sha256Hex } = await import(`/modules/${id}/scripts/foundry/sha256.mjs`);
        return texts.map(sha256Hex);
    }""", [DANGER, texts])
    assert digests == [hashlib.sha256(t.encode()).hexdigest() for t in texts]


def test_pages_are_served_over_plain_http_and_are_not_a_secure_context(
    dnd5e: DnD5e, tab: Tab, shipped_modules: list[BuiltModule],
) -> None:
    """The harness's rule: `crypto.subtle` and `navigator.clipboard` are the browser's to give,
    and it gives them on 127.0.0.1 (a secure context) only."""
    page = dnd5e(DANGER)
    assert page.evaluate("() => location.hostname") == "table.test"
    assert page.evaluate("() => harness.secure()") == {
        "isSecureContext": False, "subtle": "undefined", "clipboard": "undefined"}
    secure = tab.fresh(by_id(shipped_modules, DANGER), secure=True)
    assert secure.evaluate("() => location.hostname") == "127.0.0.1"
    assert secure.evaluate("() => harness.secure()") == {
        "isSecureContext": True, "subtle": "object", "clipboard": "object"}


#: What a world leaves in its page, and what a freshly booted one shows.
LEFT = """() => ({
    global: window.leftBehind ?? null, session: sessionStorage.length,
    sheets: document.getElementById("sheets").childElementCount,
    messages: game.messages.size, actors: [...game.actors].map((a) => a.id),
    packs: [...game.packs].map((p) => p.collection), user: game.user.id, system: game.system.id,
})"""
LEAVE = """() => {
    window.leftBehind = "the last world";
    sessionStorage.setItem("left", "behind");
    document.getElementById("sheets").append(document.createElement("div"));
    game.messages.set("leftMessage0001", {});
    game.actors.clear();
    game.user = null;
    console.error("left behind");
}"""


def test_a_reopened_page_keeps_nothing_of_the_world_before(
    tab: Tab, shipped_modules: list[BuiltModule], browser_context: BrowserContext,
    harness_server: HarnessServer,
) -> None:
    """`HarnessPage.reopen`, which this file, the scenes and the sheet shots boot their worlds
    with, leaves what a new page of the context would: nothing of the world before it (its
    scripts' state, DOM, documents, the tab's session storage, what it logged)."""
    module = by_id(shipped_modules, HAZARD)
    page = tab.fresh(module, 13, "dnd5e")
    page.evaluate(LEAVE)
    assert page.evaluate("() => [window.leftBehind, sessionStorage.length]") == [
        "the last world", 1]
    tab.fresh(module, 13, "dnd5e")
    new = HarnessPage.open(browser_context, harness_server, module, 13, system="dnd5e")
    try:
        assert page.evaluate(LEFT) == new.evaluate(LEFT)
        assert page.evaluate(LEFT)["global"] is None and page.evaluate(LEFT)["session"] == 0
        assert page.take_problems() == [] == new.take_problems()
    finally:
        new.page.close()


def test_an_argument_reaches_the_page_as_playwright_would_pass_it(tab: Tab) -> None:
    """`HarnessPage.evaluate` sends an object or array argument as one JSON string: the page
    gets what Playwright's own serialisation gives it; NaN, which JSON lacks, is refused."""
    value = {"none": None, "nested": [None, [1, -2.5, 0.0], {"é — ✓ 🎲": "</script>"}],
             "big": 2**53, "tuple": (1, "two"), "true": True, "empty": {}, "list": []}
    shown = "(v) => JSON.stringify(v) + typeof v.nested[1][2] + Array.isArray(v.tuple)"
    assert tab.page.evaluate(shown, value) == tab.page.page.evaluate(shown, value)
    assert tab.page.evaluate("([a, b]) => a + b", [2, 3]) == 5
    with pytest.raises(ValueError, match="not JSON compliant"):
        tab.page.evaluate(shown, {"nan": float("nan")})


def test_item_and_actor_packs_load_only_in_a_world_of_their_system(
    dnd5e: DnD5e, shipped_modules: list[BuiltModule],
) -> None:
    # The Danger Room last: the next test reads its world.
    for module in sorted(shipped_modules, key=lambda m: m.id == DANGER):
        found = loaded_packs(dnd5e(module.id))
        expected = sorted(f"{module.id}.{p['name']}" for p in module.manifest["packs"]
                          if p.get("system", "dnd5e") == "dnd5e")
        assert found == expected
        assert not any(p.endswith("-worldbuilding") for p in found)
        if module.id in (DANGER, HAZARD):  # these two target dnd5e
            assert f"{module.id}.items-dnd5e" in found and f"{module.id}.actors-dnd5e" in found


@pytest.mark.parametrize("module_id", [DANGER, HAZARD])
def test_the_macros_find_their_items_in_a_dnd5e_world(
    module_id: str, dnd5e: DnD5e, shipped_modules: list[BuiltModule],
) -> None:
    """The Danger Room's cards and the Hazard explosives come from the module's Item pack, which
    a dnd5e world loads only as the dnd5e copy."""
    module = by_id(shipped_modules, module_id)
    page = dnd5e(module_id)
    ran = 0
    for ctx in macro_contexts(module):
        if ctx.method not in PACK_READERS[module_id]:
            continue
        kind = KINDS[ctx.method]
        for case in kind.cases(ctx)[:2]:
            check_case(page, ctx, kind, case)
            ran += 1
    assert ran >= 2


def test_the_manifest_has_an_item_and_actor_pack_per_target_system(
    shipped_modules: list[BuiltModule],
) -> None:
    """Every Item and Actor pack names one system, one copy of each per target; no
    `relationships.systems` keeps the module from being enabled elsewhere (#10385)."""
    for module in shipped_modules:
        systemed = [(p["name"], p["system"]) for p in module.manifest["packs"]
                    if p["type"] in ("Item", "Actor")]
        targets = sorted({system for _, system in systemed})
        assert sorted(systemed) == sorted(
            (f"{collection}-{system}", system) for system in targets
            for collection in ("items", "actors")
            if any(name == f"{collection}-{system}" for name, _ in systemed)), module.id
        assert all(name.rsplit("-", 1)[-1] == system for name, system in systemed)
        assert not module.manifest.get("relationships", {}).get("systems")
    for module_id in (DANGER, HAZARD):
        module = by_id(shipped_modules, module_id)
        assert {p.get("system") for p in module.manifest["packs"]} == {
            "worldbuilding", "dnd5e", None}


IMPORT = "Import fighters and items into this world"
WORLD = """(id) => ({
    items: game.items.filter((i) => i.getFlag(id, "key") !== undefined).map((i) => i.id).sort(),
    actors: game.actors.filter((a) => a.getFlag(id, "key") !== undefined
                               && a.folder !== undefined).map((a) => a.id).sort(),
    folders: [...game.folders].map((f) => [f.name, f.type]),
    packs: [...game.packs].map((p) => p.collection).sort()})"""


def run_import(page: HarnessPage, module: BuiltModule) -> dict[str, object]:
    pack, ident = next((p, d["_id"]) for p, d in module.documents("Macro") if d["name"] == IMPORT)
    return page.run_macro(pack, ident, [], None)


@pytest.mark.parametrize("generation", GENERATIONS)
def test_in_a_world_of_another_system_the_gm_imports_the_fighters_and_items(
    tab: Tab, shipped_modules: list[BuiltModule], generation: int,
) -> None:
    """A swade world loads none of the module's Item and Actor packs: at `ready` the GM is told to
    import them; the import makes the same documents (same ids) in folders of the module's, once;
    the macros then find the imported items (a Hazard blast's explosive, a Danger Room card)."""
    for module in (by_id(shipped_modules, DANGER), by_id(shipped_modules, HAZARD)):
        page = tab.fresh(module, generation, "swade")
        assert page.take_problems() == []  # the notice is an info, logged as such
        # The harness's world holds copies of the pack actors; a swade world has none.
        page.evaluate("""(id) => { for (const a of [...game.actors]) {
            if (a.getFlag(id, "key") !== undefined) game.actors.delete(a.id); } }""", module.id)
        before = page.evaluate(WORLD, module.id)
        assert not any("items-" in p or "actors-" in p for p in before["packs"])
        run = run_import(page, module)
        assert run["error"] is None and run["problems"] == []
        items = sorted(d["_id"] for _, d in module.documents("Item"))
        actors = sorted(d["_id"] for _, d in module.documents("Actor"))
        after = page.evaluate(WORLD, module.id)
        assert after["items"] == items and after["actors"] == actors
        assert after["folders"] == [
            [module.manifest["title"], "Item"], [module.manifest["title"], "Actor"]]
        count = len(items) + len(actors)
        message = module.lang["RULEPACK.Import.Done"].replace("{count}", str(count))
        assert run["notifications"] == [{"type": "info", "message": message}]
        again = run_import(page, module)  # nothing twice
        assert page.evaluate(WORLD, module.id)["items"] == items
        assert again["notifications"][0]["message"] == module.lang[
            "RULEPACK.Import.Done"].replace("{count}", "0")
        reader = PACK_READERS[module.id][0]
        ran = 0
        for ctx in macro_contexts(module):
            if ctx.method == reader:
                kind = KINDS[ctx.method]
                check_case(page, ctx, kind, kind.cases(ctx)[0])
                ran += 1
        assert ran == 1


@pytest.mark.parametrize("generation", GENERATIONS)
def test_in_a_pf2e_world_the_gm_is_told_why_there_are_no_fighters(
    tab: Tab, shipped_modules: list[BuiltModule], generation: int,
) -> None:
    """pf2e refuses module Actor and Item sub-types: the module boots, says so at `ready` and
    when asked to import; the hit-location macros (tables load in every world) still work."""
    module = by_id(shipped_modules, HAZARD)
    page = tab.fresh(module, generation, "pf2e")
    refused = module.lang["RULEPACK.Import.Refused"].replace("{system}", "pf2e").replace(
        "{reason}", "foundryvtt/pf2e#14795")
    assert page.take_problems() == [f"console warning: {refused}"]
    run = run_import(page, module)
    assert run["notifications"] == [{"type": "error", "message": refused}]
    assert run["problems"] == [f"console error: {refused}"]
    ctx = next(c for c in macro_contexts(module) if c.method == "rollHitLocation")
    kind = KINDS[ctx.method]
    check_case(page, ctx, kind, kind.cases(ctx)[0])
