"""Every sdm_pool catalogue item (SDM-R, SDM-G, SDM-E) is covered by a golden fixture.

The ids come from `tests/golden/sdm_pool/catalogue_ids.txt`, the catalogue's §2. Each worked
example (SDM-E) must also have fixtures of its own, named after it. `tests/rules/test_golden.py`
runs the fixtures through both engines; this test checks that none of the items is left out.
"""

from __future__ import annotations

import re
from collections import Counter

from rules_parity import GOLDEN_DIR, Fixture, discover

RULESET = "sdm_pool"
IDS = (GOLDEN_DIR / RULESET / "catalogue_ids.txt").read_text(encoding="utf-8").split()
FIXTURES = [f for f in discover(GOLDEN_DIR) if f.ruleset == RULESET]


def test_the_id_list_is_the_catalogue_section() -> None:
    assert len(IDS) == len(set(IDS)) == 45
    assert Counter(i[:5] for i in IDS) == {"SDM-R": 16, "SDM-G": 23, "SDM-E": 6}
    assert all(re.fullmatch(r"SDM-[REG][0-9]{2}", i) for i in IDS)


def test_every_fixture_is_well_formed() -> None:
    assert [f.ident for f in FIXTURES if f.problems] == []


def test_every_item_is_covered_by_a_fixture() -> None:
    covered = {item for f in FIXTURES for item in f.data["covers"]}
    assert [i for i in IDS if i not in covered] == [], "catalogue items without a fixture"
    assert sorted(i for i in covered if i.startswith("SDM") and i not in IDS) == []


def test_every_worked_example_has_fixtures_of_its_own() -> None:
    for item in (i for i in IDS if i.startswith("SDM-E")):
        prefix = item.lower().replace("sdm-", "").replace("-", "")
        own = [f for f in FIXTURES if f.path.stem.startswith(prefix + "_")]
        assert own, f"{item}: no fixture named {prefix}_*"
        assert all(item in f.data["covers"] for f in own), item


def _shows(fixture: Fixture, kind: str) -> bool:
    return any(event["type"] == kind for event in fixture.data["expected"]["events"])


def test_the_acceptance_round_is_a_fixture() -> None:
    """Issue 11: a round with three combatants that includes a Counter and a Disengage."""
    rounds = [f for f in FIXTURES if f.data["rule"] == "round" and "events" in f.data["expected"]]
    assert any(len(f.data["input"]["combatants"]) >= 3 and _shows(f, "counter")
               and _shows(f, "disengage") for f in rounds)
