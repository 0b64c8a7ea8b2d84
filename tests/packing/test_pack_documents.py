"""Ruleset → Foundry documents: stable ids, v12 shapes, the fields other stages rely on."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from pack_samples import (
    MODULE_ID,
    SAMPLE_MACROS,
    SAMPLE_PAGES,
    document,
    make_ruleset,
    sample_documents,
)

from compiler import ids
from compiler.errors import BuildError
from compiler.model import Document, Ruleset
from compiler.packing import MIN_CORE_VERSION, SUBTYPES, Pack, foundry_documents
from compiler.packing.writer import pack_records
from compiler.render.scripts import world_documents_file

ID = re.compile(r"[A-Za-z0-9]{16}")

STATS = {
    "coreVersion": "12.331", "systemId": None, "systemVersion": None, "createdTime": None,
    "modifiedTime": None, "lastModifiedBy": None, "compendiumSource": None,
    "duplicateSource": None,
}
COMMON = {"_id", "_key", "name", "folder", "sort", "ownership", "flags", "_stats"}
FIELDS = {
    "Item": COMMON | {"type", "img", "system", "effects"},
    "Actor": COMMON | {"type", "img", "system", "prototypeToken", "items", "effects"},
    "RollTable": COMMON | {"img", "description", "results", "formula", "replacement",
                           "displayRoll"},
    "Macro": COMMON | {"type", "author", "img", "scope", "command"},
    "JournalEntry": COMMON | {"pages"},
    "TableResult": {"_id", "_key", "type", "text", "img", "documentCollection", "documentId",
                    "weight", "range", "drawn", "flags"},
    "JournalEntryPage": {"_id", "_key", "name", "type", "title", "text", "src", "system", "sort",
                         "ownership", "flags", "_stats"},
}
EMBEDDED_TYPE = {("Actor", "items"): "Item", ("RollTable", "results"): "TableResult",
                 ("JournalEntry", "pages"): "JournalEntryPage"}


def _packs(ruleset: Ruleset) -> dict[str, Pack]:
    return {p.name: p for p in foundry_documents(ruleset, SAMPLE_MACROS, SAMPLE_PAGES)}


def _walk(pack: Pack) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """(document name, doc) for every primary and embedded document."""
    for entry in pack.entries:
        yield pack.document_type, entry
        for (parent, field), child_type in EMBEDDED_TYPE.items():
            if parent == pack.document_type:
                for child in entry[field]:
                    yield child_type, child


def _ids(packs: Mapping[str, Pack]) -> dict[str, str]:
    return {doc["_key"]: doc["_id"] for p in packs.values() for _, doc in _walk(p)}


def _named(pack: Pack, name: str) -> Mapping[str, Any]:
    return next(e for e in pack.entries if e["name"] == name)


def test_every_document_has_the_v12_shape_and_stats(ruleset: Ruleset) -> None:
    packs = _packs(ruleset)
    assert MIN_CORE_VERSION == "12.331"
    seen = set()
    for pack in packs.values():
        for doc_type, doc in _walk(pack):
            seen.add(doc_type)
            assert set(doc) == FIELDS[doc_type], (doc_type, doc["_key"])
            if "_stats" in doc:
                assert doc["_stats"] == STATS
    assert seen == set(FIELDS)


def test_no_v13_only_fields(ruleset: Ruleset) -> None:
    packs = _packs(ruleset)
    for result in packs["tables"].entries[0]["results"]:
        assert not {"name", "description", "documentUuid", "_stats"} & set(result)
    journal = packs["journal"].entries[0]
    assert "categories" not in journal
    assert all("category" not in page for page in journal["pages"])


def test_ids_are_16_alphanumerics_and_keys_follow_the_cli(ruleset: Ruleset) -> None:
    packs = _packs(ruleset)
    for key, doc_id in _ids(packs).items():
        assert ID.fullmatch(doc_id), key
    # A system's copy of a pack (items-worldbuilding) stores the keys of its collection (items).
    embedded = {"actors": "items", "tables": "results", "journal": "pages"}
    for name, pack in packs.items():
        collection = name.split("-")[0]
        for entry in pack.entries:
            assert entry["_key"] == f"!{collection}!{entry['_id']}"
            for child in entry.get(embedded.get(collection, ""), []):
                assert child["_key"] == (
                    f"!{collection}.{embedded[collection]}!{entry['_id']}.{child['_id']}")


def test_ids_are_deterministic_and_follow_the_documented_derivation(ruleset: Ruleset) -> None:
    packs = _packs(ruleset)
    assert _ids(packs) == _ids(_packs(make_ruleset(sample_documents())))
    claws = next(e for e in packs["items-worldbuilding"].entries
                 if e["flags"][MODULE_ID]["key"] == "claws"
                 and e["flags"][MODULE_ID]["kind"] == "weapon")
    assert claws["_id"] == ids.foundry_id(MODULE_ID, "items", "weapon/claws")
    assert packs["macros"].entries[0]["_id"] == ids.foundry_id(MODULE_ID, "macros", "macro/attack")


def test_renaming_or_reordering_files_keeps_every_id(ruleset: Ruleset) -> None:
    moved = tuple(
        dataclasses.replace(doc, source=dataclasses.replace(doc.source, path=f"elsewhere/{i}.yml"))
        for i, doc in enumerate(reversed(sample_documents()))
    )
    assert _ids(_packs(make_ruleset(moved))) == _ids(_packs(ruleset))
    assert _packs(make_ruleset(moved)) == _packs(ruleset)


def test_changing_one_key_changes_only_that_documents_id(ruleset: Ruleset) -> None:
    def rekey(doc: Document) -> Document:
        if (doc.kind, doc.key) != ("weapon", "pistol"):
            return doc
        return dataclasses.replace(doc, key="revolver", data={**doc.data, "id": "revolver"})

    before = _ids(_packs(ruleset))
    after = _ids(_packs(make_ruleset(tuple(rekey(d) for d in sample_documents()))))
    assert set(before.values()) ^ set(after.values()) == {
        ids.foundry_id(MODULE_ID, "items", "weapon/pistol"),
        ids.foundry_id(MODULE_ID, "items", "weapon/revolver"),
    }


def test_same_key_in_two_kinds_gives_two_ids(ruleset: Ruleset) -> None:
    items = _packs(ruleset)["items-worldbuilding"]
    assert _named(items, "Claws")["_id"] != _named(items, "Claw Strike")["_id"]


def test_a_duplicate_document_is_an_id_collision(ruleset: Ruleset) -> None:
    duplicate = (*ruleset.documents, ruleset.documents[0])
    with pytest.raises(BuildError, match="collision"):
        foundry_documents(make_ruleset(duplicate), (), ())


def test_any_hash_collision_fails_the_build(
    ruleset: Ruleset, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ids, "foundry_id", lambda module, pack, key: "A" * 16)
    with pytest.raises(BuildError,
                       match=r"pack 'items-worldbuilding'.*collision: AAAAAAAAAAAAAAAA"):
        foundry_documents(ruleset, SAMPLE_MACROS, SAMPLE_PAGES)


def test_an_embedded_collision_fails_the_build(
    ruleset: Ruleset, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = ids.foundry_id
    monkeypatch.setattr(
        ids, "foundry_id",
        lambda module, pack, key: "B" * 16 if "/location/" in key else real(module, pack, key),
    )
    with pytest.raises(BuildError, match=r"pack 'tables', .*\.results: .*BBBBBBBBBBBBBBBB"):
        foundry_documents(ruleset, (), ())


def test_items_carry_subtype_system_data_and_images(ruleset: Ruleset) -> None:
    items = _packs(ruleset)["items-worldbuilding"]
    assert items.document_type == "Item" and items.system == "worldbuilding"
    claws = _named(items, "Claws")
    assert claws["type"] == f"{MODULE_ID}.weapon"
    assert claws["img"] == "icons/svg/sword.svg"
    assert claws["system"] == {k: v for k, v in sample_documents()[0].data.items()
                               if k not in ("id", "name")}
    assert claws["flags"] == {MODULE_ID: {"kind": "weapon", "key": "claws"}}
    assert claws["ownership"] == {"default": 0} and claws["folder"] is None
    assert claws["effects"] == []
    pistol = _named(items, "Pistol")
    assert pistol["img"] == f"modules/{MODULE_ID}/assets/pistol.webp"
    assert "img" not in pistol["system"]
    images = {e["type"].split(".")[1]: e["img"] for e in items.entries if e["name"] != "Pistol"}
    assert images == {"weapon": "icons/svg/sword.svg", "armor": "icons/svg/shield.svg",
                      "card": "icons/svg/card-hand.svg", "power": "icons/svg/lightning.svg"}


def test_items_are_sorted_by_kind_and_key(ruleset: Ruleset) -> None:
    items = _packs(ruleset)["items-worldbuilding"].entries
    order = [(e["flags"][MODULE_ID]["kind"], e["flags"][MODULE_ID]["key"]) for e in items]
    assert order == sorted(order)
    assert [e["sort"] for e in items] == [100000 * (i + 1) for i in range(len(items))]


def test_subtypes_name_every_item_and_actor_kind() -> None:
    assert SUBTYPES == {"weapon": ("Item", "weapon"), "armor": ("Item", "armor"),
                        "card": ("Item", "card"), "power": ("Item", "power"),
                        "fighter": ("Actor", "fighter")}


def test_actors_embed_the_items_they_carry(ruleset: Ruleset) -> None:
    packs = _packs(ruleset)
    actors, items = packs["actors-worldbuilding"], packs["items-worldbuilding"]
    assert actors.system == "worldbuilding"
    wolverine = _named(actors, "Wolverine")
    assert wolverine["type"] == f"{MODULE_ID}.fighter"
    assert wolverine["img"] == "icons/svg/mystery-man.svg"
    assert wolverine["system"]["attributes"] == {"brawn": 18, "agility": 16}
    carried = [(i["flags"][MODULE_ID]["kind"], i["flags"][MODULE_ID]["key"])
               for i in wolverine["items"]]
    assert carried == [("weapon", "claws"), ("weapon", "claws"), ("armor", "vest"),
                       ("card", "claws"), ("card", "block"), ("power", "healing")]
    first, second = wolverine["items"][:2]
    assert first["_id"] != second["_id"]  # two copies of one weapon are two documents
    source = _named(items, "Claws")
    for field in ("name", "type", "img", "system", "effects", "flags", "_stats"):
        assert first[field] == source[field]
    assert first["_id"] != source["_id"]
    assert [i["sort"] for i in wolverine["items"]] == [100000 * (n + 1) for n in range(6)]
    assert _named(actors, "Jubilee")["items"] == []


def test_an_unknown_carried_item_fails(ruleset: Ruleset) -> None:
    fighter = document("fighter", {"id": "x", "name": "X", "items": {"weapons": ["nope"]}})
    with pytest.raises(BuildError, match="fighter x: unknown weapon 'nope'"):
        foundry_documents(make_ruleset((*ruleset.documents, fighter)), (), ())


def test_hit_locations_become_a_rolltable(ruleset: Ruleset) -> None:
    table = _packs(ruleset)["tables"]
    assert table.document_type == "RollTable" and table.system is None
    human = table.entries[0]
    assert human["name"] == "Human" and human["formula"] == "1d10"
    assert human["img"] == "icons/svg/d20-grey.svg"
    assert (human["replacement"], human["displayRoll"]) == (True, True)
    rows = [(r["text"], r["range"], r["weight"], r["type"], r["drawn"]) for r in human["results"]]
    assert rows == [("Head", [1, 2], 2, "text", False),
                    ("Torso &lt;chest&gt;", [3, 7], 5, "text", False),
                    ("Legs", [8, 10], 3, "text", False)]
    assert human["results"][0]["flags"] == {MODULE_ID: {"key": "head", "label": "Head"}}
    assert human["results"][0]["documentId"] is None


def test_macros_are_global_script_macros(ruleset: Ruleset) -> None:
    macros = _packs(ruleset)["macros"]
    assert macros.document_type == "Macro" and macros.system is None
    attack, defend = macros.entries
    assert (attack["name"], attack["type"], attack["scope"], attack["author"]) == (
        "Attack", "script", "global", None)
    assert attack["command"] == SAMPLE_MACROS[0].command
    assert attack["img"] == "icons/svg/dice-target.svg" and defend["img"] == "icons/svg/shield.svg"
    assert attack["flags"] == {MODULE_ID: {"key": "attack"}}


def test_journal_has_one_entry_with_the_pages_in_order(ruleset: Ruleset) -> None:
    journal = _packs(ruleset)["journal"]
    assert journal.document_type == "JournalEntry" and journal.system is None
    (entry,) = journal.entries
    assert entry["name"] == "Test Rules: rules reference"
    pages = entry["pages"]
    assert [p["name"] for p in pages] == ["Overview", "Combat"]
    assert pages[0]["text"] == {"content": SAMPLE_PAGES[0].html, "format": 1}
    assert pages[0]["title"] == {"show": True, "level": 1}
    assert pages[0]["type"] == "text" and pages[0]["ownership"] == {"default": -1}
    assert [p["sort"] for p in pages] == [100000, 200000]


def test_empty_packs_are_left_out() -> None:
    only_weapons = make_ruleset(sample_documents()[:2])
    assert [p.name for p in foundry_documents(only_weapons, (), ())] == ["items-worldbuilding"]


def _with_systems(ruleset: Ruleset, systems: object) -> Ruleset:
    data = {k: v for k, v in ruleset.manifest.data.items() if k != "foundry_system"}
    if systems is not None:
        data["foundry_system"] = systems
    return dataclasses.replace(ruleset, manifest=dataclasses.replace(ruleset.manifest, data=data))


def test_each_target_system_gets_its_own_item_and_actor_packs(ruleset: Ruleset) -> None:
    """Foundry loads an Item or Actor pack only in worlds of its system (foundryvtt#12649), one
    system per pack, names unique (#9560): one copy per system, the same ids in each."""
    packs = foundry_documents(_with_systems(ruleset, ["worldbuilding", "dnd5e"]), (), ())
    assert {p.name: p.system for p in packs} == {
        "items-worldbuilding": "worldbuilding", "actors-worldbuilding": "worldbuilding",
        "items-dnd5e": "dnd5e", "actors-dnd5e": "dnd5e", "tables": None}
    by_name = {p.name: p for p in packs}
    assert by_name["items-dnd5e"].entries == by_name["items-worldbuilding"].entries
    assert by_name["actors-dnd5e"].entries == by_name["actors-worldbuilding"].entries
    one = foundry_documents(_with_systems(ruleset, "dnd5e"), (), ())
    assert [p.name for p in one] == ["items-dnd5e", "actors-dnd5e", "tables"]
    default = foundry_documents(_with_systems(ruleset, None), (), ())
    assert [p.system for p in default][:4] == ["worldbuilding"] * 2 + ["dnd5e"] * 2
    assert foundry_documents(ruleset, (), (), systems=["swade"])[0].name == "items-swade"


def test_a_system_that_refuses_module_subtypes_is_refused(ruleset: Ruleset) -> None:
    with pytest.raises(BuildError, match=r"'pf2e': pf2e refuses module Actor and Item sub-types"):
        foundry_documents(_with_systems(ruleset, ["dnd5e", "pf2e"]), (), ())


def test_fighters_get_a_prototype_token_by_role(ruleset: Ruleset) -> None:
    """pc: linked and Friendly (wounds land on the sheet); npc, the default: unlinked and Hostile,
    as Foundry makes any actor's; `token` itself stays out of `system`."""
    pc = document("fighter", {"id": "pc", "name": "Pat", "token": "pc"})
    npc = document("fighter", {"id": "npc", "name": "Nob"})
    packs = _packs(make_ruleset((*ruleset.documents, pc, npc)))
    actors = packs["actors-worldbuilding"]
    assert _named(actors, "Pat")["prototypeToken"] == {
        "name": "Pat", "actorLink": True, "disposition": 1, "sight": {"enabled": True},
        "texture": {"src": "icons/svg/mystery-man.svg"}}
    assert _named(actors, "Nob")["prototypeToken"] == {
        "name": "Nob", "actorLink": False, "disposition": -1,
        "texture": {"src": "icons/svg/mystery-man.svg"}}
    assert "token" not in _named(actors, "Pat")["system"]


def test_input_data_is_copied_not_shared(ruleset: Ruleset) -> None:
    claws = _named(_packs(ruleset)["items-worldbuilding"], "Claws")
    claws["system"]["quirks"]["numbers"].append(99)
    assert 99 not in ruleset.documents[0].data["quirks"]["numbers"]


def _scene_ruleset(systems: list[str]) -> Ruleset:
    hero = document("fighter", {"id": "hero", "name": "Hero", "token": "pc", "items": {}})
    grunt = document("fighter", {"id": "grunt", "name": "Grunt", "items": {}})
    scene = document("scene", {
        "id": "duel", "name": "Duel", "width": 6, "height": 4, "background_color": "#999999",
        "grid": {"type": "hex", "size": 100, "distance": 10, "units": "m"},
        "tokens": [{"fighter": "hero", "at": [1, 1]}, {"fighter": "grunt", "at": [2, 2]},
                   {"fighter": "grunt", "at": [3, 2], "name": "Second Grunt"}],
    })
    ruleset = make_ruleset((hero, grunt, scene))
    return dataclasses.replace(ruleset, manifest=dataclasses.replace(
        ruleset.manifest, data={**ruleset.manifest.data, "foundry_system": systems}))


def test_a_scene_s_tokens_name_the_fighters_actor_in_every_system_s_copy() -> None:
    packs = {p.name: p for p in foundry_documents(_scene_ruleset(["worldbuilding", "dnd5e"]),
                                                  SAMPLE_MACROS, SAMPLE_PAGES)}
    (scene,) = packs["scenes"].entries
    assert packs["scenes"].system is None and packs["scenes"].document_type == "Scene"
    assert scene["_id"] == ids.foundry_id(MODULE_ID, "scenes", "scene/duel")
    assert scene["_stats"] == STATS and scene["padding"] == 0
    assert scene["grid"]["type"] == 2 and (scene["width"], scene["height"]) == (600, 375)
    by_key = {}
    for name in ("actors-worldbuilding", "actors-dnd5e"):
        by_key[name] = {a["flags"][MODULE_ID]["key"]: a for a in packs[name].entries}
    assert by_key["actors-worldbuilding"]["hero"]["_id"] == by_key["actors-dnd5e"]["hero"]["_id"]
    actors = by_key["actors-worldbuilding"]
    tokens = scene["tokens"]
    assert [t["actorId"] for t in tokens] == [actors[k]["_id"] for k in ("hero", "grunt", "grunt")]
    assert [(t["name"], t["actorLink"], t["disposition"]) for t in tokens] == [
        ("Hero", True, 1), ("Grunt", False, -1), ("Second Grunt", False, -1)]
    assert [(t["x"], t["y"]) for t in tokens] == [(100, 87), (150, 173), (250, 173)]
    assert all(t["delta"] is None and ID.fullmatch(t["_id"]) for t in tokens)
    assert len({t["_id"] for t in tokens}) == 3
    assert [t["_key"] for t in tokens] == [f"!scenes.tokens!{scene['_id']}.{t['_id']}"
                                           for t in tokens]
    again = foundry_documents(_scene_ruleset(["worldbuilding", "dnd5e"]), SAMPLE_MACROS,
                              SAMPLE_PAGES)
    assert [p.entries for p in again if p.name == "scenes"] == [packs["scenes"].entries]


def test_shared_stats_and_ownership_stay_as_built(ruleset: Ruleset) -> None:
    """Every primary entry holds the one `_stats` dict (an actor's embedded items are copies):
    the whole build path after planning (records, world documents) copies entries and never
    changes one."""
    packs = _packs(ruleset)
    entries = [doc for pack in packs.values() for doc in pack.entries]
    assert len({id(doc["_stats"]) for doc in entries}) == 1
    for pack in packs.values():
        pack_records(pack)
    world_documents_file(tuple(packs.values()))
    stats = entries[0]["_stats"]
    assert stats == {"coreVersion": MIN_CORE_VERSION, "systemId": None, "systemVersion": None,
                     "createdTime": None, "modifiedTime": None, "lastModifiedBy": None,
                     "compendiumSource": None, "duplicateSource": None}
    assert all(doc["ownership"] == {"default": 0} for doc in entries)
