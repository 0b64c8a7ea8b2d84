"""Every fate_wounds catalogue item (FW-R, FW-G, FW-E) is covered by a golden fixture.

The ids come from `tests/golden/fate_wounds/catalogue_ids.txt`, checked here against the
catalogue's §3 itself; each worked example (FW-E) also has fixtures of its own, named after it.
`test_golden.py` runs the fixtures; this test checks that none of the items is left out.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from rules_parity import GOLDEN_DIR, discover

RULESET = "fate_wounds"
IDS = (GOLDEN_DIR / RULESET / "catalogue_ids.txt").read_text(encoding="utf-8").split()
FIXTURES = [f for f in discover(GOLDEN_DIR) if f.ruleset == RULESET]
CATALOGUE = Path("/work/shared/rules/catalogue.md")


def test_the_id_list_is_the_catalogue_section() -> None:
    assert len(IDS) == len(set(IDS)) == 35
    assert Counter(i[:4] for i in IDS) == {"FW-R": 13, "FW-G": 13, "FW-E": 9}
    if CATALOGUE.exists():  # the shared catalogue is outside the repository
        text = CATALOGUE.read_text(encoding="utf-8")
        assert sorted(set(re.findall(r"\*\*(FW-[REG]\d{2})\b", text))) == sorted(IDS)


def test_every_fixture_is_well_formed() -> None:
    assert [f.ident for f in FIXTURES if f.problems] == []


def test_every_item_is_covered_by_a_fixture() -> None:
    covered = {item for f in FIXTURES for item in f.data["covers"]}
    assert [i for i in IDS if i not in covered] == [], "catalogue items without a fixture"
    assert sorted(i for i in covered if i.startswith("FW") and i not in IDS) == []


def test_every_item_has_a_fixture_that_is_not_an_error() -> None:
    proven = {item for f in FIXTURES if "error" not in f.data["expected"]
              for item in f.data["covers"]}
    assert [i for i in IDS if i not in proven] == []


def test_every_worked_example_has_fixtures_of_its_own() -> None:
    for item in (i for i in IDS if i.startswith("FW-E")):
        prefix = item.lower().replace("fw-", "")
        own = [f for f in FIXTURES if f.path.stem.startswith(prefix)]
        assert own, f"{item}: no fixture named {prefix}_*"
        assert all(item in f.data["covers"] for f in own), item
