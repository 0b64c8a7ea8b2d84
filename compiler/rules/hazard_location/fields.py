"""Readers for hazard_location inputs and config (mirrored in `fields.mjs`).

Content arrives as plain objects shaped like catalogue §4.5, with optional fields, so these
readers add optional keys and exact rationals (C2) to the shared `inputs` checks. Messages embed
only key names and ints, so both engines report the same text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import gcd
from typing import Any, TypeGuard

from compiler.rules.errors import BAD_CONFIG, BAD_INPUT, RuleError
from compiler.rules.inputs import MAX_LIST, SAFE_INT, get_str, sorted_keys

Q_MAX = 10**6
"""Bound on each part of an input rational: products of a few stay exact in both engines."""

Rational = tuple[int, int]
"""An exact non-negative rational (numerator, denominator > 0), always reduced."""

UNITS: tuple[str, ...] = ("m", "km", "hex")
METRES_PER_KM = 1000


def has(obj: Mapping[str, Any], key: str) -> bool:
    """Whether `obj` has the key `key` (JS: an own property, never an inherited one)."""
    return key in obj


def is_object(value: object) -> TypeGuard[Mapping[str, Any]]:
    """Whether `value` is a JSON object (not null, not a list)."""
    return isinstance(value, Mapping)


def fail(where: str, message: str) -> RuleError:
    """The error for a bad value under `where`: `bad_config` under config, else `bad_input`."""
    return RuleError(BAD_CONFIG if where.startswith("config") else BAD_INPUT, message)


def expect_fields(
    value: object, where: str, required: Sequence[str], optional: Sequence[str] = ()
) -> Mapping[str, Any]:
    """An object with every `required` key and no key outside `required` + `optional`."""
    if not is_object(value):
        raise fail(where, f"{where} must be an object")
    for key in required:
        if key not in value:
            raise fail(where, f"{where}.{key} is required")
    known = (*required, *optional)
    unknown = sorted_keys(k for k in value if k not in known)
    if unknown:
        raise fail(where, f"{where}.{unknown[0]} is not a known field")
    return value


def opt_int(
    obj: Mapping[str, Any], key: str, where: str, bounds: tuple[int, int], default: int
) -> int:
    """`obj[key]` as an int in `bounds` (inclusive), or `default` when the key is absent."""
    if key not in obj:
        return default
    lo, hi = bounds
    value = obj[key]
    if type(value) is not int or not lo <= value <= hi:
        raise fail(where, f"{where}.{key} must be an integer in {lo}..{hi}")
    return value


def opt_bool(obj: Mapping[str, Any], key: str, where: str, default: bool) -> bool:
    """`obj[key]` as a bool, or `default` when the key is absent."""
    if key not in obj:
        return default
    value = obj[key]
    if not isinstance(value, bool):
        raise fail(where, f"{where}.{key} must be true or false")
    return value


def opt_str(obj: Mapping[str, Any], key: str, where: str, default: str | None) -> str | None:
    """`obj[key]` as a non-empty string; absent or null gives `default`."""
    if obj.get(key) is None:
        return default
    return get_str(obj, key, where)


def id_list(value: object, where: str) -> list[str]:
    """`value` as a list of distinct non-empty strings."""
    if not isinstance(value, list) or len(value) > MAX_LIST:
        raise fail(where, f"{where} must be a list of at most {MAX_LIST} items")
    for index, item in enumerate(value):
        if not isinstance(item, str) or not item or item in value[:index]:
            raise fail(where, f"{where}[{index}] must be a new non-empty string")
    return value


def get_ids(obj: Mapping[str, Any], key: str, where: str) -> list[str]:
    """`obj[key]` as a list of distinct non-empty strings."""
    return id_list(obj[key], f"{where}.{key}")


def any_keys(value: object) -> tuple[str, ...]:
    """The keys of `value` if it is an object (for maps whose keys are data), else none."""
    return tuple(value) if is_object(value) else ()


def reduce(num: int, den: int) -> Rational:
    """C2: `num/den` in lowest terms; a result beyond the safe integers is `bad_input`."""
    divisor = gcd(num, den) or 1
    num, den = num // divisor, den // divisor
    if num > SAFE_INT or den > SAFE_INT:
        raise RuleError(BAD_INPUT, "an exact result is too large to represent")
    return (num, den)


def product(a: Rational, b: Rational) -> Rational:
    """C2: a * b, exact."""
    return reduce(a[0] * b[0], a[1] * b[1])


def compare(a: Rational, b: Rational) -> int:
    """C2: -1, 0 or 1 as a is below, equal to or above b, exactly."""
    left, right = a[0] * b[1], b[0] * a[1]
    return (left > right) - (left < right)


def as_json(value: Rational) -> dict[str, int]:
    """A rational as it appears in events and state: `{num, den}`, reduced."""
    return {"num": value[0], "den": value[1]}


def get_rational(obj: Mapping[str, Any], key: str, where: str) -> Rational:
    """C2: `obj[key]` as an int 0..Q_MAX or `{num, den}` (num 0..Q_MAX, den 1..Q_MAX)."""
    value = obj[key]
    if type(value) is int and 0 <= value <= Q_MAX:
        return (value, 1)
    ok = is_object(value) and set(value) == {"num", "den"}
    if ok and type(value["num"]) is int and type(value["den"]) is int:
        if 0 <= value["num"] <= Q_MAX and 1 <= value["den"] <= Q_MAX:
            return reduce(value["num"], value["den"])
    raise fail(
        where,
        f"{where}.{key} must be an integer 0..{Q_MAX} or {{num, den}} "
        f"with num in 0..{Q_MAX} and den in 1..{Q_MAX}",
    )


def get_length(obj: Mapping[str, Any], key: str, where: str, metres_per_hex: int) -> Rational:
    """HZ-G25, HZ-G32: a `{value, unit}` length in metres (km * 1000, hex * metres_per_hex)."""
    inner = f"{where}.{key}"
    fields = expect_fields(obj[key], inner, ("value", "unit"))
    value = get_rational(fields, "value", inner)
    unit = fields["unit"]
    if not isinstance(unit, str) or unit not in UNITS:
        raise fail(inner, f"{inner}.unit must be one of {', '.join(UNITS)}")
    scale = {"m": 1, "km": METRES_PER_KM, "hex": metres_per_hex}[unit]
    return product(value, (scale, 1))


def by_id(items: Sequence[Mapping[str, Any]], wanted: str) -> Mapping[str, Any] | None:
    """The first item whose `id` is `wanted`, or None (null in JS)."""
    for item in items:
        if item.get("id") == wanted:
            return item
    return None


def config_object(
    config: Mapping[str, Any], key: str, fields: Sequence[str]
) -> Mapping[str, Any]:
    """`config[key]` as an object with exactly `fields` (nested config is checked here)."""
    return expect_fields(config[key], f"config.{key}", fields)
