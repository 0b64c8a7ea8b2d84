"""Print the golden parity check's throughput: cases per second through both engines, end to end.

    python -m benchmarks.parity          # every golden fixture, 10 rounds
    python -m benchmarks.parity 20

One round is `check_all` of the test suite (tests/rules/rules_parity.py) over every golden
fixture: the batch sent to the JS rules core in one Node process, the Python engine on the same
cases meanwhile, then both results compared with `expected` and with each other. The fixtures are
parsed once, as in a test session (that time is printed too; the JSON text of each case is made
in the first check, a warm round that is not counted). Target (issue 15): at least 10,000 cases
per second end to end on a quiet machine. On a loaded machine the wall rate measures the load,
so the CPU time of each round is printed for both processes: this one's (`time.process_time`: the
Python engine, the comparison and the batch's JSON) and Node's (`process.cpuUsage`: reading the
batch, the JS engine, writing the results). The two run at once on two cores, so on a quiet
machine a round takes at least the larger of the two: cases / that is the figure the target is
about (an upper bound of the quiet wall rate), printed last.
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
            walls, cpus, nodes = [], [], []
            for _ in range(rounds):
                node = engine.cpu()
                start, cpu = time.perf_counter(), time.process_time()
                failures = parity.check_all(fixtures, parity.run_python_batch, engine)
                walls.append(time.perf_counter() - start)
                cpus.append(time.process_time() - cpu)
                nodes.append(engine.cpu() - node)
                assert failures == {}, sorted(failures)
        finally:
            engine.close()
    report(len(fixtures), loaded, walls, cpus, nodes)


def report(cases: int, loaded: float, walls: list[float], cpus: list[float],
           nodes: list[float]) -> None:
    rates = sorted(cases / wall for wall in walls)
    median = statistics.median(rates)
    print(f"{cases} golden cases, parsed and checked once in {loaded:.2f} s")
    print(f"parity check, {len(walls)} rounds: median {median:,.0f} cases/s wall "
          f"[{rates[0]:,.0f}-{rates[-1]:,.0f}]; load average {os.getloadavg()[0]:.1f}")
    python, node = statistics.median(cpus), statistics.median(nodes)
    for name, spent in (("Python", cpus), ("Node", nodes)):
        print(f"{name} CPU a round: median {statistics.median(spent):.3f} s "
              f"[{min(spent):.3f}-{max(spent):.3f}], {cases / statistics.median(spent):,.0f} "
              "cases per CPU second")
    bound = cases / max(python, node)
    print(f"end to end on a quiet machine: at most {bound:,.0f} cases/s (the slower process's "
          "CPU); target >= 10,000: " + ("met" if bound >= 10_000 else "not met"))

if __name__ == "__main__":
    main(sys.argv[1:])
