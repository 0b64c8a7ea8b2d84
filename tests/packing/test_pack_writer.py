"""write_pack: fresh, reproducible LevelDB directories holding exactly the compilePack records."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import plyvel
import pytest
from pack_samples import SAMPLE_MACROS, SAMPLE_PAGES

from compiler.errors import BuildError
from compiler.model import Ruleset
from compiler.packing import Pack, foundry_documents, write_pack, writer
from compiler.packing.writer import pack_records, write_records


@pytest.fixture
def packs(ruleset: Ruleset) -> dict[str, Pack]:
    return {p.name: p for p in foundry_documents(ruleset, SAMPLE_MACROS, SAMPLE_PAGES)}


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_two_writes_are_byte_identical_and_hold_no_volatile_files(
    packs: dict[str, Pack], tmp_path: Path
) -> None:
    for pack in packs.values():
        write_pack(pack, tmp_path / "a" / pack.name)
        write_pack(pack, tmp_path / "b" / pack.name)
        first, second = _files(tmp_path / "a" / pack.name), _files(tmp_path / "b" / pack.name)
        assert first == second
        assert not {"LOG", "LOG.old", "LOCK"} & set(first)
        assert [name for name in first if name.endswith(".ldb")] == ["000005.ldb"]
        assert {name for name in first if not name.endswith(".ldb")} == {
            "CURRENT", "MANIFEST-000002", "000004.log"}


def _one_batch(records: list[tuple[bytes, bytes]], dest: Path) -> None:
    """What compilePack does: every record in one batch, LevelDB's default memtable."""
    db = plyvel.DB(str(dest), create_if_missing=True, compression="snappy", bloom_filter_bits=10)
    with db.write_batch() as batch:
        for key, value in records:
            batch.put(key, value)
    db.compact_range()
    db.close()
    for name in writer.VOLATILE_FILES:
        (dest / name).unlink(missing_ok=True)


@pytest.mark.parametrize("count", [3, 9_000])
def test_records_written_in_batches_are_one_batchs_files(count: int, tmp_path: Path) -> None:
    records = [(f"!items!{i:016d}".encode(), b'{"name":"%d","pad":"%s"}' % (i, b"x" * (i % 900)))
               for i in range(count)]
    # 9,000 records are 4.3 MiB, past the default memtable: batches and a larger memtable
    assert (len(list(writer._chunks(records))) > 1) == (count > 3)
    write_records(records, tmp_path / "ours")
    _one_batch(records, tmp_path / "one")
    assert _files(tmp_path / "ours") == _files(tmp_path / "one")
    assert len(_files(tmp_path / "ours")) == 4  # CURRENT, MANIFEST, one table, an empty log


def test_the_database_holds_exactly_the_records(packs: dict[str, Pack], tmp_path: Path) -> None:
    pack = packs["actors-worldbuilding"]
    write_pack(pack, tmp_path / "actors")
    db = plyvel.DB(str(tmp_path / "actors"))
    try:
        stored = list(db.iterator())
    finally:
        db.close()
    assert stored == sorted(pack_records(pack))


def test_records_replace_embedded_arrays_by_ids(packs: dict[str, Pack]) -> None:
    journal = packs["journal"]
    entry = journal.entries[0]
    records = {k.decode(): json.loads(v) for k, v in pack_records(journal)}
    page_ids = [page["_id"] for page in entry["pages"]]
    primary = records.pop(f"!journal!{entry['_id']}")
    assert primary["pages"] == page_ids
    assert list(primary)[-1] == "categories" and primary["categories"] == []
    assert "_key" not in primary
    assert sorted(records) == sorted(f"!journal.pages!{entry['_id']}.{p}" for p in page_ids)
    first = records[f"!journal.pages!{entry['_id']}.{page_ids[0]}"]
    assert first == {k: v for k, v in entry["pages"][0].items() if k != "_key"}


def test_records_follow_the_cli_batch_order(packs: dict[str, Pack]) -> None:
    table = packs["tables"].entries[0]
    keys = [k.decode() for k, _ in pack_records(packs["tables"])]
    assert keys == [table["_key"], *(r["_key"] for r in table["results"])]


def test_values_are_javascript_json(packs: dict[str, Pack]) -> None:
    claws = next(e for e in packs["items-worldbuilding"].entries if e["name"] == "Claws")
    value = dict(pack_records(packs["items-worldbuilding"]))[claws["_key"].encode()].decode()
    assert '"by_number":{"2":"two","10":"ten","b":"bee","01":"zero-one","a":"ay"}' in value
    assert '"numbers":[2,0.5,0.00001,1.5e-7,1e+21,1152921504606847000,0,0.1,' in value
    assert '"mass_kg":0.5,' in value and ", " not in value and '": ' not in value


def test_an_existing_destination_is_refused(packs: dict[str, Pack], tmp_path: Path) -> None:
    (tmp_path / "items").mkdir()
    with pytest.raises(BuildError, match="new directory"):
        write_pack(packs["items-worldbuilding"], tmp_path / "items")


def test_a_wrong_key_is_refused(packs: dict[str, Pack]) -> None:
    entry = dict(packs["tables"].entries[0])
    result = {**entry["results"][0], "_key": "!tables.results!x.y"}
    broken = {**entry, "results": [result, *entry["results"][1:]]}
    with pytest.raises(BuildError, match=r"_key '!tables.results!x.y', expected"):
        pack_records(dataclasses.replace(packs["tables"], entries=(broken,)))
    with pytest.raises(BuildError, match="_key None"):
        pack_records(dataclasses.replace(
            packs["tables"], entries=({k: v for k, v in entry.items() if k != "_key"},)))


def test_duplicate_keys_are_refused(packs: dict[str, Pack]) -> None:
    macro = packs["macros"].entries[0]
    with pytest.raises(BuildError, match="two documents have the key"):
        pack_records(dataclasses.replace(packs["macros"], entries=(macro, macro)))


def test_system_is_required_exactly_for_item_and_actor_packs(packs: dict[str, Pack]) -> None:
    with pytest.raises(BuildError, match="system is required"):
        pack_records(dataclasses.replace(packs["items-worldbuilding"], system=None))
    with pytest.raises(BuildError, match="system is required"):
        pack_records(dataclasses.replace(packs["macros"], system="worldbuilding"))
    with pytest.raises(BuildError, match="unsupported document type"):
        pack_records(dataclasses.replace(packs["macros"], document_type="Playlist"))


@pytest.mark.parametrize(
    ("value", "message"),
    [(2**53, "too large"), (float("nan"), "cannot be stored"), ({1: 2}, "not a string"),
     ("\ud800", "surrogate"), ({"a", "b"}, "not JSON data")],
)
def test_values_javascript_cannot_hold_are_refused(
    packs: dict[str, Pack], value: object, message: str
) -> None:
    macro = {**packs["macros"].entries[0], "flags": {"x": value}}
    with pytest.raises(BuildError, match=message):
        pack_records(dataclasses.replace(packs["macros"], entries=(macro,)))
