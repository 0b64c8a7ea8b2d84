"""Python and JS give identical exact distributions, on the situation of every golden fixture
whose rule has an odds query (found through each ruleset's adapter, so a new ruleset's
fixtures join by themselves), with the same refusal where the input is bad."""

from __future__ import annotations

import pytest
from odds_cases import odds_fixtures, python_odds
from rules_parity import Fixture, NodeEngine

from compiler.odds.registry import with_odds

FIXTURES = odds_fixtures()


def test_every_adapter_meets_fixtures() -> None:
    """The discovered fixtures reach every engine with an adapter (a floor, not a count)."""
    assert {f.ruleset for f in FIXTURES} == set(with_odds())
    assert len(FIXTURES) > 100


@pytest.mark.parametrize("fixture", FIXTURES, ids=[f.ident for f in FIXTURES])
def test_python_and_js_distributions_agree(fixture: Fixture, js_engine: NodeEngine) -> None:
    data = fixture.data
    args = (fixture.ruleset, data["rule"], data["input"], data["config"])
    assert js_engine.odds(*args) == python_odds(*args)


def test_most_fixture_situations_have_odds() -> None:
    """A fixture's situation may lack what another fall of the dice needs (a riposte needs the
    defender's weapon), so its odds may be refused; most must not be."""
    refused = [f.ident for f in FIXTURES if "error" not in f.data["expected"]
               and "error" in python_odds(f.ruleset, f.data["rule"], f.data["input"],
                                          f.data["config"])]
    assert len(refused) <= len(FIXTURES) // 20, refused
