"""YAML 1.2 line breaks for a YAML 1.1 parser, and the `%YAML` directive.

libyaml follows YAML 1.1, where NEL (U+0085), LS (U+2028) and PS (U+2029) are line breaks. In
YAML 1.2 they are ordinary characters (only LF, CR and CR LF break lines): a 1.1 reading moves
every later position down a line, or invents a syntax error in a valid file. So before libyaml
reads a text holding any of them, each is swapped for a private-use character the text does not
use (nor names in an escape), which libyaml treats as the ordinary character it is; the events'
values are swapped back (`restoring`). A one-for-one swap keeps every column where it was.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

#: Line breaks in YAML 1.1 only.
NOT_BREAKS = "\x85\u2028\u2029"
_PRIVATE_USE = range(0xE000, 0xF900)
_BREAK = re.compile(r"\r\n?|\n")
_DIRECTIVE = re.compile(r"^%YAML[ \t]+([^ \t\r\n#]*)", re.MULTILINE)


def hide_non_breaks(text: str) -> tuple[str, dict[int, str] | None]:
    """`text` with NEL, LS and PS swapped for stand-ins, and the table that swaps them back.

    The table is None when `text` has none of them (the common case: nothing is copied).
    """
    if not any(char in text for char in NOT_BREAKS):
        return text, None
    folded = text.casefold()
    stand_ins: list[str] = []
    for code in _PRIVATE_USE:
        char = chr(code)
        if char not in text and f"u{code:04x}" not in folded:  # not written, nor as \uXXXX
            stand_ins.append(char)
            if len(stand_ins) == len(NOT_BREAKS):
                break
    hide = str.maketrans(dict(zip(NOT_BREAKS, stand_ins, strict=True)))
    restore = {ord(stand_in): original for stand_in, original in zip(stand_ins, NOT_BREAKS,
                                                                        strict=True)}
    return text.translate(hide), restore


def restoring(get_event: Callable[[], Any], table: dict[int, str]) -> Callable[[], Any]:
    """`get_event` whose events carry the original characters in values, anchors and tags."""

    def get() -> Any:
        event = get_event()
        for name in ("value", "anchor", "tag"):
            text = getattr(event, name, None)
            if isinstance(text, str):
                setattr(event, name, text.translate(table))
        return event

    return get


def position(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of character `index` of `text`, counting YAML 1.2 breaks."""
    line, start = 1, 0
    for match in _BREAK.finditer(text, 0, index):
        line, start = line + 1, match.end()
    return line, index - start + 1


def yaml_directive(text: str) -> tuple[str, int, int] | None:
    """The version a `%YAML` directive names and where, if the text starts with one."""
    match = _DIRECTIVE.search(text)
    if match is None:
        return None
    return (match.group(1), *position(text, match.start()))
