"""Screenshot the chat cards of every ruleset that ships a macro, as a player sees them in the
chat log, in each look Foundry gives it: v12, and v13's light and dark interface themes
(`python tests/browser/shots.py` refreshes them with the sheets).

Each module boots once per look; each card is its macro's showcase case on scripted faces, run
in a chat log cleaned of the card before, checked against the Python engine and written to
`<out>/<ruleset>-chat-card-<look>.png` (and each of the ruleset's extra shots), the card as
posted: its details (dice and trace) collapsed; and once more in v13 dark with them opened
(`…-v13-dark-expanded.png`). Only the module's own stylesheet styles it
(`harness/frame.css` draws the sidebar around it, nothing inside). Every dialog the module can
open is shot in each look too, named after the dialog (`dialog_shots.py`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from browser_launch import HarnessServer
from browser_page import REPO, BuiltModule, Doc, HarnessPage
from dialog_names import dialog_names
from dialog_shots import START, DialogShooter, dialog_files
from macro_kinds import KINDS, STAGE, Case, MacroContext, context_for, observed, ruleset_kinds
from playwright.sync_api import BrowserContext
from shots import LOOKS, save_png

from compiler.render.macros import IMPORT_KEY

DEFAULT_OUT = REPO / "docs" / "screenshots"
#: Each card is also shot once with its details opened (dice and trace), in this look.
EXPANDED_LOOK = LOOKS[2]
EXPANDED = "expanded"
OPEN_DETAILS = """() => document.querySelectorAll("details.rulepack-details")
    .forEach((d) => { d.open = true; })"""
EXPOSE_ANSWERS = """() => import('/harness/foundry/dialogs.mjs')
    .then(({scriptedAnswers}) => { window.__answers = scriptedAnswers; })"""
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


def card_macros(module: BuiltModule) -> list[tuple[str, Doc]]:
    """(pack, macro) of the module's macros that post a card: not the shared import macro."""
    return [(pack, doc) for pack, doc in module.documents("Macro")
            if doc.get("flags", {}).get(module.id, {}).get("key") != IMPORT_KEY]


