"""Kill the build (SIGKILL) or fail it (ENOSPC, EROFS, EACCES, EIO, LevelDB) at its publish steps.

The previous output is built from content A; each case then builds content B over it, which
replaces a module folder and its zip (RENAME_EXCHANGE), adds a module and its zip
(RENAME_NOREPLACE) and leaves an older zip and an unrelated file alone. After every kill each
output is complete, old or new; the next command finishes or rolls back the publish and leaves no
staging behind. After every fault the command
exits 1 with one `Error:` line and the output is byte-identical (or, for a fault after the commit
point, the complete new version).

A killed build runs in a child forked by `fork_server.py` (nothing to import again, so a case
costs about a build), killed by SIGKILL from inside at the chosen call.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import plyvel
import pytest
from click.testing import CliRunner, Result
from faults import Call, Recorder, fresh_copy, outputs, points_to_try, staging_left

from compiler import fsio
from compiler.cli import main

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow  # a build killed or failed at every publish step
Outputs = dict[str, "str | None"]


def _content(root: Path, changed: bool) -> Path:
    """Manifest-only rulesets: modules of the shared files, rules journal and manifest."""
    for name in ("crytures", "sdm_pool") if changed else ("crytures",):
        (root / name).mkdir(parents=True)
        shutil.copy(REPO / "content" / name / "ruleset.yaml", root / name / "ruleset.yaml")
    if changed:
        manifest = root / "crytures" / "ruleset.yaml"
        manifest.write_text(manifest.read_text().replace("title: ", "title: New ", 1))
    return root


def build(content: Path, out: Path) -> Result:
    return CliRunner().invoke(main, ["build", str(content), "--out", str(out)])


class Scene:
    """Content A and B, the output of A (kept pristine) and the expected old and new outputs."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.content = _content(root / "b" / "content", changed=True)
        pristine = root / "pristine"
        assert build(_content(root / "a" / "content", changed=False), pristine).exit_code == 0
        (pristine / "unrelated.txt").write_text("keep me")
        older = pristine / "rulepack-crytures-0.0.9.zip"
        shutil.copy(pristine / "rulepack-crytures-0.1.0.zip", older)
        self.pristine = pristine
        self.old = outputs(pristine)
        fresh = root / "fresh"
        assert build(self.content, fresh).exit_code == 0
        self.new = {**self.old, **outputs(fresh)}
        self.out = root / "dist"
        recorder, patch = Recorder(), pytest.MonkeyPatch()
        recorder.install(patch.setattr)
        try:
            assert build(self.content, fresh_copy(pristine, self.out)).exit_code == 0
        finally:
            patch.undo()
        self.calls = recorder.calls
        assert outputs(self.out) == self.new and self.new != self.old
        self.server: subprocess.Popen[str]

    def reset(self) -> Path:
        return fresh_copy(self.pristine, self.out)

    def complete(self, found: Outputs) -> None:
        """Each output is its complete old or complete new version (absent only if new)."""
        for name in self.old.keys() | self.new.keys():
            assert found.get(name) in {self.old.get(name), self.new.get(name)}, name


