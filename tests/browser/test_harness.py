"""The harness itself: its stand-ins behave like Foundry's where the tests rely on it, and its
detectors do fire (positive controls), so a green browser run means something."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_launch import HarnessServer, new_context
from browser_page import SAMPLE_ACTOR, BuiltModule, HarnessPage
from macro_kinds import KINDS, Case, context_for, observed
from playwright.sync_api import BrowserContext

HAZARD = "rulepack-hazard-location"


@pytest.fixture(scope="module")
def hazard(shipped_modules: list[BuiltModule]) -> BuiltModule:
    return next(m for m in shipped_modules if m.id == HAZARD)


@pytest.fixture(scope="module")
def probe(
    browser_context: BrowserContext, harness_server: HarnessServer, hazard: BuiltModule
) -> Iterator[HarnessPage]:
    """A page of its own: the positive controls below leave canaries set on it."""
    page = HarnessPage.open(browser_context, harness_server, hazard)
    yield page
    page.page.close()


def settle_and_report(page: HarnessPage) -> dict[str, Any]:
    page.evaluate("() => harness.settle()")
    report: dict[str, Any] = page.evaluate(
        "() => ({canaries: harness.canaries(), violations: harness.violations(),"
        " unsafe: harness.inspect()})"
    )
    report["problems"] = page.take_problems()
    return report


def test_roll_takes_scripted_faces_in_order(probe: HarnessPage) -> None:
    result = probe.evaluate("""async () => {
        const { scriptedDice } = await import("/harness/foundry/dice.mjs");
        scriptedDice.script([{d: 6, v: 1}, {d: 6, v: 6}, {d: 20, v: 20}]);
        const roll = await new Roll("2d6 + 3 - d20").evaluate();
        return {total: roll.total, formula: roll.formula, left: scriptedDice.queue.length,
                faces: roll.dice.map((d) => d.results.map((r) => r.result))};
    }""")
    assert result == {"total": -10, "formula": "2d6 + 3 - 1d20", "left": 0, "faces": [[1, 6], [20]]}


@pytest.mark.parametrize(("formula", "queue", "message"), [
    ("1d100", [], "no face left for a d100"),
    ("1d100", [{"d": 20, "v": 3}], "is for a d20, not a d100"),
    ("1d6", [{"d": 6, "v": 7}], "7 is not a face of a d6"),
    ("5d10cs>=6", [], 'the term "5d10cs>=6"'),
    ("1d20 + @mod", [], 'the term "@mod"'),
])
def test_roll_refuses_what_is_not_scripted_or_modelled(
    probe: HarnessPage, formula: str, queue: list[dict[str, int]], message: str
) -> None:
    error = probe.evaluate("""async ([formula, queue]) => {
        const { scriptedDice } = await import("/harness/foundry/dice.mjs");
        scriptedDice.script(queue);
        try { await new Roll(formula).evaluate(); return null; } catch (e) { return e.message; }
    }""", [formula, queue])
    assert error is not None and message in error


def test_unsafe_chat_html_is_caught(probe: HarnessPage) -> None:
    """Positive control: HTML that runs code in Foundry's chat runs here; the detectors see it."""
    probe.take_problems()
    probe.evaluate("""() => ChatMessage.create({
        flavor: '<script>window.__canary_probe_script = true</script>',
        content: '<p>x</p><img src="probe-missing.png" onerror="window.__canary_probe_img = true">'
            + '<iframe srcdoc="<script>top.__canary_probe_iframe = true</script>"></iframe>'
            + '<img src="probe-missing.png" onerror="alert(&quot;probe&quot;)">',
    })""")
    report = settle_and_report(probe)
    assert sorted(report["canaries"]) == [
        "__canary_probe_iframe", "__canary_probe_img", "__canary_probe_script"]
    # srcdoc frames are not subject to frame-src; the canary above is what catches them.
    assert {"script-src-elem", "script-src-attr"} <= {v["directive"] for v in report["violations"]}
    assert any("<script>" in found for found in report["unsafe"])
    assert any("onerror" in found for found in report["unsafe"])
    assert "dialog alert: probe" in report["problems"]
    assert any("404" in problem for problem in report["problems"])


