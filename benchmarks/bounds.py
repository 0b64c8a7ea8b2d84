"""Print the figures for bounded work on hostile input, beside a yardstick from the same run.

    python -m benchmarks.bounds

Targets (issue "Builds that never lose data"): a 3 GiB sparse file is refused using under 100 MB;
100,000 unknown keys in one file print at most the per-file cap plus one summary line in under
2 s. Also printed: the worst one file can cost (1 MiB of values, the most one file may hold),
which is the per-file memory bound docs/architecture.md states. Each figure is the median of
RUNS whole-process runs, alternating with the yardstick (a one-weapon ruleset): the machine is
shared and noisy, so read the difference.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

RUNS = 5
MANIFEST = """\
id: demo
title: Demo
version: "1.0.0"
authors: [{name: Ada}]
ruleset: fate_wounds
damage_types: [{id: slashing, name: Slashing}]
"""
WEAPON = "id: axe\nname: Axe\ndamage: 3\ndamage_type: slashing\n"


#: Runs `rulepack` and, as it exits, writes its peak resident memory (kB) to $PEAK_FILE: its own
#: VmHWM, because Linux carries a parent's peak across exec into ru_maxrss.
LAUNCHER = """
import atexit, os, runpy, sys
def peak():
    status = open("/proc/self/status").read().split("VmHWM:")[1].split()[0]
    open(os.environ["PEAK_FILE"], "w").write(status)
atexit.register(peak)
sys.argv = ["rulepack", *sys.argv[1:]]
runpy.run_module("compiler", run_name="__main__", alter_sys=True)
"""


def run_validate(root: Path) -> tuple[float, float, int]:
    """Wall seconds, peak RSS in MB and the number of stdout lines of one `rulepack validate`."""
    env = {**os.environ, "XDG_CACHE_HOME": str(root / ".xdg"), "PEAK_FILE": str(root / "peak")}
    with open(root / "stdout", "w") as out:
        start = time.perf_counter()
        child = subprocess.Popen(
            [sys.executable, "-c", LAUNCHER, "validate", "content"], cwd=root, env=env,
            stdout=out, stderr=subprocess.DEVNULL,
        )
        _, status, _ = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
    lines = len((root / "stdout").read_text().splitlines())
    return wall, int((root / "peak").read_text()) / 1024, lines


def scenario(root: Path, write: Callable[[Path], None]) -> Path:
    if root.exists():
        shutil.rmtree(root)
    (root / "content" / "demo" / "weapons").mkdir(parents=True)
    (root / "content" / "demo" / "ruleset.yaml").write_text(MANIFEST)
    write(root / "content" / "demo" / "weapons" / "axe.yaml")
    return root


def _weapon(path: Path) -> None:
    path.write_text(WEAPON)


def _sparse(path: Path) -> None:
    with path.open("wb") as stream:
        stream.truncate(3 * 1024**3)


def _keys(path: Path) -> None:
    path.write_text(WEAPON + "".join(f"k{n}: 0\n" for n in range(100_000)))


def _values(path: Path) -> None:
    path.write_text("id: axe\nname: Axe\ntags: [" + "0," * 524_000 + "0]\n")


SCENARIOS: dict[str, Callable[[Path], None]] = {
    "3 GiB sparse file": _sparse,
    "100,000 unknown keys": _keys,
    "1 MiB of wrong values (524,001)": _values,
}


def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch)
        yardstick = scenario(base / "yardstick", _weapon)
        print("| input | wall s (median) | yardstick s | peak MB | yardstick MB | lines |")
        print("|---|---|---|---|---|---|")
        for name, write in SCENARIOS.items():
            root = scenario(base / "case", write)
            figures, yards = [], []
            for _ in range(RUNS):
                figures.append(run_validate(root))
                yards.append(run_validate(yardstick))
            wall = statistics.median(f[0] for f in figures)
            peak = statistics.median(f[1] for f in figures)
            print(f"| {name} | {wall:.2f} | {statistics.median(y[0] for y in yards):.2f} "
                  f"| {peak:.0f} | {statistics.median(y[1] for y in yards):.0f} "
                  f"| {figures[0][2]} |")


if __name__ == "__main__":
    main()
