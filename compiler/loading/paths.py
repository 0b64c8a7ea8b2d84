"""JSON paths and source positions shared by the loader and, through it, the validator."""

from __future__ import annotations

import marshal
import re
from collections.abc import Callable, Iterator, Mapping

from compiler.model import Mark

JsonPath = tuple[str | int, ...]

_SIMPLE_KEY = re.compile(r"[a-zA-Z][a-zA-Z0-9_]*")


def json_path(path: JsonPath) -> str:
    """`$`-rooted JSON path text, spelled exactly as jsonschema's `ValidationError.json_path`."""
    text = "$"
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        elif _SIMPLE_KEY.fullmatch(part):
            text += "." + part
        else:
            text += "['" + part.replace("\\", "\\\\").replace("'", "\\'") + "']"
    return text


def line_col(raw: bytes, offset: int) -> tuple[int, int]:
    """1-based line and character column of a byte offset into UTF-8 `raw`.

    Lines end at YAML 1.2's breaks: LF, CR and CR LF (NEL, LS and PS are not breaks).
    """
    line_start = max(raw.rfind(b"\n", 0, offset), raw.rfind(b"\r", 0, offset)) + 1
    prefix = raw[line_start:offset].decode("utf-8", errors="replace")
    breaks = raw.count(b"\n", 0, offset) + raw.count(b"\r", 0, offset)
    return breaks - raw.count(b"\r\n", 0, offset) + 1, len(prefix) + 1


class MarkTable(Mapping[JsonPath, Mark]):
    """Read-only marks by JSON path, kept packed as one `marshal` string (about 175 bytes for
    a small document, where the dict of path and `(line, col)` tuples took some 2 KB) and
    unpacked only when a mark is asked for, which a build without errors seldom does. The
    packed string is also what pickles: a cold build's parsing child sends every file's marks
    to the build process, and a rebuild reads every file's from the cache, as one string each."""

    __slots__ = ("_packed", "_pairs")

    def __init__(self, pairs: dict[JsonPath, tuple[int, int]]) -> None:
        self._packed = marshal.dumps(pairs)
        self._pairs: dict[JsonPath, tuple[int, int]] | None = None

    def __reduce__(self) -> tuple[Callable[[bytes], MarkTable], tuple[bytes]]:
        return _packed_marks, (self._packed,)

    def _unpacked(self) -> dict[JsonPath, tuple[int, int]]:
        pairs = self._pairs
        if pairs is None:
            pairs = self._pairs = marshal.loads(self._packed)  # our own bytes: never a file's
        return pairs

    def __getitem__(self, path: JsonPath) -> Mark:
        line, col = self._unpacked()[path]
        return Mark(line, col)

    def __contains__(self, path: object) -> bool:
        return path in self._unpacked()

    def __iter__(self) -> Iterator[JsonPath]:
        return iter(self._unpacked())

    def __len__(self) -> int:
        return len(self._unpacked())

    def __repr__(self) -> str:
        return f"MarkTable({self._unpacked()!r})"


def _packed_marks(packed: bytes) -> MarkTable:
    """The MarkTable whose packed marks are `packed` (how one unpickles: still packed)."""
    table = MarkTable.__new__(MarkTable)
    table._packed, table._pairs = packed, None
    return table
