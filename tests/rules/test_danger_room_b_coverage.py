"""danger_room part B: every catalogue item the part owns is covered by one of its fixtures.

Part B's fixtures are `tests/golden/danger_room/b-*.yaml`; `test_golden.py` runs them through
both engines. Here: each owned -R/-G item is in some b- fixture's `covers`, and each owned -E
worked example has fixtures of its own, named `b-eNN-*`.
"""

from __future__ import annotations

from functools import cache

from rules_parity import GOLDEN_DIR, Fixture, fixture_validator, load_fixture

OWNED_R = [11, 15, 16, 17, 18, 19, 20, 21, 22, 25, 26, 27, 28, 29]
OWNED_G = [6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 21, 26, 27, 28, 29, 32, 33, 34, 35]
OWNED_G += [38, 39, 40, 42]
OWNED_E = [2, 3, 5, 6, 7, 9, 10, 12]
OWNED = [f"DR-R{n:02d}" for n in OWNED_R] + [f"DR-G{n:02d}" for n in OWNED_G]
OWNED += [f"DR-E{n:02d}" for n in OWNED_E]


@cache
def part_b() -> list[Fixture]:
    validator = fixture_validator()
    paths = sorted((GOLDEN_DIR / "danger_room").glob("b-*.yaml"))
    return [load_fixture(path, validator) for path in paths]


def test_fixtures_are_well_formed() -> None:
    assert [f.path.name for f in part_b() if f.problems] == []
    assert len(part_b()) > 100


def test_every_owned_item_is_covered() -> None:
    covered = {item for f in part_b() for item in f.data["covers"]}
    assert [item for item in OWNED if item not in covered] == []


def test_every_worked_example_has_fixtures_of_its_own() -> None:
    for number in OWNED_E:
        item = f"DR-E{number:02d}"
        own = [f for f in part_b() if f.path.name.startswith(f"b-e{number:02d}-")]
        assert own, f"{item}: no b-e{number:02d}-* fixture"
        assert all(item in f.data["covers"] for f in own), item


def test_fixtures_only_use_part_b_rules() -> None:
    from compiler.rules.danger_room.part_b import PART_B

    rules = {name for module in PART_B for name in module.RULES}
    assert sorted({f.data["rule"] for f in part_b()} - rules) == []
