"""Bounds and key order both engines share (mirrored in `inputs.mjs`).

Rule inputs and config are read through their declared shapes (`shapes.py`); what is left here
is what the shapes and the rules agree on: the integer bounds of game quantities, and the order
keys are taken in, so that both engines report the same key first.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from compiler.rules.errors import BAD_INPUT, RuleError

SMALL_INT = 2**31 - 1
"""Bound on game quantities: sums of up to 1000 of them stay exact in JS doubles."""

SAFE_INT = 2**53 - 1
"""Bound on the integer helpers' operands: the largest int a JS number holds exactly."""


def sorted_keys(keys: Iterable[str]) -> list[str]:
    """Keys in JS's default sort order (UTF-16 code units), so both engines report the same key."""
    # Big-endian UTF-16 bytes compare exactly as UTF-16 code units do.
    return sorted(keys, key=lambda key: key.encode("utf-16-be", "surrogatepass"))


def with_options(given: Mapping[str, Any], defaults: Mapping[str, Any],
                 what: str) -> dict[str, Any]:
    """`given` over `defaults`; a key `defaults` lacks is bad input, the first in key order
    named with every option of `what` (e.g. "a matchup" with its ruleset named)."""
    unknown = [key for key in sorted_keys(given) if key not in defaults]
    if unknown:
        raise RuleError(BAD_INPUT, f"{unknown[0]} is not an option of {what} "
                                   f"(options: {', '.join(defaults)})")
    return {**defaults, **given}