def showcase(ctx: MacroContext) -> Case:
    """A case from the middle of the kind's list: a typical roll rather than an edge."""
    cases = KINDS[ctx.method].cases(ctx)
    return cases[len(cases) // 2]


def kind_name(method: str) -> str:
    """The file name part of a macro kind's card: `danger_room.endTurn` → `end-turn-card`."""
    words = re.sub(r"(?<!^)(?=[A-Z])", "-", method.rsplit(".", 1)[-1]).lower()
    return words if words.endswith("card") else f"{words}-card"


#: (module id, macro id) -> `facts`, so the engine predicts each showcase case once per run.
_FACTS: dict[tuple[str, str], tuple[int, bool]] = {}


def facts(ctx: MacroContext) -> tuple[int, bool]:
    """How many dialogs the macro's showcase case answers, and whether it posts a message."""
    key = (ctx.module.id, str(ctx.macro["_id"]))
    if key not in _FACTS:
        case = showcase(ctx)
        _FACTS[key] = (len(case.answers), bool(KINDS[ctx.method].expect(ctx, case).messages))
    return _FACTS[key]


@dataclass(frozen=True)
class CardShot:
    """One card a module is shown by: its macro, the file name part, and how many dialogs its
    showcase case answers (each is held open, and shot if it is the first of its name)."""

    ctx: MacroContext
    kind: str

    @property
    def dialogs(self) -> int:
        return facts(self.ctx)[0]

    @property
    def posts(self) -> bool:
        """Whether the showcase case posts a message, as the Python engine predicts (a Danger
        Room pick is a secret: its dialog is all it shows)."""
        return facts(self.ctx)[1]

    def names(self, look: str) -> list[str]:
        """The file of this card in `look` (none for a kind that posts nothing)."""
        return [f"{self.ctx.module.ruleset}-{self.kind}-{look}.png"] if self.posts else []

    def expanded(self) -> list[str]:
        """The card's file with its details opened (in `EXPANDED_LOOK`)."""
        stem = f"{self.ctx.module.ruleset}-{self.kind}"
        return [f"{stem}-{EXPANDED_LOOK[0]}-{EXPANDED}.png"] if self.posts else []


def shots_of(module: BuiltModule) -> list[CardShot]:
    """The cards `module` is shown by: the showcase macro's, the ruleset's `EXTRA_SHOTS`, then
    one of every other macro kind its macros call (discovered: a new kind gets its shot)."""
    contexts = [context_for(module, pack, macro) for pack, macro in card_macros(module)]
    if not contexts:
        return []
    wanted = SHOWCASE_MACRO.get(module.ruleset)
    by_name = {ctx.macro["name"]: ctx for ctx in contexts}
    shots = [CardShot(by_name.get(wanted, contexts[0]), "chat-card")]
    shots += [CardShot(by_name[name], suffix)
              for name, suffix in EXTRA_SHOTS.get(module.ruleset, ())]
    for ctx in contexts:
        if ctx.method not in {shot.ctx.method for shot in shots}:
            shots.append(CardShot(ctx, kind_name(ctx.method)))
    return shots


def shot_names(module: BuiltModule) -> list[str]:
    """The file names `take_screenshots` writes for `module`: its cards', then one per dialog
    its scripts can open (`dialog_names`) and look."""
    names = []
    for shot in shots_of(module):
        for look, _, _ in LOOKS:
            names += shot.names(look)
        names += shot.expanded()
    if names:
        for look, _, _ in LOOKS:
            names += dialog_files(module, dialog_names(module), look)
    return names


def run_showcase(shooter: DialogShooter, shot: CardShot) -> list[Path]:
    """Run the shot's showcase case with each dialog held open (and shot, the first of its
    name), check the run against the Python engine (and that the log shows only its messages),
    and shoot the card."""
    page, out, look = shooter.page, shooter.out, shooter.look
    ctx, case = shot.ctx, showcase(shot.ctx)
    if case.stage is not None:
        page.evaluate(STAGE, case.stage)
    page.page.bring_to_front()  # background pages get throttled timers
    page.evaluate(START, {"pack": ctx.pack, "id": ctx.macro["_id"], "dice": case.queue,
                          "actor": case.actor, "scene": case.scene,
                          "answers": [{**answer, "hold": True} for answer in case.answers]})
    files = shooter.hold_each(shot.dialogs)
    run: dict[str, Any] = page.evaluate("() => window.__shotRun")
    run["problems"] = page.take_problems()
    if run["error"] or run["problems"] or observed(run) != KINDS[ctx.method].expect(ctx, case):
        raise RuntimeError(f"{ctx.macro['name']} {case.label}: the card is wrong: {run}")
    shown = page.evaluate("() => document.querySelectorAll('#chat-log [data-message-id]').length")
    if shown != len(run["messages"]) or len(run["dialogs"]) != shot.dialogs:
        raise RuntimeError(f"{ctx.macro['name']}: the log shows {shown} messages and "
                           f"{len(run['dialogs'])} dialogs were shown, not this run's")
    for name in shot.names(look):
        files.append(save_png(page.page.locator("#sidebar"), out / name))
    return files


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
    look's page the card is shot again with its details opened. The first card's fixture window
    is shot, then each dialog no showcase opened, by its ruleset's case (`dialog_shots.py`)."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for module in modules:
        shots = shots_of(module)
        for look, generation, theme in LOOKS if shots else ():
            page = HarnessPage.open(context, server, module, generation, theme=theme)
            page.evaluate(EXPOSE_ANSWERS)
            shooter = DialogShooter(page, module, look, out, set())
            try:
                for shot in shots:
                    clean_chat(page)
                    written += run_showcase(shooter, shot)
                    expand = (look, generation, theme) == EXPANDED_LOOK
                    for name in shot.expanded() if expand else ():
                        page.evaluate(OPEN_DETAILS)
                        written.append(save_png(page.page.locator("#sidebar"), out / name))
                    if shot.posts:
                        written += shooter.fixture()
                for name in dialog_names(module):
                    if name not in shooter.shot:
                        clean_chat(page)
                        written += shooter.reach(name)
            finally:
                page.page.close()
    return written
