"""Print the golden parity check's throughput: cases per second through both engines, end to end.

    python -m benchmarks.parity          # every golden fixture, 10 rounds
    python -m benchmarks.parity 20

One round is `check_all` of the test suite (tests/rules/rules_parity.py) over every golden
fixture: the batch sent to the JS rules core in one Node process, the Python engine on the same
cases meanwhile, then both results compared with `expected` and with each other. The fixtures are
parsed once, as in a test session (that time is printed too). Target (issue 15): at least 10,000
cases per second. On a loaded machine the wall rate measures the load, so the CPU time of this
process in each round (`time.process_time`: the Python engine, the comparison and the batch's
JSON; Node's half runs in its own process meanwhile) is printed too, as cases per CPU second.
"""

from __future__ import annotations

import importlib
import os
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
            assert parity.check_all(fixtures, parity.run_python_batch, engine) == {}  # warm
            walls, cpus = [], []
            for _ in range(rounds):
                start, cpu = time.perf_counter(), time.process_time()
                failures = parity.check_all(fixtures, parity.run_python_batch, engine)
                walls.append(time.perf_counter() - start)
                cpus.append(time.process_time() - cpu)
                assert failures == {}, sorted(failures)
        finally:
            engine.close()
    rates = sorted(len(fixtures) / wall for wall in walls)
    median = statistics.median(rates)
    print(f"{len(fixtures)} golden cases, parsed and checked once in {loaded:.2f} s")
    print(f"parity check, {rounds} rounds: median {median:,.0f} cases/s "
          f"[{rates[0]:,.0f}-{rates[-1]:,.0f}]; target >= 10,000: "
          + ("met" if median >= 10_000 else "not met"))
    cpu = statistics.median(cpus)
    print(f"Python side: median {cpu:.3f} s of CPU a round, {len(fixtures) / cpu:,.0f} cases "
          f"per CPU second [{min(cpus):.3f}-{max(cpus):.3f} s]; "
          f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main(sys.argv[1:])
