"""P1-P14: the shared dice primitives of catalogue §6.1, mirrored in `dice.mjs`.

Pure integer arithmetic over faces already taken from the queue; only P10 (roll-off) takes its
own dice, because how many it needs depends on the faces. Each docstring names its item.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import isqrt
from typing import NamedTuple

from compiler.rules.errors import BAD_INPUT, TABLE_MISS, RuleError
from compiler.rules.queue import DiceQueue, Die

TIE_POLICIES: tuple[str, ...] = ("attacker", "defender")
MOS_MODES: tuple[str, ...] = ("standard", "unified")
UNCONTESTED_DIFFICULTY = 1


class RollOffRound(NamedTuple):
    """One sub-group's dice in one round of a P10 roll-off."""

    number: int
    group: tuple[str, ...]
    faces: tuple[int, ...]


def count_at_least(faces: Sequence[int], min_face: int, roll_mod: int = 0) -> int:
    """P1: how many faces reach `min_face` once `roll_mod` is added to each."""
    return sum(1 for face in faces if face + roll_mod >= min_face)


def cancel_ones(faces: Sequence[int], successes: int) -> tuple[int, bool]:
    """P2: each natural 1 cancels a success; returns (net ≥ 0, botch ⇔ ones > successes)."""
    ones = count_natural(faces, 1)
    return (max(0, successes - ones), ones > successes)


def sum_faces(faces: Sequence[int]) -> int:
    """P3: the sum of the faces (summed pools such as initiative)."""
    return sum(faces)


def fate(faces: Sequence[int]) -> int:
    """P4: the total of Fate dice, each face -1, 0 or +1 (never clamped, unlike Foundry's `df`)."""
    return sum(faces)


def keep_lowest_set(sets: Sequence[Sequence[int]]) -> tuple[int, int]:
    """P5: (index, total) of the set with the lowest sum; the earliest set wins a tie."""
    if not sets:
        raise RuleError(BAD_INPUT, "keep_lowest_set needs at least one set")
    totals = [sum(faces) for faces in sets]
    lowest = min(totals)
    return (totals.index(lowest), lowest)


def keep_lowest(faces: Sequence[int], keep: int) -> list[int]:
    """P5: the `keep` lowest faces, ascending (lowest 4 of 5-6 dF); `keep` ≤ 0 keeps none."""
    return sorted(faces)[: max(keep, 0)]


def table_lookup(ranges: Sequence[Sequence[int]], face: int) -> int:
    """P6: index of the first `[lo, hi]` range holding `face` (inclusive; d100 "00" is 100)."""
    for index, (lo, hi) in enumerate(ranges):
        if lo <= face <= hi:
            return index
    raise RuleError(TABLE_MISS, f"no table entry holds face {face}")


def d20_vs(face: int, mods: Sequence[int], tn: int, meet: bool = True) -> bool:
    """P7: whether face + Σ mods beats `tn`: meeting it passes when `meet`, else it must exceed."""
    total = face + sum(mods)
    return total >= tn if meet else total > tn


def count_natural(faces: Sequence[int], natural: int) -> int:
    """P8: how many faces show exactly `natural`, before any modifier."""
    return sum(1 for face in faces if face == natural)


def hazard(faces: Sequence[int], count: int = 1, mishap_on_face: int = 1) -> bool:
    """P9: whether one of the first `count` dice (the Hazard Dice) shows `mishap_on_face`."""
    return mishap_on_face in faces[: max(count, 0)]


def roll_off(
    group: Sequence[str], die: Die, queue: DiceQueue
) -> tuple[list[str], list[RollOffRound]]:
    """P10: order `group` by repeated roll-offs of `die`, highest first.

    Each round, every still-tied sub-group rolls one die per member: sub-groups in their resolved
    order (highest first), members in `group` order. Equal faces stay tied and roll again next
    round; a finite queue guarantees termination (`queue_exhausted`).
    """
    segments: list[list[str]] = [list(group)]
    rounds: list[RollOffRound] = []
    number = 0
    while any(len(segment) > 1 for segment in segments):
        number += 1
        resolved: list[list[str]] = []
        for segment in segments:
            if len(segment) < 2:
                resolved.append(segment)
                continue
            faces = queue.take_many(die, len(segment))
            rounds.append(RollOffRound(number, tuple(segment), tuple(faces)))
            resolved.extend(_split_by_face(segment, faces))
        segments = resolved
    return ([member for segment in segments for member in segment], rounds)


def _split_by_face(segment: Sequence[str], faces: Sequence[int]) -> list[list[str]]:
    ranked = sorted(set(faces), reverse=True)
    return [[m for m, f in zip(segment, faces, strict=True) if f == value] for value in ranked]


def pool_size(base: int, die_mods: Sequence[int], floor: int) -> int:
    """P11: max(`floor`, base + Σ die_mods); a result ≤ 0 rolls no dice (C3)."""
    return max(floor, base + sum(die_mods))


def opposed(a: int, d: int, tie: str) -> str:
    """P12: `"attacker"` if a > d, `"defender"` if d > a, else the side named by `tie`.

    DR saves and FW pass `tie="defender"` (the saving target defends); HZ passes `"attacker"`.
    """
    if tie not in TIE_POLICIES:
        raise RuleError(BAD_INPUT, f"tie must be one of {', '.join(TIE_POLICIES)}")
    if a == d:
        return tie
    return "attacker" if a > d else "defender"


def margin(a: int, d: int) -> int:
    """P13: the signed margin a - d (FW damage)."""
    return a - d


def margin_of_success(a: int, d: int, contested: bool, mode: str) -> int:
    """P13: HZ MoS. `standard`: a - d contested, a - 1 uncontested; `unified`: a - max(1, d).

    An uncontested test ignores `d` and uses the fixed difficulty 1 in both modes.
    """
    if mode not in MOS_MODES:
        raise RuleError(BAD_INPUT, f"mode must be one of {', '.join(MOS_MODES)}")
    if not contested:
        return a - UNCONTESTED_DIFFICULTY
    return a - d if mode == "standard" else a - max(UNCONTESTED_DIFFICULTY, d)


def halve(value: int) -> int:
    """P13: floor(value / 2), rounding toward -∞ (DR save halving)."""
    return floor_div(value, 2)


def floor_div(a: int, b: int) -> int:
    """P14: floor(a / b) rounding toward -∞ (Python `//`)."""
    if b == 0:
        raise RuleError(BAD_INPUT, "division by zero")
    return a // b


def ceil_div(a: int, b: int) -> int:
    """P14: ceil(a / b) for any signs, as -floor(-a / b); equals (a + b - 1) // b for b > 0."""
    return -floor_div(-a, b)


def ceil_sqrt(p: int) -> int:
    """P14: ceil(√p), the smallest k ≥ 0 with k² ≥ p, exact via `math.isqrt`."""
    if p < 0:
        raise RuleError(BAD_INPUT, "square root of a negative number")
    root = isqrt(p)
    return root if root * root == p else root + 1


def compare_fractions(a_num: int, a_den: int, b_num: int, b_den: int) -> int:
    """P14: -1, 0 or 1 as a_num/a_den is below, equal to or above b_num/b_den, exactly."""
    if a_den == 0 or b_den == 0:
        raise RuleError(BAD_INPUT, "a fraction has denominator 0")
    if a_den < 0:
        a_num, a_den = -a_num, -a_den
    if b_den < 0:
        b_num, b_den = -b_num, -b_den
    left, right = a_num * b_den, b_num * a_den
    return (left > right) - (left < right)
