"""`rulepack balance` computes its pieces (each ruleset's matrix and duel, then each plot) in
worker processes (forked, one per CPU): the page is byte for byte the page a serial run writes."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from compiler.odds import jobs
from compiler.odds.html import build_page
from compiler.pipeline import load_content

CONTENT = Path(__file__).resolve().parents[2] / "content"


def test_pieces_run_in_other_processes_and_come_back_in_order() -> None:
    pieces = [os.getpid, lambda: 2, lambda: "three"]
    found = jobs.run_all(pieces, jobs=2)
    assert found[1:] == [2, "three"]
    assert found[0] != os.getpid()  # a worker ran it
    assert jobs.run_all(pieces, jobs=1) == [os.getpid(), 2, "three"]


def test_a_worker_s_error_reaches_the_caller() -> None:
    def broken() -> None:
        raise ValueError("no such fighter")

    with pytest.raises(ValueError, match="no such fighter"):
        jobs.run_all([lambda: 1, broken], jobs=2)


def test_the_page_is_the_same_from_two_workers_as_from_one(tmp_path: Path) -> None:
    # Two shipped rulesets (danger_room's section alone costs more than these two together).
    for name in ("crytures", "hazard_location"):
        shutil.copytree(CONTENT / name, tmp_path / "content" / name)
    content = load_content(tmp_path / "content", tmp_path / ".cache")
    serial = build_page(content, None, None, jobs=1)
    parallel = build_page(content, None, None, jobs=2)
    assert serial.rulesets == parallel.rulesets == 2
    assert parallel.html == serial.html
    assert (parallel.rows, parallel.failures) == (serial.rows, serial.failures)
