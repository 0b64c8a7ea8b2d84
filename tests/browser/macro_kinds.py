"""What each kind of shipped macro must do, computed with the Python reference engine.

A macro's kind is the module API method its command calls (`api.rollHitLocation("human")`).
Each kind gives the dice cases to run and, for one case, the expected chat messages, document
updates and notifications. A macro kind added by a ruleset plugs in with one `MacroKind` entry
in its `tests/browser/<ruleset>/kinds.py` (see tests/browser/README.md).
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from browser_page import BuiltModule, Doc

from compiler import plugins
from compiler.rules import run_case

# `….api.method(args)` or `api.method(args)` after `const api = game.modules.get(…)?.api`; a
# ruleset's own part of the API is one level down: `api.<ruleset>.attack()`.
API_CALL = re.compile(r"\bapi\.((?:[A-Za-z_$][\w$]*\.)?[A-Za-z_$][\w$]*)\(([^()]*)\)")
USER_NAME = "Gamemaster"  # the harness's logged-in user (harness/foundry/game.mjs USER)


@dataclass(frozen=True)
class MacroContext:
    """One shipped macro: its module, stored document, pack, and the API call it makes."""

    module: BuiltModule
    pack: str
    macro: Doc
    method: str
    args: tuple[Any, ...]


@dataclass(frozen=True)
class Case:
    """One run: the scripted dice queue (rules-fixture shape) and the actor in scope; for macros
    that read the canvas or open dialogs, the staged scene (`harness/foundry/canvas.mjs`
    `stageScene`) and the dialog answers in order (`harness/foundry/dialogs.mjs`)."""

    # (die, face): the die's sides, or "F" for a Fate die (typed Any: the rulesets' kinds read
    # their own dice as ints or as Fate dice).
    dice: tuple[tuple[Any, int], ...]
    actor: str | None
    scene: dict[str, Any] | None = field(default=None, compare=False)
    answers: tuple[dict[str, Any], ...] = field(default=(), compare=False)
    # What else the run needs laid out first (`harness/stage.mjs` `stage`: the
    # user, local storage, the viewed Combat).
    stage: dict[str, Any] | None = field(default=None, compare=False)

    @property
    def queue(self) -> list[dict[str, Any]]:
        return [{"d": d, "v": v} for d, v in self.dice]

    @property
    def label(self) -> str:
        return " ".join(f"d{d}={v}" for d, v in self.dice)


@dataclass(frozen=True)
class Message:
    """A chat message as shown: speaker, flavor and content text, and (formula, faces) per roll.

    For a rulepack chat card (`foundry/chat-card.mjs`) `content_text` is its summary lines joined
    by newlines, and the card's parts are compared too: (formula, total) of each roll it shows,
    its change lines, the catalogue id of each trace line, and its buttons as the viewer sees them.
    """

    alias: str
    flavor_text: str
    content_text: str
    rolls: tuple[tuple[str, tuple[int, ...]], ...]
    dice_shown: tuple[tuple[str, str], ...] = ()
    changes: tuple[str, ...] = ()
    trace_ids: tuple[str | None, ...] = ()
    actions: tuple[str, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """Everything a macro run is compared on."""

    messages: tuple[Message, ...]
    updates: tuple[tuple[str, str], ...] = ()  # (uuid, changes as sorted JSON)
    notifications: tuple[tuple[str, str], ...] = ()  # (type, message)


@dataclass(frozen=True)
class MacroKind:
    """How to test one macro kind: which dice cases to run, and what each must produce."""

    cases: Callable[[MacroContext], list[Case]]
    expect: Callable[[MacroContext, Case], Outcome]


def context_for(module: BuiltModule, pack: str, macro: Doc) -> MacroContext:
    """Parse the single API call of a shipped macro's command (its arguments are JSON)."""
    calls = API_CALL.findall(str(macro.get("command", "")))
    if len(calls) != 1:
        raise AssertionError(f"{macro.get('name')!r}: expected one module API call, found {calls}")
    method, args = calls[0]
    return MacroContext(module, pack, macro, method, tuple(json.loads(f"[{args}]")))


def macro_calling(module: BuiltModule, method: str) -> MacroContext:
    """The context of the module's first shipped macro that calls `method`."""
    contexts = (context_for(module, pack, doc) for pack, doc in module.documents("Macro"))
    return next(ctx for ctx in contexts if ctx.method == method)


def foundry_format(template: str, **data: object) -> str:
    """`game.i18n.format`: each `{key}` replaced once by `String(data[key])`."""
    return re.sub(r"{[^}]+}", lambda m: _js_string(data[m.group()[1:-1]]), template)


def _js_string(value: object) -> str:
    return json.dumps(value) if isinstance(value, bool) else str(value)


