"""Screenshots of every dialog a module opens (`dialog_names.py` finds them in its shipped
scripts), one file per dialog and look: `<ruleset>-dialog-<name>-<look>.png`.

A dialog is shot the first time it stands open in a look's page: while a card's showcase case
runs (`screenshot.py`), or else by the case its ruleset's `tests/browser/<ruleset>/dialogs.py`
gives for it (`DIALOG_CASES`, by the dialog's short name), run with every window held open; the
shared core's fixture window by the Copy as fixture button of a card (the harness page is not a
secure context: no clipboard, so the card shows its fixture in a window). The file name comes
from the class on the window shot, never from the order the case answers in, so a shot is of
the dialog it is named after.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from browser_page import BuiltModule, HarnessPage
from dialog_names import PREFIX, short_name
from macro_kinds import KINDS, STAGE, Case, MacroContext, macro_calling, observed
from shots import save_png

OPEN = "#dialogs dialog"
#: The name (class) of the dialog standing open, or null when it has none.
NAME_OF = f"""() => [...(document.querySelector("{OPEN}")?.classList ?? [])]
    .find((c) => c.startsWith("{PREFIX}")) ?? null"""
HELD = """(left) => window.__answers.queue.length === left
    && document.querySelector('#dialogs dialog') !== null"""
PROCEED = "() => window.__answers.proceed()"
START = "args => { window.__shotRun = harness.runMacro(args); return true; }"
FIXTURE = "rulepack-dialog-card-fixture"
#: Click the Copy as fixture button of the last card in the log.
COPY_FIXTURE = """() => { const buttons = document.querySelectorAll(
    '#chat-log [data-rulepack-action="fixture"]');
    buttons[buttons.length - 1].click(); return buttons.length; }"""


@dataclass(frozen=True)
class DialogCase:
    """How to open a dialog no showcase opens: a case of the macro calling `method`. `checked`:
    the run is compared with the Python engine's prediction (`KINDS[method].expect`); a case
    outside a kind's list (one its expectation does not model) is checked for a clean run."""

    method: str
    case: Callable[[MacroContext], Case]
    checked: bool = True


@dataclass(frozen=True)
class ShotElsewhere:
    """A dialog no shipped content opens, shot by the test `by` (on a module built for it)."""

    by: str


def elsewhere(module: BuiltModule, names: list[str]) -> list[str]:
    """The dialogs of `names` whose ruleset has them shot by another test."""
    cases = dialog_cases(module.ruleset)
    return [n for n in names if isinstance(cases.get(short_name(module, n)), ShotElsewhere)]


def dialog_file(module: BuiltModule, name: str, look: str) -> str:
    return f"{module.ruleset}-dialog-{short_name(module, name)}-{look}.png"


def dialog_files(module: BuiltModule, names: list[str], look: str) -> list[str]:
    return [dialog_file(module, name, look) for name in names]


def dialog_cases(ruleset: str) -> dict[str, DialogCase | ShotElsewhere]:
    """The ruleset's `DIALOG_CASES` (tests/browser/<ruleset>/dialogs.py), if it has any."""
    if importlib.util.find_spec(f"{ruleset}.dialogs") is None:
        return {}
    module = importlib.import_module(f"{ruleset}.dialogs")
    cases: dict[str, DialogCase | ShotElsewhere] = module.DIALOG_CASES
    return cases


@dataclass
class DialogShooter:
    """The dialogs of one module shot in one look's page, each once."""

    page: HarnessPage
    module: BuiltModule
    look: str
    out: Path
    shot: set[str]

    def hold_each(self, count: int) -> list[Path]:
        """Shoot each of the `count` held dialogs of the running macro not yet shot, then let it
        go on; a dialog without its name fails (dialog_names.py)."""
        written = []
        for shown in range(1, count + 1):
            self.page.page.wait_for_function(HELD, arg=count - shown)
            self.page.evaluate("() => harness.settle()")
            name = self.page.evaluate(NAME_OF)
            if name is None:
                raise RuntimeError(f"{self.module.id}: a dialog without a {PREFIX} class")
            if name not in self.shot:
                self.shot.add(name)
                path = self.out / dialog_file(self.module, name, self.look)
                written.append(save_png(self.page.page.locator(OPEN), path))
            self.page.evaluate(PROCEED)
        return written

    def fixture(self) -> list[Path]:
        """The fixture window of the card in the log, shot and closed by its OK button."""
        if FIXTURE in self.shot:
            return []
        self.page.evaluate(COPY_FIXTURE)
        self.page.page.wait_for_selector(f"{OPEN}.{FIXTURE}")
        self.shot.add(FIXTURE)
        path = save_png(self.page.page.locator(OPEN),
                        self.out / dialog_file(self.module, FIXTURE, self.look))
        self.page.evaluate("() => document.querySelector('#dialogs [data-action=ok]').click()")
        self.page.page.wait_for_selector(OPEN, state="detached")
        return [path]

    def reach(self, name: str) -> list[Path]:
        """Open `name` by its ruleset's case, shooting every unshot dialog on the way."""
        short = short_name(self.module, name)
        found = dialog_cases(self.module.ruleset).get(short)
        if isinstance(found, ShotElsewhere):
            return []
        if found is None:
            raise RuntimeError(f"{self.module.id}: no showcase opens the dialog {name}: give it a "
                               f"case in tests/browser/{self.module.ruleset}/dialogs.py")
        ctx = macro_calling(self.module, found.method)
        case = found.case(ctx)
        if case.stage is not None:
            self.page.evaluate(STAGE, case.stage)
        self.page.page.bring_to_front()
        self.page.evaluate(START, {
            "pack": ctx.pack, "id": ctx.macro["_id"], "dice": case.queue, "actor": case.actor,
            "scene": case.scene, "answers": [{**a, "hold": True} for a in case.answers]})
        written = self.hold_each(len(case.answers))
        run: dict[str, Any] = self.page.evaluate("() => window.__shotRun")
        run["problems"] = self.page.take_problems()
        wrong = found.checked and observed(run) != KINDS[found.method].expect(ctx, case)
        if run["error"] or run["problems"] or wrong or name not in self.shot:
            raise RuntimeError(f"{ctx.macro['name']}: the run opening {name} is wrong: {run}")
        return written
