"""Chat cards GMs can trust: they list what they changed, Undo restores it exactly, every trace
line names its catalogue item, and "Copy as fixture" exports a golden fixture the Python engine
replays identically (module_template/scripts/foundry/chat-card.mjs, through `api.cards`)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from browser_launch import HarnessServer
from browser_page import GENERATIONS, REPO, SAMPLE_ACTOR, BuiltModule, HarnessPage
from card_text import change_label, change_text
from jsonschema import Draft202012Validator
from macro_kinds import context_for, foundry_format
from playwright.sync_api import BrowserContext
from test_xss import LOCATION_CANARIES, TABLE_NAME

from compiler.loading import load_text
from compiler.model import SourceDoc
from compiler.rules import run_case

HAZARD = "rulepack-hazard-location"
GOLDEN = REPO / "tests" / "golden"
SCHEMA = Draft202012Validator(json.loads((GOLDEN / "fixture.schema.json").read_text("utf-8")))
CATALOGUE_ID = re.compile(r"^(P([1-9]|1[0-4])|C[1-6]|(DR|SDM|FW|HZ|CR)-[REG][0-9]{2})$")
ACTOR_A, ACTOR_B, ITEM_B = "cardActorA000001", "cardActorB000001", "cardItemB0000001"
ACTORS = [
    {"_id": ACTOR_A, "name": "Card Target A", "type": "character", "items": [], "effects": [],
     "flags": {}, "system": {"health": {"value": 10, "max": 12},
                             "wounds": {"boxes": [False, False, False]},
                             "armour": {"head": {"av": 3}}}},
    {"_id": ACTOR_B, "name": "Card Target B", "type": "character", "effects": [], "flags": {},
     "system": {"health": {"value": 8, "max": 8}},
     "items": [{"_id": ITEM_B, "name": "Pistol", "type": "weapon", "effects": [], "flags": {},
                "system": {"ammo": {"value": 6, "max": 6}, "uses": 2}}]},
]
A, B, PISTOL = f"Actor.{ACTOR_A}", f"Actor.{ACTOR_B}", f"Actor.{ACTOR_B}.Item.{ITEM_B}"
# (uuid, path, new value, pass the document rather than its uuid); health of A changes twice.
CHANGES = [
    (A, "system.health.value", 7, False), (A, "system.wounds.boxes", [True, False, False], True),
    (PISTOL, "system.ammo.value", 5, False), (A, "system.health.value", 4, False),
    (B, "system.health.value", 0, True), (A, "system.armour.head.av", 2, False),
]
SUM_2D6 = {"ruleset": "primitives", "rule": "sum_faces", "config": {},
           "input": {"die": 6, "count": 2}}

POST = """async ({moduleId, call, faces, changes, title, summary, trace}) => {
    const { scriptedDice } = await import("/harness/foundry/dice.mjs");
    const { runCase } = await import(`/modules/${moduleId}/scripts/rules/harness.mjs`);
    const cards = game.modules.get(moduleId).api.cards;
    scriptedDice.script(faces);
    const rolls = faces.length ? [await new Roll(`${faces.length}d${faces[0].d}`).evaluate()] : [];
    const full = { ...call, dice: rolls.length ? cards.diceOf(...rolls) : call.dice };
    const result = runCase(full.ruleset, full.rule, full.config, full.input, full.dice);
    const wanted = await Promise.all(changes.map(async ([uuid, path, value, byDocument]) =>
        byDocument ? { document: await fromUuid(uuid), path, value } : { uuid, path, value }));
    const records = await cards.applyChanges(wanted);
    const options = trace === null ? {} : { trace };
    const message = await cards.postCard(
        { title, summary, call: full, result, rolls, changes: records, ...options });
    return { id: message.id, result, records, flags: message.flags[moduleId] };
}"""
CLICK = """([id, action, times]) => {
    const button = document.querySelector(
        `#chat-log [data-message-id="${id}"] [data-rulepack-action="${action}"]`);
    if (!button) return false;
    window.rulepackLastButton = button;
    for (let i = 0; i < times; i++) button.click();
    return true;
}"""
RECORD = """async () => (await import("/harness/foundry/record.mjs")).record"""
ACTOR_STATE = """(ids) => ids.map((id) => game.actors.get(id).toObject())"""


def replay(text: str) -> dict[str, Any]:
    """An exported fixture, loaded strictly, schema-checked, and replayed by the Python engine."""
    match = re.match(r"# ruleset: ([a-z][a-z0-9_]*)\n", text)
    assert match, f"no ruleset comment in:\n{text}"
    doc = load_text(text, "clipboard.yaml", "fixture")
    assert isinstance(doc, SourceDoc), [d.format() for d in doc]
    SCHEMA.validate(doc.data)
    data: dict[str, Any] = doc.data
    result = run_case(match[1], data["rule"], data["config"], data["input"], data["dice"])
    assert canonical(result) == canonical(data["expected"]), "the Python engine replays differently"
    return data


def canonical(value: object) -> str:
    """JSON with sorted keys: `true` never equals `1` here, unlike Python's `==`."""
    return json.dumps(value, sort_keys=True)


