"""sdm_pool's catalogue list is the catalogue's §2, and issue 11's scenario is a fixture.

The shared tests (tests/rules/test_catalogue_coverage.py) check that every id is covered by a
passing fixture and that each worked example has fixtures of its own.
"""

from __future__ import annotations

from collections import Counter

from rules_parity import GOLDEN_DIR, Fixture, discover

RULESET = "sdm_pool"
IDS = (GOLDEN_DIR / RULESET / "catalogue_ids.txt").read_text(encoding="utf-8").split()
FIXTURES = [f for f in discover(GOLDEN_DIR) if f.ruleset == RULESET]


def test_the_id_list_is_the_catalogue_section() -> None:
    assert len(IDS) == len(set(IDS)) == 45
    assert Counter(i[:5] for i in IDS) == {"SDM-R": 16, "SDM-G": 23, "SDM-E": 6}


def _shows(fixture: Fixture, kind: str) -> bool:
    return any(event["type"] == kind for event in fixture.data["expected"]["events"])


def test_the_acceptance_round_is_a_fixture() -> None:
    """Issue 11: a round with three combatants that includes a Counter and a Disengage."""
    rounds = [f for f in FIXTURES if f.data["rule"] == "round" and "events" in f.data["expected"]]
    assert any(len(f.data["input"]["combatants"]) >= 3 and _shows(f, "counter")
               and _shows(f, "disengage") for f in rounds)
