"""Beyond the shared coverage test: every fate_wounds item is proven by a fixture that expects an
outcome (not only by one that expects an error), and the id list has the catalogue's counts.
"""

from __future__ import annotations

from collections import Counter

from rules_parity import GOLDEN_DIR, discover

RULESET = "fate_wounds"
IDS = (GOLDEN_DIR / RULESET / "catalogue_ids.txt").read_text(encoding="utf-8").split()
FIXTURES = [f for f in discover(GOLDEN_DIR) if f.ruleset == RULESET]


def test_the_id_list_has_the_catalogue_s_counts() -> None:
    """Catalogue §6.5: 13 rules, 13 gaps and 9 worked examples."""
    assert Counter(i[:4] for i in IDS) == {"FW-R": 13, "FW-G": 13, "FW-E": 9}


def test_every_item_has_a_fixture_that_is_not_an_error() -> None:
    proven = {item for f in FIXTURES if not f.problems and "error" not in f.data["expected"]
              for item in f.data["covers"]}
    assert [i for i in IDS if i not in proven] == []