def change_line(module: BuiltModule, name: str, path: str, before: object, after: object) -> str:
    return change_text(module.lang, name, path, before, after)


@pytest.fixture(scope="module")
def hazard(shipped_modules: list[BuiltModule]) -> BuiltModule:
    return next(m for m in shipped_modules if m.id == HAZARD)


def _card_page(request: pytest.FixtureRequest, browser_context: BrowserContext,
               harness_server: HarnessServer, hazard: BuiltModule,
               secure: bool) -> Iterator[HarnessPage]:
    opened = HarnessPage.open(browser_context, harness_server, hazard, request.param,
                              secure=secure)
    add = "(actors) => actors.forEach((a) => game.actors.set(a._id, new Actor(a)))"
    opened.evaluate(add, ACTORS)
    assert opened.take_problems() == []
    yield opened
    opened.page.close()


@pytest.fixture(scope="module", params=GENERATIONS, ids=[f"v{g}" for g in GENERATIONS])
def page(request: pytest.FixtureRequest, browser_context: BrowserContext,
         harness_server: HarnessServer, hazard: BuiltModule) -> Iterator[HarnessPage]:
    """A page of its own (the tests add actors and switch users), with two sample actors, served
    as self-hosted Foundry usually is: plain http, not a secure context (no clipboard)."""
    yield from _card_page(request, browser_context, harness_server, hazard, secure=False)


@pytest.fixture(scope="module", params=GENERATIONS, ids=[f"v{g}" for g in GENERATIONS])
def secure_page(request: pytest.FixtureRequest, browser_context: BrowserContext,
                harness_server: HarnessServer, hazard: BuiltModule) -> Iterator[HarnessPage]:
    """The same on a secure context (https or loopback), where `navigator.clipboard` exists."""
    yield from _card_page(request, browser_context, harness_server, hazard, secure=True)


def post(page: HarnessPage, changes: list[tuple[str, str, object, bool]], *,
         faces: tuple[int, ...] = (3, 4), call: dict[str, Any] = SUM_2D6, title: str = "Test card",
         summary: tuple[str, ...] = ("A test line",), trace: object = None) -> dict[str, Any]:
    page.page.bring_to_front()
    posted: dict[str, Any] = page.evaluate(POST, {
        "moduleId": HAZARD, "call": {"dice": [], **call},
        "faces": [{"d": 6, "v": f} for f in faces], "changes": [list(c) for c in changes],
        "title": title, "summary": list(summary), "trace": trace,
    })
    return posted


def card(page: HarnessPage, message_id: str) -> dict[str, Any]:
    shown: dict[str, Any] = page.evaluate("(id) => harness.shownMessage(id)", message_id)
    return shown["card"]


def click_and_wait(
    page: HarnessPage, message_id: str, action: str, done: str, times: int = 1
) -> None:
    assert page.evaluate(CLICK, [message_id, action, times]), f"no {action} button"
    page.page.wait_for_function(done, arg=message_id)
    page.evaluate("() => harness.settle()")