def test_content_without_elements_shows_the_rolls(probe: HarnessPage) -> None:
    """Foundry v12 replaces element-free content of a roll message with the rolls' HTML."""
    shown = probe.evaluate("""async () => {
        const { scriptedDice } = await import("/harness/foundry/dice.mjs");
        scriptedDice.script([{d: 20, v: 17}]);
        const roll = await new Roll("1d20 + 2").evaluate();
        const message = await ChatMessage.create({content: "19", rolls: [roll]});
        const li = document.querySelector(`[data-message-id="${message.id}"]`);
        const text = (selector) => li.querySelector(selector).textContent;
        return [text(".dice-formula"), text(".dice-total")];
    }""")
    assert shown == ["1d20 + 2", "19"]


def test_roll_to_message_posts_the_roll(probe: HarnessPage) -> None:
    shown = probe.evaluate("""async () => {
        const { scriptedDice } = await import("/harness/foundry/dice.mjs");
        scriptedDice.script([{d: 6, v: 4}, {d: 6, v: 2}]);
        const data = await new Roll("1d6").toMessage({flavor: "f"}, {create: false});
        const message = await new Roll("1d6").toMessage({flavor: "Probe"});
        const li = document.querySelector(`[data-message-id="${message.id}"]`);
        return [data.content, data.rolls[0].total, li.querySelector(".dice-total").textContent,
                li.querySelector(".flavor-text").textContent];
    }""")
    assert shown == ["4", 4, "2", "Probe"]


def test_i18n_format_substitutes_once_like_foundry(probe: HarnessPage) -> None:
    texts = probe.evaluate("""() => [
        game.i18n.format("RULEPACK.HitLocation.Result", {die: 10, face: 3, location: "{face}"}),
        game.i18n.localize("NO.SUCH.KEY"),
        game.i18n.format("RULEPACK.HitLocation.Result", {die: 10}),
    ]""")
    assert texts == ["d10 shows 3: {face}", "NO.SUCH.KEY", "d10 shows undefined: undefined"]


def test_script_macros_get_foundrys_scope(probe: HarnessPage) -> None:
    scope = probe.evaluate("""async (actorId) => {
        const command = "return {speaker, actor: actor.name, token, character, scope, extra,"
            + " self: this.name};";
        const macro = new Macro({_id: "probeMacro000001", name: "Probe", type: "script", command});
        return macro.execute({actor: game.actors.get(actorId), extra: 5});
    }""", SAMPLE_ACTOR["_id"])
    assert scope == {
        "speaker": {"scene": None, "actor": SAMPLE_ACTOR["_id"], "token": None,
                    "alias": SAMPLE_ACTOR["name"]},
        "actor": SAMPLE_ACTOR["name"], "token": None, "character": None,
        "scope": {"extra": 5}, "extra": 5, "self": "Probe",
    }


def test_documents_guard_flags_and_locked_packs(probe: HarnessPage, hazard: BuiltModule) -> None:
    result = probe.evaluate("""async ([actorId, moduleId]) => {
        const { record } = await import("/harness/foundry/record.mjs");
        const attempt = async (fn) => {
            try { await fn(); return null; } catch (e) { return e.message; }
        };
        const actor = game.actors.get(actorId);
        const [macro] = await game.packs.get(`${moduleId}.macros`).getDocuments();
        record.reset();
        await actor.setFlag(moduleId, "wounds", 2);
        return {
          badScope: await attempt(() => actor.getFlag("no-such-module", "x")),
          locked: await attempt(() => macro.update({name: "x"})),
          flag: actor.getFlag(moduleId, "wounds"),
          updates: record.updates,
          values: [...game.actors].every((a) => a instanceof Actor),
        };
    }""", [SAMPLE_ACTOR["_id"], hazard.id])
    assert "is not valid or not currently active" in result["badScope"]
    assert "its compendium is locked" in result["locked"]
    assert result["flag"] == 2 and result["values"] is True
    assert result["updates"] == [{"uuid": f"Actor.{SAMPLE_ACTOR['_id']}", "documentName": "Actor",
                                  "changes": {f"flags.{hazard.id}.wounds": 2}}]


