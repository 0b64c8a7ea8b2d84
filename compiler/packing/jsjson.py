"""JSON text byte-identical to JavaScript's `JSON.stringify` for plain JSON data.

foundryvtt-cli stores each document with classic-level's `json` value encoding, i.e.
`JSON.stringify(value)` of the object `JSON.parse` built from the source file. Python's
`json.dumps` differs from that in two places, both handled here:

- key order: JS objects list integer-like keys ("0", "7", "10") first in ascending numeric
  order, then the other keys in insertion order (ECMAScript OrdinaryOwnPropertyKeys);
- numbers: JS prints `2.0` as `2`, `1e-05` as `0.00001`, `1e-07` as `1e-7`, and large values as
  shortest digits padded with zeros (Number::toString), where Python's `repr` differs.

Strings use `json.dumps(..., ensure_ascii=False)`, whose escapes match JSON.stringify (quote,
backslash, \\b \\f \\n \\r \\t, other controls as lowercase \\u00xx, nothing else).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from typing import Any

from compiler.errors import BuildError

#: Beyond this, JS numbers lose integer precision, so the pack would not hold the authored value.
MAX_SAFE_INTEGER = 2**53 - 1
_ARRAY_INDEX = re.compile(r"0|[1-9][0-9]*", re.ASCII)
_SURROGATE = re.compile("[\ud800-\udfff]")


def stringify(value: Any) -> str:
    """`JSON.stringify(value)` for a tree of dict/list/tuple/str/int/float/bool/None.

    Most documents hold only strings, safe integers, booleans and keys that do not start with a
    digit: there `json.dumps` writes exactly what JSON.stringify writes, so the exact encoder runs
    only for documents with floats, digit-led keys or anything unusual.
    """
    if _plain(value):
        fast = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
        if not _SURROGATE.search(fast):
            return fast
    out: list[str] = []
    _encode(value, out, "$")
    return "".join(out)


def _plain(value: Any) -> bool:
    """Only the types json.dumps and JSON.stringify write identically (exact type checks and
    plain loops, scalars decided in place: this runs on every document of every pack)."""
    kind = type(value)
    if kind is str or kind is bool or value is None:
        return True
    if kind is int:
        return bool(-MAX_SAFE_INTEGER <= value <= MAX_SAFE_INTEGER)
    if kind is dict:
        for key, item in value.items():
            if type(key) is not str or key[:1].isdigit():
                return False
            inner = type(item)
            if not (inner is str or inner is bool or item is None or _plain(item)):
                return False
        return True
    if kind is list or kind is tuple:
        for item in value:
            inner = type(item)
            if not (inner is str or inner is bool or item is None or _plain(item)):
                return False
        return True
    return False


def js_key_order(keys: list[str]) -> list[str]:
    """The order in which a JS object built with `keys` (in insertion order) lists them."""
    indices = sorted((k for k in keys if _is_array_index(k)), key=int)
    return indices + [k for k in keys if not _is_array_index(k)]


def js_number(number: float) -> str:
    """ECMAScript Number::toString(10) of a finite float."""
    if number == 0:
        return "0"  # also -0: JSON.stringify(-0) is "0"
    sign = "-" if number < 0 else ""
    digits, n = _shortest_digits(abs(number))
    k = len(digits)
    if k <= n <= 21:
        return sign + digits + "0" * (n - k)
    if 0 < n <= 21:
        return f"{sign}{digits[:n]}.{digits[n:]}"
    if -6 < n <= 0:
        return f"{sign}0.{'0' * -n}{digits}"
    exponent = f"{'+' if n - 1 >= 0 else '-'}{abs(n - 1)}"
    mantissa = digits if k == 1 else f"{digits[0]}.{digits[1:]}"
    return f"{sign}{mantissa}e{exponent}"


def _shortest_digits(number: float) -> tuple[str, int]:
    """(digits, n) with value = 0.digits * 10**n, digits the shortest round-trip string.

    Python's repr and ECMAScript both pick the shortest digit string that reads back as the
    same double (closest to the value on ties), so only the layout differs.
    """
    mantissa, _, exp = repr(number).partition("e")
    whole, _, fraction = mantissa.partition(".")
    digits = (whole + fraction).lstrip("0")
    power = (int(exp) if exp else 0) - len(fraction)
    stripped = digits.rstrip("0")
    power += len(digits) - len(stripped)
    return stripped, len(stripped) + power


def _is_array_index(key: str) -> bool:
    return _ARRAY_INDEX.fullmatch(key) is not None and int(key) < 2**32 - 1


def _encode(value: Any, out: list[str], path: str) -> None:
    if value is None or isinstance(value, bool):
        out.append({None: "null", True: "true", False: "false"}[value])
    elif isinstance(value, int):
        if abs(value) > MAX_SAFE_INTEGER:
            raise BuildError(f"{path}: integer {value} is too large for a Foundry document")
        out.append(str(value))
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise BuildError(f"{path}: {value} cannot be stored in a Foundry document")
        out.append(js_number(value))
    elif isinstance(value, str):
        out.append(_string(value, path))
    elif isinstance(value, Mapping):
        _encode_object(value, out, path)
    elif isinstance(value, list | tuple):
        out.append("[")
        for index, item in enumerate(value):
            if index:
                out.append(",")
            _encode(item, out, f"{path}[{index}]")
        out.append("]")
    else:
        raise BuildError(f"{path}: {type(value).__name__} is not JSON data")


def _encode_object(value: Mapping[Any, Any], out: list[str], path: str) -> None:
    keys = list(value)
    for key in keys:
        if not isinstance(key, str):
            raise BuildError(f"{path}: key {key!r} is not a string")
    out.append("{")
    for index, key in enumerate(js_key_order(keys)):
        if index:
            out.append(",")
        out.append(_string(key, path))
        out.append(":")
        _encode(value[key], out, f"{path}.{key}")
    out.append("}")


def _string(text: str, path: str) -> str:
    # A lone surrogate cannot be written as UTF-8; JS would escape it, but no sane content has one.
    if _SURROGATE.search(text):
        raise BuildError(f"{path}: string contains a lone UTF-16 surrogate")
    return json.dumps(text, ensure_ascii=False)
