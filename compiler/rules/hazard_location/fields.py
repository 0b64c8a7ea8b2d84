"""Exact rationals (C2) and lengths of hazard_location (mirrored in `fields.mjs`).

Quantities (`int | {num, den}`) and lengths (`{value, unit}`) arrive checked against
`inputs.schema.json` (`$defs/quantity`, `$defs/length`); these helpers turn them into reduced
rationals and do the exact arithmetic on them. Messages embed only key names and ints, so both
engines report the same text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import gcd
from typing import Any

from compiler.rules.errors import BAD_INPUT, RuleError
from compiler.rules.inputs import SAFE_INT

Rational = tuple[int, int]
"""An exact non-negative rational (numerator, denominator > 0), always reduced."""

METRES_PER_KM = 1000


def has(obj: Mapping[str, Any], key: str) -> bool:
    """Whether `obj` has the key `key` (JS: an own property, never an inherited one)."""
    return key in obj


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


def rational(value: int | Mapping[str, int]) -> Rational:
    """C2: a checked quantity (an int, or `{num, den}`) as a reduced rational."""
    if isinstance(value, int):
        return (value, 1)
    return reduce(value["num"], value["den"])


def length_m(length: Mapping[str, Any], metres_per_hex: int) -> Rational:
    """HZ-G25, HZ-G32: a checked `{value, unit}` length in metres (km * 1000, hex * metres per
    hex)."""
    scale = {"m": 1, "km": METRES_PER_KM, "hex": metres_per_hex}[length["unit"]]
    return product(rational(length["value"]), (scale, 1))


def by_id(items: Sequence[Mapping[str, Any]], wanted: str) -> Mapping[str, Any] | None:
    """The first item whose `id` is `wanted`, or None (null in JS)."""
    for item in items:
        if item.get("id") == wanted:
            return item
    return None
