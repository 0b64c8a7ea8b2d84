"""Screenshot the chat cards of every ruleset that ships a macro, as a player sees them in the
chat log, in each look Foundry gives it: v12, and v13's light and dark interface themes
(`python tests/browser/shots.py` refreshes them with the sheets).

Each module boots once per look; each card is its macro's showcase case on scripted faces, run
in a chat log cleaned of the card before, checked against the Python engine and written to
`<out>/<ruleset>-chat-card-<look>.png` (and each of the ruleset's extra shots), the card as
posted: its details (dice and trace) collapsed; and once more in v13 dark with them opened
(`…-v13-dark-expanded.png`). Only the module's own stylesheet styles it
(`harness/frame.css` draws the sidebar around it, nothing inside).
"""

from __future__ import annotations

from pathlib import Path

from browser_launch import HarnessServer
from browser_page import REPO, BuiltModule, Doc, HarnessPage
from macro_kinds import KINDS, STAGE, Case, MacroContext, context_for, observed, ruleset_kinds
from playwright.sync_api import BrowserContext
from shots import LOOKS

from compiler.render.macros import IMPORT_KEY

DEFAULT_OUT = REPO / "docs" / "screenshots"
#: Each card is also shot once with its details opened (dice and trace), in this look.
EXPANDED_LOOK = LOOKS[2]
EXPANDED = "expanded"
OPEN_DETAILS = """() => document.querySelectorAll("details.rulepack-details")
    .forEach((d) => { d.open = true; })"""
#: Forget every message (as deleting them does) and close every dialog and sheet; how many
#: messages the log still shows.
CLEAN = """() => {
    game.messages.clear();
    for (const id of ["chat-log", "dialogs", "sheets"]) {
        document.getElementById(id).replaceChildren();
    }
    return document.querySelectorAll("#chat-log [data-message-id]").length;
}"""
# The macro whose card a ruleset shows, where its first macro is not the telling one, and more
# cards worth showing, (macro name, file name suffix): each ruleset's kinds module says.
SHOWCASE_MACRO = {
    name: module.SHOWCASE for name, module in ruleset_kinds().items() if hasattr(module, "SHOWCASE")
}
EXTRA_SHOTS = {
    name: module.EXTRA_SHOTS for name, module in ruleset_kinds().items()
    if hasattr(module, "EXTRA_SHOTS")
}


def card_macros(module: BuiltModule) -> list[tuple[str, dict[str, object]]]:
    """(pack, macro) of the module's macros that post a card: not the shared import macro."""
    return [(pack, doc) for pack, doc in module.documents("Macro")
            if doc.get("flags", {}).get(module.id, {}).get("key") != IMPORT_KEY]


def showcase(ctx: MacroContext) -> Case:
    """A case from the middle of the kind's list: a typical roll rather than an edge."""
    cases = KINDS[ctx.method].cases(ctx)
    return cases[len(cases) // 2]


def screenshot_card(page: HarnessPage, ctx: MacroContext, path: Path) -> None:
    """Run the showcase case, check the card (and that the log shows only its messages), and
    capture the chat sidebar holding it."""
    case = showcase(ctx)
    if case.stage is not None:
        page.evaluate(STAGE, case.stage)
    run = page.run_macro(ctx.pack, ctx.macro["_id"], case.queue, case.actor, case.scene,
                         list(case.answers))
    expected = KINDS[ctx.method].expect(ctx, case)
    if run["error"] or run["problems"] or observed(run) != expected:
        raise RuntimeError(f"{ctx.macro['name']} {case.label}: the card is wrong: {run}")
    shown = page.evaluate("() => document.querySelectorAll('#chat-log [data-message-id]').length")
    if shown != len(run["messages"]) or not shown:
        raise RuntimeError(f"{ctx.macro['name']}: the log shows {shown} messages, not this run's")
    shoot_sidebar(page, path)


def shoot_sidebar(page: HarnessPage, path: Path) -> None:
    page.page.locator("#sidebar").screenshot(path=path, animations="disabled")


def shot_names(module: BuiltModule) -> list[str]:
    """The file names `take_screenshots` writes for `module`."""
    if not card_macros(module):
        return []
    kinds = ["chat-card", *(suffix for _, suffix in EXTRA_SHOTS.get(module.ruleset, ()))]
    looks = [*(look for look, _, _ in LOOKS), f"{EXPANDED_LOOK[0]}-{EXPANDED}"]
    return [f"{module.ruleset}-{kind}-{look}.png" for kind in kinds for look in looks]


def shots_of(module: BuiltModule) -> list[tuple[tuple[str, Doc], str]]:
    """((pack, macro), file name kind) of each card `module` is shown by: the showcase macro's,
    then the ruleset's `EXTRA_SHOTS`."""
    macros = card_macros(module)
    if not macros:
        return []
    wanted = SHOWCASE_MACRO.get(module.ruleset)
    shots = [(next((m for m in macros if m[1]["name"] == wanted), macros[0]), "chat-card")]
    for name, suffix in EXTRA_SHOTS.get(module.ruleset, ()):
        shots.append((next(m for m in macros if m[1]["name"] == name), suffix))
    return shots


def clean_chat(page: HarnessPage) -> None:
    """Leave the page as a fresh one shows the chat: no message, no dialog, no sheet open (the
    messages of the shot before are gone from `game.messages` and the log)."""
    left = page.evaluate(CLEAN)
    if left != 0:
        raise RuntimeError(f"the chat log still holds {left} messages after the reset")


def take_screenshots(
    context: BrowserContext, server: HarnessServer, modules: list[BuiltModule], out: Path
) -> list[Path]:
    """Every `shot_names` file of every module with a macro that posts a card: one page per
    module and look, each card shot in a chat log cleaned of the one before; in the expanded
    look's page the card is shot again with its details opened."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for module in modules:
        shots = shots_of(module)
        for look, generation, theme in LOOKS if shots else ():
            page = HarnessPage.open(context, server, module, generation, theme=theme)
            try:
                for (pack, macro), kind in shots:
                    clean_chat(page)
                    path = out / f"{module.ruleset}-{kind}-{look}.png"
                    ctx = context_for(module, pack, macro)
                    screenshot_card(page, ctx, path)
                    written.append(path)
                    if (look, generation, theme) == EXPANDED_LOOK:
                        path = out / f"{module.ruleset}-{kind}-{look}-{EXPANDED}.png"
                        page.evaluate(OPEN_DETAILS)
                        shoot_sidebar(page, path)
                        written.append(path)
            finally:
                page.page.close()
    return written
