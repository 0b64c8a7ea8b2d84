"""A card's rules trace names the rules' words from lang, never by their raw keys: "X-23 is
Dizzy", "fighting → On fumes", "in reach: yes", not "dizzy", "on_fumes" or "true".

A raw key is a text value of an event that a ruleset's schemas declare as one of a closed set
(a lower-case `enum` or `const` of its content, config or input shapes: a condition, a status,
a shape, a range kind) and that its trace line shows as it is, a whole word; a true or false
shows as the words lang gives them. Every event the golden fixtures expect is formatted as the
chat card does (`test_traces.formatted`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from node_tools import NodeTools
from test_traces import RULESETS, events_of, formatted

from compiler import plugins

BOOLEAN = re.compile(r"(?<![\w-])(true|false)(?![\w-])")
#: Event fields that name a document, a rating or a unit by the id its author gave it (a card, a
#: visibility or cover level, a wound-track column, a skill, the config's movement unit), by
#: event type ("*": any): data, which may happen to spell
#: a declared word ("block" is a card and a kind, "incapacitated" a column and an effect).
REFERENCES = {"*": frozenset({"card", "attack", "visibility", "sensorial_class", "column", "skill",
                               "cover", "concealment", "tier", "unit"}),
              "overflow": frozenset({"from", "to"})}


def _declared(node: Any) -> Iterator[str]:
    """Every text `enum` and `const` value inside a schema."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "enum" and isinstance(value, list):
                yield from (v for v in value if isinstance(v, str))
            elif key == "const" and isinstance(value, str):
                yield value
            else:
                yield from _declared(value)
    elif isinstance(node, list):
        for value in node:
            yield from _declared(value)


def vocabulary(ruleset: str) -> set[str]:
    """The keys of the closed sets of words a ruleset's schemas declare (its events' own `type`s
    aside). A capitalised value ("Superior" Acuity) is a word already, not a key."""
    if ruleset == plugins.SHARED_ENGINE:
        return set()
    folder = plugins.plugins()[ruleset].layer("schemas")
    return {word for path in sorted(folder.rglob("*.json")) if path.name != "events.schema.json"
            for word in _declared(json.loads(path.read_text(encoding="utf-8")))
            if word[:1].islower()}


def _texts(value: Any, skipped: frozenset[str]) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key != "type" and key not in skipped:
                yield from _texts(item, skipped)
    elif isinstance(value, list):
        for item in value:
            yield from _texts(item, skipped)


def raw_words(event: dict[str, Any], text: str, words: set[str]) -> list[str]:
    """The declared words of `event` that `text` shows as their keys, and any true or false."""
    skipped = REFERENCES["*"] | REFERENCES.get(event["type"], frozenset())
    for field in skipped & set(event):  # what such a field shows is data, wherever it shows
        for data in _texts(event[field], frozenset()):
            text = re.sub(_word(data), "", text)
    found = [w for w in sorted(set(_texts(event, skipped)) & words) if re.search(_word(w), text)]
    return found + BOOLEAN.findall(text)


def _word(word: str) -> str:
    return rf"(?<![\w-]){re.escape(word)}(?![\w-])"


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_trace_lines_show_no_raw_key(node_tools: NodeTools, ruleset: str) -> None:
    events = events_of(ruleset)
    out = formatted(node_tools, ruleset, [(rule, event) for _, rule, event in events])
    words = vocabulary(ruleset)
    problems = set()
    for (_ident, _rule, event), line in zip(events, out["lines"], strict=True):
        if line["text"]:
            for word in raw_words(event, line["text"], words):
                problems.add(f"{event['type']}: {word!r} in {line['text']!r}")
    assert not problems, "\n".join(sorted(problems)[:80])


def test_a_raw_key_is_caught() -> None:
    """The check bites on a condition shown as its key and on a bare true."""
    event = {"type": "condition", "fighter": "x-23", "condition": "dizzy", "saved": True}
    assert raw_words(event, "x-23 is dizzy", {"dizzy"}) == ["dizzy"]
    assert raw_words(event, "x-23 is Dizzy", {"dizzy"}) == []
    assert raw_words(event, "saved true", set()) == ["true"]
