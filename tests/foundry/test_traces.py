"""Every ruleset's chat-card rules trace reads the events as they are declared and emitted.

For each ruleset with a Foundry layer, every event its golden fixtures expect (what both engines
emit) is formatted with its `TRACE` and the strings its module ships, as the chat card does: each
declared event type has an entry, each entry names a catalogue item of the ruleset, its label
fills every placeholder from the event (no `undefined`, `NaN`, `[object …]` or `{key}` left) and
every string key it uses exists. A field renamed in the engines, a new event type, or a lang key
dropped fails here, not in front of a GM (the generic "type {json}" line the card falls back on).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from node_tools import REPO, NodeTools
from rules_parity import discover

from compiler import plugins

PROBE = Path(__file__).resolve().parent / "trace_probe.mjs"
FOUNDRY = REPO / "module_template" / "scripts" / "foundry"
BASE_LANG = REPO / "module_template" / "lang" / "en.json"
LEFTOVER = re.compile(r"\{\w+\}|undefined|NaN|\[object")
FIXTURES = [f for f in discover() if not f.problems]


def traced() -> dict[str, tuple[Path, tuple[Path, ...]]]:
    """Ruleset -> (its trace module, the lang files its module ships), for each with a trace."""
    found = {plugins.SHARED_ENGINE: (FOUNDRY / "trace.mjs", (BASE_LANG,))}
    for name, plugin in plugins.plugins().items():
        trace = plugin.layer("foundry") / "trace.mjs"
        if trace.is_file():
            own = plugin.layer("lang") / "en.json"
            found[name] = (trace, (BASE_LANG, *([own] if own.is_file() else [])))
    return found


RULESETS = traced()


#: The shared primitives' items (catalogue §6.1) and the fixture contract's, which a ruleset's
#: trace may name too (a Fate roll is P4 in any ruleset).
SHARED_IDS = {f"P{n}" for n in range(1, 15)} | {f"C{n}" for n in range(1, 7)}


def catalogue_ids(ruleset: str) -> set[str]:
    if ruleset == plugins.SHARED_ENGINE:
        return SHARED_IDS
    listed = plugins.plugins()[ruleset].layer("golden") / "catalogue_ids.txt"
    return SHARED_IDS | set(listed.read_text(encoding="utf-8").split())


def events_of(ruleset: str) -> list[tuple[str, str, dict[str, Any]]]:
    """(fixture, rule, event) of every event the ruleset's fixtures expect."""
    return [(f.ident, f.data["rule"], event) for f in FIXTURES if f.ruleset == ruleset
            for event in f.data["expected"].get("events", [])]


def formatted(node_tools: NodeTools, ruleset: str, events: list[tuple[str, dict[str, Any]]],
              ) -> dict[str, Any]:
    trace, langs = RULESETS[ruleset]
    result = node_tools.call(PROBE, trace, *langs, cwd=REPO,
                             stdin=json.dumps({"events": events}))
    assert result.returncode == 0, result.stderr
    out: dict[str, Any] = json.loads(result.stdout)
    return out


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_event_has_a_trace_line_that_reads_it(node_tools: NodeTools, ruleset: str) -> None:
    events = events_of(ruleset)
    assert events, f"{ruleset}: no fixture events to trace"
    out = formatted(node_tools, ruleset, [(rule, event) for _, rule, event in events])
    ids = catalogue_ids(ruleset)
    problems = [f"lang key {key} is missing" for key in out["missing"]]
    for (ident, rule, event), line in zip(events, out["lines"], strict=True):
        where = f"{ident} ({rule}): {event['type']}"
        if line["error"]:
            problems.append(f"{where}: the label throws {line['error']}")
        elif line["id"] is None and line["text"] is None:
            problems.append(f"{where}: no TRACE entry")
        elif line["id"] not in ids:
            problems.append(f"{where}: id {line['id']!r} is not a catalogue item of {ruleset}")
        elif LEFTOVER.search(line["text"]):
            problems.append(f"{where}: {line['text']!r}")
    assert not problems, "\n".join(sorted(set(problems))[:60])


def test_a_broken_label_is_caught(node_tools: NodeTools) -> None:
    """The check bites: a field the trace reads but the event lacks shows as `undefined`."""
    ruleset = plugins.SHARED_ENGINE
    _, rule, event = next(e for e in events_of(ruleset) if e[2]["type"] == "pool")
    broken = {k: v for k, v in event.items() if k != "die"}
    [good, bad] = formatted(node_tools, ruleset, [(rule, event), (rule, broken)])["lines"]
    assert not LEFTOVER.search(good["text"])
    assert LEFTOVER.search(bad["text"]) or bad["error"]
