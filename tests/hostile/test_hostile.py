"""The hostile corpus: every broken or malicious input gives exactly its expected lines.

Auto-discovered, like tests/examples/ (format in README.md):

* `cases/weapons/<case>.yaml` is a weapon of an otherwise valid ruleset,
  `cases/manifest/<case>.yaml` a ruleset's manifest; `rulepack validate content` runs on it;
* `trees/<case>.json` lists the files of a whole tree (any file name, links, FIFOs, sizes) and
  the command to run, with its environment;
* `<case>.expected.txt` beside each holds the command's exact output, stdout then stderr.

Every case must end without a traceback, with exit 1 and an `Error:` line or exit 0 without one,
and with no control character, line break or bidi control reaching the terminal raw.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from generate import MANIFEST
from plugin_roots import TEST_PLUGINS

from compiler.cli import main
from compiler.plugins import PATH_VARIABLE

HERE = Path(__file__).resolve().parent
FILE_CASES = sorted((HERE / "cases").glob("*/*.yaml"))
TREE_CASES = sorted((HERE / "trees").glob("*.json"))
CASES = FILE_CASES + TREE_CASES
#: The corpus may only grow: an empty or shrunken folder fails here.
MINIMUM = 250
_RAW = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)


def _name(case: Path) -> str:
    return case.relative_to(HERE).with_suffix("").as_posix()


def expected_file(case: Path) -> Path:
    return case.with_name(case.name.rsplit(".", 1)[0] + ".expected.txt")


@contextlib.contextmanager
def _inside(folder: Path, env: dict[str, str]) -> Iterator[None]:
    saved_cwd, saved_env = Path.cwd(), dict(os.environ)
    os.chdir(folder)
    os.environ.pop("SOURCE_DATE_EPOCH", None)
    # The corpus's rulesets name `common_only`, the shared kinds alone (tests/plugins/).
    os.environ.update({"XDG_CACHE_HOME": str(folder / ".xdg"), PATH_VARIABLE: str(TEST_PLUGINS),
                       **env})
    try:
        yield
    finally:
        os.chdir(saved_cwd)
        os.environ.clear()
        os.environ.update(saved_env)


def _plant(root: Path, spec: dict[str, Any]) -> None:
    raw = os.fsencode(root / spec["path"])  # a lone surrogate stands for an undecodable byte
    os.makedirs(os.path.dirname(raw), exist_ok=True)
    if "symlink" in spec:
        os.symlink(spec["symlink"], raw)
    elif spec.get("dir"):
        os.makedirs(raw, exist_ok=True)
    elif spec.get("fifo"):
        os.mkfifo(raw)
    else:
        data = base64.b64decode(spec["base64"]) if "base64" in spec else (
            spec.get("text", "").encode("utf-8")
        )
        with open(raw, "wb") as stream:
            stream.write(data)
            if "size" in spec and data:  # padded with a comment up to the size
                stream.write(b"#" * (spec["size"] - len(data) - 1) + b"\n")
            elif "size" in spec:
                stream.truncate(spec["size"])  # sparse: no disk used


def _setup(case: Path, root: Path) -> tuple[list[str], dict[str, str]]:
    if case.suffix == ".json":
        tree = json.loads(case.read_text(encoding="ascii"))
        for spec in tree["files"]:
            _plant(root, spec)
        return tree.get("args", ["validate", "content"]), tree.get("env", {})
    manifest = root / "content" / "hostile" / "ruleset.yaml"
    manifest.parent.mkdir(parents=True)
    if case.parent.name == "manifest":
        manifest.write_bytes(case.read_bytes())
    else:
        manifest.write_text(MANIFEST, encoding="utf-8")
        (manifest.parent / case.parent.name).mkdir()
        (manifest.parent / case.parent.name / case.name).write_bytes(case.read_bytes())
    return ["validate", "content"], {}


def run_case(case: Path, root: Path) -> tuple[list[str], int, BaseException | None, str]:
    """Set up and run one case in the empty folder `root`: its lines, exit code and exception."""
    args, env = _setup(case, root)
    with _inside(root, env):
        result = CliRunner().invoke(main, args)
    output = result.stdout + result.stderr
    lines = result.stdout.split("\n")[:-1] + result.stderr.split("\n")[:-1]
    return lines, result.exit_code, result.exception, output


def test_the_corpus_is_complete() -> None:
    assert len(CASES) >= MINIMUM
    for case in CASES:
        assert expected_file(case).is_file(), f"{_name(case)} has no expected output"
    cases = {expected_file(case) for case in CASES}
    strays = [p for p in HERE.rglob("*.expected.txt") if p not in cases]
    assert strays == []


@pytest.mark.parametrize("case", CASES, ids=_name)
def test_hostile_case(case: Path, tmp_path: Path) -> None:
    lines, code, exception, output = run_case(case, tmp_path)
    assert exception is None or isinstance(exception, SystemExit), repr(exception)
    assert "Traceback" not in output
    assert not _RAW.search(output), "a raw control character reached the terminal"
    assert lines == expected_file(case).read_text(encoding="utf-8").split("\n")[:-1]
    errors = [line for line in lines if line.startswith("Error:")]
    assert (code, len(errors)) in ((0, 0), (1, 1)), (code, errors)
    if errors:
        assert lines[-1] == errors[0]


def write_expectations() -> None:
    """Record every case's output as its expectation (`generate.py --expect`); review the diff."""
    import tempfile

    for case in CASES:
        with tempfile.TemporaryDirectory() as folder:
            lines, _, exception, _ = run_case(case, Path(folder))
        assert exception is None or isinstance(exception, SystemExit), (case, exception)
        expected_file(case).write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
