"""Each pack's LevelDB files as the last build wrote them, kept under a digest of its records.

LevelDB writes the same files for the same records in the same order (a fresh directory, one
batch, compacted: `writer.py`), so a pack whose records did not change is the files kept from
the build that wrote them, and a rebuild writes it without opening LevelDB. The files live in
the signed result cache (`compiler/cache.py`), one entry per pack, so a tampered or foreign
cache is never copied into a module; a stale one costs only speed.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Sequence
from pathlib import Path

import plyvel

from compiler import __version__
from compiler.cache import Entry, ResultCache

#: Inside the cache folder, beside the per-file results.
SUBFOLDER = "packs"
PackFiles = tuple[tuple[str, bytes], ...]


def records_digest(records: Sequence[tuple[bytes, bytes]]) -> str:
    """A digest of the (key, value) records in their order (lengths first: no two lists share
    one by where one record ends and the next begins)."""
    digest = hashlib.blake2b(digest_size=16)
    for key, value in records:
        digest.update(b"%d %d\0" % (len(key), len(value)))
        digest.update(key)
        digest.update(value)
    return digest.hexdigest()


class PackStore:
    """`files(name, digest)`: the kept files of pack `name` if they were written from `digest`."""

    def __init__(self, cache: ResultCache) -> None:
        self.cache = cache
        self.written = 0  # how many packs this run wrote with LevelDB (the rest were kept)

    @classmethod
    def open(cls, directory: Path) -> PackStore:
        return cls(ResultCache.open(directory, fingerprint(), subfolder=SUBFOLDER))

    def files(self, name: str, digest: str) -> PackFiles | None:
        entry = self.cache.entries.get(name)
        if entry is None or entry.identity != (digest,) or not _is_files(entry.result):
            return None
        self.cache.keep(name, entry)
        return entry.result  # type: ignore[no-any-return]

    def keep(self, name: str, digest: str, folder: Path) -> PackFiles:
        """Keep the files of the pack just written into `folder` (a flat LevelDB folder), and
        return them."""
        self.written += 1
        found = tuple(sorted((p.name, p.read_bytes()) for p in folder.iterdir() if p.is_file()))
        self.cache.keep(name, Entry((digest,), None, self.cache.started_ns, found))
        return found


def _is_files(value: object) -> bool:
    return isinstance(value, tuple) and all(
        isinstance(item, tuple) and len(item) == 2 and type(item[0]) is str
        and type(item[1]) is bytes and "/" not in item[0] and item[0] not in ("", ".", "..")
        for item in value
    )


def fingerprint() -> str:
    """What kept files depend on besides the records: the compiler, Python, LevelDB, the writer."""
    text = f"{__version__}\0{sys.version}\0{plyvel.__leveldb_version__}\0{SUBFOLDER}\0"
    digest = hashlib.sha256(text.encode())
    digest.update((Path(__file__).parent / "writer.py").read_bytes())
    return digest.hexdigest()
