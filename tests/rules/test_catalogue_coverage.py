"""Every catalogue item of every ruleset is covered by a golden fixture that passes in both engines.

A ruleset's ids are its `tests/golden/<ruleset>/catalogue_ids.txt` (extracted once from the rules
catalogue). An id counts as covered only by a fixture that both engines pass and that expects an
outcome, never `rule_not_implemented`; each worked example (`-E`) has fixtures of its own, whose
file names start with its number (`e05-...` for `XX-E05`).
"""

from __future__ import annotations

import re
from functools import cache

import pytest
from rules_parity import GOLDEN_DIR, Fixture, NodeEngine, check_all, discover, run_python_batch

from compiler import plugins

ID = re.compile(r"[A-Z]{2,3}-[REG]\d{2}")


def catalogue_ids(name: str) -> list[str]:
    return (GOLDEN_DIR / name / "catalogue_ids.txt").read_text(encoding="utf-8").split()


@cache
def fixtures(name: str) -> tuple[Fixture, ...]:
    return tuple(f for f in discover() if f.ruleset == name)


def counting(fixture: Fixture) -> bool:
    """Whether a fixture may count as covering its items (well formed, not `not implemented`)."""
    error = fixture.data.get("expected", {}).get("error") or {}
    return not fixture.problems and error.get("code") != "rule_not_implemented"


@pytest.mark.parametrize("name", plugins.names())
def test_the_id_list_is_well_formed(name: str) -> None:
    ids = catalogue_ids(name)
    assert ids and all(ID.fullmatch(item) for item in ids)
    assert len(set(ids)) == len(ids)
    assert len({item.split("-")[0] for item in ids}) == 1, "one prefix per ruleset"


@pytest.mark.parametrize("name", plugins.names())
def test_every_id_is_covered_by_a_passing_fixture(name: str, js_engine: NodeEngine) -> None:
    usable = [f for f in fixtures(name) if counting(f)]
    failures = check_all(usable, run_python_batch, js_engine)
    covered = {item for f in usable if f.ident not in failures for item in f.data["covers"]}
    assert [item for item in catalogue_ids(name) if item not in covered] == []
    prefix = catalogue_ids(name)[0].split("-")[0]
    ids = catalogue_ids(name)
    unknown = sorted(i for i in covered if i.startswith(f"{prefix}-") and i not in ids)
    assert unknown == [], "fixtures cover ids the catalogue does not list"


@pytest.mark.parametrize("name", plugins.names())
def test_every_worked_example_has_fixtures_of_its_own(name: str) -> None:
    for item in (i for i in catalogue_ids(name) if i.split("-")[1].startswith("E")):
        stem = "e" + item.split("-")[1][1:]
        own = [f for f in fixtures(name) if re.match(rf"{stem}[-_]", f.path.stem)]
        assert own, f"{item}: no fixture named {stem}-*"
        assert all(item in f.data["covers"] for f in own), item
