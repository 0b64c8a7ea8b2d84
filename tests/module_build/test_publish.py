"""The output can never hold or replace sources, one command writes it at a time, and staging and
interrupted publishes left by earlier runs are dealt with by the next command."""

from __future__ import annotations

import fcntl
import json
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from compiler.cli import main
from compiler.publish import JOURNAL, MARKER

REPO = Path(__file__).resolve().parents[2]
MANIFEST = (REPO / "content" / "crytures" / "ruleset.yaml").read_text()


@pytest.fixture(autouse=True)
def _workspace(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / ".xdg"))


def _content(module_id: str = "rulepack-crytures") -> Path:
    folder = Path("content", "crytures")
    folder.mkdir(parents=True)
    (folder / "ruleset.yaml").write_text(MANIFEST.replace("rulepack-crytures", module_id))
    return Path("content")


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def snapshot(root: Path) -> dict[str, tuple[bytes, int] | str]:
    """Every file's bytes and mtime, every folder and link, below `root`."""
    found: dict[str, tuple[bytes, int] | str] = {}
    for path in sorted(root.rglob("*")):
        name = path.relative_to(root).as_posix()
        if path.is_symlink():
            found[name] = f"-> {os.readlink(path)}"
        elif path.is_dir():
            found[name] = "folder"
        else:
            found[name] = (path.read_bytes(), path.stat().st_mtime_ns)
    return found


def test_out_dot_with_a_module_named_like_a_source_folder_refuses_and_changes_nothing() -> None:
    content = _content("content")
    Path("docs").mkdir()
    Path("docs/guide.md").write_text("mine")
    run("build", "content", "--out", "elsewhere")  # a first build: a cache, another output
    for module_id in ("content", "docs"):
        (content / "crytures" / "ruleset.yaml").write_text(
            MANIFEST.replace("rulepack-crytures", module_id)
        )
        before = snapshot(Path("."))
        result = run("build", "content", "--out", ".")
        assert result.exit_code == 1
        assert result.stdout == ""
        assert result.stderr == (
            "Error: --out . contains the content folder content; a module named like a source"
            " folder would replace it: choose a folder beside it, such as dist\n"
        )
        assert snapshot(Path(".")) == before


def test_a_module_may_not_replace_a_folder_or_zip_no_build_wrote() -> None:
    _content("docs")
    Path("out/docs").mkdir(parents=True)
    Path("out/docs/guide.md").write_text("mine")
    Path("out/docs-0.1.0.zip").write_bytes(b"a zip of my own")
    before = snapshot(Path("out"))
    result = run("build", "content", "--out", "out")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"content/crytures/ruleset.yaml:1:5: $.id: module 'docs' would replace {name}, which no"
        " rulepack build wrote; move it away, or choose another id or --out"
        for name in ("out/docs", "out/docs-0.1.0.zip")
    ]
    assert result.stderr == "Error: 2 errors found; nothing was written.\n"
    assert snapshot(Path("out")) == before


@pytest.mark.parametrize("planted", ["symlink", "marker of another module", "file"])
def test_a_planted_module_path_is_not_taken_for_an_earlier_build(planted: str) -> None:
    _content()
    assert run("build", "content", "--out", "out").exit_code == 0
    module = Path("out/rulepack-crytures")
    shutil.rmtree(module)
    if planted == "symlink":
        Path("precious").mkdir()
        (Path("precious") / MARKER).write_text("{}")
        module.symlink_to(Path("precious").resolve())
    elif planted == "marker of another module":
        module.mkdir()
        (module / MARKER).write_text(json.dumps({"written_by": "rulepack", "module": "x"}) + "\n")
    else:
        module.write_text("a file")
    before = snapshot(Path("."))
    result = run("build", "content", "--out", "out")
    assert result.exit_code == 1
    assert "module 'rulepack-crytures' would replace out/rulepack-crytures" in result.stdout
    assert snapshot(Path(".")) == before


@pytest.mark.parametrize(("out", "shown"), [
    ("content", "content"), ("content/crytures/dist", "content/crytures/dist"),
    ("content/../content/x", "content/x"),
])
def test_out_inside_the_content_folder_is_refused(out: str, shown: str) -> None:
    _content()
    result = run("build", "content", "--out", out)
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: --out {shown} is inside the content folder content; a build there would mix"
        " modules into the sources: choose a folder outside it, such as dist\n"
    )
    assert sorted(p.as_posix() for p in Path("content").rglob("*")) == [
        "content/crytures", "content/crytures/ruleset.yaml"
    ]


def test_out_reached_through_a_link_into_the_content_folder_is_refused() -> None:
    _content()
    Path("sneaky").symlink_to(Path("content/crytures").resolve())
    result = run("build", "content", "--out", "sneaky")
    assert result.exit_code == 1
    assert "Error: --out sneaky is inside the content folder content" in result.stderr