UNDONE = """(id) => !!document.querySelector(
    `#chat-log [data-message-id="${id}"] .rulepack-undone`)"""
COPIED = "() => harness.clipboard().length > 0"


def test_card_lists_changes_and_undo_restores_them_exactly(
    page: HarnessPage, hazard: BuiltModule
) -> None:
    originals = page.evaluate(ACTOR_STATE, [ACTOR_A, ACTOR_B])
    posted = post(page, CHANGES)
    names = {A: "Card Target A", B: "Card Target B", PISTOL: "Pistol"}
    befores = [10, [False, False, False], 6, 7, 8, 3]
    expected = [{"uuid": uuid, "name": names[uuid], "path": path, "before": before, "after": value}
                for (uuid, path, value, _), before in zip(CHANGES, befores, strict=True)]
    assert posted["records"] == expected == posted["flags"]["changes"]
    shown = card(page, posted["id"])
    assert shown["changes"] == [change_line(hazard, r["name"], r["path"], r["before"], r["after"])
                                for r in expected]
    assert shown["dice"] == [{"formula": "2d6", "total": "7"}]
    assert shown["actions"] == ["undo", "fixture"] and shown["undone"] is None
    assert [t["id"] for t in shown["trace"]] == ["P3"]
    assert page.evaluate(ACTOR_STATE, [ACTOR_A, ACTOR_B]) != originals

    page.evaluate(f"async () => ({RECORD})().then((r) => r.reset())")
    click_and_wait(page, posted["id"], "undo", UNDONE, times=2)  # a double click undoes once
    assert page.evaluate(ACTOR_STATE, [ACTOR_A, ACTOR_B]) == originals
    updates = page.evaluate(f"async () => structuredClone((await ({RECORD})()).updates)")
    restored = [(u["uuid"], u["changes"]) for u in updates
                if u["documentName"] != "ChatMessage"]
    assert restored == [(r["uuid"], {r["path"]: r["before"]}) for r in reversed(expected)]
    shown = card(page, posted["id"])
    assert shown["undone"] == hazard.lang["RULEPACK.Card.Undone"]
    assert shown["actions"] == ["fixture"] and len(shown["changes"]) == len(CHANGES)

    # The old button, clicked again after the undo, changes nothing.
    page.evaluate(f"async () => ({RECORD})().then((r) => r.reset())")
    page.evaluate("() => window.rulepackLastButton.click()")
    page.evaluate("() => harness.settle()")
    assert page.evaluate(f"async () => (await ({RECORD})()).updates.length") == 0
    assert page.evaluate(ACTOR_STATE, [ACTOR_A, ACTOR_B]) == originals
    assert page.take_problems() == []


def test_no_undo_for_a_player(page: HarnessPage) -> None:
    posted = post(page, [(A, "system.health.value", 5, False)])
    assert page.evaluate(CLICK, [posted["id"], "undo", 0])  # the GM's view has the button
    changed = page.evaluate(ACTOR_STATE, [ACTOR_A])
    result = page.evaluate("""async ([id, moduleId]) => {
        const gm = game.user;
        game.user = new User({_id: "harnessPlayer001", name: "Player", role: 1, character: null});
        try {
            window.rulepackLastButton.click();  // rendered for the GM, clicked by a player
            await harness.settle();
            const message = game.messages.get(id);
            message.render();  // the player's own rendering of the card
            return {undone: await game.modules.get(moduleId).api.cards.undoCard(message),
                    actions: harness.shownMessage(id).card.actions};
        } finally {
            game.user = gm;
        }
    }""", [posted["id"], HAZARD])
    assert result == {"undone": False, "actions": ["fixture"]}
    assert page.evaluate(ACTOR_STATE, [ACTOR_A]) == changed
    page.evaluate("(id) => harness.rerender(id)", posted["id"])  # the GM's view again
    assert card(page, posted["id"])["actions"] == ["undo", "fixture"]
    click_and_wait(page, posted["id"], "undo", UNDONE)
    assert page.take_problems() == []


