"""The rules-reference journal: generated from linked content, HTML escaped."""

from __future__ import annotations

import json

from markupsafe import Markup

from compiler.model import Ruleset
from compiler.packing import PageSpec, data_kinds
from compiler.render.environment import render
from compiler.render.lang import kind_label

#: Document fields the reference-data page does not repeat as rows.
_HEADING_FIELDS = frozenset({"id", "name", "description", "img", "tags"})


def journal_pages(ruleset: Ruleset) -> tuple[PageSpec, ...]:
    """Overview, rules configuration, and the reference tables when the ruleset has data kinds."""
    kinds = sorted({d.kind for d in ruleset.documents})
    contents = [
        (kind_label(ruleset.schemas, kind),
         sorted(str(d.data["name"]) for d in ruleset.of_kind(kind)))
        for kind in kinds
    ]
    overview = render(
        "journal/overview.html.j2", title=ruleset.title, engine=ruleset.engine,
        version=ruleset.version, contents=contents,
        # Allow-list sanitised right after validation (compiler/sanitize.py).
        description=Markup(ruleset.description),
    )
    settings = [
        (key, json.dumps(value, sort_keys=True))
        for key, value in sorted(ruleset.rules_config.items())
    ]
    config = render("journal/rules-config.html.j2", settings=settings)
    pages = [
        PageSpec(key="overview", name="Overview", html=overview),
        PageSpec(key="rules-config", name="Rules configuration", html=config),
    ]
    data = _reference_data(ruleset)
    if data:
        html = render("journal/reference-data.html.j2", kinds=data)
        pages.append(PageSpec(key="reference-data", name="Reference tables", html=html))
    return tuple(pages)


def _reference_data(ruleset: Ruleset) -> list[tuple[str, list[tuple[str, list[tuple[str, str]]]]]]:
    """Per data kind, each document's name and its other fields as (field, JSON text) rows."""
    found = []
    for kind in data_kinds(ruleset):
        documents = sorted(ruleset.of_kind(kind), key=lambda d: d.key)
        rows = [
            (str(d.data["name"]), [
                (field, json.dumps(value, sort_keys=True, ensure_ascii=False))
                for field, value in sorted(d.data.items()) if field not in _HEADING_FIELDS
            ])
            for d in documents
        ]
        if rows:
            found.append((kind_label(ruleset.schemas, kind), rows))
    return found

