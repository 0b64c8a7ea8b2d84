"""Reproducible zip archives whose unchanged members are not compressed again.

`zip_bytes` lays an archive out byte for byte as `zipfile.ZipFile.writestr` does on a seekable
stream (Python 3.11: local header with CRC and sizes filled in, no data descriptor, no extra
fields, version 2.0, made on Unix), so an archive is the same whether its members were compressed
now or kept from an earlier build (`tests/unit/test_zipfiles.py` compares it with `zipfile`'s).
Compressing is most of a zip's cost, and a rebuild changes few files: `Members` keeps each
member's deflated bytes under a digest of its data, in memory and, through the signed result
cache (`compiler/cache.py`), on disk, so a member whose bytes did not change is copied, not
deflated. A stale or foreign cache costs only speed: a kept member is used only for the same data.
A large new member can be deflated `ahead` on a second thread while the build goes on (zlib lets
go of the GIL while it compresses), and `of` then waits for it.
"""

from __future__ import annotations

import hashlib
import struct
import sys
import threading
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from compiler import __version__
from compiler.cache import Entry, ResultCache

#: Inside the cache folder, beside the per-file results.
SUBFOLDER = "zip"
#: zipfile's constants: deflate at level 6 (zlib's and zipfile's default), stored for
#: directories. Level 9 made the world documents' member 8% smaller and took 2.4x as long
#: (docs/decisions.md).
DEFLATED, STORED, LEVEL = 8, 0, 6
#: zipfile.ZIP64_LIMIT: past it zipfile writes zip64 records, which this writer does not.
_ZIP64_LIMIT = (1 << 31) - 1
_VERSION = 20  # zipfile.DEFAULT_VERSION: 2.0, what deflate needs
_UNIX = 3  # create_system
_LOCAL = struct.Struct("<4s2B4HL2L2H")
_CENTRAL = struct.Struct("<4s4B4HL2L5H2L")
_END = struct.Struct("<4s4H2LH")
_IDENTITY = ("deflate", LEVEL)


class Member(NamedTuple):
    """One file's data as an archive holds it."""

    crc: int
    size: int  # uncompressed
    method: int
    data: bytes  # compressed (or stored)


class ZipEntry(NamedTuple):
    name: str  # an ASCII relative path; a folder ends in "/"
    external_attr: int
    member: Member


def deflated(data: bytes) -> Member:
    """`data` deflated as zipfile does it (a raw stream at `LEVEL`, fed in one piece)."""
    compressor = zlib.compressobj(LEVEL, zlib.DEFLATED, -15)
    packed = compressor.compress(data) + compressor.flush()
    return Member(zlib.crc32(data), len(data), DEFLATED, packed)


FOLDER = Member(0, 0, STORED, b"")


def zip_bytes(entries: Sequence[ZipEntry], stamp: tuple[int, ...], comment: bytes = b"") -> bytes:
    """The archive of `entries`, in their order, every one dated `stamp` (y, m, d, H, M, S)."""
    date = (stamp[0] - 1980) << 9 | stamp[1] << 5 | stamp[2]
    time = stamp[3] << 11 | stamp[4] << 5 | stamp[5] // 2
    parts: list[bytes] = []
    central: list[bytes] = []
    offset = 0
    for entry in entries:
        name, member = entry.name.encode("ascii"), entry.member
        size, packed = member.size, len(member.data)
        if max(size * 1.05, packed, offset) > _ZIP64_LIMIT:  # zipfile would switch to zip64
            raise ValueError(f"zip member {entry.name!r} too large for this writer")
        local = _LOCAL.pack(b"PK\003\004", _VERSION, 0, 0, member.method, time, date,
                            member.crc, packed, size, len(name), 0)
        central.append(_CENTRAL.pack(
            b"PK\001\002", _VERSION, _UNIX, _VERSION, 0, 0, member.method, time, date,
            member.crc, packed, size, len(name), 0, 0, 0, 0, entry.external_attr, offset,
        ) + name)
        parts += (local, name, member.data)
        offset += len(local) + len(name) + packed
    directory = b"".join(central)
    end = _END.pack(b"PK\005\006", 0, 0, len(central), len(central), len(directory), offset,
                    len(comment))
    return b"".join(parts) + directory + end + comment


class Members:
    """Deflated members by a digest of their data; `of(data)` deflates only what is new."""

    def __init__(self, cache: ResultCache | None) -> None:
        self.cache = cache
        self.deflated = 0  # how many members this run had to compress (the rest were kept)
        self._ahead: dict[int, _Ahead] = {}  # id(data): its deflating, started by `ahead`

    def ahead(self, data: bytes) -> None:
        """Start deflating `data` on a thread of its own unless it is kept (`of` waits for it).
        Only worth it for data that takes milliseconds; the thread ends with its one member."""
        key = _digest(data)
        if self._kept(key) is None and id(data) not in self._ahead:
            self._ahead[id(data)] = _Ahead(data, key)

    @classmethod
    def open(cls, directory: Path) -> Members:
        return cls(ResultCache.open(directory, fingerprint(), subfolder=SUBFOLDER))

    def next_run(self) -> None:
        """Forget what the last run started ahead and never asked for (a build that failed)."""
        self._ahead = {}

    def of(self, data: bytes) -> Member:
        started = self._ahead.pop(id(data), None)
        if started is not None and started.data is data:
            key, member = started.key, started.member()
        else:
            key = _digest(data)
            kept = self._kept(key)
            if kept is not None:
                return kept
            member = deflated(data)
        self.deflated += 1
        if self.cache is not None:
            self.cache.keep(key, Entry(_IDENTITY, None, self.cache.started_ns, tuple(member)))
        return member

    def _kept(self, key: str) -> Member | None:
        cache = self.cache
        entry = cache.entries.get(key) if cache is not None else None
        if cache is None or entry is None or entry.identity != _IDENTITY or not _is_member(
            entry.result
        ):
            return None
        cache.keep(key, entry)
        return Member(*entry.result)

    def save(self) -> None:
        if self.cache is not None:
            self.cache.save()


class _Ahead:
    """One member being deflated on a thread of its own; `member()` waits for it."""

    def __init__(self, data: bytes, key: str) -> None:
        self.data, self.key = data, key
        self._found: list[Member | BaseException] = []
        self._thread = threading.Thread(target=self._run, name="rulepack-deflate", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self._found.append(deflated(self.data))
        except BaseException as exc:  # MemoryError, say: raised where the member is wanted
            self._found.append(exc)

    def member(self) -> Member:
        self._thread.join()
        found = self._found[0]
        if isinstance(found, BaseException):
            raise found
        return found


def _digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def _is_member(value: object) -> bool:
    return (isinstance(value, tuple) and len(value) == 4 and type(value[3]) is bytes
            and all(type(v) is int for v in value[:3]))


def fingerprint() -> str:
    """What a kept member depends on besides its data: the compiler, Python and zlib."""
    text = f"{__version__}\0{sys.version}\0{zlib.ZLIB_RUNTIME_VERSION}\0{SUBFOLDER}\0{LEVEL}"
    return hashlib.sha256(text.encode()).hexdigest()
