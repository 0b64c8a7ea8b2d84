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
    """`get(inputs, make)`: `make()`'s value, kept from an earlier run for the same `inputs`.

    Within one process (a watch's rebuilds) the digest of an input the last run saw is not
    computed again: the inputs are held, so an unchanged document's data, which the per-file
    cache hands back as the same object, is found by identity, and compared, not marshalled."""

    def __init__(self, cache: ResultCache, kind: str) -> None:
        self.cache = cache
        self.identity = (kind,)
        self.made = 0  # how many values this run had to make (the rest were kept)
        self.seen: dict[int, tuple[Any, str | None]] = {}  # id(inputs[-1]): (inputs, digest)
        self.last: dict[int, tuple[Any, str | None]] = {}  # the last run's

    def next_run(self) -> None:
        self.last, self.seen, self.made = self.seen, {}, 0

    def get(self, inputs: tuple[Any, ...], make: Callable[[], T], check: type | None = None) -> T:
        """`check`: the type a kept value must have (a cache from disk is data, not trust).
        The last item of `inputs` is the large one (a document's data), the rest small: when the
        last run or this one held the same object there, its digest is not computed again (the
        tuples compare item by item, that one by identity first)."""
        data = inputs[-1]
        known = self.seen.get(id(data)) or self.last.get(id(data))
        key = known[1] if known is not None and known[0][-1] is data and known[0] == inputs else (
            digest(inputs)
        )
        self.seen[id(data)] = (inputs, key)
        cache = self.cache
        entry = cache.entries.get(key) if key is not None else None
        if key is not None and entry is not None and entry.identity == self.identity and (
            check is None or type(entry.result) is check
        ):
            cache.keep(key, entry)
            return entry.result  # type: ignore[no-any-return]
        self.made += 1
        value = make()
        if key is not None:
            cache.keep(key, Entry(self.identity, None, cache.started_ns, value))
        return value
