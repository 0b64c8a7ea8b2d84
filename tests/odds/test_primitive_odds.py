"""The primitives' odds (P1-P9): for random small pools the lumped, composed distribution equals
the brute-force enumeration of the rule itself, face by face; for large pools it equals icepool's
(a test-only dependency, pinned), computed from an independent statement of the same rule."""

from __future__ import annotations

from typing import Any

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from odds_cases import brute_force, fractions, icepool_fractions

from compiler.rules import odds
from compiler.rules.errors import RuleError
from compiler.rules.exact import dist_json

DIE = st.integers(2, 10)
SMALL = settings(max_examples=12, deadline=None)


def query(rule: str, params: dict[str, Any], config: dict[str, Any] | None = None) -> Any:
    return odds.run_query(odds.QUERIES, rule, params, config or {})


def same_as_brute_force(rule: str, params: dict[str, Any],
                        config: dict[str, Any] | None = None) -> None:
    found = query(rule, params, config)
    assert dist_json(found) == dist_json(brute_force("primitives", rule, config or {}, params))


@SMALL
@given(DIE, st.integers(-1, 3), st.integers(-1, 12), st.integers(-2, 2))
def test_count_at_least(die: int, count: int, least: int, mod: int) -> None:
    same_as_brute_force("count_at_least",
                        {"die": die, "count": count, "min_face": least, "roll_mod": mod})


@SMALL
@given(DIE, st.integers(0, 3), st.integers(0, 11))
def test_cancel_ones(die: int, count: int, least: int) -> None:
    same_as_brute_force("cancel_ones", {"die": die, "count": count, "min_face": least})


@SMALL
@given(st.integers(2, 8), st.integers(0, 3))
def test_sum_faces(die: int, count: int) -> None:
    same_as_brute_force("sum_faces", {"die": die, "count": count})


@SMALL
@given(st.integers(0, 5), st.integers(-3, 3))
def test_fate(dice: int, modifier: int) -> None:
    same_as_brute_force("fate", {"modifier": modifier}, {"fate_dice": dice})


@SMALL
@given(st.integers(1, 3), st.integers(1, 2))
def test_keep_lowest_set(sets: int, dice: int) -> None:
    same_as_brute_force("keep_lowest_set", {"sets": sets}, {"fate_dice": dice})


@SMALL
@given(st.sampled_from([3, 4, 6, "F"]), st.integers(0, 4), st.integers(0, 5))
def test_keep_lowest(die: Any, count: int, keep: int) -> None:
    same_as_brute_force("keep_lowest", {"die": die, "count": count, "keep": keep})


@SMALL
@given(st.integers(2, 20), st.data())
def test_table_lookup(die: int, data: st.DataObject) -> None:
    cuts = sorted(data.draw(st.sets(st.integers(2, die), max_size=4)))
    starts = [1, *cuts]
    ends = [*(c - 1 for c in cuts), die]
    table = [{"lo": lo, "hi": hi, "key": f"row{i}"}
             for i, (lo, hi) in enumerate(zip(starts, ends, strict=True))]
    same_as_brute_force("table_lookup", {"die": die, "table": table})


@SMALL
@given(st.integers(2, 20), st.lists(st.integers(-3, 3), max_size=2), st.integers(0, 22),
       st.booleans())
def test_d20_vs(die: int, mods: list[int], tn: int, meet: bool) -> None:
    same_as_brute_force("d20_vs", {"die": die, "mods": mods, "tn": tn, "meet": meet})


@SMALL
@given(DIE, st.integers(0, 3), st.integers(0, 11))
def test_count_natural(die: int, count: int, natural: int) -> None:
    same_as_brute_force("count_natural", {"die": die, "count": count, "natural": natural})


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 8), st.integers(0, 3), st.integers(1, 8), st.integers(-1, 1),
       st.integers(0, 3), st.integers(1, 3), st.booleans())
