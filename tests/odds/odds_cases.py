"""Odds cases shared by the odds tests: every golden fixture whose rule an odds adapter covers.

A fixture's input and config are one situation of the rule; its odds query gives the exact
distribution over every way the dice could have fallen there (the fixture's own dice are one).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from rules_parity import Fixture, discover

from compiler.odds.registry import queries_of
from compiler.rules.enumeration import BRUTE_FORCE, Projection, enumerate_rule, state_of
from compiler.rules.errors import RuleError
from compiler.rules.exact import Dist, dist_json, outcome_list
from compiler.rules.odds import run_query


def odds_fixtures() -> list[Fixture]:
    """Every usable golden fixture whose ruleset's adapter has a query named like its rule."""
    return [f for f in discover()
            if not f.problems and f.data["rule"] in queries_of(f.ruleset)]


def python_odds(ruleset: str, query: str, params: Any, config: Any) -> dict[str, Any]:
    """The Python adapter's distribution as JSON, or the rule error that stopped it."""
    return json.loads(_python_odds(ruleset, query, json.dumps(params), json.dumps(config)))


@functools.cache
def _python_odds(ruleset: str, query: str, params: str, config: str) -> str:
    try:
        found = dist_json(run_query(queries_of(ruleset), query, json.loads(params),
                                    json.loads(config)))
    except RuleError as error:
        found = {"error": {"code": error.code, "message": error.message}}
    return json.dumps(found)


def fractions(dist: Dist, key: Callable[[Any], Any] = lambda o: o) -> dict[Any, Fraction]:
    """`dist`'s probabilities by `key(outcome)` (a hashable view), as exact fractions."""
    found: dict[Any, Fraction] = {}
    for outcome, weight in outcome_list(dist):
        found[key(outcome)] = found.get(key(outcome), Fraction(0)) + Fraction(weight, dist.total)
    return found


def icepool_fractions(die: Any, key: Callable[[Any], Any] = lambda o: o) -> dict[Any, Fraction]:
    """An icepool Die's probabilities by `key(outcome)`, as exact fractions."""
    total = die.denominator()
    found: dict[Any, Fraction] = {}
    for outcome, quantity in die.items():
        if quantity:
            found[key(outcome)] = found.get(key(outcome), Fraction(0)) + Fraction(quantity, total)
    return found


def brute_force(ruleset: str, rule: str, config: Any, params: Any,
                project: Projection = state_of) -> Dist:
    """The rule enumerated face by face, each run on its own copy of the input."""
    case = {"ruleset": ruleset, "rule": rule, "config": config, "input": params}
    return enumerate_rule(case, project, BRUTE_FORCE, fresh=True)
