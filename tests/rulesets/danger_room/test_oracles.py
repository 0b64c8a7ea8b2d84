"""Independent oracles where one fixture alone guarded a boundary: the save tie (DR-R11).

For random dice, the resolved hit must follow the seed's own words, computed here from the faces
without the engines' helpers: a d10 shows a success on 6 or more (DR-R04), "a tie is a save", and
a saved half-damage card loses floor(successes / 2) (DR-E07); both engines agree on every case.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from js_batch import Engine, agree, js_batched
from rules_parity import GOLDEN_DIR

TIE = GOLDEN_DIR / "danger_room" / "e07-save-tie-halves.yaml"
DAMAGE_POOL, SAVE_POOL = 9, 8  # Amaranth's 5 + 4 bonus; X-23's Reflex save (the fixture's)


def base() -> dict[str, Any]:
    fixture = yaml.safe_load(Path(TIE).read_text(encoding="utf-8"))
    return {key: fixture[key] for key in ("rule", "config", "input")}


BASE = base()


def successes(faces: list[int]) -> int:
    return sum(1 for face in faces if face >= 6)


@js_batched
@settings(derandomize=True, database=None, deadline=None, max_examples=60)
@given(
    damage=st.lists(st.integers(1, 10), min_size=DAMAGE_POOL, max_size=DAMAGE_POOL),
    save=st.lists(st.integers(1, 10), min_size=SAVE_POOL, max_size=SAVE_POOL),
)
def test_a_tie_is_a_save_and_halves_the_damage(
    damage: list[int], save: list[int], js_engine: Engine
) -> None:
    case = {"ruleset": "danger_room", **copy.deepcopy(BASE),
            "dice": [{"d": 10, "v": v} for v in (*damage, *save)]}
    python = agree(js_engine, case)
    rolled, defended = successes(damage), successes(save)
    [verdict] = [e for e in python["events"] if e["type"] == "save"]
    assert (verdict["against"], verdict["successes"]) == (rolled, defended)
    assert verdict["saved"] is (defended >= rolled)
    before = BASE["input"]["state"]["fighters"]["x-23"]["health"]
    lost = rolled // 2 if defended >= rolled else rolled
    assert python["state"]["fighters"]["x-23"]["health"] == before - lost
