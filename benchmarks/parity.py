"""Print the golden parity check's throughput: cases per second through both engines, end to end.

    python -m benchmarks.parity          # every golden fixture, 10 rounds
    python -m benchmarks.parity 20

One round is `check_all` of the test suite (tests/rules/rules_parity.py) over every golden
fixture: the batch sent to the JS rules core in one Node process, the Python engine on the same
cases meanwhile, then both results compared with `expected` and with each other. The fixtures are
parsed once, as in a test session (that time is printed too). Target (issue 15): at least 10,000
cases per second.
"""

from __future__ import annotations

import importlib
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]


def _tests() -> tuple[Any, Any]:
    """The suite's parity helpers and fixtures module (tests/ is not a package)."""
    for folder in ("tests", "tests/rules"):
        sys.path.insert(0, str(REPO / folder))
    return importlib.import_module("rules_parity"), importlib.import_module("conftest")


def main(argv: Sequence[str]) -> None:
    rounds = int(argv[0]) if argv else 10
    parity, conftest = _tests()
    start = time.perf_counter()
    fixtures = parity.discover()
    loaded = time.perf_counter() - start
    with tempfile.TemporaryDirectory(prefix="rulepack-parity-") as scratch:
        core = conftest.write_engine_core(Path(scratch))
        engine = parity.NodeEngine(conftest._node_binary(), core)
        try:
            assert parity.check_all(fixtures, parity.run_python, engine) == {}  # warm
            walls = []
            for _ in range(rounds):
                start = time.perf_counter()
                failures = parity.check_all(fixtures, parity.run_python, engine)
                walls.append(time.perf_counter() - start)
                assert failures == {}, sorted(failures)
        finally:
            engine.close()
    rates = sorted(len(fixtures) / wall for wall in walls)
    median = statistics.median(rates)
    print(f"{len(fixtures)} golden cases, parsed and checked once in {loaded:.2f} s")
    print(f"parity check, {rounds} rounds: median {median:,.0f} cases/s "
          f"[{rates[0]:,.0f}-{rates[-1]:,.0f}]; target >= 10,000: "
          + ("met" if median >= 10_000 else "not met"))


if __name__ == "__main__":
    main(sys.argv[1:])
