"""`rulepack build --watch` on 1,000 documents: a save is rebuilt, an error keeps the last good
module byte for byte, and a pack a running Foundry holds open is named.

The watcher runs as its own process, as an author runs it. How long a rebuild takes is measured
by `python -m benchmarks.watch` (speed targets live in benchmarks/, not in timed tests); here
each step only has to happen.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import queue
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import plyvel
import pytest

from benchmarks.generate import PLUGINS, generate_content

REPO = Path(__file__).resolve().parents[2]
MODULE = "rulepack-bench"
#: The generated manifest targets worldbuilding only, so there is one Item pack.
ITEMS = "items-worldbuilding"
WAIT_S = 120  # generous: this machine is shared; correctness is tested here, not speed


class Watcher:
    """A `rulepack build --watch` child and the lines it prints (stdout and stderr merged)."""

    def __init__(self, content: Path, out: Path, env: dict[str, str]) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "compiler", "build", str(content), "--out", str(out),
             "--watch"],
            cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def until(self, marker: str) -> list[str]:
        """Every line up to the first that contains `marker`."""
        seen = []
        while True:
            try:
                line = self.lines.get(timeout=WAIT_S)
            except queue.Empty:
                raise AssertionError(f"no {marker!r} after {WAIT_S} s; saw {seen}") from None
            seen.append(line)
            if marker in line:
                return seen

    def stop(self) -> int:
        self.process.send_signal(signal.SIGINT)
        return self.process.wait(timeout=WAIT_S)


@pytest.fixture
def watcher(tmp_path: Path) -> Iterator[tuple[Watcher, Path, Path]]:
    content = generate_content(tmp_path / "content", 1000)
    out = tmp_path / "dist"
    env = {**os.environ, "RULEPACK_PLUGIN_PATH": str(PLUGINS),
           "XDG_CACHE_HOME": str(tmp_path / "xdg")}
    child = Watcher(content, out, env)
    try:
        child.until("watching")
        yield child, content, out
    finally:
        if child.process.poll() is None:
            child.process.kill()
            child.process.wait()
        child.reader.join(timeout=WAIT_S)  # the pipe is at its end once the child is gone
        assert child.process.stdout is not None
        child.process.stdout.close()


def digest(root: Path) -> dict[str, str]:
    return {
        p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*")) if p.is_file()
    }


def item_names(out: Path) -> set[str]:
    import json

    db = plyvel.DB(str(out / MODULE / "packs" / ITEMS))
    try:
        return {json.loads(value)["name"] for _, value in db}
    finally:
        db.close()


def test_a_save_is_rebuilt_and_an_error_keeps_the_last_good_module(
    watcher: tuple[Watcher, Path, Path],
) -> None:
    child, content, out = watcher
    weapon = sorted((content / "bench" / "weapons").iterdir())[0]
    weapon.write_text(weapon.read_text().replace("name: Weapons", "name: Renamed"), "utf-8")
    child.until("watching")
    assert any(name.startswith("Renamed") for name in item_names(out))
    good = digest(out)

    weapon.write_text(weapon.read_text() + "dmage: 3\n", "utf-8")
    lines = child.until("watching")
    shown = f"{weapon.relative_to(REPO) if weapon.is_relative_to(REPO) else weapon}"
    assert any(line.startswith(f"{shown}:") and "unknown key 'dmage'" in line for line in lines)
    assert any("the last good build stays in place" in line for line in lines)
    assert digest(out) == good

    weapon.write_text(weapon.read_text().replace("dmage: 3\n", ""), "utf-8")
    child.until("watching")
    assert child.stop() == 0


def test_packs_a_running_foundry_holds_are_named(watcher: tuple[Watcher, Path, Path]) -> None:
    child, content, out = watcher
    lock = out / MODULE / "packs" / ITEMS / "LOCK"
    lock.touch()
    with open(lock, "r+b") as held:  # LevelDB's lock, as a Foundry server holds it
        fcntl.lockf(held, fcntl.LOCK_EX)
        weapon = sorted((content / "bench" / "weapons").iterdir())[1]
        weapon.write_text(weapon.read_text().replace("hands: 1", "hands: 2"), "utf-8")
        lines = child.until("watching")
        child.until("a running Foundry holds the packs of")
    assert any(line.startswith(f"built {out / MODULE}") or "built " in line for line in lines)
    assert child.stop() == 0


def test_a_missing_content_folder_is_refused_not_watched(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from compiler.cli import main

    missing = tmp_path / "nowhere"
    result = CliRunner().invoke(main, ["build", str(missing), "--out", str(tmp_path / "dist"),
                                       "--watch"])
    assert result.exit_code == 1
    assert result.output.strip().endswith(f"no content folder at {missing}; pass the folder that "
                                          "holds the ruleset folders")
