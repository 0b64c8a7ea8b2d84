"""Bounded work: size caps before any read, capped diagnostics, bounded memory and time.

Each case runs `rulepack validate` in a process of its own: its CPU time comes from `wait4`, its
peak memory from its own `VmHWM` as it exits. (Not `ru_maxrss`: Linux carries the parent's peak
across exec into it, so under a large test session every child would seem to use 125 MB.) The
time bounds here are generous, the machine may be loaded; `python -m benchmarks.bounds` prints
the figures against the targets.
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from plugin_roots import TEST_PLUGINS

from benchmarks.bounds import LAUNCHER
from compiler.plugins import PATH_VARIABLE

MANIFEST = """\
id: demo
title: Demo
version: "1.0.0"
authors: [{name: Ada}]
ruleset: common_only
damage_types: [{id: slashing, name: Slashing}]
"""
WEAPON = "id: axe\nname: Axe\ndamage: 3\ndamage_type: slashing\n"
AXE = "content/demo/weapons/axe.yaml"


@dataclass(frozen=True)
class Run:
    lines: list[str]
    stderr: str
    code: int
    peak_mb: float
    cpu_s: float




def measured(root: Path) -> Run:
    """`rulepack validate content` in `root`, in a child process, with its peak and CPU time."""
    env = {**os.environ, "XDG_CACHE_HOME": str(root / ".xdg"), "PEAK_FILE": str(root / "peak"),
           PATH_VARIABLE: str(TEST_PLUGINS)}
    with open(root / "stdout", "w") as out, open(root / "stderr", "w") as err:
        child = subprocess.Popen(
            [sys.executable, "-c", LAUNCHER, "validate", "content"], cwd=root, env=env,
            stdout=out, stderr=err,
        )
        _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
    return Run(
        (root / "stdout").read_text().splitlines(), (root / "stderr").read_text(),
        child.returncode, int((root / "peak").read_text()) / 1024,
        usage.ru_utime + usage.ru_stime,
    )


def _ruleset(root: Path, weapon: str | None = None) -> Path:
    (root / "content" / "demo" / "weapons").mkdir(parents=True)
    (root / "content" / "demo" / "ruleset.yaml").write_text(MANIFEST)
    if weapon is not None:
        (root / AXE).write_text(weapon)
    return root / AXE


def test_a_3_gib_sparse_file_is_refused_using_under_100_mb(tmp_path: Path) -> None:
    path = _ruleset(tmp_path)
    with path.open("wb") as stream:
        stream.truncate(3 * 1024**3)
    run = measured(tmp_path)
    assert run.code == 1
    assert run.lines == [f"{AXE}:1:1: $: the file is larger than the 1 MiB limit"]
    assert run.stderr == "Error: 1 error found; nothing was written.\n"
    assert run.peak_mb < 100, run.peak_mb


def test_100k_unknown_keys_print_the_cap_and_one_summary_line(tmp_path: Path) -> None:
    _ruleset(tmp_path, WEAPON + "".join(f"k{n}: 0\n" for n in range(100_000)))
    run = measured(tmp_path)
    assert run.code == 1
    assert run.lines == [
        *(f"{AXE}:{n + 5}:{len(str(n)) + 4}: $: unknown key 'k{n}'" for n in range(20)),
        f"{AXE}:25:6: $: 99980 more errors in this file are not shown (at most 20 per file)",
    ]
    assert run.stderr == "Error: 100000 errors found; nothing was written.\n"
    assert run.cpu_s < 4, run.cpu_s  # target 2 s wall (benchmarks/bounds.py); generous here


def test_half_a_million_wrong_values_stop_checking_early(tmp_path: Path) -> None:
    # The most values a 1 MiB file can hold, each of the wrong type.
    _ruleset(tmp_path, "id: axe\nname: Axe\ntags: [" + "0," * 524_000 + "0]\n")
    run = measured(tmp_path)
    assert run.code == 1
    assert len(run.lines) == 21
    assert run.lines[-1] == (
        f"{AXE}:3:48: $: at least 980 more errors in this file are not shown"
        " (at most 20 per file)"
    )
    assert run.stderr == "Error: at least 1000 errors found; nothing was written.\n"
    assert run.peak_mb < 300, run.peak_mb  # the documented bound for any one file
    assert run.cpu_s < 8, run.cpu_s