def test_data_models_validate_system_data(probe: HarnessPage) -> None:
    result = probe.evaluate("""() => {
        const { NumberField, StringField } = foundry.data.fields;
        CONFIG.Item.dataModels["probe.thing"] = class extends foundry.abstract.TypeDataModel {
            static defineSchema() {
                return {n: new NumberField({required: true, integer: true, initial: 4}),
                        k: new StringField({initial: "a", choices: {a: "A", b: "B"}})};
            }
        };
        const make = (system) => {
            const data = {_id: "probeItem0000001", name: "P", type: "probe.thing", system};
            try { return new Item(data).system.n; } catch (e) { return e.message; }
        };
        return [make({}), make({n: 2}), make({n: 1.5}), make({k: "c"})];
    }""")
    assert result[:2] == [4, 2]
    assert "system.n: must be an integer" in result[2]
    assert "system.k: c is not a valid choice" in result[3]


def test_the_macro_check_tells_faces_apart(probe: HarnessPage, hazard: BuiltModule) -> None:
    """The comparison is not vacuous: a card for face 7 does not pass as the card for face 8."""
    pack, macro = next((p, m) for p, m in hazard.documents("Macro")
                       if "rollHitLocation" in m["command"])
    ctx = context_for(hazard, pack, macro)
    kind = KINDS[ctx.method]
    run = probe.run_macro(pack, macro["_id"], [{"d": 100, "v": 7}], SAMPLE_ACTOR["_id"])
    assert run["error"] is None and run["problems"] == []
    assert observed(run) == kind.expect(ctx, Case(((100, 7),), None))
    assert observed(run) != kind.expect(ctx, Case(((100, 8),), None))


def test_packs_index_and_load_like_foundry(probe: HarnessPage, hazard: BuiltModule) -> None:
    """`get` sees only loaded documents; the index holds the default and requested fields."""
    pack_id = f"{hazard.id}.items-worldbuilding"  # no other test loads it on the probe page
    result = probe.evaluate("""async (packId) => {
        const pack = game.packs.get(packId);
        const index = await pack.getIndex({fields: ["system.max_av", "flags"]});
        const [entry] = index;
        const before = pack.get(entry._id);
        const [item] = await pack.getDocuments({_id__in: [entry._id]});
        return {entry, before: before ?? null, same: pack.get(entry._id) === item, uuid: item.uuid};
    }""", pack_id)
    item = next(doc for _, doc in hazard.documents("Item") if doc["_id"] == result["entry"]["_id"])
    assert result["entry"] == {
        "_id": item["_id"], "uuid": f"Compendium.{pack_id}.Item.{item['_id']}",
        "name": item["name"], "img": item["img"], "type": item["type"], "sort": item["sort"],
        "folder": None, "system": {"max_av": item["system"]["max_av"]}, "flags": item["flags"],
    }
    assert result["before"] is None and result["same"] is True
    assert result["uuid"] == result["entry"]["uuid"]


def test_v13_namespaces_warn_on_old_globals_and_migrate_results(
    browser_context: BrowserContext, harness_server: HarnessServer, hazard: BuiltModule
) -> None:
    """As v13: moved classes under foundry.applications, the old globals warn, `text` migrates."""
    page = HarnessPage.open(browser_context, harness_server, hazard, 13)
    try:
        assert page.take_problems() == []
        result = page.evaluate("""async (packId) => {
            const moved = [foundry.applications.apps.DocumentSheetConfig.name,
                           foundry.applications.ux.TextEditor.implementation.name];
            const [table] = await game.packs.get(packId).getDocuments();
            const [first] = table.results;
            return {moved, text: "text" in first, description: first.description,
                    name: first.name, old: typeof TextEditor};
        }""", f"{hazard.id}.tables")
        [(_, table)] = hazard.documents("RollTable")
        assert result == {
            "moved": ["DocumentSheetConfig", "TextEditor"], "text": False,
            "description": table["results"][0]["text"], "name": "", "old": "function",
        }
        [warning] = page.take_problems()
        assert 'global "TextEditor" which is now namespaced' in warning
    finally:
        page.page.close()


