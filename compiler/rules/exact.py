"""Exact outcome distributions with integer weights (mirror: `exact.mjs`, in BigInt).

A distribution is a set of distinct outcomes (JSON values, told apart by their canonical JSON),
each with a positive integer weight, and the total of the weights: an outcome's probability is
its weight over the total, an exact rational. Nothing here is a float; a float appears only when
a report displays a probability. Results are `reduced` (weights and total share no factor), so
the two engines write the same numbers whatever path computed them.

Pools of exchangeable dice are composed in one step: a die whose faces score s1..sk with weights
w1..wk is the polynomial Σ wi·x^si, and n such dice are its n-th power, taken by Kronecker
substitution (the polynomial packed into one big integer, one coefficient per fixed-width slot,
so a single integer power does the whole convolution).
"""

from __future__ import annotations

import struct
import sys
from collections.abc import Callable, Iterable, Sequence
from math import gcd, lcm
from typing import Any, Literal, NamedTuple

from compiler.rules.errors import BAD_INPUT, RuleError
from compiler.rules.inputs import sorted_keys
from compiler.rules.shapes import canonical_json


class Dist(NamedTuple):
    """Outcomes by canonical JSON key, their integer weights, and the weights' total."""

    outcomes: dict[str, Any]
    weights: dict[str, int]
    total: int


def point(outcome: Any) -> Dist:
    """C2: the certain outcome `outcome` (weight 1 of 1)."""
    key = canonical_json(outcome)
    return Dist({key: outcome}, {key: 1}, 1)


