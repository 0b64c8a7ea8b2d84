"""Pack values' JSON text kept from earlier builds, so a rebuild encodes only what changed.

Turning a pack value into `JSON.stringify` text (`jsjson.stringify`) is a Python walk over every
value of every pack; most of a rebuild's values are the last build's, unchanged. Each text is kept
in the result cache (`compiler/cache.py`: signed, sharded, its own folder) under a digest of the
value's `marshal` bytes, which C writes and which two values share only if they are the same data
in the same key order (`True` is not `1` there, nor `1.0`). Version 0 of marshal, which writes no
back-references and no interning flags, so the same data gives the same bytes however it was made
(parsed now or unpickled from the per-file cache). A value marshal cannot write is encoded afresh.
A stale or foreign cache costs only speed: the pack bytes never depend on it.
"""

from __future__ import annotations

import hashlib
import marshal
import sys
from pathlib import Path
from typing import Any

from compiler import __version__
from compiler.cache import Entry, ResultCache
from compiler.packing import jsjson

#: Inside the cache folder, beside the per-file results.
SUBFOLDER = "records"
_IDENTITY = ("json",)


class EncodedValues:
    """`text(value)`: the pack value's JSON text as bytes, from this cache when it holds it."""

    def __init__(self, cache: ResultCache | None) -> None:
        self.cache = cache
        self.encoded = 0  # how many values this run had to encode (the rest were kept)

    @classmethod
    def open(cls, directory: Path) -> EncodedValues:
        return cls(ResultCache.open(directory, fingerprint(), subfolder=SUBFOLDER))

    def text(self, value: Any) -> bytes:
        cache = self.cache
        try:
            key = hashlib.blake2b(marshal.dumps(value, 0), digest_size=16).hexdigest()
        except ValueError:  # not marshal data (nothing a document holds): just encode it
            cache = None
        if cache is not None:
            entry = cache.entries.get(key)
            if entry is not None and entry.identity == _IDENTITY and type(entry.result) is bytes:
                cache.keep(key, entry)
                return entry.result
        self.encoded += 1
        found = jsjson.stringify(value).encode()
        if cache is not None:
            cache.keep(key, Entry(_IDENTITY, None, cache.started_ns, found))
        return found

    def save(self) -> None:
        if self.cache is not None:
            self.cache.save()


def fingerprint() -> str:
    """What a kept text depends on besides its value: the compiler, Python and the encoder."""
    digest = hashlib.sha256(f"{__version__}\0{sys.version}\0{SUBFOLDER}\0".encode())
    digest.update(Path(jsjson.__file__).read_bytes())
    return digest.hexdigest()
