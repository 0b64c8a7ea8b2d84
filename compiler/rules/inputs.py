"""Checks on the JSON a rule receives (input and config), mirrored in `inputs.mjs`.

Both engines must reject the same malformed data with the same code and message, so the checks
run in a fixed order and messages embed only key names and ints, never arbitrary values.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from compiler.rules.errors import BAD_CONFIG, BAD_INPUT, RuleError
from compiler.rules.queue import Die, is_die

SMALL_INT = 2**31 - 1
"""Bound on game quantities: sums of up to `MAX_LIST` of them stay exact in JS doubles."""

SAFE_INT = 2**53 - 1
"""Bound on the integer helpers' operands: the largest int a JS number holds exactly."""

MAX_LIST = 1000


def _fail(where: str, message: str) -> RuleError:
    return RuleError(BAD_CONFIG if where.startswith("config") else BAD_INPUT, message)


def sorted_keys(keys: Iterable[str]) -> list[str]:
    """Keys in JS's default sort order (UTF-16 code units), so both engines report the same key."""
    # Big-endian UTF-16 bytes compare exactly as UTF-16 code units do.
    return sorted(keys, key=lambda key: key.encode("utf-16-be", "surrogatepass"))


def expect_object(value: object, where: str, keys: Sequence[str]) -> Mapping[str, Any]:
    """Check that `value` is an object with exactly `keys` (first missing, then first unknown)."""
    if not isinstance(value, Mapping):
        raise _fail(where, f"{where} must be an object")
    for key in keys:
        if key not in value:
            raise _fail(where, f"{where}.{key} is required")
    unknown = sorted_keys(k for k in value if k not in keys)
    if unknown:
        raise _fail(where, f"{where}.{unknown[0]} is not a known field")
    return value


def get_int(obj: Mapping[str, Any], key: str, where: str, lo: int, hi: int) -> int:
    """`obj[key]` as an int in `lo..hi` (bools are not ints here)."""
    value = obj[key]
    if type(value) is not int or not lo <= value <= hi:
        raise _fail(where, f"{where}.{key} must be an integer in {lo}..{hi}")
    return value


def get_bool(obj: Mapping[str, Any], key: str, where: str) -> bool:
    """`obj[key]` as a bool."""
    value = obj[key]
    if not isinstance(value, bool):
        raise _fail(where, f"{where}.{key} must be true or false")
    return value


def get_choice(obj: Mapping[str, Any], key: str, where: str, choices: Sequence[str]) -> str:
    """`obj[key]` as one of the strings `choices`."""
    value = obj[key]
    if not isinstance(value, str) or value not in choices:
        raise _fail(where, f"{where}.{key} must be one of {', '.join(choices)}")
    return value


def get_str(obj: Mapping[str, Any], key: str, where: str) -> str:
    """`obj[key]` as a non-empty string."""
    value = obj[key]
    if not isinstance(value, str) or not value:
        raise _fail(where, f"{where}.{key} must be a non-empty string")
    return value


def get_die(obj: Mapping[str, Any], key: str, where: str) -> Die:
    """`obj[key]` as a die: an int size 2..1000 or `"F"`."""
    value = obj[key]
    if not is_die(value):
        raise _fail(where, f'{where}.{key} must be an integer die size 2..1000 or "F"')
    result: Die = value
    return result


def get_list(obj: Mapping[str, Any], key: str, where: str) -> list[Any]:
    """`obj[key]` as a list of at most `MAX_LIST` items."""
    value = obj[key]
    if not isinstance(value, list) or len(value) > MAX_LIST:
        raise _fail(where, f"{where}.{key} must be a list of at most {MAX_LIST} items")
    return value


def get_int_list(obj: Mapping[str, Any], key: str, where: str, lo: int, hi: int) -> list[int]:
    """`obj[key]` as a list of ints in `lo..hi`."""
    items = get_list(obj, key, where)
    for index, item in enumerate(items):
        if type(item) is not int or not lo <= item <= hi:
            raise _fail(where, f"{where}.{key}[{index}] must be an integer in {lo}..{hi}")
    return items
