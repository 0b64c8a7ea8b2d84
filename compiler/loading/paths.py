"""JSON paths and source positions shared by the loader and, through it, the validator."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

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
    """Read-only marks by JSON path, kept as `(line, col)` pairs until one is asked for."""

    __slots__ = ("_pairs",)

    def __init__(self, pairs: dict[JsonPath, tuple[int, int]]) -> None:
        self._pairs = pairs

    def __getitem__(self, path: JsonPath) -> Mark:
        line, col = self._pairs[path]
        return Mark(line, col)

    def __contains__(self, path: object) -> bool:
        return path in self._pairs

    def __iter__(self) -> Iterator[JsonPath]:
        return iter(self._pairs)

    def __len__(self) -> int:
        return len(self._pairs)

    def __repr__(self) -> str:
        return f"MarkTable({self._pairs!r})"
