"""What the danger_room rules share beyond their declared input shapes (mirror: common.mjs).

The harness reads every rule's input through its shape (`inputs.schema.json`) and the config
through the rules_config schema, so the rules index both directly. What stays here are the
checks a shape cannot state, worded once for both engines: ids unique across a list, an object's
keys when they follow another field or the config, and the id pattern such a check needs.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules.inputs import sorted_keys
from compiler.rules.shapes import fail

IN = "input"

Input = Mapping[str, Any]
"""A rule's input (or part of it), read through its declared shape."""
Hex = tuple[int, int]


def as_hex(value: Sequence[int]) -> Hex:
    """DR-G22: a checked `[q, r]` as a hex."""
    return (value[0], value[1])


def unique_ids(ids: Sequence[str], where: str) -> None:
    """Fail on the first id that repeats an earlier one."""
    for index, ident in enumerate(ids):
        if ident in ids[:index]:
            raise fail(where, f"{where}[{index}].id repeats an earlier fighter id")


def exact_keys(value: Mapping[str, Any], where: str, keys: Sequence[str]) -> None:
    """Check that `value` holds exactly `keys` (first missing, then first unknown), where the
    keys follow another field (an aim follows its Reach) or the config (a Sensorial Class)."""
    for key in keys:
        if key not in value:
            raise fail(where, f"{where}.{key} is required")
    unknown = sorted_keys(k for k in value if k not in keys)
    if unknown:
        raise fail(where, f"{where}.{unknown[0]} is not a known field")


def hex_json(h: Hex) -> list[int]:
    """A hex as it appears in events and state: `[q, r]`."""
    return [h[0], h[1]]


ID_PATTERN = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
"""Fighter ids: lowercase ASCII, so Python and JS order them identically (DR-G05, DR-G30).
The shapes declare the same pattern (`#/$defs/id`); a check the shapes cannot make uses this."""


def check_id(value: str, where: str) -> None:
    """`value` as an id: 1-64 of a-z, 0-9, `_`, `-`, starting with a letter or digit."""
    if not ID_PATTERN.fullmatch(value):
        raise fail(where, f"{where} must be an id of a-z, 0-9, _ and - (1-64)")


def compare_keys(a: Sequence[int | str], b: Sequence[int | str]) -> int:
    """-1, 0 or 1 as key `a` sorts before, with or after `b` (ints, or ASCII ids), item by item.

    Both engines sort with this one comparator, so ties and orders cannot drift apart.
    """
    for x, y in zip(a, b, strict=True):
        if x != y:
            return -1 if x < y else 1  # type: ignore[operator]
    return 0
