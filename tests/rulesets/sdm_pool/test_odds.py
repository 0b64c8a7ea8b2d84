"""sdm_pool exact odds: the adapter's lumped enumeration against the rule enumerated face by face.

On every golden `attack_roll` and `attack` fixture small enough to enumerate every face (each
run on its own copy of the input), the adapter's distribution (the attack pool by class
multiset, the damage dice by sum) is the brute force's, refusals included.
"""

from __future__ import annotations

from typing import Any

import pytest
from odds_cases import odds_fixtures
from rules_parity import Fixture

from compiler.rules.enumeration import BRUTE_FORCE, TOO_MANY, enumerate_calls, rule_call
from compiler.rules.errors import RuleError
from compiler.rules.exact import dist_json
from compiler.rules.odds import case_of
from compiler.rules.sdm_pool import odds

RULESET = "sdm_pool"
#: The brute force stays small (a pool of four d6): a fixture past this many face sequences is
#: not compared.
LIMIT = 1300
PROJECTIONS: dict[str, Any] = {
    "attack": odds.attack_outcome,
    "attack_roll": lambda events, state: {"successes": state["successes"],
                                          "result": state["result"]},
}


def outcome_or_error(compute: Any) -> Any:
    try:
        return dist_json(compute())
    except RuleError as error:
        return {"error": [error.code, error.message]}


def enumerated(fixture: Fixture) -> Any:
    data = fixture.data
    call = rule_call(case_of(RULESET, data["rule"], data["config"], data["input"]),
                     PROJECTIONS[data["rule"]], fresh=True)
    return enumerate_calls(call, BRUTE_FORCE, LIMIT)


#: A fixture's own fall drew this many dice at most (the others may draw its damage dice too).
FEW_DICE = 4
FIXTURES = [f for f in odds_fixtures()
            if f.ruleset == RULESET and len(f.data.get("dice") or []) <= FEW_DICE]
BRUTE = {f.ident: outcome_or_error(lambda f=f: enumerated(f)) for f in FIXTURES}
SMALL = [f for f in FIXTURES if BRUTE[f.ident].get("error", [None])[0] != TOO_MANY]


def test_most_fixtures_are_compared() -> None:
    """A floor, so the comparison cannot shrink to nothing unnoticed."""
    assert len(SMALL) >= 15 and {f.data["rule"] for f in SMALL} == {"attack", "attack_roll"}


@pytest.mark.parametrize("fixture", SMALL, ids=[f.ident for f in SMALL])
def test_the_adapter_is_the_brute_force(fixture: Fixture) -> None:
    data = fixture.data
    query = odds.QUERIES[data["rule"]]
    assert outcome_or_error(lambda: query(data["input"], data["config"])) == BRUTE[fixture.ident]
