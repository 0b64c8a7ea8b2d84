"""crytures in `rulepack odds` and its fights: a power against a content fighter is exact
(checked against a closed form), a fight that keeps Health out of the query equals the fight
that asks the rule at every Health, and the initiative weights equal the dice counted one by one.
(Both engines' matchups, balance grid, duel and `after` agree: `test_matchups.py`.)"""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from compiler.cli import main
from compiler.odds.content import answer, library
from compiler.odds.fights import Budget, Setup, exact_fight
from compiler.pipeline import load_content
from compiler.rules.crytures import matchups

CONTENT = Path(__file__).resolve().parents[2] / "content"


@pytest.fixture(scope="module")
def crytures() -> Any:
    return next(r for r in load_content(CONTENT).rulesets if r.engine == "crytures")


def odds(*args: str) -> Any:
    return CliRunner().invoke(main, ["odds", *args, "--content", str(CONTENT)])


def rock_slam_on_sparkit() -> tuple[Fraction, Fraction]:
    """Pebblet's Rock Slam (Might 5: 5d10, 3 damage per total hit, a crit one extra hit) on
    Sparkit (Guard 5, Health 14, Lightning: weak to Earth, +2 on each die): a face of 3 or more
    hits, a 10 is also a crit. E[damage] and P(14 damage or more), the dice counted one by one."""
    hits = {face: (1 if face + 2 >= 5 else 0) + (1 if face == 10 else 0) for face in range(1, 11)}
    totals = [sum(hits[face] for face in faces) for faces in product(range(1, 11), repeat=5)]
    mean = Fraction(3 * sum(totals), len(totals))
    down = Fraction(sum(1 for total in totals if 3 * total >= 14), len(totals))
    return mean, down


def test_a_power_against_a_fighter_is_exact(crytures: Any) -> None:
    found = answer(crytures, {"item": "rock-slam", "target": "sparkit"})
    assert found.choice["attacker"] == "pebblet"
    mean, down = rock_slam_on_sparkit()
    rows = [(found.summary(o), w) for o, w in zip(found.dist.outcomes.values(),
                                                  found.dist.weights.values(), strict=True)]
    total = found.dist.total
    assert Fraction(sum(w * r["damage"] for r, w in rows), total) == mean == Fraction(27, 2)
    assert Fraction(sum(w for r, w in rows if r["down"]), total) == down


def test_odds_prints_a_crytures_bar_chart() -> None:
    result = odds("rock-slam", "--target", "sparkit")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "rock-slam (Pebblet) against Sparkit: crytures, use_power"
    assert "  E[damage]  13.50  (exactly 27/2)" in lines
    assert f"  P(down)    {float(rock_slam_on_sparkit()[1]) * 100:.1f}%" in lines
    assert any(line.startswith("  15 ████") and line.endswith("31.4%") for line in lines)


def test_odds_print_why_the_rule_refuses_a_power() -> None:
    """Rock Slam reaches an adjacent space: nine spaces away the rule refuses the use."""
    result = odds("rock-slam", "--target", "sparkit", "--set", "distance=9")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[1:5] == ["  P(hit)     0.0%", "  E[damage]  0.00  (exactly 0/1)",
                          "  P(down)    0.0%",
                          "  refused    100.0%  (the rule refuses it: out of range)"]
    data = json.loads(odds("rock-slam", "--target", "sparkit", "--set", "distance=9",
                           "--format", "json").output)
    assert data["refused"] == [{"reason": "out_of_range", "num": "1", "den": "1",
                                "probability": 1.0}]
    assert json.loads(odds("rock-slam", "--target", "sparkit", "--format",
                           "json").output)["refused"] == []


