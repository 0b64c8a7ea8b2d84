"""The boundary-deciding arithmetic of hazard_location, exact (C2); mirror: `..._arith.mjs`.

Every function takes and returns ints or reduced rationals `(num, den)`; nothing rounds except
the floors and ceilings the seed states, done with `//`.
"""

from __future__ import annotations

from collections.abc import Sequence

from compiler.rules import dice
from compiler.rules.hazard_location.fields import Rational, compare, product, reduce

CALLED_SHOT_MIN = 1
CALLED_SHOT_MAX = 4
CALLED_SHOT_BASE = 5
NORMAL_METRES_PER_AGI = 5
FULL_ROUND_METRES_PER_AGI = 10
MASSIVE_MULTIPLE = 2


def range_penalty(distance: Rational, optimal: Rational) -> int:
    """HZ-R10, P14: max(0, ceil(distance / Optimal Range) - 1); a boundary stays in its band."""
    ratio_num, ratio_den = distance[0] * optimal[1], distance[1] * optimal[0]
    return max(0, dice.ceil_div(ratio_num, ratio_den) - 1)


def within_max_range(distance: Rational, maximum: Rational) -> bool:
    """HZ-R10, HZ-G31: exactly at Maximum Range is within reach; beyond it is not."""
    return compare(distance, maximum) <= 0


def called_shot_penalty(percent: int) -> int:
    """HZ-R19, P14: max(1, min(4, 5 - ceil(√P))) dice, P the location's whole percentage."""
    raw = CALLED_SHOT_BASE - dice.ceil_sqrt(percent)
    return max(CALLED_SHOT_MIN, min(CALLED_SHOT_MAX, raw))


def blast_damage(listed: int, radius: Rational, distance: Rational) -> int:
    """HZ-R26, HZ-G25, P14: full Damage within the radius, else floor(D · R² / d²)."""
    if compare(distance, radius) <= 0:
        return listed
    numerator = listed * radius[0] * radius[0] * distance[1] * distance[1]
    denominator = radius[1] * radius[1] * distance[0] * distance[0]
    return dice.floor_div(numerator, denominator)


def allowance_metres(agility: int, full_round: bool, factors: Sequence[Rational]) -> Rational:
    """HZ-R04, HZ-R05, HZ-G17: AGI * 5 m (normal) or AGI * 10 m (full round) * each factor."""
    per_point = FULL_ROUND_METRES_PER_AGI if full_round else NORMAL_METRES_PER_AGI
    allowance = reduce(agility * per_point, 1)
    for factor in factors:
        allowance = product(allowance, factor)
    return allowance


def in_hexes(metres: Rational, metres_per_hex: int) -> Rational:
    """HZ-R05, HZ-G32: a length in hexes, fractions kept (half a hex is 5 metres)."""
    return reduce(metres[0], metres[1] * metres_per_hex)


def massive_injuries(damage: int, total_stamina: int) -> int:
    """HZ-R22, P14: floor(D / Total Stamina) when D ≥ 2 * Total Stamina, else 0 (not massive)."""
    if damage < MASSIVE_MULTIPLE * total_stamina:
        return 0
    return dice.floor_div(damage, total_stamina)


def repair_mass(mass: Rational, restored: int, maximum: int) -> Rational:
    """HZ-R30, HZ-G34: mass * restored ÷ maximum, kept exact (display rounding is the UI's)."""
    return reduce(mass[0] * restored, mass[1] * maximum)


def restoration_cost(current: int, target: int) -> int:
    """HZ-R24: raising r to r + 1 costs r + 1 Advancements, summed from current to target."""
    if target <= current:
        return 0
    # Σ k for k = c+1..t is (t(t+1) - c(c+1)) / 2; the difference of two even products is even.
    return dice.floor_div(target * (target + 1) - current * (current + 1), 2)