def test_a_second_build_into_the_same_folder_is_refused_while_one_runs() -> None:
    _content()
    assert run("build", "content", "--out", "out").exit_code == 0
    before = snapshot(Path("out"))
    holder = os.open("out", os.O_RDONLY)
    try:
        fcntl.flock(holder, fcntl.LOCK_EX | fcntl.LOCK_NB)  # as a running build holds it
        result = run("build", "content", "--out", "out")
        assert result.exit_code == 1
        assert result.stderr == (
            "Error: another rulepack command is writing to out; run this one when it has"
            " finished\n"
        )
        assert snapshot(Path("out")) == before
        Path("out/.build-left").mkdir()  # a running build's staging: validate leaves it alone
        assert run("validate", "content", "--out", "out").exit_code == 0
        assert Path("out/.build-left").is_dir()
    finally:
        os.close(holder)
    assert run("validate", "content", "--out", "out").exit_code == 0
    assert not Path("out/.build-left").exists()


@pytest.mark.parametrize("verb", ["build", "validate"])
def test_stale_staging_is_removed_by_the_next_command(verb: str) -> None:
    _content()
    assert run("build", "content", "--out", "dist").exit_code == 0
    Path("dist/.build-old/new/rulepack-crytures").mkdir(parents=True)  # killed while staging
    Path("dist/.build-old/new/rulepack-crytures/module.json").write_text("{}")
    Path("elsewhere").mkdir()
    Path("elsewhere/keep.txt").write_text("keep")
    Path("dist/.build-link").symlink_to(Path("elsewhere").resolve())
    module = snapshot(Path("dist/rulepack-crytures"))
    result = run(verb, "content")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in Path("dist").iterdir()) == [
        "rulepack-crytures", "rulepack-crytures-0.1.0.zip"
    ]
    assert Path("elsewhere/keep.txt").read_text() == "keep"
    after = snapshot(Path("dist/rulepack-crytures"))
    if verb == "build":  # built again: the same bytes, new files
        after, module = ({k: v[0] if isinstance(v, tuple) else v for k, v in d.items()}
                         for d in (after, module))
    assert after == module


def test_validate_without_an_output_folder_writes_nothing() -> None:
    _content()
    before = snapshot(Path("."))
    assert run("validate", "content").exit_code == 0
    assert snapshot(Path(".")) == before


def test_a_damaged_journal_stops_a_build_and_keeps_the_staging() -> None:
    _content()
    assert run("build", "content", "--out", "dist").exit_code == 0
    Path("dist/.build-damaged").mkdir()
    (Path("dist/.build-damaged") / JOURNAL).write_text('{"version": 1, "entries": [["../x"')
    result = run("build", "content")
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: dist/.build-damaged/{JOURNAL} records an interrupted publish but cannot be read"
        " (Expecting ',' delimiter: line 1 column 35 (char 34)); check the output folder and"
        " remove that staging folder\n"
    )
    assert Path("dist/.build-damaged", JOURNAL).is_file()
    result = run("validate", "content")  # validates all the same; only says what it could not do
    assert result.exit_code == 0
    assert result.stderr.startswith(
        "note: an interrupted build in dist could not be finished: dist/.build-damaged/"
    )
    assert Path("dist/.build-damaged", JOURNAL).is_file()


def test_out_under_a_regular_file_is_one_error_line() -> None:
    _content()
    Path("file").write_text("x")
    result = run("build", "content", "--out", "file/dist")
    assert (result.exit_code, result.stderr) == (
        1, "Error: cannot build into file/dist: Not a directory (ENOTDIR): file/dist\n"
    )
    assert Path("file").read_text() == "x"


def test_outputs_an_older_rulepack_stranded_are_put_back() -> None:
    """Killed between its two renames, the build before the journal left an output missing and
    its only copy in .build-*/previous/old-<n>: the next command puts it back, then tidies."""
    _content()
    assert run("build", "content", "--out", "dist").exit_code == 0
    before = snapshot(Path("dist"))
    Path("dist/.build-old/previous").mkdir(parents=True)
    Path("dist/rulepack-crytures").rename("dist/.build-old/previous/old-0")
    Path("dist/rulepack-crytures-0.1.0.zip").rename("dist/.build-old/previous/old-1")
    Path("dist/.build-old/rulepack-crytures").mkdir()  # its new copy, never renamed in
    result = run("validate", "content")
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [
        f"note: put back {name}, which an interrupted older build had moved aside"
        for name in ("rulepack-crytures", "rulepack-crytures-0.1.0.zip")
    ]
    assert snapshot(Path("dist")) == before


def test_a_stranded_output_that_cannot_be_named_is_kept() -> None:
    _content()
    Path("dist/.build-old/previous/old-0").mkdir(parents=True)
    Path("dist/.build-old/previous/old-0/notes.txt").write_text("mine")
    result = run("build", "content")
    assert result.exit_code == 1
    assert result.stderr == (
        "Error: dist/.build-old/previous/old-0 was left by an interrupted build of an older"
        " rulepack and cannot be placed; move it back by hand, then remove that staging folder\n"
    )
    assert Path("dist/.build-old/previous/old-0/notes.txt").read_text() == "mine"
