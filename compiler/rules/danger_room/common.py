"""Readers shared by the danger_room rules: config sub-objects, hexes, ids (mirror: common.mjs).

Every check goes through `compiler.rules.inputs`, so both engines reject the same malformed input
with the same code and message (a sub-object's `where` starting with `config` is `bad_config`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from compiler.rules.errors import BAD_CONFIG, BAD_INPUT, RuleError
from compiler.rules.inputs import expect_object, get_list

IN = "input"
CF = "config"
HEX_LIMIT = 10000
"""Bound on axial hex coordinates: far beyond any map, small enough for exact sums."""

Hex = tuple[int, int]


def code_for(where: str) -> str:
    """`bad_config` for a value under `config`, `bad_input` for one under `input`."""
    return BAD_CONFIG if where.startswith(CF) else BAD_INPUT


def config_object(config: Mapping[str, Any], key: str, keys: Sequence[str]) -> Mapping[str, Any]:
    """The config sub-object `key`, checked to hold exactly `keys` (`bad_config` otherwise)."""
    return expect_object(config[key], f"{CF}.{key}", keys)


def hex_value(value: object, where: str) -> Hex:
    """`value` as an axial hex `[q, r]` of integers within -`HEX_LIMIT`..`HEX_LIMIT` (DR-G22)."""
    if (
        not isinstance(value, list)
        or len(value) != 2
        or any(type(c) is not int or not -HEX_LIMIT <= c <= HEX_LIMIT for c in value)
    ):
        raise RuleError(
            BAD_INPUT, f"{where} must be a hex [q, r] of integers in -{HEX_LIMIT}..{HEX_LIMIT}"
        )
    return (value[0], value[1])


def read_hex(obj: Mapping[str, Any], key: str, where: str) -> Hex:
    """`obj[key]` as an axial hex (DR-G22)."""
    return hex_value(obj[key], f"{where}.{key}")


def read_str_list(obj: Mapping[str, Any], key: str, where: str) -> list[str]:
    """`obj[key]` as a list of distinct non-empty strings (tags, traits, ids)."""
    items = get_list(obj, key, where)
    for index, item in enumerate(items):
        if not isinstance(item, str) or not item or item in items[:index]:
            raise RuleError(
                code_for(where), f"{where}.{key}[{index}] must be a new non-empty string"
            )
    return items


def read_objects(obj: Mapping[str, Any], key: str, where: str) -> list[tuple[str, Any]]:
    """`obj[key]` as a list, each item paired with its `where` path for further checks."""
    return [(f"{where}.{key}[{i}]", item) for i, item in enumerate(get_list(obj, key, where))]


def unique_ids(ids: Sequence[str], where: str) -> None:
    """Fail on the first id that repeats an earlier one."""
    for index, ident in enumerate(ids):
        if ident in ids[:index]:
            raise RuleError(BAD_INPUT, f"{where}[{index}].id repeats an earlier fighter id")


def hex_json(h: Hex) -> list[int]:
    """A hex as it appears in events and state: `[q, r]`."""
    return [h[0], h[1]]


ID_PATTERN = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
"""Fighter ids: lowercase ASCII, so Python and JS order them identically (DR-G05, DR-G30)."""


def read_id(obj: Mapping[str, Any], key: str, where: str) -> str:
    """`obj[key]` as a fighter id: 1-64 of a-z, 0-9, `_`, `-`, starting with a letter or digit."""
    value = obj[key]
    if not isinstance(value, str) or not ID_PATTERN.fullmatch(value):
        raise RuleError(BAD_INPUT, f"{where}.{key} must be an id of a-z, 0-9, _ and - (1-64)")
    return value


def compare_keys(a: Sequence[int | str], b: Sequence[int | str]) -> int:
    """-1, 0 or 1 as key `a` sorts before, with or after `b` (ints, or ASCII ids), item by item.

    Both engines sort with this one comparator, so ties and orders cannot drift apart.
    """
    for x, y in zip(a, b, strict=True):
        if x != y:
            return -1 if x < y else 1  # type: ignore[operator]
    return 0
