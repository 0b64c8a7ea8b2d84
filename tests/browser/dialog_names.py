"""The dialogs a module opens, found in the scripts it ships: every `DialogV2` window of the
module carries one class naming it, `rulepack-dialog-<ruleset>-<name>` (`rulepack-dialog-<name>`
for the shared core's), written as a string literal where the window is built
(module_template/scripts/foundry/**), so the screenshot test can require a shot of each and
tell, from the window on the page, which dialog a shot shows.

Why a class at the call site, read from the shipped scripts: it is what Foundry puts on the
window's element (ApplicationConfiguration#classes) in v12 and v13 alike, so the page names the
dialog with no test-only hook; several windows of one kind may stand open at once (an `id` would
clash); and the shipped scripts are exactly what the module ships (the shared core and its own
ruleset), so a new window in either is found without a list to keep.
"""

from __future__ import annotations

import re
from pathlib import Path

from browser_page import REPO, BuiltModule

TEMPLATE = REPO / "module_template" / "scripts" / "foundry"
PREFIX = "rulepack-dialog-"
#: A dialog's name where it is written: a quoted string literal.
LITERAL = re.compile(r"""["'](rulepack-dialog-[a-z0-9_-]+)["']""")
#: A call that opens a Foundry dialog window.
OPENS = re.compile(r"\bDialogV2\.(?:wait|prompt|confirm|input)\(")


def names_in(scripts: Path) -> list[str]:
    """Every dialog name written in the `.mjs` files under `scripts`, sorted."""
    found = {name for path in scripts.rglob("*.mjs")
             for name in LITERAL.findall(path.read_text(encoding="utf-8"))}
    return sorted(found)


#: The names by built module folder: its scripts are read once per run.
_NAMES: dict[Path, list[str]] = {}


def dialog_names(module: BuiltModule) -> list[str]:
    """The classes of every dialog `module` can open (its shipped scripts')."""
    if module.path not in _NAMES:
        _NAMES[module.path] = names_in(module.path / "scripts")
    return list(_NAMES[module.path])


def short_name(module: BuiltModule, name: str) -> str:
    """A dialog's name in file names: `rulepack-dialog-sdm_pool-tie` → `tie` in the SDM module,
    `rulepack-dialog-card-fixture` → `card-fixture` (the shared core's)."""
    rest = name.removeprefix(PREFIX)
    return rest.removeprefix(f"{module.ruleset}-")


def call_options(text: str, start: int) -> str:
    """The argument text of the call whose `(` ends at `start`: up to its matching `)`."""
    depth, index = 1, start
    while depth and index < len(text):
        depth += {"(": 1, ")": -1}.get(text[index], 0)
        index += 1
    return text[start:index - 1]


def untagged_calls(scripts: Path) -> list[str]:
    """`file:line` of every dialog-opening call under `scripts` whose options give no `classes`."""
    found = []
    for path in sorted(scripts.rglob("*.mjs")):
        text = path.read_text(encoding="utf-8")
        for match in OPENS.finditer(text):
            if not re.search(r"\bclasses\s*:", call_options(text, match.end())):
                line = text.count("\n", 0, match.start()) + 1
                found.append(f"{path.relative_to(scripts)}:{line}")
    return found
