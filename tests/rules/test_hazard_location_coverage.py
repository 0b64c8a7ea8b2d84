"""Every hazard_location catalogue item (HZ-R, HZ-G, HZ-E) is covered by a golden fixture.

The ids come from `tests/golden/hazard_location/catalogue_ids.txt`, extracted once from the
catalogue (§4). Each worked example (HZ-E) must also have fixtures of its own, named after it.
`test_golden.py` runs the fixtures; this test checks that none of the items is left out.
"""

from __future__ import annotations

import re
from collections import Counter

from rules_parity import GOLDEN_DIR, Fixture, discover

RULESET = "hazard_location"
IDS = (GOLDEN_DIR / RULESET / "catalogue_ids.txt").read_text(encoding="utf-8").split()
FIXTURES = [f for f in discover(GOLDEN_DIR) if f.ruleset == RULESET]


def _fixtures() -> list[Fixture]:
    return FIXTURES


def test_the_id_list_is_the_catalogue_section() -> None:
    assert len(IDS) == len(set(IDS)) == 80
    assert Counter(i[:4] for i in IDS) == {"HZ-R": 32, "HZ-G": 34, "HZ-E": 14}
    assert all(re.fullmatch(r"HZ-[REG][0-9]{2}", i) for i in IDS)


def test_every_fixture_is_well_formed() -> None:
    assert [f.ident for f in _fixtures() if f.problems] == []


def test_every_item_is_covered_by_a_fixture() -> None:
    covered = {item for f in _fixtures() for item in f.data["covers"]}
    assert [i for i in IDS if i not in covered] == [], "catalogue items without a fixture"
    assert sorted(i for i in covered if i.startswith("HZ") and i not in IDS) == []


def test_every_worked_example_has_fixtures_of_its_own() -> None:
    for item in (i for i in IDS if i.startswith("HZ-E")):
        prefix = item.lower().replace("hz-", "").replace("-", "")
        own = [f for f in _fixtures() if f.path.stem.startswith(prefix)]
        assert own, f"{item}: no fixture named {prefix}_*"
        assert all(item in f.data["covers"] for f in own), item