AS_PLAYER = """async ([ownedId, script]) => {
    const gm = game.user;
    const player = new User({_id: "harnessPlayer001", name: "Player", role: 1, character: null});
    if (ownedId) game.actors.get(ownedId).ownership = {default: 0, harnessPlayer001: 3};
    game.user = player;
    try {
        return await (0, eval)(script)();
    } finally {
        game.user = gm;
    }
}"""


# A player's card that lists a change it never made (any client may post any flags): Foundry's
# server refuses the player's write to an actor they do not own, so a forger writes the record.
FORGED = """async ([moduleId, uuid, value]) => {
    const cards = game.modules.get(moduleId).api.cards;
    const result = {events: [], state: {}};
    const forged = {uuid, name: "Card Target A", path: "system.health.value", before: 1,
                    after: value};
    const message = await cards.postCard({title: "Player card", summary: ["x"], result,
        call: {ruleset: "primitives", rule: "sum_faces", config: {}, input: {die: 6, count: 0},
               dice: []}, changes: [forged]});
    return {id: message.id};
}"""


@pytest.mark.parametrize("owned", [False, True], ids=["forged", "owned"])
def test_undo_restores_only_what_the_cards_author_owns(
    page: HarnessPage, hazard: BuiltModule, owned: bool
) -> None:
    """A player's card naming an actor they do not own (forged: it could not have changed it)
    must not make the GM's Undo write that actor; one they own, Undo restores."""
    before = page.evaluate(ACTOR_STATE, [ACTOR_A])[0]["system"]["health"]["value"]
    if owned:
        posted = page.evaluate(AS_PLAYER, [ACTOR_A, f"""() => ({POST})({{
            moduleId: {json.dumps(HAZARD)}, call: {{dice: [], ...{json.dumps(SUM_2D6)}}},
            faces: [{{d: 6, v: 3}}, {{d: 6, v: 4}}],
            changes: [[{json.dumps(A)}, "system.health.value", 1, false]],
            title: "Player card", summary: ["x"], trace: null}})"""])
    else:
        script = f"() => ({FORGED})([{json.dumps(HAZARD)}, {json.dumps(A)}, {before}])"
        posted = page.evaluate(AS_PLAYER, [None, script])
    page.evaluate("(id) => harness.rerender(id)", posted["id"])  # the GM's view
    assert page.evaluate(CLICK, [posted["id"], "undo", 1])
    page.evaluate("() => harness.settle()")
    health = page.evaluate(ACTOR_STATE, [ACTOR_A])[0]["system"]["health"]["value"]
    if owned:
        assert health == before and page.take_problems() == []
    else:
        message = foundry_format(hazard.lang["RULEPACK.Card.UndoForeign"], name="Card Target A")
        assert health == before and page.take_problems() == [f"console warning: {message}"]


LAYOUT = """(id) => {
    const card = document.querySelector(`#chat-log [data-message-id="${id}"] .rulepack-card`);
    const details = card.querySelector("details.rulepack-details");
    return {
        order: [...card.children].map((c) => c.className),
        first: card.querySelector(".rulepack-body > p")?.className ?? null,
        open: details.open,
        folded: [".rulepack-dice .dice-roll", ".rulepack-trace li"].map(
            (s) => card.querySelectorAll(s).length === details.querySelectorAll(s).length),
        shown: [...card.querySelectorAll(".rulepack-body p, .rulepack-changes li")]
            .every((e) => e.getClientRects().length > 0),
    };
}"""


def test_the_outcome_is_on_top_and_the_details_are_folded(page: HarnessPage) -> None:
    """A player reads the outcome, the other lines and the changes at a glance; the dice and the
    rules trace wait, collapsed, until opened (issue 14)."""
    posted = post(page, [(A, "system.health.value", 4, False)],
                  summary=("Ann hits Bob", "a second line"))
    layout = page.evaluate(LAYOUT, posted["id"])
    assert layout == {
        "order": ["rulepack-body", "rulepack-details", "rulepack-actions"],
        "first": "rulepack-summary rulepack-outcome", "open": False,
        "folded": [True, True], "shown": True,
    }


