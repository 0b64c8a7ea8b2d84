"""Reproducible zip archives whose unchanged members are not compressed again.

`zip_bytes` lays an archive out byte for byte as `zipfile.ZipFile.writestr` does on a seekable
stream (Python 3.11: local header with CRC and sizes filled in, no data descriptor, no extra
fields, version 2.0, made on Unix), so an archive is the same whether its members were compressed
now or kept from an earlier build (`tests/unit/test_zipfiles.py` compares it with `zipfile`'s).
Compressing is most of a zip's cost, and a rebuild changes few files: `Members` keeps each
member's deflated bytes under a digest of its data, in memory and, through the signed result
cache (`compiler/cache.py`), on disk, so a member whose bytes did not change is copied, not
deflated. A stale or foreign cache costs only speed: a kept member is used only for the same data.
"""

from __future__ import annotations

import hashlib
import struct
import sys
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from compiler import __version__
from compiler.cache import Entry, ResultCache

#: Inside the cache folder, beside the per-file results.
SUBFOLDER = "zip"
#: zipfile's constants: deflate at level 9 (the module's zips), stored for directories.
DEFLATED, STORED, LEVEL = 8, 0, 9
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
    """`data` deflated as zipfile does it (a raw stream, level 9, fed in one piece)."""
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

    @classmethod
    def open(cls, directory: Path) -> Members:
        return cls(ResultCache.open(directory, fingerprint(), subfolder=SUBFOLDER))

    def of(self, data: bytes) -> Member:
        key = hashlib.blake2b(data, digest_size=16).hexdigest()
        cache = self.cache
        if cache is not None:
            entry = cache.entries.get(key)
            if entry is not None and entry.identity == _IDENTITY and _is_member(entry.result):
                cache.keep(key, entry)
                return Member(*entry.result)
        self.deflated += 1
        member = deflated(data)
        if cache is not None:
            cache.keep(key, Entry(_IDENTITY, None, cache.started_ns, tuple(member)))
        return member

    def save(self) -> None:
        if self.cache is not None:
            self.cache.save()


def _is_member(value: object) -> bool:
    return (isinstance(value, tuple) and len(value) == 4 and type(value[3]) is bytes
            and all(type(v) is int for v in value[:3]))


def fingerprint() -> str:
    """What a kept member depends on besides its data: the compiler, Python and zlib."""
    text = f"{__version__}\0{sys.version}\0{zlib.ZLIB_RUNTIME_VERSION}\0{SUBFOLDER}\0{LEVEL}"
    return hashlib.sha256(text.encode()).hexdigest()
