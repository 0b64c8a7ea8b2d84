"""The rules-reference journal and the macros: generated from linked content, HTML escaped."""

from __future__ import annotations

import json

from markupsafe import Markup

from compiler.model import Ruleset
from compiler.packing import MacroSpec, PageSpec
from compiler.render.environment import render
from compiler.render.lang import KIND_LABELS

HIT_LOCATION_ICON = "icons/svg/target.svg"


def journal_pages(ruleset: Ruleset) -> tuple[PageSpec, ...]:
    """Overview (the sanitised description and a table of contents) and the rules configuration."""
    contents = [
        (KIND_LABELS[kind], sorted(str(d.data["name"]) for d in ruleset.of_kind(kind)))
        for kind in KIND_LABELS
    ]
    overview = render(
        "journal/overview.html.j2", title=ruleset.title, engine=ruleset.engine,
        version=ruleset.version, contents=contents,
        # Already allow-list sanitised by render.sanitize before this stage.
        description=Markup(ruleset.description),
    )
    settings = [
        (key, json.dumps(value, sort_keys=True))
        for key, value in sorted(ruleset.rules_config.items())
    ]
    config = render("journal/rules-config.html.j2", settings=settings)
    return (
        PageSpec(key="overview", name="Overview", html=overview),
        PageSpec(key="rules-config", name="Rules configuration", html=config),
    )


def macro_specs(ruleset: Ruleset) -> tuple[MacroSpec, ...]:
    """One macro per hit-location table: roll it with Foundry's dice, look it up in the core."""
    macros = []
    for table in ruleset.of_kind("hit_locations"):
        command = render(
            "macros/hit-location.js.j2", module_id=ruleset.module_id, table_key=table.key
        )
        macros.append(MacroSpec(
            key=f"hit-location-{table.key}", name=f"Hit location: {table.data['name']}",
            command=command, img=HIT_LOCATION_ICON,
        ))
    return tuple(macros)