def test_undo_refuses_when_a_document_changed_since(page: HarnessPage, hazard: BuiltModule) -> None:
    posted = post(page, [(B, "system.health.value", 3, False)])
    set_health = "([id, v]) => game.actors.get(id).update({'system.health.value': v}).then(() => 0)"
    page.evaluate(set_health, [ACTOR_B, 99])
    assert page.evaluate(CLICK, [posted["id"], "undo", 1])
    page.evaluate("() => harness.settle()")
    message = foundry_format(hazard.lang["RULEPACK.Card.UndoConflict"], name="Card Target B",
                             label=change_label(hazard.lang, "system.health.value"))
    assert page.take_problems() == [f"console warning: {message}"]
    assert page.evaluate(ACTOR_STATE, [ACTOR_B])[0]["system"]["health"]["value"] == 99
    assert card(page, posted["id"])["actions"] == ["undo", "fixture"]
    page.evaluate(set_health, [ACTOR_B, 3])
    click_and_wait(page, posted["id"], "undo", UNDONE)
    assert page.evaluate(ACTOR_STATE, [ACTOR_B])[0]["system"]["health"]["value"] == 8


@pytest.mark.parametrize(("change", "message"), [
    ((A, "name", "x", False), "is not a field path a card may change"),
    ((A, "system.wounds.boxes.0", True, False), "is not a field path a card may change"),
    # Combat and Combatant flags of this module are changeable; an Actor's flags are not.
    ((A, f"flags.{HAZARD}.key", "x", False), "is not a field path a card may change"),
    ((A, "system.health", 3, False), "only JSON leaf values can be undone"),
    ((A, "system.health.value", {"v": 1}, False), "only JSON leaf values can be undone"),
    ((A, "system.nothing.here", 1, False), "only JSON leaf values can be undone"),
    (("Actor.noSuchActor00001", "system.health.value", 1, False), "no document"),
])
def test_apply_changes_refuses_what_it_could_not_undo(
    page: HarnessPage, change: tuple[str, str, object, bool], message: str
) -> None:
    error = page.evaluate("""async ([moduleId, ok, bad]) => {
        const { record } = await import("/harness/foundry/record.mjs");
        record.reset();
        try {
            await game.modules.get(moduleId).api.cards.applyChanges([ok, bad]);
            return null;
        } catch (e) { return [e.message, record.updates.length]; }
    }""", [HAZARD, {"uuid": A, "path": "system.armour.head.av", "value": 1},
           dict(zip(("uuid", "path", "value"), change[:3], strict=True))])
    assert error is not None and message in error[0]
    assert error[1] == 0, "a change was applied before the bad one was refused"


@pytest.mark.parametrize("face", [1, 42, 100])
def test_hit_location_fixture_replays_in_the_python_engine(
    secure_page: HarnessPage, hazard: BuiltModule, face: int
) -> None:
    page = secure_page
    pack, macro = next((p, m) for p, m in hazard.documents("Macro")
                       if context_for(hazard, p, m).args == ("human",))
    run = page.run_macro(pack, macro["_id"], [{"d": 100, "v": face}], SAMPLE_ACTOR["_id"])
    assert run["error"] is None and run["problems"] == []
    [message] = run["messages"]
    shown = message["shown"]["card"]
    assert shown["dice"] == [{"formula": "1d100", "total": str(face)}]
    [line] = shown["trace"]
    assert line["id"] == "P6" and line["text"].startswith("P6 ")
    click_and_wait(page, message["_id"], "fixture", COPIED)
    [text] = page.evaluate("() => harness.clipboard()")
    data = replay(text)
    assert data["covers"] == ["P6"] and data["dice"] == [{"d": 100, "v": face}]
    assert data["rule"] == "table_lookup" and data["expected"]["events"][0]["face"] == face
    assert page.take_problems() == []


