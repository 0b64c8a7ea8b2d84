"""Ruleset → Foundry compendium documents (foundryvtt-cli source form, Foundry v12 data shape).

Shapes follow the v12 document schemas (foundry.md §3) and are stamped with the *minimum* core
version, so v12 loads them as they are and v13 migrates them on world launch; data stamped newer
than the running core is refused ("Documents from a core version newer than the running version
cannot be migrated", dnd5e#5731).

IDs come from `compiler.ids.foundry_id` over keys built from author ids only (never file names),
so rebuilds keep every `Compendium.<module>.<pack>.<Type>.<id>` link.
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import partial
from typing import Any

from compiler import ids
from compiler.errors import BuildError
from compiler.memo import Memo
from compiler.model import Document, Ruleset
from compiler.packing.common import (
    check_unique_ids,
    display_name,
    doc_key,
    plain,
    sort_value,
)
from compiler.packing.kinds import carried_fields, item_kinds
from compiler.packing.model import MacroSpec, Pack, PageSpec
from compiler.packing.scenes import scene_entries
from compiler.packing.systems import prototype_token, system_pack, target_systems

#: Minimum supported core build; module.json `compatibility.minimum` must use the same value.
MIN_CORE_VERSION = "12.331"

#: Default artwork per kind; every path ships with core Foundry (`icons/svg/`).
DEFAULT_IMG: Mapping[str, str] = {
    "weapon": "icons/svg/sword.svg",
    "armor": "icons/svg/shield.svg",
    "card": "icons/svg/card-hand.svg",  # Cards.DEFAULT_ICON
    "power": "icons/svg/lightning.svg",
    "fighter": "icons/svg/mystery-man.svg",  # CONST.DEFAULT_TOKEN
    "hit_locations": "icons/svg/d20-grey.svg",  # RollTable.DEFAULT_ICON
    "result": "icons/svg/d20-black.svg",
    "item": "icons/svg/item-bag.svg",  # Item.DEFAULT_ICON, for a ruleset's own Item kinds
}


#: Author fields that map onto Foundry fields instead of `system`.
_MAPPED_FIELDS = frozenset({"id", "name", "img"})
#: A fighter's `token` becomes its prototype token.
_FIGHTER_FIELDS = _MAPPED_FIELDS | {"token"}

#: v12 CONST.TABLE_RESULT_TYPES.TEXT. v10/v11 used integers (TEXT: number,
#: https://foundryvtt.com/api/v10/enums/foundry.CONST.TABLE_RESULT_TYPES.html). v12 switched to
#: strings, TABLE_RESULT_TYPES = {TEXT: "text", DOCUMENT: "document", COMPENDIUM: "pack"} (the v12
#: core constants, as mirrored in pf2e's `types/foundry/common/constants.d.mts`); the v12
#: TableResultData page types `type` as string, "A result subtype from CONST.TABLE_RESULT_TYPES"
#: (https://foundryvtt.com/api/interfaces/foundry.types.TableResultData.html); v13 keeps "text"
#: (https://foundryvtt.com/api/variables/CONST.TABLE_RESULT_TYPES.html).
TABLE_RESULT_TEXT = "text"

#: CONST.JOURNAL_ENTRY_PAGE_FORMATS.HTML
PAGE_FORMAT_HTML = 1

JOURNAL_KEY = "rules-reference"


def foundry_documents(
    ruleset: Ruleset,
    macros: Sequence[MacroSpec],
    journal_pages: Sequence[PageSpec],
    *,
    systems: Sequence[str] | None = None,
    plans: Memo | None = None,
) -> tuple[Pack, ...]:
    """Every non-empty pack of `ruleset`: for each target system its items and actors (in that
    order), then tables, macros, journal and scenes, which load in a world of any system.

    `systems` (the Item/Actor packs' Foundry systems) defaults to the manifest's `foundry_system`.
    The same document has the same `_id` in every system's copy. `plans` keeps each Item's
    entry from earlier builds under what it is made from (its data, module, kind, key and place).
    """
    module_id = ruleset.module_id
    targets = tuple(systems) if systems is not None else target_systems(ruleset)
    items, item_by_ref = _items_pack(ruleset, plans)
    actors = _actors_pack(ruleset, item_by_ref)
    packs = [
        pack
        for system in targets
        for pack in (
            # A world loads only its system's copy, so the copies share their labels.
            Pack(system_pack("items", system), f"{ruleset.title}: Items", "Item", system, items),
            Pack(system_pack("actors", system), f"{ruleset.title}: Fighters", "Actor", system,
                 actors),
        )
    ]
    packs += [
        Pack("tables", f"{ruleset.title}: Tables", "RollTable", None, _tables_pack(ruleset)),
        Pack("macros", f"{ruleset.title}: Macros", "Macro", None, _macros_pack(module_id, macros)),
        Pack("journal", f"{ruleset.title}: Rules", "JournalEntry", None,
             _journal_pack(ruleset, journal_pages)),
        Pack("scenes", f"{ruleset.title}: Scenes", "Scene", None,
             scene_entries(ruleset, {e["flags"][module_id]["key"]: e for e in actors},
                           _primary_tail)),
    ]
    for pack in packs:
        check_unique_ids(pack)
    return tuple(pack for pack in packs if pack.entries)


# -- shared fields -----------------------------------------------------------------------------


def _primary_tail(
    collection: str, doc_id: str, sort: int, flags: dict[str, Any]
) -> dict[str, Any]:
    """The fields every primary document ends with, in the order Foundry writes them."""
    return {
        "folder": None,
        "sort": sort,
        "ownership": _OWNERSHIP,
        "flags": flags,
        "_stats": _STATS,
        "_key": doc_key(collection, doc_id),
    }


def _doc_flags(module_id: str, doc: Document) -> dict[str, Any]:
    """What lets the module's JS find a packed document by its author id."""
    return {module_id: {"kind": doc.kind, "key": doc.key}}


#: Every document's `_stats` and every primary document's `ownership`: one dict each, shared by
#: every entry, as plans are frozen data (a later stage copies an entry, never changes one:
#: `tests/packing/test_pack_documents.py`). At 50,000 documents, 30 MB of equal dicts not made.
#: Volatile fields stay null so that two builds of the same content are byte-identical.
_STATS: dict[str, Any] = {
    "coreVersion": MIN_CORE_VERSION,
    "systemId": None,
    "systemVersion": None,
    "createdTime": None,
    "modifiedTime": None,
    "lastModifiedBy": None,
    "compendiumSource": None,
    "duplicateSource": None,
}
_OWNERSHIP: dict[str, Any] = {"default": 0}


# -- items and actors --------------------------------------------------------------------------


def _sorted_docs(ruleset: Ruleset, kinds: Iterable[str]) -> list[Document]:
    wanted = set(kinds)
    return sorted((d for d in ruleset.documents if d.kind in wanted), key=lambda d: (d.kind, d.key))


def _img(module_id: str, data: Mapping[str, Any], kind: str) -> str:
    """Foundry resolves `img` against its Data folder; authors write paths inside the module."""
    img = data.get("img")
    return f"modules/{module_id}/{img}" if img else DEFAULT_IMG.get(kind, DEFAULT_IMG["item"])


def _typed_doc(module_id: str, doc: Document, subtype: str) -> dict[str, Any]:
    """Name/type/img/system of an Item or Actor, without identity fields."""
    data = plain(doc.data)
    mapped = _FIGHTER_FIELDS if doc.kind == "fighter" else _MAPPED_FIELDS
    return {
        "name": display_name(data, doc.key),
        "type": f"{module_id}.{subtype}",
        "img": _img(module_id, data, doc.kind),
        "system": {k: v for k, v in data.items() if k not in mapped},
    }


def _items_pack(
    ruleset: Ruleset, plans: Memo | None
) -> tuple[tuple[dict[str, Any], ...], dict[tuple[str, str], dict[str, Any]]]:
    """Item entries in pack order (kind, then key), and the same entries by (kind, key)."""
    docs = _sorted_docs(ruleset, item_kinds(ruleset))
    module_id = ruleset.module_id
    entries = tuple(
        _item_entry(module_id, doc, sort_value(i)) if plans is None else plans.get(
            (module_id, doc.kind, doc.key, sort_value(i), doc.data),
            partial(_item_entry, module_id, doc, sort_value(i)), dict,
        )
        for i, doc in enumerate(docs)
    )
    return entries, {(d.kind, d.key): e for d, e in zip(docs, entries, strict=True)}


def _item_entry(module_id: str, doc: Document, sort: int) -> dict[str, Any]:
    doc_id = ids.foundry_id(module_id, "items", f"{doc.kind}/{doc.key}")
    return {
        "_id": doc_id,
        **_typed_doc(module_id, doc, doc.kind),
        "effects": [],
        **_primary_tail("items", doc_id, sort, _doc_flags(module_id, doc)),
    }


def _actors_pack(
    ruleset: Ruleset, items: Mapping[tuple[str, str], Mapping[str, Any]]
) -> tuple[dict[str, Any], ...]:
    module_id = ruleset.module_id
    entries = []
    for index, doc in enumerate(_sorted_docs(ruleset, ["fighter"])):
        id_key = f"fighter/{doc.key}"
        actor_id = ids.foundry_id(module_id, "actors", id_key)
        embedded = _embedded_items(ruleset, doc, id_key, actor_id, items)
        typed = _typed_doc(module_id, doc, "fighter")
        entries.append({
            "_id": actor_id,
            **typed,
            "prototypeToken": prototype_token(doc, typed),
            "items": embedded,
            "effects": [],
            **_primary_tail("actors", actor_id, sort_value(index), _doc_flags(module_id, doc)),
        })
    return tuple(entries)


def _item_references(doc: Document, ruleset: Ruleset) -> list[tuple[str, str]]:
    """(kind, key) of every item the fighter lists, in field then list order.

    Each item listed is embedded in the actor so that it is complete when dragged in from the
    compendium; `carried_fields` says which fields of `items` list which kind.
    """
    carried = doc.data.get("items") or {}
    refs = []
    for field, kind in carried_fields(ruleset).items():
        for key in carried.get(field) or ():
            if not isinstance(key, str):
                raise BuildError(f"fighter {doc.key}: {field} must list {kind} ids, got {key!r}")
            refs.append((kind, key))
    return refs


def _embedded_items(
    ruleset: Ruleset,
    doc: Document,
    actor_key: str,
    actor_id: str,
    items: Mapping[tuple[str, str], Mapping[str, Any]],
) -> list[dict[str, Any]]:
    module_id = ruleset.module_id
    embedded = []
    seen: Counter[tuple[str, str]] = Counter()
    for index, ref in enumerate(_item_references(doc, ruleset)):
        source = items.get(ref)
        if source is None:
            raise BuildError(f"fighter {doc.key}: unknown {ref[0]} {ref[1]!r}")
        seen[ref] += 1
        # A second copy of the same item (two daggers) is a distinct embedded document.
        child_key = f"{ref[0]}/{ref[1]}" + (f"#{seen[ref]}" if seen[ref] > 1 else "")
        item_id = ids.foundry_id(module_id, "actors", f"{actor_key}/{child_key}")
        copy = plain(source)
        copy.update(
            _id=item_id, sort=sort_value(index), _key=doc_key("actors.items", actor_id, item_id)
        )
        embedded.append(copy)
    return embedded


# -- roll tables -------------------------------------------------------------------------------


def _tables_pack(ruleset: Ruleset) -> tuple[dict[str, Any], ...]:
    module_id = ruleset.module_id
    entries = []
    for index, doc in enumerate(_sorted_docs(ruleset, ["hit_locations"])):
        id_key = f"hit_locations/{doc.key}"
        table_id = ids.foundry_id(module_id, "tables", id_key)
        results = [
            _table_result(module_id, id_key, table_id, location)
            for location in doc.data["locations"]
        ]
        entries.append({
            "_id": table_id,
            "name": display_name(doc.data, doc.key),
            "img": _img(module_id, doc.data, doc.kind),
            "description": doc.data.get("description", ""),  # HTML, sanitised upstream
            "results": results,
            "formula": f"1d{doc.data['die']}",
            "replacement": True,
            "displayRoll": True,
            **_primary_tail("tables", table_id, sort_value(index), _doc_flags(module_id, doc)),
        })
    return tuple(entries)


def _table_result(
    module_id: str, table_key: str, table_id: str, location: Mapping[str, Any]
) -> dict[str, Any]:
    """A v12 TableResult: `text` (v13 splits it into name/description), no `_stats`."""
    location_id = location["id"]
    low, high = location["range"]
    result_id = ids.foundry_id(module_id, "tables", f"{table_key}/location/{location_id}")
    return {
        "_id": result_id,
        "type": TABLE_RESULT_TEXT,
        # Results render as HTML; location names are plain text.
        "text": html.escape(display_name(location, location_id)),
        "img": DEFAULT_IMG["result"],
        "documentCollection": "",
        "documentId": None,
        "weight": high - low + 1,
        "range": [low, high],
        "drawn": False,
        # The plain-text label lets the module's JS show the location without trusting HTML.
        "flags": {module_id: {"key": location_id, "label": display_name(location, location_id)}},
        "_key": doc_key("tables.results", table_id, result_id),
    }


# -- macros and journal ------------------------------------------------------------------------


def _macros_pack(module_id: str, macros: Sequence[MacroSpec]) -> tuple[dict[str, Any], ...]:
    entries = []
    for index, spec in enumerate(sorted(macros, key=lambda m: m.key)):
        macro_id = ids.foundry_id(module_id, "macros", f"macro/{spec.key}")
        entries.append({
            "_id": macro_id,
            "name": spec.name,
            "type": "script",
            "author": None,
            "img": spec.img,
            "scope": "global",
            "command": spec.command,
            **_primary_tail("macros", macro_id, sort_value(index), {module_id: {"key": spec.key}}),
        })
    return tuple(entries)


def _journal_pack(ruleset: Ruleset, pages: Sequence[PageSpec]) -> tuple[dict[str, Any], ...]:
    if not pages:
        return ()
    module_id = ruleset.module_id
    id_key = f"journal/{JOURNAL_KEY}"
    journal_id = ids.foundry_id(module_id, "journal", id_key)
    return ({
        "_id": journal_id,
        "name": f"{ruleset.title}: rules reference",
        "pages": [
            _page(module_id, id_key, journal_id, spec, index) for index, spec in enumerate(pages)
        ],
        **_primary_tail("journal", journal_id, 0, {module_id: {"key": JOURNAL_KEY}}),
    },)


def _page(
    module_id: str, journal_key: str, journal_id: str, spec: PageSpec, index: int
) -> dict[str, Any]:
    page_id = ids.foundry_id(module_id, "journal", f"{journal_key}/page/{spec.key}")
    return {
        "_id": page_id,
        "name": spec.name,
        "type": "text",
        "title": {"show": True, "level": 1},
        "text": {"content": spec.html, "format": PAGE_FORMAT_HTML},
        "src": None,
        "system": {},
        "sort": sort_value(index),  # pages keep the order the render stage gave
        "ownership": {"default": -1},  # INHERIT from the entry
        "flags": {module_id: {"key": spec.key}},
        "_stats": _STATS,
        "_key": doc_key("journal.pages", journal_id, page_id),
    }
