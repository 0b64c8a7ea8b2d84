"""Files read and processed in a forked child (`compiler/parallel.py`) come back as the serial
loop's results: the same module byte for byte, the same errors in the same order.

Each case runs in a process of its own: a child is forked only from a process with one thread,
and a test session may hold several (xdist). Each asserts that a child was forked and came back,
so none can pass by running serially.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from benchmarks.generate import PLUGINS, generate_content
from compiler.cache import cache_folder
from tests.module_build.test_incremental import digest

REPO = Path(__file__).resolve().parents[2]
#: Runs `rulepack ARGS` with `parallel.MIN_ITEMS` set, then prints the fork counts as JSON.
RUNNER = """
import json, sys
from click.testing import CliRunner
from compiler import parallel
from compiler.cli import main
parallel.MIN_ITEMS = int(sys.argv[1])
result = CliRunner().invoke(main, sys.argv[2:], catch_exceptions=False)
print(json.dumps({"exit": result.exit_code, "output": result.output,
                  "forked": parallel.Stats.forked, "returned": parallel.Stats.returned}))
"""
MAPS = """
import json, os, sys
from compiler import parallel
parallel.MIN_ITEMS = 2
parent = os.getpid()
def square(n):
    if sys.argv[1] == "child-fails" and os.getpid() != parent:
        raise RuntimeError("only in the child")
    if sys.argv[1] == "all-fail" and n == 3:
        raise ValueError(f"bad item {n}")
    return n * n
try:
    found = parallel.split_map(square, list(range(40)))
except ValueError as exc:
    found = str(exc)
print(json.dumps({"found": found, "forked": parallel.Stats.forked,
                  "returned": parallel.Stats.returned}))
"""


def run(script: str, *args: str | Path, env: dict[str, str] | None = None) -> dict[str, object]:
    child = subprocess.run(
        [sys.executable, "-c", script, *map(str, args)], cwd=REPO, capture_output=True,
        text=True, check=True, env={**os.environ, **(env or {})},
    )
    found: dict[str, object] = json.loads(child.stdout.splitlines()[-1])
    return found


def test_a_child_does_the_first_part_in_order() -> None:
    assert run(MAPS, "ok") == {"found": [n * n for n in range(40)], "forked": 1, "returned": 1}


def test_a_child_that_fails_costs_only_time() -> None:
    found = run(MAPS, "child-fails")
    assert found == {"found": [n * n for n in range(40)], "forked": 1, "returned": 0}


def test_an_error_of_the_work_is_raised_as_the_serial_loop_raises_it() -> None:
    assert run(MAPS, "all-fail") == {"found": "bad item 3", "forked": 1, "returned": 0}


def build(content: Path, out: Path, min_items: int, env: dict[str, str]) -> dict[str, object]:
    return run(RUNNER, str(min_items), "build", content, "--out", out, env=env)


def test_a_forked_build_is_byte_for_byte_a_serial_one(tmp_path: Path) -> None:
    env = {"RULEPACK_PLUGIN_PATH": str(PLUGINS), "XDG_CACHE_HOME": str(tmp_path / "xdg")}
    serial = generate_content(tmp_path / "serial" / "content", 90)
    forked = generate_content(tmp_path / "forked" / "content", 90)
    plain = build(serial, tmp_path / "serial" / "dist", 10**9, env)
    split = build(forked, tmp_path / "forked" / "dist", 2, env)
    # the files in one child, the world documents' JSON in another
    assert (plain["exit"], plain["forked"], split["exit"], split["returned"]) == (0, 0, 0, 2)
    assert digest(tmp_path / "serial" / "dist") == digest(tmp_path / "forked" / "dist")


def test_a_forked_build_reports_the_same_errors_in_the_same_order(tmp_path: Path) -> None:
    env = {"RULEPACK_PLUGIN_PATH": str(PLUGINS), "XDG_CACHE_HOME": str(tmp_path / "xdg")}
    content = generate_content(tmp_path / "content", 90)
    weapons = sorted((content / "bench" / "weapons").iterdir())
    for weapon in (weapons[0], weapons[len(weapons) // 2], weapons[-1]):  # in both parts
        weapon.write_text(weapon.read_text("utf-8").replace("hands: 1", "hands: lots"), "utf-8")
    (content / "bench" / "cards" / "card-2.yaml").write_text("id: [unclosed\n", "utf-8")
    plain = build(content, tmp_path / "a", 10**9, env)
    shutil.rmtree(cache_folder(content))  # else every file's outcome is the first run's
    split = build(content, tmp_path / "b", 2, env)
    assert (plain["exit"], plain["forked"], split["exit"], split["returned"]) == (1, 0, 1, 1)
    assert split["output"] == plain["output"]
    errors = str(plain["output"]).splitlines()
    assert sum("$.hands: 'lots' is not one of" in line for line in errors) == 3
    assert any("card-2.yaml:2:1:" in line for line in errors)