def test_without_a_clipboard_the_fixture_shows_in_a_dialog(page: HarnessPage) -> None:
    """Plain http on a LAN address is no secure context: the browser offers no clipboard."""
    assert page.evaluate("() => harness.secure()") == {
        "isSecureContext": False, "subtle": "undefined", "clipboard": "undefined"}
    posted = post(page, [])
    done = "() => !!document.querySelector('#dialogs textarea.rulepack-fixture')"
    assert page.evaluate(CLICK, [posted["id"], "fixture", 1])
    page.page.wait_for_function(done)
    text = page.evaluate("() => document.querySelector('#dialogs textarea').value")
    page.evaluate("() => document.querySelector('#dialogs [data-action=ok]').click()")
    assert replay(text)["covers"] == ["P3"]
    assert page.evaluate("() => document.querySelectorAll('#dialogs *').length") == 0
    assert page.take_problems() == []


def test_only_the_running_cores_chat_hook_is_registered(page: HarnessPage) -> None:
    generation, counts = page.evaluate("() => [game.release.generation, Hooks.counts()]")
    html, old = counts.get("renderChatMessageHTML", 0), counts.get("renderChatMessage", 0)
    assert (html, old) == ((1, 0) if generation >= 13 else (0, 1))


def primitives_fixtures() -> list[Path]:
    return sorted(p for p in (GOLDEN / "primitives").glob("*.yaml")
                  if "error" not in load_fixture(p)["expected"])


def load_fixture(path: Path) -> dict[str, Any]:
    doc = load_text(path.read_text("utf-8"), str(path), "fixture")
    assert isinstance(doc, SourceDoc)
    data: dict[str, Any] = doc.data
    return data


def test_every_primitive_event_has_a_catalogue_id_and_its_fixture_replays(
    page: HarnessPage
) -> None:
    """Every event type of every passing primitives fixture: a trace line naming an item the
    fixture covers, and an exported fixture equal to the original where it matters."""
    fixtures = [load_fixture(p) for p in primitives_fixtures()]
    assert len(fixtures) > 50
    exported = page.evaluate("""async ([moduleId, fixtures]) => {
        const { runCase } = await import(`/modules/${moduleId}/scripts/rules/harness.mjs`);
        const cards = game.modules.get(moduleId).api.cards;
        const out = [];
        for (const f of fixtures) {
            const call = {ruleset: "primitives", rule: f.rule, config: f.config,
                          input: f.input, dice: f.dice};
            const result = runCase(call.ruleset, call.rule, call.config, call.input, call.dice);
            const message = await cards.postCard({title: f.name, call, result});
            const { card } = cards.readCard(message);
            const { trace } = harness.shownMessage(message.id).card;
            out.push({trace, yaml: cards.fixtureYaml(card)});
        }
        return out;
    }""", [HAZARD, fixtures])
    for fixture, card_out in zip(fixtures, exported, strict=True):
        ids = [line["id"] for line in card_out["trace"]]
        assert ids and all(i is not None and CATALOGUE_ID.match(i) for i in ids), fixture["name"]
        assert set(ids) <= set(fixture["covers"]), (fixture["name"], ids)
        data = replay(card_out["yaml"])
        for key in ("rule", "config", "input", "dice", "expected"):
            assert canonical(data[key]) == canonical(fixture[key]), (fixture["name"], key)
    assert page.take_problems() == []


def test_an_event_without_a_trace_entry_is_shown_generically(page: HarnessPage) -> None:
    posted = post(page, [], trace={})
    [line] = card(page, posted["id"])["trace"]
    assert line["id"] is None and line["text"].startswith("pool (no catalogue id): {")
    assert '"faces":[3,4]' in line["text"]


