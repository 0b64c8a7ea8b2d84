"""Seeded mutants across rules, adapters and compiler: each must make at least one test fail.

This guards the guards beyond the primitives (tests/rules/test_mutation.py): a change that
breaks a rule in one or both engines, the shapes reader, an adapter, the linker or the
sanitiser must be caught by the test named beside it. Each mutant is applied to a copy of the
checkout (the tracked files), where the named tests run in a child pytest that must fail (exit
1: tests ran and failed, not a collection error). The children fork from one server in the copy
(tests/mutant_server.py) that has imported the third-party libraries once; each child imports the
project's own modules itself, after the mutation was written. Among the mutants are the two an
earlier mutation run found surviving: sanitising that skips a kind, and a commitment check that
always matches.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from node_tools import NodeTools

REPO = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.slow  # a child pytest per mutant


@dataclass(frozen=True)
class Mutant:
    """One deliberate change: in `file`, `source` (found exactly once) becomes `broken`."""

    name: str
    file: str
    source: str
    broken: str
    # pytest node ids, one of which must fail: the narrowest that do, so the child pytest
    # collects and runs only what kills the mutant.
    tests: tuple[str, ...]


MUTANTS = (
    Mutant(
        "sanitising skips cards", "compiler/pipeline.py",
        "    checked = sanitize_checked(checked, html)",
        "    checked = sanitize_checked(checked, html) if file.kind != 'card' else checked",
        ("tests/test_sanitize_every_kind.py::"
         "test_every_kind_is_canaried_and_the_module_stays_clean[danger_room]",),
    ),
    Mutant(
        "a commitment check that always matches",
        "module_template/scripts/foundry/danger_room/commit.mjs",
        "  return (await hashOf(choice)) === hash;",
        "  return true;",
        ("tests/foundry/test_commit.py::test_a_reveal_matches_only_the_committed_card_and_nonce",),
    ),
    Mutant(
        "the Python shapes reader forgets required fields", "compiler/rules/shapes.py",
        '                raise fail(where, f"{where}.{key} is required")',
        "                pass",
        ("tests/rules/test_shapes.py::"
         "test_both_engines_refuse_with_the_same_words[input.roll_mod is required]",),
    ),
    Mutant(
        "the JS shapes reader lets unknown fields through",
        "module_template/scripts/rules/shapes.mjs",
        "    if ( unknown.length ) throw fail(where, "
        "`${where}.${unknown[0]} is not a known field`);",
        "",
        ("tests/rules/test_shapes.py::"
         "test_both_engines_refuse_with_the_same_words[input.x is not a known field]",),
    ),
    Mutant(
        "errors lose their path", "compiler/rules/errors.py",
        "        self.path = path if path is not None else error_path(code, message)",
        "        self.path = code_path(code)",
        ("tests/rules/test_golden.py::test_fixture[primitives/err_missing_input_field]",),
    ),
    Mutant(
        "ablation takes two points in both engines", "compiler/rules/hazard_location/armor.py",
        '    after = max(0, outermost["current_av"] - 1)',
        '    after = max(0, outermost["current_av"] - 2)',
        ("tests/rules/test_golden.py::test_fixture[hazard_location/e07_coat_alone]",),
    ),
    Mutant(
        "the linker accepts every reference", "compiler/linking.py",
        "        if not isinstance(value, str) or value in known:",
        "        if True:",
        ("tests/test_examples.py::test_content_case[references]",),
    ),
)


def checkout_copy(into: Path) -> Path:
    """The checkout's tracked files, copied (the venv and node_modules stay where they are)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True
    ).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = REPO / name
        if source.is_file():
            target = into / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    if (REPO / "node_modules").is_dir():
        (into / "node_modules").symlink_to(REPO / "node_modules")
    return into


@dataclass(frozen=True)
class Outcome:
    """What a mutant's child pytest did: its exit code and everything it printed."""

    returncode: int
    output: str


class MutantServer:
    """tests/mutant_server.py running in `copy`: each `run` is one forked child pytest there."""

    TIMEOUT = 600  # seconds for one child, as a child `python -m pytest` had

    def __init__(self, copy: Path) -> None:
        self.copy = copy
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "XDG_CACHE_HOME": str(copy / ".xdg")}
        self._proc = subprocess.Popen(
            [sys.executable, str(copy / "tests" / "mutant_server.py")], cwd=copy, env=env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )

    def run(self, args: list[str], log: Path) -> Outcome:
        assert self._proc.stdin and self._proc.stdout
        self._proc.stdin.write(json.dumps({"args": args, "log": str(log)}) + "\n")
        self._proc.stdin.flush()
        ready, _, _ = select.select([self._proc.stdout], [], [], self.TIMEOUT)
        if not ready:
            self._proc.kill()
            raise AssertionError(f"a child pytest ran for over {self.TIMEOUT} s: {args}")
        answer = self._proc.stdout.readline()
        assert answer, f"the mutant server died (exit {self._proc.wait()})"
        return Outcome(json.loads(answer)["exit"], log.read_text(encoding="utf-8"))

    def close(self) -> None:
        assert self._proc.stdin and self._proc.stdout
        self._proc.stdin.close()  # the server's loop ends
        try:
            code = self._proc.wait(timeout=60)
        finally:
            self._proc.stdout.close()
        assert code == 0, f"the mutant server exited {code}"


def run_mutant(mutant: Mutant, server: MutantServer) -> Outcome:
    target = server.copy / mutant.file
    original = target.read_text(encoding="utf-8")
    assert original.count(mutant.source) == 1, f"{mutant.name}: the mutation site moved"
    target.write_text(original.replace(mutant.source, mutant.broken), encoding="utf-8")
    try:
        # One process (-n 0): under xdist, -x stops the workers and pytest exits 2, not 1.
        args = ["-q", "-x", "-n", "0", "-p", "no:cacheprovider", "-p", "no:randomly",
                *mutant.tests]
        return server.run(args, server.copy / ".mutant.log")
    finally:
        target.write_text(original, encoding="utf-8")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, node_tools: NodeTools
           ) -> Iterator[MutantServer]:
    """The server in the copy every mutant is applied to in turn (and put back). `node_tools`
    first: the checkout's node_modules exist before the copy links them, so no child runs
    `npm ci`."""
    assert node_tools.root == REPO
    running = MutantServer(checkout_copy(tmp_path_factory.mktemp("checkout")))
    yield running
    running.close()


def test_every_mutation_site_is_still_there() -> None:
    for mutant in MUTANTS:
        text = (REPO / mutant.file).read_text(encoding="utf-8")
        assert text.count(mutant.source) == 1, f"{mutant.name}: update the mutant's source"


@pytest.mark.parametrize("mutant", MUTANTS, ids=[m.name for m in MUTANTS])
def test_the_mutant_is_caught(mutant: Mutant, server: MutantServer) -> None:
    run = run_mutant(mutant, server)
    assert run.returncode == 1, (
        f"{mutant.name}: survived (pytest exit {run.returncode})\n{run.output[-5000:]}"
    )
