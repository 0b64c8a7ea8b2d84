"""Print how long `rulepack build --watch` takes from a save to the new module, at 1,000 documents.

    python -m benchmarks.watch            # 1,000 documents, 7 saves
    python -m benchmarks.watch 10000 5

Each figure is from the moment a file is written to the moment the watcher says the new module is
published (its "built in" line), so the debounce, the reload of the changed file, the build and
the publish all count. Target (issue 15): within 1 s at 1,000 documents.
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

from benchmarks.generate import PLUGINS, generate_content

REPO = Path(__file__).resolve().parents[1]


def _until(process: subprocess.Popen[str], marker: str) -> None:
    assert process.stdout is not None
    for line in process.stdout:
        if marker in line:
            return
    raise RuntimeError(f"the watcher exited before printing {marker!r}")


def measure(count: int, saves: int, scratch: Path) -> list[float]:
    content = generate_content(scratch / "content", count)
    env = {**os.environ, "RULEPACK_PLUGIN_PATH": str(PLUGINS),
           "XDG_CACHE_HOME": str(scratch / "xdg")}
    process = subprocess.Popen(
        [sys.executable, "-m", "compiler", "build", str(content), "--out", str(scratch / "dist"),
         "--watch"],
        cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        _until(process, "built in")
        weapon = sorted((content / "bench" / "weapons").iterdir())[0]
        walls = []
        for save in range(saves):
            time.sleep(0.5)  # a quiet folder before each save
            text = weapon.read_text(encoding="utf-8")
            old, new = ("hands: 1", "hands: 2") if save % 2 == 0 else ("hands: 2", "hands: 1")
            start = time.perf_counter()
            weapon.write_text(text.replace(old, new), encoding="utf-8")
            _until(process, "built in")
            walls.append(time.perf_counter() - start)
        return walls
    finally:
        process.terminate()
        process.wait()


def main(argv: Sequence[str]) -> None:
    count = int(argv[0]) if argv else 1000
    saves = int(argv[1]) if len(argv) > 1 else 7
    with tempfile.TemporaryDirectory(prefix="rulepack-watch-") as scratch:
        walls = measure(count, saves, Path(scratch))
    median = statistics.median(walls)
    print(f"N = {count:,}: save to published module, {saves} saves: median {median:.2f} s "
          f"[{min(walls):.2f}-{max(walls):.2f}]; target <= 1.00 s: "
          + ("met" if median <= 1 else "not met"))


if __name__ == "__main__":
    main(sys.argv[1:])