def test_hazard(die: int, count: int, least: int, mod: int, hazards: int, mishap: int,
                counted: bool) -> None:
    config = {"hazard_count": hazards, "mishap_on_face": mishap,
              "hazard_counts_for_success": counted}
    same_as_brute_force("hazard", {"die": die, "count": count, "min_face": least,
                                   "roll_mod": mod}, config)


def test_a_roll_off_has_no_list_of_outcomes() -> None:
    """P10 repeats ties without bound: it has no query, and enumerating it stops loudly."""
    assert "roll_off" not in odds.QUERIES
    with pytest.raises(RuleError) as caught:
        brute_force("primitives", "roll_off", {}, {"die": 2, "group": ["a", "b"]})
    assert caught.value.code == "too_many_outcomes"


# --------------------------------------------------------------------------- large pools


D10 = icepool.d10
DF = icepool.Die([-1, 0, 1])


def test_a_hundred_d10_counting_six_plus_with_ones_cancelling() -> None:
    """The issue's anchor: 100d10, 6+ a success, each 1 cancelling one, more 1s a botch."""
    found = fractions(query("cancel_ones", {"die": 10, "count": 100, "min_face": 6}),
                      lambda o: (o["successes"], o["botch"]))
    model = (100 @ icepool.Die({-1: 1, 0: 4, 1: 5})).map(lambda s: (max(s, 0), s < 0))
    assert found == icepool_fractions(model)


def test_sixty_d10_with_a_roll_modifier() -> None:
    found = fractions(query("count_at_least",
                            {"die": 10, "count": 60, "min_face": 6, "roll_mod": 1}),
                      lambda o: o["successes"])
    assert found == icepool_fractions(60 @ (D10 + 1 >= 6))


def test_sums_and_naturals_of_big_pools() -> None:
    found = fractions(query("sum_faces", {"die": 6, "count": 7}), lambda o: o["total"])
    assert found == icepool_fractions(2 @ icepool.d6 + 5 @ icepool.d6)
    naturals = fractions(query("count_natural", {"die": 10, "count": 40, "natural": 10}),
                         lambda o: o["naturals"])
    assert naturals == icepool_fractions(40 @ (D10 == 10))


def test_fate_and_its_disadvantage() -> None:
    """4dF + 2; Disadvantage keeps the lower of two 4dF sets, double Disadvantage of three; the
    lowest 4 of 6dF."""
    assert fractions(query("fate", {"modifier": 2}), lambda o: o["total"]) == \
        icepool_fractions(4 @ DF + 2)
    for sets in (2, 3):
        found = fractions(query("keep_lowest_set", {"sets": sets}), lambda o: o["total"])
        assert found == icepool_fractions(icepool.lowest(*([4 @ DF] * sets)))
    found = fractions(query("keep_lowest", {"die": "F", "count": 6, "keep": 4}),
                      lambda o: o["total"])
    assert found == icepool_fractions(DF.pool(6).lowest(4).sum())


def test_a_d100_table() -> None:
    rows = [(1, 7, "head"), (8, 10, "neck"), (11, 40, "torso"), (41, 100, "rest")]
    table = [{"lo": lo, "hi": hi, "key": key} for lo, hi, key in rows]
    found = fractions(query("table_lookup", {"die": 100, "table": table}), lambda o: o["key"])
    model = icepool.d100.map(lambda f: next(key for lo, hi, key in rows if lo <= f <= hi))
    assert found == icepool_fractions(model)


def test_thirty_d6_with_a_hazard_die() -> None:
    """P9: the first die is the Hazard Die (a 1 is a Mishap) and counts its 5+ too."""
    found = fractions(query("hazard", {"die": 6, "count": 30, "min_face": 5, "roll_mod": 0}),
                      lambda o: (o["successes"], o["mishap"]))
    first = icepool.d6.map(lambda f: (int(f >= 5), f == 1))
    model = icepool.map(lambda h, rest: (h[0] + rest, h[1]), first, 29 @ (icepool.d6 >= 5))
    assert found == icepool_fractions(model)