def test_card_text_is_inert_for_canaries(page: HarnessPage) -> None:
    """Canary names in the title, summary, changed documents, values and trace stay text, in
    the card, after Undo, and through the fixture's YAML and its dialog."""
    canaries = list(LOCATION_CANARIES.values())
    page.evaluate("""([id, name]) => game.actors.set(id, new Actor({_id: id, name, type: "x",
        items: [], effects: [], flags: {}, system: {note: "plain"}}))""",
                  ["cardCanary000001", TABLE_NAME])
    call = {"ruleset": "primitives", "rule": "table_lookup", "config": {},
            "input": {"die": 6, "table": [{"lo": 1, "hi": 6, "key": canaries[1]}]}}
    posted = post(page, [("Actor.cardCanary000001", "system.note", canaries[2], False)],
                  faces=(4,), call=call, title=TABLE_NAME, summary=tuple(canaries))
    shown = card(page, posted["id"])
    assert shown["summary"] == canaries
    assert TABLE_NAME in shown["changes"][0] and canaries[1] in shown["trace"][0]["text"]
    click_and_wait(page, posted["id"], "undo", UNDONE)
    assert page.evaluate(CLICK, [posted["id"], "fixture", 1])  # no clipboard: a dialog
    page.page.wait_for_function("() => !!document.querySelector('#dialogs textarea')")
    text = page.evaluate("() => document.querySelector('#dialogs textarea').value")
    report = page.evaluate("""async () => {
        await harness.settle();
        return {canaries: harness.canaries(), violations: harness.violations(),
                unsafe: harness.inspect()};
    }""")
    page.evaluate("() => document.querySelector('#dialogs [data-action=ok]').click()")
    assert report == {"canaries": [], "violations": [], "unsafe": []}
    data = replay(text)
    assert data["input"]["table"][0]["key"] == canaries[1] and data["name"].startswith(TABLE_NAME)
    assert page.take_problems() == []


TRICKY: dict[str, Any] = {
    "plain": "text", "no": "no", "on": "ON", "y": "y", "null": "null", "empty": "", "octal": "010",
    "sexagesimal": "1:30", "date": "2001-12-14", "float": "1.5", "tilde": "~", "hash": "# x",
    "colon": "key: value", "dash": "- item", "flow": "{a: 1}, [b]", "quotes": "\"'\\`",
    "breaks": "a\nb\r\nc\td", "controls": "\x00\x01\x1b\x7f\x85\x9f", "separators": "\u2028\u2029",
    "bom": "\ufeff", "unicode": "é — ✓", "astral": "🎲", "canary": TABLE_NAME,
    "ints": [0, -1, 2**53 - 1, -(2**53 - 1)], "scalars": [True, False, None],
    "nested": {"list": [[1, [2, []]], {}], "Key With Space": {"NO": 1, "y": [{"a": [1]}]}},
    "long": list(range(60)), "yes": True, "": "empty key",
}


def test_yaml_emitter_round_trips_through_both_yaml_readers(page: HarnessPage) -> None:
    text = page.evaluate("""async ([moduleId, data]) => {
        const { toYaml } = await import(`/modules/${moduleId}/scripts/foundry/yaml.mjs`);
        return toYaml(data, {comment: ["a comment"]});
    }""", [HAZARD, TRICKY])
    doc = load_text(text, "tricky.yaml", "fixture")
    assert isinstance(doc, SourceDoc), [d.format() for d in doc]
    assert canonical(doc.data) == canonical(TRICKY)
    # PyYAML's YAML 1.1 reading agrees: nothing depends on the 1.2 core schema.
    assert canonical(yaml.safe_load(text)) == canonical(TRICKY)
    assert text.isascii() and text.startswith("# a comment\n")


@pytest.mark.parametrize("value", [
    "1.5", "NaN", "2 ** 53", "({a: undefined})", "new Date(0)", "'\\ud800'", "[() => 1]",
])
def test_yaml_emitter_refuses_what_is_not_fixture_data(page: HarnessPage, value: str) -> None:
    error = page.evaluate(f"""async (moduleId) => {{
        const url = `/modules/${{moduleId}}/scripts/foundry/yaml.mjs`;
        const {{ toYaml, YamlError }} = await import(url);
        try {{ toYaml({value}); return null; }} catch (e) {{ return e instanceof YamlError; }}
    }}""", HAZARD)
    assert error is True


VISIBILITY = """async (id) => {
    const m = game.messages.get(id);
    return {whisper: [...m.whisper], blind: m.blind};
}"""
SET_MODE = "(mode) => game.settings.set('core', 'rollMode', mode)"


