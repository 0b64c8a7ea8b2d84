"""Screenshot one chat card per ruleset that ships a macro, as a player sees it in the chat log,
in each look Foundry gives it: v12, and v13's light and dark interface themes.

    python tests/browser/screenshot.py [--out docs/screenshots]

builds `content/`, boots each module in the browser harness, runs its showcase macro on scripted
faces, checks the card against the Python engine and writes
`<out>/<ruleset>-chat-card-<look>.png` (and each of the ruleset's extra shots), the card as
posted: its details (dice and trace) collapsed; and once more in v13 dark with them opened
(`…-v13-dark-expanded.png`). Only the module's own stylesheet styles it
(`harness/frame.css` draws the sidebar around it, nothing inside).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from browser_launch import HarnessServer, ensure_chromium, launch, new_context, serving
from browser_page import CONTENT, REPO, BuiltModule, HarnessPage, build_modules
from macro_kinds import KINDS, STAGE, Case, MacroContext, context_for, observed, ruleset_kinds
from playwright.sync_api import BrowserContext, sync_playwright

from compiler.render.macros import IMPORT_KEY

DEFAULT_OUT = REPO / "docs" / "screenshots"
#: The looks a card is shot in: (file name suffix, Foundry generation, v13 interface theme).
LOOKS = (("v12", 12, None), ("v13-light", 13, "light"), ("v13-dark", 13, "dark"))
#: Each card is also shot once with its details opened (dice and trace), in this look.
EXPANDED_LOOK = LOOKS[2]
EXPANDED = "expanded"
OPEN_DETAILS = """() => document.querySelectorAll("details.rulepack-details")
    .forEach((d) => { d.open = true; })"""
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


def screenshot_card(page: HarnessPage, ctx: MacroContext, path: Path,
                    expanded: bool = False) -> None:
    """Run the showcase case, check the card, and capture the chat sidebar holding it (with its
    details opened when `expanded`)."""
    case = showcase(ctx)
    if case.stage is not None:
        page.evaluate(STAGE, case.stage)
    run = page.run_macro(ctx.pack, ctx.macro["_id"], case.queue, case.actor, case.scene,
                         list(case.answers))
    expected = KINDS[ctx.method].expect(ctx, case)
    if run["error"] or run["problems"] or observed(run) != expected:
        raise RuntimeError(f"{ctx.macro['name']} {case.label}: the card is wrong: {run}")
    if expanded:
        page.evaluate(OPEN_DETAILS)
    page.page.locator("#sidebar").screenshot(path=path, animations="disabled")


def shot_names(module: BuiltModule) -> list[str]:
    """The file names `take_screenshots` writes for `module`."""
    if not card_macros(module):
        return []
    kinds = ["chat-card", *(suffix for _, suffix in EXTRA_SHOTS.get(module.ruleset, ()))]
    looks = [*(look for look, _, _ in LOOKS), f"{EXPANDED_LOOK[0]}-{EXPANDED}"]
    return [f"{module.ruleset}-{kind}-{look}.png" for kind in kinds for look in looks]


def take_screenshots(
    context: BrowserContext, server: HarnessServer, modules: list[BuiltModule], out: Path
) -> list[Path]:
    """Every `shot_names` file of every module with a macro that posts a card, each on a fresh
    page booted in its look: the showcase macro's card, then the ruleset's `EXTRA_SHOTS`."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for module in modules:
        macros = card_macros(module)
        if not macros:
            continue
        wanted = SHOWCASE_MACRO.get(module.ruleset)
        shots = [(next((m for m in macros if m[1]["name"] == wanted), macros[0]), "chat-card")]
        for name, suffix in EXTRA_SHOTS.get(module.ruleset, ()):
            shots.append((next(m for m in module.documents("Macro") if m[1]["name"] == name),
                          suffix))
        looks = [(*look, False) for look in LOOKS]
        looks.append((f"{EXPANDED_LOOK[0]}-{EXPANDED}", *EXPANDED_LOOK[1:], True))
        for (pack, macro), kind in shots:
            for look, generation, theme, expanded in looks:
                page = HarnessPage.open(context, server, module, generation, theme=theme)
                try:
                    path = out / f"{module.ruleset}-{kind}-{look}.png"
                    screenshot_card(page, context_for(module, pack, macro), path, expanded)
                finally:
                    page.page.close()
                written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="folder for the PNG files")
    args = parser.parse_args(argv)
    blocked: list[str] = []
    with tempfile.TemporaryDirectory() as work, serving() as server, sync_playwright() as pw:
        modules = build_modules(CONTENT, Path(work))
        browser = launch(pw, ensure_chromium())
        try:
            context = new_context(browser, server, blocked)
            paths = take_screenshots(context, server, modules, args.out)
        finally:
            browser.close()
    for path in paths:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