@pytest.fixture(scope="module")
def scene(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Scene]:
    old = os.environ.get("XDG_CACHE_HOME")
    root = tmp_path_factory.mktemp("faults")
    os.environ["XDG_CACHE_HOME"] = str(root / "xdg")
    server = subprocess.Popen(
        [sys.executable, str(Path(__file__).with_name("fork_server.py"))],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    try:
        scene = Scene(root)
        scene.server = server
        yield scene
    finally:
        assert server.stdin is not None and server.stdout is not None
        server.stdin.close()
        server.wait(timeout=60)
        server.stdout.close()
        if old is None:
            del os.environ["XDG_CACHE_HOME"]
        else:
            os.environ["XDG_CACHE_HOME"] = old


def run_killed(scene: Scene, args: list[str], kill_at: int, *, no_exchange: bool = False) -> bool:
    """Run the CLI in a forked child killed by SIGKILL at call `kill_at`; True if it was killed."""
    server = scene.server
    assert server.stdin is not None and server.stdout is not None
    request = {"args": args, "kill_at": kill_at, "no_exchange": no_exchange}
    server.stdin.write(json.dumps(request) + "\n")
    server.stdin.flush()
    answer = json.loads(server.stdout.readline())
    assert answer["killed"] or answer["exit"] == 0, answer
    return bool(answer["killed"])


def journal_written(out: Path) -> bool:
    return any((out / name / "journal.json").is_file() for name in staging_left(out))


def check_recovery(scene: Scene, verb: str) -> None:
    """The next command finishes (journal written) or rolls back the publish, leaving no staging.

    A build then builds as well, so its output is the new one either way.
    """
    finishes, before = journal_written(scene.out), outputs(scene.out)
    if not finishes:  # killed while staging (nothing published) or after the commit point
        assert before in (scene.old, scene.new)
    result = CliRunner().invoke(main, [verb, str(scene.content), "--out", str(scene.out)])
    assert result.exit_code == 0, result.output
    assert ("note: finished publishing" in result.stderr) == finishes
    assert staging_left(scene.out) == []
    assert outputs(scene.out) == (scene.new if finishes or verb == "build" else before)


def test_a_kill_at_every_publish_step_leaves_every_module_complete(scene: Scene) -> None:
    points = points_to_try(scene.calls)
    start = next(c.number for c in scene.calls if c.operation == "sync_tree")
    assert [c.operation for c in scene.calls[start:]] == [
        "sync_tree",  # flush the staged outputs
        "write_bytes", "sync_file", "replace", "sync_dir",  # the journal, atomically
        "exchange", "exchange",  # the replaced module folder and zip
        "rename_new", "rename_new",  # the new module folder and zip
        "sync_dir", "unlink", "sync_dir",  # the commit: the journal is gone
        "remove_tree",  # the staging folder, with the old versions
    ]
    for number, point in enumerate(points):
        scene.reset()
        assert run_killed(scene, ["build", str(scene.content), "--out", str(scene.out)], point)
        scene.complete(outputs(scene.out))
        # Any command finishes an interrupted publish: a few recoveries are builds.
        check_recovery(scene, "build" if number % 8 == 3 else "validate")


def test_a_kill_during_recovery_is_recovered_the_same_way(scene: Scene) -> None:
    exchanges = [c.number for c in scene.calls if c.operation == "exchange"]
    scene.reset()
    assert run_killed(scene, ["build", str(scene.content), "--out", str(scene.out)], exchanges[1])
    assert journal_written(scene.out)
    validate = ["validate", str(scene.content), "--out", str(scene.out)]
    kills = 0
    while run_killed(scene, validate, kills):  # kill the recovery at its first call, its second…
        kills += 1
        scene.complete(outputs(scene.out))
    assert kills >= 3  # the exchange left, a rename, the sync before the commit
    assert outputs(scene.out) == scene.new and staging_left(scene.out) == []


def test_without_rename_exchange_a_kill_is_still_recovered(
    scene: Scene, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two renames instead of one exchange: a kill between them is completed by the next run."""
    real = fsio._renameat2
    monkeypatch.setattr(fsio, "_renameat2", lambda source, target, flags: (
        False if flags == fsio.RENAME_EXCHANGE else real(source, target, flags)
    ))
    recorder = Recorder()
    with monkeypatch.context() as patch:
        recorder.install(patch.setattr)
        assert build(scene.content, scene.reset()).exit_code == 0
    renames = [c.number for c in recorder.calls if c.operation == "rename_new"]
    assert len(renames) == 6  # two for each of the two replaced outputs, one for each new one
    for point in renames:
        scene.reset()
        assert run_killed(scene, ["build", str(scene.content), "--out", str(scene.out)], point,
                          no_exchange=True)
        check_recovery(scene, "validate")


FAULTS = [
    (errno.ENOSPC, "No space left on device"), (errno.EROFS, "Read-only file system"),
    (errno.EACCES, "Permission denied"), (errno.EIO, "Input/output error"),
]


def test_a_fault_at_every_step_is_one_error_line_and_leaves_the_output_as_it_was(
    scene: Scene, monkeypatch: pytest.MonkeyPatch
) -> None:
    points = points_to_try(scene.calls)
    commit = next(c.number for c in scene.calls if c.operation == "unlink")
    for number, point in enumerate(points):
        code, text = FAULTS[number % len(FAULTS)]

        def fail(call: Call, point: int = point, code: int = code, text: str = text) -> None:
            if call.number != point:
                return
            if call.operation == "write_pack":
                raise plyvel.IOError(f"IO error: {call.path}/000005.ldb: {text}")
            raise OSError(code, text, call.path)

        scene.reset()
        with monkeypatch.context() as patch:
            Recorder(fail).install(patch.setattr)
            result = build(scene.content, scene.out)
        assert result.exception is None or isinstance(result.exception, SystemExit), point
        if point >= commit:  # the journal is gone: published; tidying up is best effort
            assert result.exit_code == 0, (point, result.output)
            assert outputs(scene.out) == scene.new
        else:
            assert result.exit_code == 1, (point, result.output)
            lines = result.stderr.splitlines()
            assert len(lines) == 1 and lines[0].startswith("Error: cannot "), (point, lines)
            assert outputs(scene.out) == scene.old, point
        assert "Traceback" not in result.output
        if staging_left(scene.out):  # tidying after the commit failed: the next command does it
            assert point > commit or call_at(scene, point) == "unlink", point
            after = outputs(scene.out)
            validate = ["validate", str(scene.content), "--out", str(scene.out)]
            assert CliRunner().invoke(main, validate).exit_code == 0
            assert outputs(scene.out) == after
        assert staging_left(scene.out) == []


def call_at(scene: Scene, number: int) -> str:
    return scene.calls[number].operation


def test_a_publish_that_cannot_be_undone_either_is_finished_by_the_next_command(
    scene: Scene, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second exchange fails, and so does the exchange that would put the first one back."""
    exchanges = [c.number for c in scene.calls if c.operation == "exchange"]

    def fail(call: Call) -> None:
        if call.number == exchanges[1] or (call.number > exchanges[1] and
                                           call.operation == "exchange"):
            raise OSError(errno.EIO, "Input/output error", call.path)

    scene.reset()
    with monkeypatch.context() as patch:
        Recorder(fail).install(patch.setattr)
        result = build(scene.content, scene.out)
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: Input/output error (EIO): ")
    assert "putting the previous output back failed too" in result.stderr
    assert result.stderr.endswith("the next rulepack command finishes the publish\n")
    scene.complete(outputs(scene.out))
    assert journal_written(scene.out)  # kept, with the staging it needs
    check_recovery(scene, "validate")
