"""Print how long `rulepack build --watch` takes from a save to the new module, paired with the
official compilePack of the same documents.

    python -m benchmarks.watch            # 1,000 documents, 7 saves
    python -m benchmarks.watch 10000 5

Each figure is from the moment a file is written to the moment the watcher says the new module is
published (its "built in" line), so the debounce, the reload of the changed file, the build and
the publish all count. After each save the official `compilePack` of the same documents runs
once (`benchmarks/run.py`; the watcher idles meanwhile), so each ratio is taken pair by pair.
Targets (issue 15): within 1 s at 1,000 documents; a rebuild after editing one file of 10,000
at most 0.5x compilePack.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from benchmarks.run import Bench, install_official_packer, spread, use_bench_plugins

REPO = Path(__file__).resolve().parents[1]


def _until(process: subprocess.Popen[str], marker: str) -> None:
    assert process.stdout is not None
    for line in process.stdout:
        if marker in line:
            return
    raise RuntimeError(f"the watcher exited before printing {marker!r}")


def measure(bench: Bench, saves: int) -> tuple[list[float], list[float]]:
    """(save to published module, compilePack) in seconds, one of each per save, in turn."""
    env = {**os.environ, "XDG_CACHE_HOME": str(bench.scratch / "xdg")}
    process = subprocess.Popen(
        [sys.executable, "-m", "compiler", "build", str(bench.content), "--out", str(bench.out),
         "--watch"],
        cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        _until(process, "built in")
        bench.official()  # unrecorded: warms the file cache for the official side
        walls, official = [], []
        for save in range(saves):
            time.sleep(0.5)  # a quiet folder before each save
            text = bench.edited.read_text(encoding="utf-8")
            old, new = ("hands: 1", "hands: 2") if save % 2 == 0 else ("hands: 2", "hands: 1")
            start = time.perf_counter()
            bench.edited.write_text(text.replace(old, new), encoding="utf-8")
            _until(process, "built in")
            walls.append(time.perf_counter() - start)
            official.append(bench.official().wall)
        return walls, official
    finally:
        process.terminate()
        process.wait()


def main(argv: Sequence[str]) -> None:
    count = int(argv[0]) if argv else 1000
    saves = int(argv[1]) if len(argv) > 1 else 7
    use_bench_plugins()
    install_official_packer()
    with tempfile.TemporaryDirectory(prefix="rulepack-watch-") as scratch:
        walls, official = measure(Bench(count, Path(scratch)), saves)
    ratios = [a / b for a, b in zip(walls, official, strict=True)]
    median, ratio = statistics.median(walls), statistics.median(ratios)
    print(f"N = {count:,}, {saves} saves (each paired with one compilePack; median [min-max]):")
    print(f"  save to published module {spread(walls)} s; compilePack {spread(official)} s; "
          f"x official {spread(ratios)}")
    print(f"  target <= 1.00 s at 1,000 documents: {'met' if median <= 1 else 'not met'}"
          + ("" if count != 10_000 else
             f"; target <= 0.50x compilePack at 10,000: {'met' if ratio <= 0.5 else 'not met'}"))


if __name__ == "__main__":
    main(sys.argv[1:])
