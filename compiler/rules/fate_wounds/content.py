"""Shipped content -> fate_wounds rule input (mirror: `content.mjs`).

The content kinds (`compiler/schemas/rulesets/fate_wounds/`) write each fact once: a character
lists its powers by id (each power has its rating), names its wound track, and omits what the
config decides. These pure functions turn validated documents (schema defaults
filled: what `rulepack validate` checks, or an Item as `{id, name, ...system}`) into the
catalogue §3.5 shapes the rules take (tests/golden/fate_wounds/README.md), without the
presentation fields (description, img, tags). A library is `{kind: {id: document}}`. Content
that does not fit (a reference to a document the library lacks) is `bad_input` naming it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.rules.fate_wounds.ladder import SCALES
from compiler.rules.shapes import fail

Doc = Mapping[str, Any]
Library = Mapping[str, Mapping[str, Doc]]
Obj = dict[str, Any]

WHERE = "content"
COLUMN_FIELDS = ("id", "label", "min", "max", "boxes", "effect")
BONUS_FIELDS = ("power_bonus_pool", "power_bonus_remaining")


def documents(library: Library, kind: str) -> list[Doc]:
    """The library's documents of `kind`, by id."""
    found = library.get(kind, {})
    return [found[key] for key in sorted(found)]


def wound_track(doc: Doc) -> Obj:
    """FW-R09, FW-G10: a wound track as the rules take it (a character's is written into it)."""
    columns = [{key: column[key] for key in COLUMN_FIELDS} for column in doc["columns"]]
    named = {key: doc[key] for key in ("id", "name") if key in doc}
    return {**named, "columns": columns}


def power(doc: Doc) -> Obj:
    """FW-G09: a Supernatural Power as a character's rules entry: its id, name and rating."""
    return {"id": doc["id"], "name": doc["name"], "rating": doc["rating"]}


def character(doc: Doc, library: Library) -> Obj:
    """Catalogue §3.5, FW-G07, FW-G10: a character with its powers and wound track resolved.

    Omitted power-bonus numbers stay omitted (the config's pool); an omitted track is null
    (the config's, the normal human).
    """
    where = f"{WHERE}.fighter.{doc['id']}"
    powers = []
    for ident in doc.get("items", {}).get("powers", []):
        if ident not in library.get("power", {}):
            raise fail(where, f"{where}.items.powers names power {ident}, which the content lacks")
        powers.append(power(library["power"][ident]))
    bonuses = {key: doc[key] for key in BONUS_FIELDS if key in doc}
    return {
        "id": doc["id"], "name": doc["name"], "pc": doc.get("pc", False),
        "approaches": doc["approaches"], "skills": doc.get("skills", {}), "powers": powers,
        **bonuses, "wound_track": _track_of(doc, library, where), "wounds": doc.get("wounds", {}),
    }


def _track_of(doc: Doc, library: Library, where: str) -> Obj | None:
    named = doc.get("wound_track")
    if named is None:
        return None
    if named not in library.get("wound_track", {}):
        raise fail(where, f"{where}.wound_track names wound track {named}, which the content lacks")
    return wound_track(library["wound_track"][named])


def engine_config(rules_config: Mapping[str, Any], library: Library) -> Obj:
    """FW-G05, FW-G06: the manifest's rules_config, each ladder document replacing the
    config's ladder of its scale (at most one ladder per scale)."""
    config: Obj = dict(rules_config)
    owners: dict[str, str] = {}
    for doc in documents(library, "ladder"):
        key = SCALES[doc["scale"]]
        if key in owners:
            where = f"{WHERE}.ladder.{doc['id']}"
            raise fail(where, f"{where} is a second {doc['scale']} ladder: "
                              f"{owners[key]} is one already")
        owners[key] = doc["id"]
        config[key] = [{"value": rung["value"], "label": rung["label"]} for rung in doc["rungs"]]
    return config