def test_crytures_odds_as_json_take_the_options() -> None:
    """Cover takes 2 off each die (CR-G22): a face of 5 or more hits Sparkit."""
    result = odds("rock-slam", "--target", "sparkit", "--set", "cover=true", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["ruleset"] == "crytures" and data["query"] == "use_power"
    assert data["choice"]["options"] == {"cover": True}
    per_die = Fraction(6, 10) + Fraction(1, 10)
    assert Fraction(int(data["damage_mean"]["num"]), int(data["damage_mean"]["den"])) == \
        3 * 5 * per_die
    assert data["locations"] == []


@pytest.mark.parametrize(("args", "message"), [
    (["stone-skin", "--target", "sparkit"],
     "Error: crytures: stone-skin deals no damage, so it has no odds to show"),
    (["rock-slam", "--target", "pebblet"],
     "Error: crytures: pebblet cannot use rock-slam on itself"),
    (["rock-slam", "--target", "sparkit", "--set", "covr=true"],
     "Error: covr is not an option of a crytures matchup (did you mean cover?)"),
    (["rock-slam", "--target", "sparkit", "--set", "distance=0"],
     "Error: crytures: distance must be at least 1 (the target's own space)"),
    (["rock-slam", "--target", "sparkit", "--attacker", "sparkit"],
     "Error: crytures: fighter sparkit has no power rock-slam"),
])
def test_a_bad_crytures_request_is_refused(args: list[str], message: str) -> None:
    result = odds(*args)
    assert result.exit_code == 1
    assert result.output.splitlines()[-1].startswith(message)


def with_health(asked: dict[str, Any], attacker: Any, target: Any) -> dict[str, Any]:
    """The naive restate: both fighters into the query as the fight has them."""
    user, aimed = matchups.sides(asked)
    seated = [{**attacker, "position": user["position"], "elevation": user["elevation"]},
              {**target, "position": aimed["position"], "elevation": aimed["elevation"]}]
    return {**asked, "params": {**asked["params"], "combatants": seated}}


def rule_after(asked: dict[str, Any], outcome: dict[str, Any]) -> list[Any]:
    """The naive after: the cost, and the target's Health and defeat as the rule left them."""
    user, target = matchups.sides(asked)
    cost = asked["params"]["power"]["cost"]
    if outcome["used"] and cost is not None:
        user = {**user, cost["resource"]: max(0, user[cost["resource"]] - cost["amount"])}
    for read in (r for r in outcome["reads"] if r["target"] == target["id"]):
        target = {**target, "health": read["health"], "defeated": read["defeated"]}
    return [user, target]


@pytest.mark.parametrize("choice", [
    {"item": "static-nip", "target": "rillet"},
    {"item": "flame-burst", "target": "sparkit"},  # Stamina 4, cost 2: two uses, then refused
    {"item": "thunder-flare", "target": "sparkit", "options": {"distance": 4}},
])
def test_a_fight_without_health_in_the_query_is_the_rule_at_every_health(
        crytures: Any, choice: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    found = answer(crytures, choice)
    asked = [{"query": found.query, "params": found.params, "config": found.config}]
    budget = Budget(rounds=8, states=10**4)
    quick = exact_fight(Setup.of("crytures", asked), budget.rounds, budget.states)
    monkeypatch.setattr(matchups, "restate", with_health)
    monkeypatch.setattr(matchups, "after", rule_after)
    slow = exact_fight(Setup.of("crytures", asked), budget.rounds, budget.states)
    assert quick == slow
    assert sum(quick.ends, Fraction(0)) > 0


def test_the_duel_is_the_rule_at_every_health(crytures: Any,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    duel = matchups.duel(library(crytures), crytures.rules_config)
    quick = exact_fight(Setup.of("crytures", duel), 3, 10**4)
    monkeypatch.setattr(matchups, "restate", with_health)
    monkeypatch.setattr(matchups, "after", rule_after)
    assert exact_fight(Setup.of("crytures", duel), 3, 10**4) == quick


@pytest.mark.parametrize(("mine", "theirs"), [(1, 1), (1, 2), (3, 1)])
def test_initiative_weights_count_the_dice(mine: int, theirs: int) -> None:
    """Speed + Reflexes d10 each, summed; a tie is each's half the time (CR-R01, CR-R02)."""
    def pool(n: int) -> dict[str, Any]:
        return {"stats": {"speed": n, "reflexes": 0}}

    ahead = behind = tied = 0
    for faces in product(range(1, 11), repeat=mine + theirs):
        a, b = sum(faces[:mine]), sum(faces[mine:])
        ahead, behind, tied = ahead + (a > b), behind + (a < b), tied + (a == b)
    weights = matchups.initiative_weights(pool(mine), pool(theirs))
    assert weights == [2 * ahead + tied, 2 * behind + tied]


def test_the_balance_grid_is_each_damaging_power_once_against_the_typeless_fighter(
        crytures: Any) -> None:
    """The matrix compares the powers themselves: each of the 11 damaging powers of the six
    fighters once (Stone Skin reaches its user and is left out), against the one fighter without
    types (no type chart multiplies its damage); the binder's own powers go against the next
    fighter by id. Every power against every other fighter was 55 rows."""
    lib = library(crytures)
    grid = matchups.balance_grid(lib)
    assert matchups.reference_targets(lib) == ["sample-binder", "emberling"]
    assert [(r["attacker"], r["item"]) for r in grid] == [
        (fighter, item) for fighter in sorted(lib["fighter"])
        for item in matchups.damaging_powers(lib, fighter)]
    assert len(grid) == len({r["item"] for r in grid}) == 11
    assert {r["target"] for r in grid if r["attacker"] != "sample-binder"} == {"sample-binder"}
    assert {r["target"] for r in grid if r["attacker"] == "sample-binder"} == {"emberling"}
    assert "stone-skin" not in {r["item"] for r in grid}