def from_leaves(leaves: Iterable[tuple[Any, int, int]]) -> Dist:
    """C2: the distribution of `(outcome, num, den)` leaves whose probabilities num/den add to 1.

    The leaves are put over one denominator, the least common multiple of theirs.
    """
    items = list(leaves)
    common = lcm(*(den for _, _, den in items)) if items else 1
    outcomes: dict[str, Any] = {}
    weights: dict[str, int] = {}
    for outcome, num, den in items:
        key = canonical_json(outcome)
        outcomes.setdefault(key, outcome)
        weights[key] = weights.get(key, 0) + num * (common // den)
    total = sum(weights.values())
    if total != common:
        raise RuleError(BAD_INPUT, "the leaves' probabilities do not add up to 1")
    return reduced(Dist(outcomes, weights, total))


def reduced(dist: Dist) -> Dist:
    """C2: `dist` with its weights and total divided by their greatest common divisor."""
    factor = gcd(dist.total, *dist.weights.values())
    if factor <= 1:
        return dist
    weights = {key: weight // factor for key, weight in dist.weights.items()}
    return Dist(dist.outcomes, weights, dist.total // factor)


def bind(dist: Dist, step: Callable[[Any], Dist]) -> Dist:
    """C2: each outcome of `dist` followed by the distribution `step` gives for it.

    The chain of independent stages: the weight of a final outcome is the sum, over the paths
    reaching it, of the products of the stage probabilities.
    """
    parts = [(dist.weights[key], step(outcome)) for key, outcome in dist.outcomes.items()]
    common = lcm(*(part.total for _, part in parts)) if parts else 1
    outcomes: dict[str, Any] = {}
    weights: dict[str, int] = {}
    for weight, part in parts:
        scale = weight * (common // part.total)
        for key, outcome in part.outcomes.items():
            outcomes.setdefault(key, outcome)
            weights[key] = weights.get(key, 0) + scale * part.weights[key]
    return reduced(Dist(outcomes, weights, dist.total * common))


def map_outcomes(dist: Dist, function: Callable[[Any], Any]) -> Dist:
    """C2: the distribution of `function(outcome)`; outcomes it maps together add up."""
    outcomes: dict[str, Any] = {}
    weights: dict[str, int] = {}
    for key, outcome in dist.outcomes.items():
        image = function(outcome)
        image_key = canonical_json(image)
        outcomes.setdefault(image_key, image)
        weights[image_key] = weights.get(image_key, 0) + dist.weights[key]
    return reduced(Dist(outcomes, weights, dist.total))


def fraction(num: int, den: int) -> tuple[int, int]:
    """C2: num/den in lowest terms, the denominator positive."""
    if den == 0:
        raise RuleError(BAD_INPUT, "a fraction has denominator 0")
    if den < 0:
        num, den = -num, -den
    factor = gcd(num, den) or 1
    return (num // factor, den // factor)


def probability(dist: Dist, predicate: Callable[[Any], bool]) -> tuple[int, int]:
    """C2: the exact probability that an outcome satisfies `predicate`, as (num, den)."""
    num = sum(dist.weights[key] for key, outcome in dist.outcomes.items() if predicate(outcome))
    return fraction(num, dist.total)


def expectation(dist: Dist, value: Callable[[Any], int]) -> tuple[int, int]:
    """C2: the exact mean of the integer `value(outcome)`, as (num, den)."""
    num = sum(dist.weights[key] * value(outcome) for key, outcome in dist.outcomes.items())
    return fraction(num, dist.total)


def pool_scores(count: int, kernel: Sequence[tuple[int, int]]) -> dict[int, int]:
    """C2, C3: the sum of `count` dice, each scoring `score` on `weight` of its faces.

    `kernel` lists `(score, weight)`; returns sum -> number of face sequences giving it (they
    add up to (Σ weight)^count). One integer power by Kronecker substitution, each slot as wide
    as the largest count needs (sides^count: 1, 2, 4 or 8 bytes, else whole bytes), the power
    read back through its bytes in one step (`_slots`).
    """
    if count <= 0:
        return {0: 1}
    low = high = kernel[0][0]
    sides = 0
    for score, weight in kernel:
        if score < low:
            low = score
        elif score > high:
            high = score
        sides += weight
    size = _slot_bytes((sides**count).bit_length())  # no slot holds more than sides**count
    width = 8 * size
    packed = 0
    for score, weight in kernel:
        packed += weight << (width * (score - low))
    slots = count * (high - low) + 1
    ways = _slots((packed**count).to_bytes(size * slots, "little"), size)
    base = count * low
    if 0 in ways:
        return {base + slot: found for slot, found in enumerate(ways) if found}
    return dict(zip(range(base, base + slots), ways, strict=True))


_Word = Literal["B", "H", "I", "Q"]
_WORD_SIZES: tuple[tuple[int, _Word], ...] = ((1, "B"), (2, "H"), (4, "I"), (8, "Q"))
_WORDS: dict[int, _Word] = {
    size: word
    for size, word in _WORD_SIZES
    if sys.byteorder == "little" and struct.calcsize(word) == size
}
"""Slot widths read as native unsigned words by one `memoryview.cast` (little-endian only)."""


def _slot_bytes(bits: int) -> int:
    """The bytes of a slot holding `bits` bits: a machine word size up to 8, else whole bytes."""
    for size, _ in _WORD_SIZES:
        if bits <= 8 * size:
            return size
    return (bits + 7) // 8


def _slots(data: bytes, size: int) -> list[int]:
    """The little-endian unsigned integers of `size` bytes each packed in `data`."""
    word = _WORDS.get(size)
    if word is not None:
        words: list[int] = memoryview(data).cast(word).tolist()
        return words
    return [int.from_bytes(data[i:i + size], "little") for i in range(0, len(data), size)]


def pool_counts(count: int, weights: Sequence[int]) -> list[tuple[tuple[int, ...], int]]:
    """C2, C3: every way `count` dice fall into classes of `weights` faces, with its number.

    Returns `(counts per class, face sequences)`: the multinomial coefficient times each class's
    weight to the power of its count. Classes in order; counts in reverse lexicographic order.
    """
    if not weights:
        raise RuleError(BAD_INPUT, "a pool needs at least one class of faces")
    found: list[tuple[tuple[int, ...], int]] = []

    def place(index: int, left: int, counts: tuple[int, ...], ways: int) -> None:
        if index == len(weights) - 1:
            found.append(((*counts, left), ways * weights[index] ** left))
            return
        choose = 1
        for here in range(left + 1):
            place(index + 1, left - here, (*counts, here), ways * choose * weights[index] ** here)
            choose = choose * (left - here) // (here + 1)

    place(0, max(count, 0), (), 1)
    return sorted(found, key=lambda item: item[0], reverse=True)


def dist_json(dist: Dist) -> dict[str, Any]:
    """C2: `dist` as JSON, outcomes in key order, weights and total as decimal strings."""
    return {
        "total": str(dist.total),
        "outcomes": [
            {"outcome": dist.outcomes[key], "weight": str(dist.weights[key])}
            for key in sorted_keys(dist.outcomes)
        ],
    }


def fraction_json(value: tuple[int, int]) -> dict[str, str]:
    """C2: an exact fraction as `{num, den}` decimal strings (a JS number holds 2^53 at most)."""
    return {"num": str(value[0]), "den": str(value[1])}


def outcome_list(dist: Dist) -> list[tuple[Any, int]]:
    """C2: `(outcome, weight)` in key order (the order both engines list them in)."""
    return [(dist.outcomes[key], dist.weights[key]) for key in sorted_keys(dist.outcomes)]