@pytest.mark.parametrize("faces", [(3, 4), ()], ids=["rolled", "no-rolls"])
@pytest.mark.parametrize(("mode", "expected"), [
    ("publicroll", {"whisper": [], "blind": False}),
    ("gmroll", {"whisper": ["harnessUser00001"], "blind": False}),
    ("blindroll", {"whisper": ["harnessUser00001"], "blind": True}),
    ("selfroll", {"whisper": ["harnessUser00001"], "blind": False}),
])
def test_a_card_follows_the_users_roll_mode(
    page: HarnessPage, faces: tuple[int, ...], mode: str, expected: dict[str, Any]
) -> None:
    """The roll-mode selector of the chat log decides who sees a card, as for any roll: v13
    applies no mode to a bare ChatMessage.create, v12 none to a message without rolls."""
    call = SUM_2D6 if faces else {**SUM_2D6, "input": {"die": 6, "count": 0}}
    page.evaluate(SET_MODE, mode)
    try:
        posted = post(page, [], faces=faces, call=call)
    finally:
        page.evaluate(SET_MODE, "publicroll")
    assert page.evaluate(VISIBILITY, posted["id"]) == expected

SEEN_BY = """async ([id, role]) => {
    const gm = game.user;
    if (role !== null) {
        game.user = new User({_id: "harnessPlayer001", name: "Player", role, character: null});
    }
    try {
        game.messages.get(id).render();
        const card = harness.shownMessage(id).card;
        return {trace: card.trace.length > 0, changes: card.changes.length > 0};
    } finally {
        game.user = gm;
        game.messages.get(id).render();
    }
}"""


def set_setting(page: HarnessPage, key: str, value: object) -> None:
    page.evaluate("([m, k, v]) => game.settings.set(m, k, v).then(() => null)",
                  [HAZARD, key, value])


def test_what_players_see_follows_the_world_settings(page: HarnessPage) -> None:
    """The GM may hide the rules trace and the Changes list from players; GMs keep both."""
    posted = post(page, [(A, "system.health.value", 6, False)])
    everything = {"trace": True, "changes": True}
    assert page.evaluate(SEEN_BY, [posted["id"], 1]) == everything
    try:
        set_setting(page, "playerTrace", False)
        assert page.evaluate(SEEN_BY, [posted["id"], 1]) == {"trace": False, "changes": True}
        set_setting(page, "playerChanges", False)
        assert page.evaluate(SEEN_BY, [posted["id"], 1]) == {"trace": False, "changes": False}
        assert page.evaluate(SEEN_BY, [posted["id"], None]) == everything
    finally:
        set_setting(page, "playerTrace", True)
        set_setting(page, "playerChanges", True)
    assert page.take_problems() == []


def test_a_player_may_not_change_a_world_setting(page: HarnessPage) -> None:
    """A positive control of the stand-in: world settings need an Assistant GM or a GM."""
    refused = page.evaluate("""async (moduleId) => {
        const gm = game.user;
        game.user = new User({_id: "harnessPlayer001", name: "Player", role: 1, character: null});
        try {
            await game.settings.set(moduleId, "playerTrace", false);
            return null;
        } catch (error) {
            return String(error.message);
        } finally {
            game.user = gm;
        }
    }""", HAZARD)
    assert refused is not None and "lacks permission" in refused
    assert page.evaluate("(m) => game.settings.get(m, 'playerTrace')", HAZARD) is True


def test_the_cards_roll_mode_setting_wins_over_the_chat_log(page: HarnessPage) -> None:
    """A user who sets "Roll mode of cards" posts every card that way, whatever the chat log's
    selector says; "As the chat log's roll mode" (the default) follows the selector."""
    page.evaluate(SET_MODE, "publicroll")
    set_setting(page, "cardRollMode", "gmroll")
    try:
        posted = post(page, [])
    finally:
        set_setting(page, "cardRollMode", "")
    assert page.evaluate(VISIBILITY, posted["id"]) == {"whisper": ["harnessUser00001"],
                                                      "blind": False}
    assert page.evaluate(VISIBILITY, post(page, [])["id"]) == {"whisper": [], "blind": False}
    with pytest.raises(Exception, match="not one of its choices"):
        set_setting(page, "cardRollMode", "loudroll")