def test_requests_beyond_loopback_fail_and_are_listed(
    browser_context: BrowserContext, harness_server: HarnessServer
) -> None:
    """Positive control for `blocked_requests`: a non-loopback fetch fails locally and is listed."""
    browser = browser_context.browser
    assert browser is not None
    blocked: list[str] = []
    context = new_context(browser, harness_server, blocked)
    try:
        page = context.new_page()
        page.goto(f"{harness_server.origin}/harness/index.html")
        outcome = page.evaluate("""() => fetch("http://rulepack.invalid/probe")
            .then(() => "answered", (e) => e.name)""")
    finally:
        context.close()
    assert outcome == "TypeError"
    assert blocked == ["http://rulepack.invalid/probe"]


SETTINGS = """async () => {
    const seen = [];
    game.settings.register("probe", "world", {scope: "world", config: true, default: "a",
        choices: {a: "A", b: "B"}, onChange: (v, options, user) => seen.push([v, user])});
    game.settings.register("probe", "client", {scope: "client", default: 1});
    const tryTo = async (f) => { try { await f(); return null; } catch (e) { return e.message; } };
    const gm = game.user;
    const out = {gmSet: await tryTo(() => game.settings.set("probe", "world", "b")),
                 bad: await tryTo(() => game.settings.set("probe", "world", "z"))};
    game.user = new User({_id: "harnessPlayer001", name: "Player", role: 1, _active: true});
    try {
        out.playerWorld = await tryTo(() => game.settings.set("probe", "world", "a"));
        out.playerClient = await tryTo(() => game.settings.set("probe", "client", 2));
    } finally { game.user = gm; }
    out.values = [game.settings.get("probe", "world"), game.settings.get("probe", "client")];
    out.seen = seen;
    out.scope = game.settings.settings.get("probe.world").config.scope;
    out.unknown = await tryTo(() => game.settings.get("probe", "nothing"));
    return out;
}"""


def test_settings_keep_scope_and_refuse_a_players_world_write(probe: HarnessPage) -> None:
    """As Foundry's server: a world setting is a Setting document only SETTINGS_MODIFY (an
    Assistant GM and up) may write; a client setting is the user's own; onChange gets the value
    and the user; a value outside `choices` and an unregistered key are refused."""
    out = probe.evaluate(SETTINGS)
    assert out == {
        "gmSet": None, "bad": 'probe.world: "z" is not one of its choices',
        "playerWorld": "User Player lacks permission to modify the world setting probe.world",
        "playerClient": None, "values": ["b", 2], "seen": [["b", "harnessUser00001"]],
        "scope": "world", "unknown": '"probe.nothing" is not a registered game setting',
    }


DIALOG = """async (gen) => {
    const { scriptedAnswers } = await import("/harness/foundry/dialogs.mjs");
    scriptedAnswers.script([{action: "ok", hold: true, fields: {n: "3"}}]);
    const events = [];
    const waiting = foundry.applications.api.DialogV2.wait({
        content: '<input type="text" name="n" value="1">',
        buttons: [{action: "ok", label: "OK", callback: (e, b) => b.form.elements.n.value}],
        render: (event, dialog) => {
            const root = dialog instanceof HTMLElement ? dialog : dialog.element;
            events.push([event.type, dialog instanceof HTMLElement ? "element" : "app"]);
            const form = root.querySelector("form");
            form.addEventListener("input", (e) => events.push(["input", e.target.value]));
        }});
    const open = document.querySelectorAll("#dialogs dialog").length;
    scriptedAnswers.proceed();
    return {open, answer: await waiting, events};
}"""


@pytest.mark.parametrize("generation", [12, 13])
def test_a_dialog_renders_holds_and_fires_input_events(
    browser_context: BrowserContext, harness_server: HarnessServer, hazard: BuiltModule,
    generation: int,
) -> None:
    """DialogV2WaitOptions#render runs on render with the element (v12) or the application
    (v13); a held answer leaves the dialog open; filling a field fires its input event."""
    page = HarnessPage.open(browser_context, harness_server, hazard, generation)
    try:
        out = page.evaluate(DIALOG, generation)
    finally:
        page.page.close()
    target = "element" if generation < 13 else "app"
    assert out == {"open": 1, "answer": "3", "events": [["render", target], ["input", "3"]]}
