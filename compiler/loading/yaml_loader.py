"""Strict YAML loading: one file → plain JSON-like data plus the position of every value.

Every hazard of PyYAML's defaults is closed (see `composer.py` for how):

* anchors and aliases are refused, so no alias bomb can be expanded;
* only core tags are accepted, so no Python object is ever constructed;
* scalars are typed by the YAML 1.2 core schema (`scalars.py`): `no`, `010`, `1:30` and
  `2001-12-14` mean what they look like, and NaN/infinity are refused;
* mapping keys must be unique strings; a duplicate is reported with both lines;
* nesting is capped at `MAX_DEPTH` levels, checked as each collection opens, so 100,000 `[`
  stop after `MAX_DEPTH` of them instead of exhausting the stack;
* a file holds exactly one document and at most `MAX_FILE_BYTES` bytes of UTF-8.

Nothing here raises for bad content: every problem is a located `Diagnostic`.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from compiler.diagnostics import Diagnostic
from compiler.loading.composer import Composer
from compiler.loading.paths import MarkTable, line_col
from compiler.model import SourceDoc

#: Largest source file accepted, in bytes. Real content files are a few KiB; the cap bounds the
#: memory and time one hostile or runaway file can cost.
_MIB = 1024 * 1024
MAX_FILE_BYTES = 1 * _MIB


class _TooLarge(Exception):
    """The file is over `MAX_FILE_BYTES`, by its reported size or by what was read of it."""


def load_source(path: Path, display: str, kind: str) -> SourceDoc | list[Diagnostic]:
    """Load one YAML file; `display` is the path shown to the user, `kind` goes on the SourceDoc."""
    raw = read_source(path, display)
    if isinstance(raw, Diagnostic):
        return [raw]
    return load_bytes(raw, display, kind)


def load_bytes(raw: bytes, display: str, kind: str) -> SourceDoc | list[Diagnostic]:
    """Load a file's bytes as read by `read_source` (UTF-8, an optional byte-order mark)."""
    text = _decode(raw, display)
    if isinstance(text, Diagnostic):
        return [text]
    return load_text(text, display, kind)


def load_text(text: str, display: str, kind: str) -> SourceDoc | list[Diagnostic]:
    """Load YAML already read into memory (see `load_source`; no size cap is applied here)."""
    composer = Composer(display)
    composer.run(text)
    if composer.diagnostics:
        return composer.diagnostics
    return SourceDoc(path=display, kind=kind, data=composer.root, marks=MarkTable(composer.marks))


def read_source(path: Path, display: str) -> bytes | Diagnostic:
    """The bytes of one content file, or why not; the size cap is checked before any read."""
    try:
        raw = _read_capped(path)
    except _TooLarge:
        limit = f"{MAX_FILE_BYTES / _MIB:g} MiB"
        return Diagnostic(display, 1, 1, "$", f"the file is larger than the {limit} limit")
    except OSError as exc:
        return Diagnostic(display, 1, 1, "$", f"cannot read the file: {exc.strerror or exc}")
    if raw is None:
        return Diagnostic(display, 1, 1, "$", "cannot read the file: not a regular file")
    return raw


def _decode(raw: bytes, display: str) -> str | Diagnostic:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, col = line_col(raw, exc.start)
        return Diagnostic(display, line, col, "$", "the file is not valid UTF-8 text")
    # An editor's byte-order mark is not content; drop it so line 1 columns stay right.
    return text.removeprefix("\ufeff")


def _read_capped(path: Path) -> bytes | None:
    """At most `MAX_FILE_BYTES + 1` bytes of a regular file (None for a FIFO, device, …).

    The size `fstat` reports is checked first, so a file over the cap (a 3 GiB sparse file, say)
    is refused without reading a byte of it; the read itself is bounded too, for a file that
    grows or reports no size. Plain `os` calls: `open()`'s buffered layers cost more than parsing
    a small file, and asking for the cap in one read would allocate a 1 MiB buffer per file.
    O_NONBLOCK: opening a FIFO swapped in since discovery never waits; O_NOFOLLOW: nor is a
    symbolic link swapped in followed.
    """
    flags = os.O_RDONLY
    for name in ("O_CLOEXEC", "O_NONBLOCK", "O_NOFOLLOW"):
        flags |= getattr(os, name, 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return None
        if info.st_size > MAX_FILE_BYTES:
            raise _TooLarge
        chunks: list[bytes] = []
        total = 0
        want = info.st_size + 1  # +1: notice a file that grew
        while total <= MAX_FILE_BYTES:
            chunk = os.read(fd, want)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            want = min(1 << 16, MAX_FILE_BYTES + 1 - total)
        if total > MAX_FILE_BYTES:
            raise _TooLarge
        return b"".join(chunks)
    finally:
        os.close(fd)