def observed_message(message: dict[str, Any]) -> Message:
    """One recorded message as shown (see `Message`)."""
    shown = message["shown"]
    rolls = tuple(
        (r["formula"], tuple(x["result"] for t in r["terms"] for x in t.get("results", [])))
        for r in message["rolls"]
    )
    card = shown["card"]
    if card is None:
        return Message(shown["alias"], shown["flavorText"], shown["contentText"], rolls)
    return Message(
        alias=shown["alias"], flavor_text=shown["flavorText"],
        content_text="\n".join(card["summary"]), rolls=rolls,
        dice_shown=tuple((d["formula"], d["total"]) for d in card["dice"]),
        changes=tuple(card["changes"]), trace_ids=tuple(t["id"] for t in card["trace"]),
        actions=tuple(card["actions"]),
    )


def observed(run: dict[str, Any]) -> Outcome:
    """The page's report of a run, in the shape expectations are written in."""
    messages = tuple(observed_message(m) for m in run["messages"])
    updates = tuple((u["uuid"], json.dumps(u["changes"], sort_keys=True)) for u in run["updates"])
    notes = tuple((n["type"], n["message"]) for n in run["notifications"])
    return Outcome(messages, updates, notes)


# ---------------------------------------------------------------- hit location (P6)


def _flag(doc: Doc, module: BuiltModule, key: str) -> Any:
    return doc.get("flags", {}).get(module.id, {}).get(key)


def hit_table(ctx: MacroContext) -> Doc:
    """The RollTable whose author key is the macro's argument."""
    tables = [d for _, d in ctx.module.documents("RollTable")
              if _flag(d, ctx.module, "key") == ctx.args[0]]
    assert len(tables) == 1, f"{ctx.module.id}: {len(tables)} tables with key {ctx.args[0]!r}"
    return tables[0]


def table_die(table: Doc) -> int:
    match = re.fullmatch(r"1d(\d+)", str(table["formula"]))
    assert match, f"table formula {table['formula']!r} is not 1dN"
    return int(match.group(1))


def hit_location_cases(ctx: MacroContext) -> list[Case]:
    """Both ends of every range: where an off-by-one in the lookup would show."""
    table = hit_table(ctx)
    die = table_die(table)
    faces = sorted({face for r in table["results"] for face in r["range"]})
    actor = ctx.module.actors()[0]["_id"]
    return [Case(((die, face),), actor) for face in faces]


def expect_hit_location(ctx: MacroContext, case: Case) -> Outcome:
    """The primitives/table_lookup rule on the table's ranges, then the card the module posts."""
    table = hit_table(ctx)
    die = table_die(table)
    rows = sorted(table["results"], key=lambda r: r["range"][0])
    table_input = {
        "die": die,
        "table": [{"lo": r["range"][0], "hi": r["range"][1], "key": _flag(r, ctx.module, "key")}
                  for r in rows],
    }
    result = run_case("primitives", "table_lookup", {}, table_input, case.queue)
    assert "error" not in result, f"the Python engine refused {case.label}: {result}"
    key = result["state"]["key"]
    label = next(_flag(r, ctx.module, "label") for r in rows if _flag(r, ctx.module, "key") == key)
    face = case.dice[0][1]
    lang = ctx.module.lang
    return Outcome(messages=(Message(
        alias=USER_NAME,
        flavor_text=foundry_format(lang["RULEPACK.HitLocation.Title"], table=table["name"]),
        content_text=foundry_format(
            lang["RULEPACK.HitLocation.Result"], die=die, face=face, location=label),
        rolls=((f"1d{die}", (face,)),),
        # The card shows the d100 as Foundry renders it, one P6 trace line, and no Undo: the
        # roll changes no document.
        dice_shown=((f"1d{die}", str(face)),),
        trace_ids=("P6",),
        actions=("fixture",),
    ),))


# ---------------------------------------------------------------- importing into a world


def import_cases(ctx: MacroContext) -> list[Case]:
    """In the harness's worldbuilding world, which loads the module's packs: nothing to import.
    (A world of another system imports: test_worlds.py.)"""
    return [Case((), None)]


def expect_import(ctx: MacroContext, case: Case) -> Outcome:
    notice = ctx.module.lang["RULEPACK.Import.FromPacks"]
    return Outcome(messages=(), notifications=(("info", notice),))


KINDS: dict[str, MacroKind] = {
    "rollHitLocation": MacroKind(hit_location_cases, expect_hit_location),
    "importContent": MacroKind(import_cases, expect_import),
}

#: Lays out what a case needs besides the scene: the user, local storage, the viewed Combat.
STAGE = "async (stage) => (await import('/harness/stage.mjs')).stage(stage)"


def ruleset_kinds() -> dict[str, ModuleType]:
    """Each ruleset's own macro kinds: `tests/browser/<ruleset>/kinds.py`, found by ruleset name
    (a module with `KINDS`, and optionally `SHOWCASE`, the macro whose card the screenshot shows,
    and `EXTRA_SHOTS`, more (macro name, file suffix) pairs). They build on the classes above."""
    found = {}
    for name in plugins.names():
        if (Path(__file__).resolve().parent / name / "kinds.py").is_file():
            found[name] = importlib.import_module(f"{name}.kinds")
    return found


for _module in ruleset_kinds().values():
    KINDS.update(_module.KINDS)
