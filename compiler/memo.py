"""Values made from plain data, kept under a digest of that data, so a rebuild remakes only what
changed: a document's planned pack entry, its world-document JSON (`compiler/buildcaches.py`).

The digest is of the `marshal` bytes (version 0: no back-references or interning flags) of
everything the value is made from, which two inputs share only if they are the same data in the
same key order (`True` is not `1` there, nor `1.0`); an input marshal cannot write is made
afresh each time. Entries live in a `ResultCache` (`compiler/cache.py`): signed on disk, or in
memory only; a kept value is shared, so the values a memo holds are never mutated.
"""

from __future__ import annotations

import hashlib
import marshal
from collections.abc import Callable
from typing import Any, TypeVar

from compiler.cache import Entry, ResultCache

T = TypeVar("T")


def digest(value: Any) -> str | None:
    """The digest of plain data `value`, or None if it is not marshal data."""
    try:
        return hashlib.blake2b(marshal.dumps(value, 0), digest_size=16).hexdigest()
    except ValueError:
        return None


class Memo:
    """`get(inputs, make)`: `make()`'s value, kept from an earlier run for the same `inputs`."""

    def __init__(self, cache: ResultCache, kind: str) -> None:
        self.cache = cache
        self.identity = (kind,)
        self.made = 0  # how many values this run had to make (the rest were kept)

    def get(self, inputs: Any, make: Callable[[], T], check: type | None = None) -> T:
        """`check`: the type a kept value must have (a cache from disk is data, not trust)."""
        key = digest(inputs)
        cache = self.cache
        if key is not None:
            entry = cache.entries.get(key)
            if entry is not None and entry.identity == self.identity and (
                check is None or type(entry.result) is check
            ):
                cache.keep(key, entry)
                return entry.result  # type: ignore[no-any-return]
        self.made += 1
        value = make()
        if key is not None:
            cache.keep(key, Entry(self.identity, None, cache.started_ns, value))
        return value
