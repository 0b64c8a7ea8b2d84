"""Write a Pack as a LevelDB compendium exactly as foundryvtt-cli 3.0.3 `compilePack` does.

`compilePack` (lib/package.mjs) takes each source document, deletes `_key`, clones it, replaces
every embedded array named in its HIERARCHY by the embedded `_id`s (an absent array becomes `[]`),
and puts it under its `_key`; then it does the same for each embedded document, depth first, all
in one batch, and compacts the key range so the pack is one `.ldb` table. Values are
`JSON.stringify` text (classic-level's `json` encoding), which `jsjson` reproduces byte for byte.

Packs are written only into a fresh directory: re-packing into an existing one renames the table
and manifest files, so only a fresh pack is reproducible (reliability.md §5).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import plyvel

from compiler.errors import BuildError
from compiler.packing.jsjson import stringify
from compiler.packing.model import (
    COLLECTION_BY_TYPE,
    EMBEDDED,
    SINGLE_EMBEDDED,
    SYSTEM_SPECIFIC_TYPES,
    Pack,
)

#: LevelDB recreates these when a pack is opened: a lock file and human-readable logs with
#: timestamps. Leaving them out keeps packs byte-identical between builds.
VOLATILE_FILES = ("LOG", "LOG.old", "LOCK")

#: compilePack puts every record in one write batch, which LevelDB applies to one memtable: the
#: batch is a second copy of the records (60 MiB at the peak of a 50,000-document pack). We put
#: them in batches of about BATCH_BYTES into a memtable made large enough never to be switched
#: before `compact_range`, so the same sequence numbers reach the same single table: the files
#: are byte for byte a single batch's (`tests/packing/test_pack_writer.py`). LevelDB caps
#: the memtable at MAX_WRITE_BUFFER; a pack too large for that is written in one batch.
BATCH_BYTES = 1 << 20
DEFAULT_WRITE_BUFFER = 4 << 20  # LevelDB's (and classic-level's) default
MAX_WRITE_BUFFER = 1 << 30
MEMTABLE_SLACK = 1 << 20


def write_pack(pack: Pack, dest: Path, text: Callable[[Any], bytes] | None = None) -> None:
    """Create the LevelDB pack directory `dest` (which must not exist) from `pack.entries`;
    `text` gives a value's JSON text (`encoded.EncodedValues.text` keeps earlier builds')."""
    write_records(pack_records(pack, text), dest)


def write_records(records: Sequence[tuple[bytes, bytes]], dest: Path) -> None:
    """Create the LevelDB pack directory `dest` (which must not exist) holding `records`, in
    their order (`pack_records`)."""
    if dest.exists():
        raise BuildError(f"{dest}: a pack is only ever written into a new directory")
    dest.parent.mkdir(parents=True, exist_ok=True)
    size = sum(len(key) + len(value) for key, value in records)
    memtable = max(DEFAULT_WRITE_BUFFER, 2 * size + MEMTABLE_SLACK)
    one_batch = memtable > MAX_WRITE_BUFFER
    # Tables laid out as classic-level (foundryvtt-cli's LevelDB binding) writes them: snappy
    # blocks and a 10-bit bloom filter. Only the compressed bytes differ (another snappy build).
    db = plyvel.DB(
        str(dest), create_if_missing=True, error_if_exists=True,
        compression="snappy", bloom_filter_bits=10,
        write_buffer_size=DEFAULT_WRITE_BUFFER if one_batch else memtable,
    )
    try:
        for chunk in [records] if one_batch else _chunks(records):
            with db.write_batch() as batch:
                for key, value in chunk:
                    batch.put(key, value)
        db.compact_range()
    finally:
        db.close()
    for name in VOLATILE_FILES:
        (dest / name).unlink(missing_ok=True)


def _chunks(records: Sequence[tuple[bytes, bytes]]) -> Iterator[Sequence[tuple[bytes, bytes]]]:
    """`records` in order, in runs of about BATCH_BYTES."""
    start, size = 0, 0
    for end, (key, value) in enumerate(records, 1):
        size += len(key) + len(value)
        if size >= BATCH_BYTES:
            yield records[start:end]
            start, size = end, 0
    if start < len(records):
        yield records[start:]


def pack_records(
    pack: Pack, text: Callable[[Any], bytes] | None = None, kept: EntryRecords | None = None,
) -> list[tuple[bytes, bytes]]:
    """The (key, value) pairs of the pack, in the order compilePack puts them in its batch.
    `kept` holds each entry's pairs from a watch's last run, by the entry object itself."""
    encode = text or (lambda value: stringify(value).encode())
    collection = _check_pack(pack)
    records: list[tuple[bytes, bytes]] = []
    seen: set[bytes] = set()
    for entry in pack.entries:
        if kept is None:
            pairs = _entry_records(entry, collection, encode)
        else:
            pairs = kept.of(entry, collection, partial(_entry_records, entry, collection, encode))
        for key, _ in pairs:
            if key in seen:
                raise BuildError(f"pack {pack.name!r}: two documents have the key {key.decode()!r}")
            seen.add(key)
        records += pairs
    return records


def _entry_records(
    entry: Mapping[str, Any], collection: str, encode: Callable[[Any], bytes]
) -> list[tuple[bytes, bytes]]:
    flat = _flatten(entry, collection, collection, str(entry.get("_id")))
    return [(key.encode(), encode(value)) for key, value in flat]


class EntryRecords:
    """Each pack entry's (key, value) pairs, kept across a watch's rebuilds by the entry object
    itself: an unchanged document's planned entry is the same object in the next run (the plan
    memo hands it back), and entries are never changed once planned (`documents.py`), so its
    pairs are those of the last run, neither flattened nor looked up by digest again."""

    def __init__(self) -> None:
        #: (id(entry), collection): (entry, pairs); holding the entry keeps its id its own.
        self.seen: dict[tuple[int, str], tuple[Mapping[str, Any], list[tuple[bytes, bytes]]]] = {}
        self.last = self.seen
        self.made = 0  # how many entries this run had to flatten (the rest were the last run's)

    def next_run(self) -> None:
        self.last, self.seen, self.made = self.seen, {}, 0

    def of(
        self, entry: Mapping[str, Any], collection: str,
        make: Callable[[], list[tuple[bytes, bytes]]],
    ) -> list[tuple[bytes, bytes]]:
        key = (id(entry), collection)
        held = self.seen.get(key) or self.last.get(key)
        if held is None or held[0] is not entry:
            held = (entry, make())
            self.made += 1
        self.seen[key] = held
        return held[1]


def _check_pack(pack: Pack) -> str:
    collection = COLLECTION_BY_TYPE.get(pack.document_type)
    if collection is None:
        raise BuildError(f"pack {pack.name!r}: unsupported document type {pack.document_type!r}")
    if (pack.system is not None) != (pack.document_type in SYSTEM_SPECIFIC_TYPES):
        raise BuildError(f"pack {pack.name!r}: system is required for Item and Actor packs only")
    return collection


def _flatten(
    doc: Mapping[str, Any], name: str, sublevel: str, id_path: str
) -> Iterator[tuple[str, dict[str, Any]]]:
    """The stored value of `doc` and then of its embedded documents, depth first.

    `name` is the collection's own name (it selects the hierarchy, e.g. "items" inside an
    actor), `sublevel` the full one ("actors.items"), `id_path` the ids from the primary down.
    Each `_key` must be the one extractPack derives from those, or the pack would not round-trip.
    """
    key = f"!{sublevel}!{id_path}"
    if doc.get("_key") != key:
        raise BuildError(f"document _key {doc.get('_key')!r}, expected {key!r}")
    value = {k: v for k, v in doc.items() if k != "_key"}
    children: list[tuple[str, Mapping[str, Any]]] = []
    for embedded in EMBEDDED[name]:
        docs = value.get(embedded)
        if not isinstance(docs, list | tuple):
            docs = ()
        value[embedded] = [child.get("_id") for child in docs]
        children.extend((embedded, child) for child in docs)
    for single in SINGLE_EMBEDDED.get(name, ()):
        if value.get(single) is not None:
            raise BuildError(f"{key}: {single} must be null (no pack of ours holds one)")
        value[single] = None
    yield key, value
    for embedded, child in children:
        child_path = f"{id_path}.{child.get('_id')}"
        yield from _flatten(child, embedded, f"{sublevel}.{embedded}", child_path)
