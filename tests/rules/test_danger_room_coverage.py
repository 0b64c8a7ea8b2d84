"""danger_room: every catalogue item (-R, -G, -E) is covered by a passing fixture of either part.

`tests/golden/danger_room/catalogue_ids.txt` lists the ruleset's ids, extracted once from the
rules catalogue §1 (29 rules, 43 gaps, 12 worked examples, §6.5). A fixture counts only if
both engines pass it; the test names every id that no passing fixture covers.
"""

from __future__ import annotations

import re
from collections import Counter

from rules_parity import GOLDEN_DIR, NodeEngine, check_all, discover, run_python

IDS_FILE = GOLDEN_DIR / "danger_room" / "catalogue_ids.txt"


def catalogue_ids() -> list[str]:
    return IDS_FILE.read_text(encoding="utf-8").split()


def test_the_id_list_is_the_catalogue_s() -> None:
    ids = catalogue_ids()
    assert all(re.fullmatch(r"DR-[REG]\d{2}", item) for item in ids)
    assert len(set(ids)) == len(ids)
    assert Counter(item[3] for item in ids) == {"R": 29, "G": 43, "E": 12}


def test_every_id_is_covered_by_a_passing_fixture(js_engine: NodeEngine) -> None:
    fixtures = [f for f in discover() if f.ruleset == "danger_room" and not f.problems]
    failures = check_all(fixtures, run_python, js_engine)
    covered = {item for f in fixtures if f.ident not in failures for item in f.data["covers"]}
    assert [item for item in catalogue_ids() if item not in covered] == []


def test_fixture_prefixes_name_their_part() -> None:
    names = [p.name for p in (GOLDEN_DIR / "danger_room").glob("*.yaml")]
    assert [n for n in names if not n.startswith(("a-", "b-"))] == []
