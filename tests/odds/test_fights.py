"""Whole fights: the dynamic programme is exact (checked against a closed form), the Monte Carlo
agrees with it within the interval it states, and a fight too big for the programme falls back
to the Monte Carlo."""

from __future__ import annotations

from fractions import Fraction
from math import comb
from pathlib import Path
from typing import Any

import pytest

from compiler.odds.content import answer, library
from compiler.odds.fights import SEED, Budget, Setup, exact_fight, fight, monte_carlo
from compiler.pipeline import load_content

CONTENT = Path(__file__).resolve().parents[2] / "content"


@pytest.fixture(scope="module")
def shipped() -> dict[str, Any]:
    return {r.engine: r for r in load_content(CONTENT).rulesets}


def asked(ruleset: Any, choice: dict[str, Any]) -> dict[str, Any]:
    found = answer(ruleset, choice, library(ruleset))
    return {"query": found.query, "params": found.params, "config": found.config}


def at_least(successes: int, dice: int) -> Fraction:
    """P(dice d10 show at least `successes` 6+s)."""
    return Fraction(sum(comb(dice, k) for k in range(successes, dice + 1)), 2**dice)


def test_rounds_to_down_is_exact(shipped: dict[str, Any]) -> None:
    """X-23's Claw Strike (4 + Brawn 3 = 7d10, Lacerating) on the Hand Operative (16 Health,
    Introduced: down at 0, no Soak, Toughness or Shield): he is down once the successes of n
    strikes, 7n d10 in all, reach 16."""
    claw = asked(shipped["danger_room"], {"item": "claw-strike", "target": "hand-operative"})
    found = exact_fight(Setup.of("danger_room", [claw]))
    assert found.method == "exact"
    for rounds in range(1, 8):
        by_then = sum(found.ends[:rounds], Fraction(0))
        assert by_then == at_least(16, 7 * rounds), rounds
    assert found.downs["hand-operative"] + found.undecided == 1
    assert found.downs["x-23"] == 0


def test_the_monte_carlo_agrees_within_its_interval(shipped: dict[str, Any]) -> None:
    """The default seed's estimate of the mean is within four standard errors (twice the 95%
    half-width it states: an unbiased estimate strays that far once in about 16,000 runs) of
    the exact mean, and that half-width is of the size 300 fights give (sd / sqrt(300))."""
    claw = asked(shipped["danger_room"], {"item": "claw-strike", "target": "hand-operative"})
    setup = Setup.of("danger_room", [claw])
    exact = exact_fight(setup)
    estimate = monte_carlo(setup, samples=300)
    assert estimate.method == "monte_carlo" and estimate.seed == SEED
    assert exact.mean_rounds is not None and estimate.mean_rounds is not None
    assert sum(estimate.ends, Fraction(0)) + estimate.undecided == 1
    gap = abs(float(exact.mean_rounds) - float(estimate.mean_rounds))
    assert gap <= 2 * estimate.error["mean_rounds"]
    spread = sum(float(p) * (i + 1 - float(exact.mean_rounds)) ** 2
                 for i, p in enumerate(exact.ends))
    assert 0.8 < estimate.error["mean_rounds"] / (1.96 * (spread / 300) ** 0.5) < 1.25
    assert estimate.downs["hand-operative"] == 1


def test_a_fight_too_big_for_the_programme_is_sampled(shipped: dict[str, Any]) -> None:
    hz = shipped["hazard_location"]
    shot = asked(hz, {"item": "service-handgun", "target": "sample-soldier"})
    found = fight("hazard_location", [shot], Budget(states=1, samples=40))
    assert found.method == "monte_carlo" and found.samples == 40
    assert 0 <= found.error["sample-soldier-double"] <= 1


def test_initiative_orders_a_duel_once_per_fight(shipped: dict[str, Any]) -> None:
    """HZ-R03: two AGI 4 + INT 3 soldiers: equal successes act together, else the more first."""
    from compiler.rules.hazard_location import matchups

    shot = asked(shipped["hazard_location"], {"item": "service-handgun",
                                              "target": "sample-soldier"})
    attacker, target = matchups.sides(shot)
    back = matchups.restate(shot, target, attacker)
    orders = Setup.of("hazard_location", [shot, back]).orders()
    assert sum(chance for _, chance in orders) == 1
    together = [chance for phases, chance in orders if len(phases) == 1]
    # P(tie) for two 7d6 pools at 5+: sum over k of P(k)^2.
    p = [Fraction(comb(7, k) * 2**k * 4 ** (7 - k), 6**7) for k in range(8)]
    assert together == [sum(x * x for x in p)]
