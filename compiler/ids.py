"""Deterministic Foundry document IDs.

Foundry IDs are 16 characters of `[A-Za-z0-9]`. Ours are derived from (module, pack, key) so
rebuilds keep every `Compendium.<module>.<pack>.<Type>.<id>` UUID and every
`_stats.compendiumSource` in worlds that imported a document.
"""

from __future__ import annotations

import hashlib
import re

_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
ID_RE = re.compile(r"[A-Za-z0-9]{16}", re.ASCII)


def foundry_id(module_id: str, pack: str, key: str) -> str:
    """Base62 of sha256("module/pack/key"), first 16 characters."""
    number = int.from_bytes(hashlib.sha256(f"{module_id}/{pack}/{key}".encode()).digest(), "big")
    chars = []
    for _ in range(16):
        number, digit = divmod(number, 62)
        chars.append(_ALPHABET[digit])
    return "".join(chars)
