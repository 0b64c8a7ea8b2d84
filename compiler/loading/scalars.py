"""YAML 1.2 core-schema typing of scalars, and the only tags content may use.

PyYAML resolves plain scalars by YAML 1.1 rules (`no` → False, `010` → 8, `1:30` → 90,
`2001-12-14` → date), which silently changes what authors wrote. Content is typed here by the
YAML 1.2 core schema instead, and anything that is not plain JSON data is refused.
"""

from __future__ import annotations

import math
import re
from typing import Any

CORE_PREFIX = "tag:yaml.org,2002:"
STR_TAG = CORE_PREFIX + "str"
INT_TAG = CORE_PREFIX + "int"
FLOAT_TAG = CORE_PREFIX + "float"
BOOL_TAG = CORE_PREFIX + "bool"
NULL_TAG = CORE_PREFIX + "null"
SEQ_TAG = CORE_PREFIX + "seq"
MAP_TAG = CORE_PREFIX + "map"
#: `!` is YAML's non-specific tag: "a string, or a plain collection".
NON_SPECIFIC_TAG = "!"
SCALAR_TAGS = frozenset({STR_TAG, INT_TAG, FLOAT_TAG, BOOL_TAG, NULL_TAG})
COLLECTION_TAGS = frozenset({SEQ_TAG, MAP_TAG})

NAN_OR_INF = "NaN and infinity are not allowed"

_NULLS = frozenset({"", "~", "null", "Null", "NULL"})
_BOOLS = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
# Patterns from the YAML 1.2.2 core schema (§10.3.2). `[0-9]` rather than `\d`: `\d` would
# accept non-ASCII digits, which int() and float() then happily convert.
_DECIMAL = re.compile(r"[-+]?[0-9]+")
_OCTAL = re.compile(r"0o[0-7]+")
_HEX = re.compile(r"0x[0-9a-fA-F]+")
_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?")
_INF_NAN = re.compile(r"[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)")
# Only plain scalars starting with one of these can be anything but a string: a cheap test
# that keeps the regular expressions off the common case (names, slugs, prose).
TYPED_FIRST = frozenset("0123456789+-.~nNtTfF") | {""}


class ScalarError(ValueError):
    """A scalar that cannot be typed; the message is shown to the author."""


def show_tag(tag: str) -> str:
    """A tag as the author would have written it (`!!binary`, `!foo`)."""
    if tag.startswith(CORE_PREFIX):
        return "!!" + tag[len(CORE_PREFIX) :]
    return tag if tag.startswith("!") else f"!<{tag}>"


def show_value(value: str, limit: int = 40) -> str:
    """A scalar quoted for a message, cut short so one bad value cannot flood the output."""
    if len(value) > limit:
        value = value[:limit] + "…"
    return repr(value)


def resolve_plain(value: str) -> Any:
    """Type an untagged plain scalar by the YAML 1.2 core schema."""
    if value[:1] not in TYPED_FIRST:
        return value
    if value in _NULLS:
        return None
    if value in _BOOLS:
        return _BOOLS[value]
    number = _number(value)
    return value if number is None else number


def resolve_tagged(value: str, tag: str) -> Any:
    """Construct a scalar with an explicit core tag (`!!int 12`); anything else is an error."""
    if tag in (STR_TAG, NON_SPECIFIC_TAG):
        return value
    if tag == NULL_TAG and value in _NULLS:
        return None
    if tag == BOOL_TAG and value in _BOOLS:
        return _BOOLS[value]
    if tag == INT_TAG:
        number = _number(value)
        if isinstance(number, int):
            return number
    if tag == FLOAT_TAG:
        number = _number(value)
        if number is not None:
            return float(number)
    if tag in SCALAR_TAGS:
        raise ScalarError(f"{show_value(value)} is not a valid {show_tag(tag)}")
    if tag in COLLECTION_TAGS:
        raise ScalarError(f"tag {show_tag(tag)} cannot be used on a scalar")
    raise ScalarError(disallowed_tag(tag))


def disallowed_tag(tag: str) -> str:
    return (
        f"tag {show_tag(tag)} is not allowed; only the core tags "
        "!!str, !!int, !!float, !!bool, !!null, !!seq and !!map are"
    )


def _number(value: str) -> int | float | None:
    """The int or float a core-schema number spells, or None if `value` is not a number."""
    if value.isdigit() and value.isascii():  # the common case, without a regex
        return _int(value, 10)
    if _DECIMAL.fullmatch(value):
        return _int(value, 10)
    if _OCTAL.fullmatch(value):
        return _int(value[2:], 8)
    if _HEX.fullmatch(value):
        return _int(value[2:], 16)
    if _FLOAT.fullmatch(value):
        number = float(value)
        if math.isinf(number):
            # `1e999` overflows to infinity, which JSON cannot carry either.
            raise ScalarError(NAN_OR_INF)
        return number
    if _INF_NAN.fullmatch(value):
        raise ScalarError(NAN_OR_INF)
    return None


def _int(digits: str, base: int) -> int:
    try:
        return int(digits, base)
    except ValueError as exc:
        # int() refuses more than 4300 decimal digits (the CVE-2020-10735 guard).
        raise ScalarError(f"the number {show_value(digits)} is too long") from exc
