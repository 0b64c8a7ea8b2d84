"""The odds benchmark runs on the shipped content: a benchmark that cannot run proves nothing.

`benchmarks/odds.py` finds the pools every shipped ruleset's matchups roll (each matchup query
read by its own ruleset's sizer) and races the contestants; here one round, without the balance
report, so the suite catches a crash (the session-23 one: a crytures matchup handed to the
hazard_location reader) and contestants that compute different distributions.
"""

from __future__ import annotations

import pytest

from benchmarks import odds
from compiler.odds.registry import matchups_of
from compiler.pipeline import load_content


def test_every_shipped_matchup_query_has_a_sizer() -> None:
    content = load_content(odds.REPO / "content")
    queries = {"danger_room": "resolve_hit", "hazard_location": "attack", "crytures": "use_power"}
    engines = {r.engine for r in content.rulesets if matchups_of(r.engine) is not None}
    assert engines == set(queries)
    assert set(odds.SIZERS) == set(queries.values())


def test_pools_cover_every_mechanic_of_the_shipped_content() -> None:
    sizes = odds.shipped_sizes()
    assert all(sizes[mechanic] for mechanic in ("d10", "test", "armor", "crytures")), sizes
    names = {pool.name.split(",")[0] for pool in odds.pools_to_race()}
    assert {"d10 6+", "d6 5+", "d6 Armor Roll"} <= names
    assert any(name.startswith("d10 4+") for name in names)


def test_one_round_prints_a_row_per_pool(capsys: pytest.CaptureFixture[str]) -> None:
    assert odds.main(["1", "--skip-balance"]) == 0
    out = capsys.readouterr().out.splitlines()
    rows = [line for line in out[3:] if line.endswith(("met", "MISSED"))
            and not line.startswith("targets")]
    assert len(rows) == len(odds.pools_to_race())
    assert out[-1].startswith("targets (compose <= dyce")


def test_the_targets_are_read_from_the_rounds_ratios() -> None:
    assert odds.Figures({}, x_icepool=50.0, x_dyce=1.0).met
    assert not odds.Figures({}, x_icepool=49.9, x_dyce=3.0).met
    assert not odds.Figures({}, x_icepool=900.0, x_dyce=0.99).met


def test_contestants_disagreeing_stop_the_benchmark() -> None:
    pool = odds.d10_pool(4, True)
    wrong = odds.Pool(pool.name, 4, {**pool.calls, "dyce": lambda: {0: 1, 1: 2}})
    with pytest.raises(SystemExit, match="disagree"):
        odds.agree(wrong)
