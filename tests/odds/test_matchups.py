"""Content matchups and `rulepack odds`: every shipped attacking item against every shipped
fighter becomes the same query in both engines (each ruleset's `matchups` and its JS twin) and
the same exact distribution; the command prints a bar chart or exact JSON and refuses a bad
request with a located message."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from click.testing import CliRunner
from rules_parity import REPO_ROOT, NodeEngine

from compiler.cli import main
from compiler.odds.content import answer, library
from compiler.odds.registry import matchups_of, queries_of
from compiler.pipeline import load_content
from compiler.rules.exact import dist_json
from compiler.rules.odds import run_query

CONTENT = REPO_ROOT / "content"


def shipped_choices() -> list[tuple[Any, dict[str, Any]]]:
    """(ruleset, choice) for every item an adapter attacks with, against every other fighter
    (the item's carrier attacks)."""
    found = []
    for ruleset in load_content(CONTENT).rulesets:
        module = matchups_of(ruleset.engine)
        if module is None:
            continue
        fighters = sorted(d.key for d in ruleset.of_kind("fighter"))
        for kind in module.ATTACKS:
            for item in sorted(d.key for d in ruleset.of_kind(kind)):
                found += [(ruleset, {"item": item, "target": target}) for target in fighters]
    return found


CHOICES = shipped_choices()


def test_every_shipped_ruleset_with_matchups_is_reached() -> None:
    assert {ruleset.engine for ruleset, _ in CHOICES} >= {"crytures", "danger_room",
                                                         "hazard_location"}


@pytest.mark.parametrize(("ruleset", "choice"), CHOICES,
                         ids=[f"{r.engine}/{c['item']}-{c['target']}" for r, c in CHOICES])
def test_a_matchup_is_one_query_in_both_engines(ruleset: Any, choice: dict[str, Any],
                                                js_engine: NodeEngine) -> None:
    module = matchups_of(ruleset.engine)
    assert module is not None
    lib = library(ruleset)
    config = dict(ruleset.rules_config)
    try:
        attacker = module.holder(lib, choice["item"])
    except Exception as error:  # an item nobody carries: both engines must refuse it alike
        refused = js_engine.matchup(ruleset.engine, lib, config, choice)
        assert refused["error"]["message"] == str(error)
        return
    full = {**choice, "attacker": attacker}
    try:
        python: dict[str, Any] = module.matchup(lib, config, full)
    except Exception as error:
        refused = js_engine.matchup(ruleset.engine, lib, config, full)
        assert refused["error"]["message"] == str(error)
        return
    assert js_engine.matchup(ruleset.engine, lib, config, full) == python
    found = dist_json(run_query(queries_of(ruleset.engine), python["query"], python["params"],
                                python["config"]))
    assert js_engine.odds(ruleset.engine, python["query"], python["params"],
                          python["config"]) == found
    assert sum(Fraction(int(o["weight"]), int(found["total"])) for o in found["outcomes"]) == 1


def test_the_handgun_against_the_sample_soldier_is_exact() -> None:
    """HZ-E13's soldier shoots another at the Optimal Range: AGI 4 + Marksmanship 3 = 7d6, a
    hit on one success (5+), uncontested: P(hit) = 1 - (2/3)^7."""
    ruleset = next(r for r in load_content(CONTENT).rulesets if r.engine == "hazard_location")
    found = answer(ruleset, {"item": "service-handgun", "target": "sample-soldier"})
    hits = sum(w for key, w in found.dist.weights.items() if found.dist.outcomes[key]["hit"])
    assert Fraction(hits, found.dist.total) == 1 - Fraction(2, 3) ** 7


def odds(*args: str) -> Any:
    return CliRunner().invoke(main, ["odds", *args, "--content", str(CONTENT)])


def test_odds_prints_a_bar_chart() -> None:
    result = odds("claw-strike", "--target", "hand-operative")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "claw-strike (X-23) against Hand Operative: danger_room, resolve_hit"
    assert "  E[damage]  3.50  (exactly 7/2)" in lines
    assert any(line.startswith("  3 ████") and line.endswith("27.3%") for line in lines)


def test_odds_as_json_is_exact() -> None:
    result = odds("service-handgun", "--target", "sample-soldier", "--set", "distance=50",
                  "--set", "called_shot=head", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["ruleset"] == "hazard_location"
    assert data["choice"]["options"] == {"distance": 50, "called_shot": "head"}
    spread = sum(Fraction(int(row["num"]), int(row["den"])) for row in data["damage"])
    assert spread == 1
    assert [row["location"] for row in data["locations"]] == ["head"]


@pytest.mark.parametrize(("args", "message"), [
    (["katana-kut", "--target", "x-23"],
     "Error: no card, weapon or power katana-kut in the content (did you mean katana-cut?)"),
    (["service-handgun", "--target", "sample-soldier", "--set", "distanse=5"],
     "Error: distanse is not an option of a hazard_location matchup (did you mean distance?)"),
    (["service-handgun", "--target", "nobody"],
     "Error: hazard_location: the content has no character nobody"),
    (["claw-strike", "--target", "x-23", "--set", "boost=lots"],
     "Error: --set boost: expected an integer, not 'lots'"),
])
def test_a_bad_request_is_refused_with_a_message(args: list[str], message: str) -> None:
    result = odds(*args)
    assert result.exit_code == 1
    assert result.output.splitlines()[-1].startswith(message)


RULESETS = sorted({ruleset.engine: ruleset for ruleset, _ in CHOICES}.items())


@pytest.mark.parametrize(("engine", "ruleset"), RULESETS, ids=[e for e, _ in RULESETS])
def test_balance_grids_duels_and_fights_agree(engine: str, ruleset: Any,
                                              js_engine: NodeEngine) -> None:
    """The balance matrix, the duel and what an attack leaves the fighters are one in both."""
    module = matchups_of(engine)
    assert module is not None
    lib, config = library(ruleset), dict(ruleset.rules_config)
    path = f"{engine}/matchups.mjs"
    assert js_engine.call(path, "balanceGrid", lib) == module.balance_grid(lib)
    duel = module.duel(lib, config)
    assert js_engine.call(path, "duel", lib, config) == duel
    orders = js_engine.call(path, "order", *duel)  # a weight may cross as a BigInt's string
    assert [[p, str(w)] for p, w in orders] == [[p, str(w)] for p, w in module.order(*duel)]
    dist = run_query(queries_of(engine), duel[0]["query"], duel[0]["params"], duel[0]["config"])
    for outcome in list(dist.outcomes.values())[:5]:
        after = module.after(duel[0], outcome)
        assert js_engine.call(path, "after", duel[0], outcome) == after
        rounded = [module.new_round(f) for f in after]
        assert [js_engine.call(path, "newRound", f) for f in after] == rounded
        assert [js_engine.call(path, "acts", f) for f in rounded] == [module.acts(f)
                                                                       for f in rounded]
