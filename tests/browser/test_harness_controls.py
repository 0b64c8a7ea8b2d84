"""The keybindings and Combat tracker stand-ins behave as Foundry's do where the Danger Room's
controls rely on them (`harness/foundry/keybindings.mjs`, `tracker.mjs`): registration refused
after `init` and for what Foundry refuses, keys matched by code and exact modifiers, a restricted
action run for a GM only; the tracker hook given jQuery on v12 and the element on v13, whose
element v13 keeps across renders and v12 replaces."""

from __future__ import annotations

import pytest
from browser_page import GENERATIONS, BuiltModule, OpenPage

MODULE = "rulepack-danger-room"

KEYS = """async () => {
    const tryTo = (f) => { try { f(); return null; } catch (e) { return e.message; } };
    const ran = [];
    const kb = game.keybindings;
    const out = {
        late: tryTo(() => kb.register("probe", "late", {name: "x", editable: [{key: "KeyQ"}]})),
        registered: [...kb.actions.keys()].filter((k) => k.startsWith("rulepack-danger-room.")),
    };
    // What Foundry's validation refuses, tried on a fresh, not yet initialized registry.
    const fresh = new kb.constructor();
    const bind = (key, modifiers) => ({name: "probe", editable: [{key, modifiers}]});
    out.protected = tryTo(() => fresh.register("probe", "a", bind("F5", [])));
    out.modifier = tryTo(() => fresh.register("probe", "b", bind("KeyQ", ["Meta"])));
    out.nameless = tryTo(() => fresh.register("probe", "", bind("KeyQ", [])));
    out.nokey = tryTo(() => fresh.register("probe", "d", bind(undefined, ["Shift"])));
    const shiftQ = bind("KeyQ", ["Shift"]);
    fresh.register("probe", "gm", {...shiftQ, restricted: true,
                                   onDown: () => { ran.push("gm"); return true; }});
    fresh.register("probe", "all", {...shiftQ, onDown: () => { ran.push("all"); return true; }});
    fresh.listening = true;  // dispatched by hand below, not from the page's keys
    fresh.initialize();
    const press = (code, shiftKey) => fresh.handle(new KeyboardEvent("keydown", {code, shiftKey}));
    press("KeyQ", false);
    ran.push("|");
    press("KeyQ", true);
    const gm = game.user;
    game.user = new User({_id: "harnessPlayer001", name: "Player", role: 1, _active: true});
    try { ran.push("|"); press("KeyQ", true); } finally { game.user = gm; }
    out.ran = ran;
    return out;
}"""


@pytest.mark.parametrize("generation", GENERATIONS)
def test_keybindings_register_at_init_only_and_run_as_foundry_does(
    shipped_modules: list[BuiltModule], open_page: OpenPage, generation: int,
) -> None:
    module = next(m for m in shipped_modules if m.id == MODULE)
    page = open_page(module, generation)
    out = page.evaluate(KEYS)
    assert out == {
        "late": "You cannot register a Keybinding after the init hook",
        "registered": [f"{MODULE}.{a}" for a in ("pickCard", "revealSpeeds", "wait", "endTurn")],
        "protected": "The F5 key is protected and cannot be bound",
        "modifier": "Keybinding modifier Meta is not one of Control, Shift, Alt",
        "nameless": "You must specify both the namespace and action portion of the Keybinding"
                    " action",
        "nokey": "Each KeybindingActionBinding must contain a valid key designation",
        # No Shift: nothing. A GM: the first that consumes it. A player: the restricted one skipped.
        "ran": ["|", "gm", "|", "all"],
    }


TRACKER = """async () => {
    const seen = [];
    const id = Hooks.on("renderCombatTracker", (app, html, context) => {
        const wrapped = !(html instanceof HTMLElement) && html.length === 1;
        seen.push({jquery: wrapped && html[0] instanceof HTMLElement,
                   element: html instanceof HTMLElement, viewed: app.viewed === game.combat,
                   context: typeof context});
    });
    try {
        const first = (await ui.combat.render()).element;
        const second = (await ui.combat.render()).element;
        return {seen, kept: first === second, attached: document.contains(second),
                once: document.querySelectorAll("section#combat").length,
                rows: [...second.querySelectorAll("li.combatant[data-combatant-id]")].length};
    } finally { Hooks.off("renderCombatTracker", id); }
}"""


FIGHT = """async () => (await import('/harness/foundry/combat.mjs')).stageFight({combatants: [
    {id: "c1", tokenId: "t1", actorId: "a1", name: "One"},
    {id: "c2", tokenId: "t2", actorId: "a2", name: "Two"}]})"""


@pytest.mark.parametrize("generation", GENERATIONS)
def test_the_tracker_renders_as_each_generation_does(
    shipped_modules: list[BuiltModule], open_page: OpenPage, generation: int,
) -> None:
    module = next(m for m in shipped_modules if m.id == MODULE)
    page = open_page(module, generation)
    page.evaluate(FIGHT)
    out = page.evaluate(TRACKER)
    hook = {"jquery": generation < 13, "element": generation >= 13, "viewed": True,
            "context": "object"}
    assert out == {"seen": [hook, hook], "kept": generation >= 13, "attached": True, "once": 1,
                   "rows": 2}
    assert page.take_problems() == []
