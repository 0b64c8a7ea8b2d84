"""The module's macros: one per hit-location table (every module), one to import its fighters and
items into a world whose system has no pack of them (every module with some), then its ruleset's
own.

A ruleset declares its macros in `module_template/macros/<ruleset>/macros.json`, beside their
templates. An entry is one macro, or with `each` one macro per document of the listed kinds (in
key order, the kinds together): `key` and `name` take the document's `{key}` and `{name}`, `img`
may map each kind to its icon, and the template gets the document's key as `document_key`. An
entry's `method` (an API method name) and `comment` (one line of text) reach its template too.
Author text (a document's name) only ever names a macro; a command holds the key as JSON.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

from markupsafe import Markup

from compiler import plugins
from compiler.errors import BuildError
from compiler.model import Document, Ruleset
from compiler.packing import MacroSpec, subtypes
from compiler.render.environment import render

HIT_LOCATION_ICON = "icons/svg/target.svg"
IMPORT_ICON = "icons/svg/item-bag.svg"  # Item.DEFAULT_ICON
#: The key of the shared macro that imports a module's fighters and items into a world.
IMPORT_KEY = "import-world-documents"
METHOD = re.compile(r"[a-z][A-Za-z0-9]*", re.ASCII)
COMMENT = re.compile(r"[\x20-\x7e]*", re.ASCII)
KEYS = frozenset({"each", "key", "name", "template", "img", "method", "comment"})


def macro_specs(ruleset: Ruleset) -> tuple[MacroSpec, ...]:
    """Every macro of `ruleset`'s module."""
    macros = [
        MacroSpec(
            key=f"hit-location-{table.key}", name=f"Hit location: {table.data['name']}",
            command=render("macros/hit-location.js.j2", module_id=ruleset.module_id,
                           table_key=table.key),
            img=HIT_LOCATION_ICON,
        )
        for table in ruleset.of_kind("hit_locations")
    ]
    if any(doc.kind in subtypes(ruleset) for doc in ruleset.documents):
        # Fighters and items load from packs only in worlds of the packs' systems: elsewhere
        # the GM imports them (foundry/import.mjs).
        macros.append(MacroSpec(
            key=IMPORT_KEY, name="Import fighters and items into this world",
            command=render("macros/import.js.j2", module_id=ruleset.module_id), img=IMPORT_ICON))
    for entry in declared(ruleset.engine):
        macros += _expand(ruleset, entry)
    return tuple(macros)


@cache
def declared(engine: str) -> tuple[Mapping[str, Any], ...]:
    """The entries of `engine`'s `macros.json` (none when it has no macros folder), checked."""
    plugin = plugins.plugins()[engine]
    if not plugin.has("macros"):
        return ()
    path = plugin.layer("macros") / "macros.json"
    entries: list[Mapping[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["macros"]
    for index, entry in enumerate(entries):
        problem = _problem(entry, plugin)
        if problem:
            raise BuildError(f"{path}: macros[{index}]: {problem}")
    return tuple(entries)


def _problem(entry: Mapping[str, Any], plugin: plugins.Plugin) -> str | None:
    unknown = sorted(set(entry) - KEYS)
    if unknown:
        return f"{unknown[0]} is not a key of a macro entry"
    if not (plugin.layer("macros") / str(entry.get("template"))).is_file():
        return f"no template {entry.get('template')!r} beside macros.json"
    if "method" in entry and not METHOD.fullmatch(str(entry["method"])):
        return "method must be a camelCase identifier"
    if "comment" in entry and not COMMENT.fullmatch(str(entry["comment"])):
        return "comment must be one line of printable ASCII"
    return None


def _expand(ruleset: Ruleset, entry: Mapping[str, Any]) -> Iterator[MacroSpec]:
    template = f"macros/{ruleset.engine}/{entry['template']}"
    fixed = {key: Markup(entry[key]) for key in ("method", "comment") if key in entry}
    if "each" not in entry:
        command = render(template, module_id=ruleset.module_id, **fixed)
        yield MacroSpec(key=entry["key"], name=entry["name"], command=command, img=entry["img"])
        return
    documents: list[Document] = sorted(
        (d for kind in entry["each"] for d in ruleset.of_kind(kind)), key=lambda d: d.key
    )
    for doc in documents:
        img = entry["img"][doc.kind] if isinstance(entry["img"], Mapping) else entry["img"]
        command = render(template, module_id=ruleset.module_id, document_key=doc.key, **fixed)
        yield MacroSpec(
            key=entry["key"].format(key=doc.key),
            name=entry["name"].format(name=doc.data["name"]),
            command=command, img=img,
        )

