"""The crytures rules copy only the combatants they change (each one's dict, shallowly: they set
a combatant's fields and never change a value in place), so the input a rule was given is as it
was after the rule ran, for every crytures golden fixture: a rule that changed a list or dict of
a combatant in place would change its caller's input, and fail here."""

from __future__ import annotations

import copy

import pytest
from rules_parity import Fixture, discover, same

from compiler.rules.errors import RuleError
from compiler.rules.harness import read_input, resolve
from compiler.rules.queue import DiceQueue

FIXTURES = [f for f in discover() if f.ruleset == "crytures" and not f.problems]


@pytest.mark.parametrize("fixture", FIXTURES, ids=[f.ident for f in FIXTURES])
def test_a_rule_leaves_its_input_as_it_was(fixture: Fixture) -> None:
    case = fixture.case()
    try:
        engine, function, config = resolve("crytures", case["rule"], case["config"])
        given = read_input(engine, case["rule"], case["input"])
    except RuleError:
        return  # refused before the rule ran: there is no input to keep
    kept = copy.deepcopy(given)
    try:
        function(given, config, DiceQueue(case["dice"]))
    except RuleError:
        pass  # refused part way: what it did to its input until then counts the same
    assert same(given, kept)


def test_the_fixtures_run_rules_that_change_combatants() -> None:
    """The check above is not empty: it covers the rules that move and damage combatants."""
    assert {"use_power", "take_turn", "battle_montage"} <= {f.data["rule"] for f in FIXTURES}
