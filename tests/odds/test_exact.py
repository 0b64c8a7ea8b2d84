"""The exact distribution algebra: Kronecker pools against plain convolution, the multinomial
pool branches against their sum, and the chaining of stages."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compiler.rules.errors import RuleError
from compiler.rules.exact import (
    bind,
    dist_json,
    expectation,
    fraction,
    from_leaves,
    map_outcomes,
    point,
    pool_counts,
    pool_scores,
    probability,
)

KERNELS = st.lists(st.tuples(st.integers(-3, 4), st.integers(1, 5)), min_size=1, max_size=4)


def convolve(count: int, kernel: list[tuple[int, int]]) -> dict[int, int]:
    found = {0: 1}
    for _ in range(count):
        step: dict[int, int] = {}
        for total, ways in found.items():
            for score, weight in kernel:
                step[total + score] = step.get(total + score, 0) + ways * weight
        found = step
    return {total: ways for total, ways in found.items() if ways}


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 25), KERNELS)
def test_kronecker_pool_is_the_convolution(count: int, kernel: list[tuple[int, int]]) -> None:
    assert pool_scores(count, kernel) == convolve(count, kernel)


def test_a_hundred_fumbling_d10_add_up() -> None:
    sums = pool_scores(100, [(-1, 1), (0, 4), (1, 5)])
    assert sum(sums.values()) == 10**100
    assert sums[100] == 5**100 and sums[-100] == 1


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 4), st.lists(st.integers(1, 3), min_size=1, max_size=3))
def test_pool_counts_cover_every_sequence(count: int, weights: list[int]) -> None:
    branches = pool_counts(count, weights)
    assert sum(ways for _, ways in branches) == sum(weights) ** count
    assert len({counts for counts, _ in branches}) == len(branches)
    # Each multiset's number is the number of face sequences falling into those classes.
    faces = [(c, w) for c, weight in enumerate(weights) for w in range(weight)]
    seen: dict[tuple[int, ...], int] = {}
    for roll in product(faces, repeat=count):
        counts = tuple(sum(1 for c, _ in roll if c == k) for k in range(len(weights)))
        seen[counts] = seen.get(counts, 0) + 1
    assert dict(branches) == seen


def test_bind_chains_independent_stages_exactly() -> None:
    coin = from_leaves([("h", 1, 2), ("t", 1, 2)])
    die = from_leaves([(face, 1, 3) for face in range(1, 4)])
    chained = bind(coin, lambda side: die if side == "h" else point(0))
    assert probability(chained, lambda v: v == 0) == (1, 2)
    assert probability(chained, lambda v: v == 3) == (1, 6)
    assert expectation(chained, lambda v: v) == (1, 1)
    assert dist_json(map_outcomes(chained, lambda v: v > 0)) == {
        "total": "2", "outcomes": [{"outcome": False, "weight": "1"},
                                   {"outcome": True, "weight": "1"}]}


def test_leaves_that_do_not_add_up_are_refused() -> None:
    with pytest.raises(RuleError, match="do not add up"):
        from_leaves([("a", 1, 2), ("b", 1, 3)])
    with pytest.raises(RuleError):
        fraction(1, 0)
