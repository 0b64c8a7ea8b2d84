"""fate_wounds exact odds: the adapter's composed queries against the rule enumerated.

`roll` runs the rule once per dice result, weighted by `rolls.distribution`; on every golden
`roll` fixture it must equal the `roll` rule enumerated die by die (lumped by sum, or by
multiset where the lowest four are kept), and `attack` the `attack` rule so enumerated, its
refusals included. `defence` composes the defender's roll with the
engine's `compared` and `wound`; on every golden `attack` fixture with a defence it must equal
the `attack` rule enumerated face by face with the attacker's dice fixed as the fixture rolled
them.
"""

from __future__ import annotations

from typing import Any

import pytest
from odds_cases import odds_fixtures
from rules_parity import Fixture

from compiler.rules import run_case
from compiler.rules.enumeration import (
    BRUTE_FORCE,
    TOO_MANY,
    enumerate_calls,
    resolved,
    rule_call,
)
from compiler.rules.errors import RuleError
from compiler.rules.exact import dist_json, outcome_list
from compiler.rules.fate_wounds import odds
from compiler.rules.fate_wounds.rolls import distribution
from compiler.rules.odds import case_of
from compiler.rules.queue import DiceQueue, Die

RULESET = "fate_wounds"
#: The enumerations compared here stay small: a roll past this many leaves is left out.
LIMIT = 1000


def usable(rule: str) -> list[Fixture]:
    return [f for f in odds_fixtures() if f.ruleset == RULESET and f.data["rule"] == rule
            and "error" not in f.data["expected"]]


ROLLS = usable("roll")
ATTACKS = [f for f in usable("attack") if f.data["input"]["defence"] is not None]


def test_the_cases_are_there() -> None:
    assert len(ROLLS) >= 10 and len(ATTACKS) >= 3


@pytest.mark.parametrize("fixture", ROLLS, ids=[f.ident for f in ROLLS])
def test_a_roll_is_the_rule_enumerated(fixture: Fixture) -> None:
    data = fixture.data
    merged = resolved(RULESET, "roll", data["config"])[2]
    call = rule_call(case_of(RULESET, "roll", data["config"], data["input"]),
                     odds.roll_state)
    composed = odds.roll_odds(data["input"], data["config"])
    try:
        enumerated = enumerate_calls(call, odds.fate_lumping(merged), LIMIT)
    except RuleError as error:
        # Too many sets to enumerate here: the totals must still be FW-G01's counts, shifted
        # by the roll's modifier and at its Disadvantage level as the fixture's events say.
        assert error.code == TOO_MANY
        events = data["expected"]["events"]
        modifier = next(e["modifier"] for e in events if e["type"] == "roll")
        level = next((e["level"] for e in events if e["type"] == "disadvantage"), 0)
        counts = distribution(level, merged["disadvantage_mode"])
        totals = {o["total"]: w for o, w in outcome_list(composed)}
        assert totals == {r + modifier: n for r, n in counts.items() if n}
        return
    assert dist_json(composed) == dist_json(enumerated)


ALL_ATTACKS = [f for f in odds_fixtures() if f.ruleset == RULESET and f.data["rule"] == "attack"]


def outcome_or_error(compute: Any) -> Any:
    try:
        return dist_json(compute())
    except RuleError as error:
        return {"error": [error.code, error.message]}


@pytest.mark.parametrize("fixture", ALL_ATTACKS, ids=[f.ident for f in ALL_ATTACKS])
def test_an_attack_is_the_rule_enumerated(fixture: Fixture) -> None:
    """The composed `attack` query is the `attack` rule enumerated, refusals included."""
    data = fixture.data
    merged = resolved(RULESET, "attack", data["config"])[2]

    def enumerated() -> Any:
        call = rule_call(case_of(RULESET, "attack", data["config"], data["input"]),
                         odds.attack_projection(merged))
        return enumerate_calls(call, odds.fate_lumping(merged), LIMIT)

    assert outcome_or_error(lambda: odds.attack_odds(data["input"], data["config"])) == (
        outcome_or_error(enumerated))


class Prefixed(DiceQueue):
    """The faces `fixed` first, then whatever the enumeration's queue gives."""

    def __init__(self, fixed: list[int], rest: DiceQueue) -> None:
        super().__init__([])
        self.fixed, self.rest = list(fixed), rest

    def take(self, die: Die) -> int:
        return self.fixed.pop(0) if self.fixed else self.rest.take(die)

    def take_many(self, die: Die, count: int) -> list[int]:
        return [self.take(die) for _ in range(count)]


@pytest.mark.parametrize("fixture", ATTACKS, ids=[f.ident for f in ATTACKS])
def test_a_defence_is_the_attack_with_the_attackers_dice_fixed(fixture: Fixture) -> None:
    data, inp, config = fixture.data, fixture.data["input"], fixture.data["config"]
    side = {"character": inp["attacker"], "side": "attack", "declaration": inp["attack"]}
    dry = run_case(RULESET, "roll", config, side, [])
    assert dry["error"]["code"] == "queue_exhausted"
    count = next(n for n in range(1, len(data["dice"]) + 1)
                 if "error" not in run_case(RULESET, "roll", config, side, data["dice"][:n]))
    rolled: dict[str, Any] = run_case(RULESET, "roll", config, side, data["dice"][:count])
    faces = [d["v"] for d in data["dice"][:count]]
    merged = resolved(RULESET, "attack", config)[2]
    call = rule_call(case_of(RULESET, "attack", config, inp), odds.attack_projection(merged))
    enumerated = enumerate_calls(lambda queue: call(Prefixed(faces, queue)), BRUTE_FORCE, LIMIT)
    composed = odds.defence_odds({"defender": inp["defender"], "defence": inp["defence"],
                                  "attack_total": rolled["state"]["total"]}, config)
    assert dist_json(composed) == dist_json(enumerated)
