"""Text for the terminal: no control character, line break or bidi control reaches it raw.

File names and content values are chosen by authors (or by whoever sent the archive), and a
terminal obeys what it is sent: an escape sequence recolours or rewrites the screen, a newline
forges a second diagnostic, U+202E reverses what follows. Everything a diagnostic or an error
message shows passes through `safe_text`; file names are shown by `safe_name`, which also
escapes `\\` and `:` so that the first `:` of a diagnostic always ends its file name and two
different names are never shown alike.
"""

from __future__ import annotations

import re

#: C0 and C1 controls, DEL, lone surrogates (an undecodable byte of a file name) and the
#: characters that move or reorder text: line and paragraph separators, bidi marks, embeddings,
#: overrides and isolates.
_UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)
_UNSAFE_IN_NAME = re.compile(_UNSAFE.pattern[:-1] + r"\\:]")


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:  # os.fsdecode's stand-in for the undecodable byte code - 0xDC00
        return f"\\x{code - 0xDC00:02x}"
    if char == "\\":
        return "\\\\"
    return f"\\u{code:04x}"


def safe_text(text: str) -> str:
    """`text` with every unsafe character written as a visible `\\uXXXX` (or `\\xXX`) escape."""
    return _UNSAFE.sub(_escape, text) if _UNSAFE.search(text) else text


def safe_name(name: str) -> str:
    """A file name or path for display: `safe_text`, and `\\` and `:` escaped too (injective)."""
    return _UNSAFE_IN_NAME.sub(_escape, name) if _UNSAFE_IN_NAME.search(name) else name
