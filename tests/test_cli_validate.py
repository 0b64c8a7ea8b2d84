"""`rulepack validate` end to end, and `load_content` with its cache and discovery edge cases."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

import compiler.pipeline as pipeline
from compiler import plugins
from compiler.cache import CACHE_SUBFOLDER, ResultCache, code_fingerprint
from compiler.cli import main
from compiler.errors import ContentError, RulepackError
from compiler.loading.discovery import SourceFile, discover, display_path
from compiler.pipeline import load_content
from compiler.validation import default_checker


@pytest.fixture(autouse=True)
def _plugins(common_only: str) -> None:
    """The manifests here name `common_only`, a ruleset of the shared kinds (tests/plugins/)."""


MANIFEST = """\
id: demo
title: Demo
version: "1.0.0"
authors: [{name: Ada}]
ruleset: common_only
damage_types: [{id: slashing, name: Slashing}]
"""
AXE = "id: axe\nname: Axe\ndamage: 3\ndamage_type: slashing\n"
FIVE_MISTAKES = """\
id: axe
name: Axe
dmage: 3
damage: lots
hands: 3
damage_type: Slashing
img: ../../etc/passwd.png
"""
FIVE_LINES = [
    "content/demo/weapons/axe.yaml:3:8: $: unknown key 'dmage'; did you mean 'damage'?",
    "content/demo/weapons/axe.yaml:4:9: $.damage: 'lots' is not of type 'integer'",
    "content/demo/weapons/axe.yaml:5:8: $.hands: 3 is not one of [1, 2]",
    "content/demo/weapons/axe.yaml:6:14: $.damage_type: 'Slashing' does not match"
    " '^[a-z0-9]+(-[a-z0-9]+)*$'",
    "content/demo/weapons/axe.yaml:7:6: $.img: '../../etc/passwd.png' does not match"
    " '^[A-Za-z0-9_-][A-Za-z0-9_.-]*(/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*"
    "[.](webp|png|jpg|jpeg|gif|svg)$'",
]


@pytest.fixture(autouse=True)
def _workspace(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Run in a fresh folder with a private cache-signing key."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))


def _tree(files: dict[str, str], root: Path = Path("content")) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def _invoke(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def _snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {
        p.relative_to(folder).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns)
        for p in sorted(folder.rglob("*")) if p.is_file()
    }


# --- the command ---------------------------------------------------------------------------------


def test_five_mistakes_in_one_file_give_five_located_errors_and_write_nothing() -> None:
    _tree({"demo/ruleset.yaml": MANIFEST, "demo/weapons/axe.yaml": FIVE_MISTAKES})
    _tree({"old-module/module.json": "{}\n", "old-module-1.0.0.zip": "zip"}, Path("dist"))
    before = _snapshot(Path("dist"))
    result = _invoke("validate", "content")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == FIVE_LINES
    assert result.stderr == "Error: 5 errors found; nothing was written.\n"
    assert _snapshot(Path("dist")) == before


def test_json_output_carries_the_same_five_errors() -> None:
    _tree({"demo/ruleset.yaml": MANIFEST, "demo/weapons/axe.yaml": FIVE_MISTAKES})
    result = _invoke("validate", "content", "--format", "json")
    assert result.exit_code == 1
    document = json.loads(result.stdout)
    assert (document["count"], document["not_shown"]) == (5, 0)
    errors = document["errors"]
    assert [f"{e['file']}:{e['line']}:{e['col']}: {e['json_path']}: {e['message']}"
            for e in errors] == FIVE_LINES
    assert set(errors[0]) == {"file", "line", "col", "json_path", "message"}


def test_a_valid_tree_exits_zero() -> None:
    _tree({"demo/ruleset.yaml": MANIFEST, "demo/weapons/axe.yaml": AXE})
    result = _invoke("validate", "content")
    assert (result.exit_code, result.stdout) == (0, "1 rulesets, 1 documents: no errors.\n")
    result = _invoke("validate", "content", "--format", "json")
    assert (result.exit_code, json.loads(result.stdout)) == (
        0, {"errors": [], "count": 0, "not_shown": 0}
    )


def test_a_missing_content_folder_is_a_clear_error() -> None:
    result = _invoke("validate", "nowhere")
    assert result.exit_code == 1
    assert "no content folder at nowhere" in result.stderr


def test_the_shipped_content_validates() -> None:
    content = load_content(Path(__file__).resolve().parents[1] / "content", Path("cache"))
    assert {r.engine for r in content.rulesets} == set(plugins.discover())


# --- load_content and its cache ------------------------------------------------------------------


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    real: Callable[..., Any] = pipeline.process

    def counted(file: SourceFile, *args: Any) -> Any:
        seen.append(file.display)
        return real(file, *args)

    monkeypatch.setattr(pipeline, "process", counted)
    return seen


FILES = {"demo/ruleset.yaml": MANIFEST, "demo/weapons/axe.yaml": AXE,
         "demo/weapons/club.yaml": "id: club\nname: Club\n"}


def test_a_rebuild_loads_only_what_changed(monkeypatch: pytest.MonkeyPatch) -> None:
    root = _tree(FILES)
    seen = _counting(monkeypatch)
    first = load_content(root)
    assert len(seen) == 3
    assert list(Path(".rulepack-cache", CACHE_SUBFOLDER).glob("*.pickle"))
    seen.clear()
    assert load_content(root) == first
    assert seen == []
    (root / "demo/weapons/club.yaml").write_text("id: club\nname: Big Club\n", encoding="utf-8")
    assert load_content(root).rulesets[0].of_kind("weapon")[1].data["name"] == "Big Club"
    assert seen == ["content/demo/weapons/club.yaml"]


def test_a_documents_own_problems_come_back_from_the_cache(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An id that does not match its file name is found with the file's parse (`checks.py`) and
    kept with its result: the next run, which reads nothing, reports it just the same."""
    root = _tree({**FILES, "demo/weapons/club.yaml": "id: mace\nname: Club\n"})
    seen = _counting(monkeypatch)
    reports = []
    for _ in range(2):
        with pytest.raises(ContentError) as caught:
            load_content(root)
        found = caught.value.diagnostics
        reports.append([f"{d.file}:{d.line}:{d.col}: {d.message}" for d in found])
    assert len(seen) == 3  # the second run processed nothing
    assert reports[0] == reports[1] == [
        "content/demo/weapons/club.yaml:1:5: id 'mace' does not match the file name 'club.yaml';"
        " the file must be mace.yaml"
    ]


def _age(root: Path, seconds: int = 60) -> None:
    """Date every file back, past the time a cache distrusts a file's stamp (`RACY_NS`)."""
    for path in root.rglob("*.yaml"):
        info = path.stat()
        os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns - seconds * 10**9))


def test_unchanged_files_are_not_read_again(monkeypatch: pytest.MonkeyPatch) -> None:
    root = _tree(FILES)
    _age(root)
    first = load_content(root)
    read: list[Path] = []
    real = pipeline.read_source
    monkeypatch.setattr(pipeline, "read_source", lambda p, d: read.append(p) or real(p, d))
    assert load_content(root) == first
    assert read == []  # same size, time and inode: the file cannot have changed
    club = root / "demo/weapons/club.yaml"
    club.write_text("id: club\nname: Big Club\n", encoding="utf-8")
    assert load_content(root).rulesets[0].of_kind("weapon")[1].data["name"] == "Big Club"
    assert read == [club]


def test_a_file_touched_but_unchanged_is_read_not_loaded(monkeypatch: pytest.MonkeyPatch) -> None:
    root = _tree(FILES)
    _age(root)
    load_content(root)
    os.utime(root / "demo/weapons/club.yaml")  # a new time, the same bytes
    seen = _counting(monkeypatch)
    load_content(root)
    assert seen == []


def test_a_file_written_just_before_the_run_is_read_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Same size and time as cached, but written within the clock's tick: it is hashed again."""
    root = _tree(FILES)
    load_content(root)
    club = root / "demo/weapons/club.yaml"
    info = club.stat()
    club.write_text("id: club\nname: Clu8\n", encoding="utf-8")  # the same size
    os.utime(club, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert load_content(root).rulesets[0].of_kind("weapon")[1].data["name"] == "Clu8"


def test_the_cache_does_not_depend_on_the_working_directory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    root = _tree({**FILES, "demo/weapons/axe.yaml": FIVE_MISTAKES})
    with pytest.raises(ContentError):
        load_content(root)
    seen = _counting(monkeypatch)
    for cwd, named in ((root / "demo", Path("..")), (tmp_path.parent, root.resolve())):
        monkeypatch.chdir(cwd)
        (axe,) = [f.display for f in discover(named).files if f.path.name == "axe.yaml"]
        with pytest.raises(ContentError) as again:
            load_content(named)
        assert seen == []  # every entry hit, from another folder
        assert [d.format() for d in again.value.diagnostics] == [
            line.replace("content/demo/weapons/axe.yaml", axe) for line in FIVE_LINES
        ]


def test_cached_failures_are_reported_again(monkeypatch: pytest.MonkeyPatch) -> None:
    root = _tree({**FILES, "demo/weapons/axe.yaml": FIVE_MISTAKES})
    with pytest.raises(ContentError) as first:
        load_content(root)
    seen = _counting(monkeypatch)
    with pytest.raises(ContentError) as second:
        load_content(root)
    assert seen == []
    assert [d.format() for d in second.value.diagnostics] == FIVE_LINES
    assert list(first.value.diagnostics) == list(second.value.diagnostics)


def test_changing_the_engine_rechecks_every_document(monkeypatch: pytest.MonkeyPatch) -> None:
    root = _tree(FILES)
    load_content(root)
    seen = _counting(monkeypatch)
    _tree({"demo/ruleset.yaml": MANIFEST.replace("common_only", "shared_kinds")})
    assert load_content(root).rulesets[0].engine == "shared_kinds"
    assert len(seen) == 3


@pytest.mark.parametrize("spoil", ["flip a byte", "other key", "other compiler", "truncate"])
def test_a_cache_that_cannot_be_trusted_is_ignored(
    spoil: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    root = _tree(FILES)
    expected = load_content(root)
    shards = sorted(Path(".rulepack-cache", CACHE_SUBFOLDER).glob("*.pickle"))
    for shard in shards:
        blob = shard.read_bytes()
        if spoil == "flip a byte":
            shard.write_bytes(blob[:-1] + bytes([blob[-1] ^ 1]))
        elif spoil == "truncate":
            shard.write_bytes(blob[:10])
    if spoil == "other key":
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "another-user"))
    elif spoil == "other compiler":
        monkeypatch.setattr(pipeline, "code_fingerprint", lambda schemas: "a different compiler")
    seen = _counting(monkeypatch)
    assert load_content(root) == expected
    assert len(seen) == 3


def _open_cache() -> ResultCache:
    fingerprint = code_fingerprint(default_checker().schemas.fingerprint)
    return ResultCache.open(Path(".rulepack-cache"), fingerprint)


def test_deleted_files_leave_the_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    root = _tree(FILES)
    load_content(root)
    (root / "demo/weapons/club.yaml").unlink()
    assert len(load_content(root).rulesets[0].documents) == 1
    cache = _open_cache()
    assert sorted(cache.entries) == ["demo/ruleset.yaml", "demo/weapons/axe.yaml"]
    (root / "demo/weapons/axe.yaml").unlink()
    load_content(root)
    cache = _open_cache()
    assert sorted(cache.entries) == ["demo/ruleset.yaml"]
    assert len(list(Path(".rulepack-cache", CACHE_SUBFOLDER).glob("*.pickle"))) == 1


def test_an_unusable_cache_folder_only_costs_speed(monkeypatch: pytest.MonkeyPatch) -> None:
    root = _tree(FILES)
    Path("blocked").write_text("a file where the cache folder would go", encoding="utf-8")
    assert len(load_content(root, Path("blocked")).rulesets[0].documents) == 2
    monkeypatch.setenv("XDG_CACHE_HOME", "/proc/no-such-place")
    assert len(load_content(root, Path("elsewhere")).rulesets[0].documents) == 2
    assert not Path("elsewhere").exists()


def test_a_missing_root_raises_a_rulepack_error() -> None:
    Path("file.yaml").write_text("x: 1\n", encoding="utf-8")
    with pytest.raises(RulepackError, match=r"no content folder at file\.yaml"):
        load_content(Path("file.yaml"))


# --- discovery edge cases that cannot live in tests/examples --------------------------------------


def _problems(root: Path) -> list[str]:
    """Sorted, as every report sorts them (discovery finds them folder by folder)."""
    return sorted(d.format() for d in discover(root).diagnostics)


def test_symlinks_are_not_followed(tmp_path: Path) -> None:
    root = _tree({"demo/ruleset.yaml": MANIFEST, "demo/weapons/axe.yaml": AXE})
    (tmp_path / "secret.yaml").write_text("id: secret\nname: S\n", encoding="utf-8")
    (root / "demo/weapons/secret.yaml").symlink_to(tmp_path / "secret.yaml")
    (root / "linked").symlink_to(root / "demo", target_is_directory=True)
    assert _problems(root) == [
        "content/demo/weapons/secret.yaml:1:1: $: symbolic links are not followed;"
        " copy the file or folder",
        "content/linked:1:1: $: symbolic links are not followed; copy the file or folder",
    ]
    assert [f.display for f in discover(root).files] == [
        "content/demo/ruleset.yaml", "content/demo/weapons/axe.yaml"
    ]


def test_names_differing_only_in_case_are_reported() -> None:
    root = _tree({"demo/ruleset.yaml": MANIFEST, "demo/weapons/axe.yaml": AXE,
                  "demo/weapons/Axe.yaml": AXE})
    assert _problems(root) == [
        "content/demo/weapons/axe.yaml:1:1: $: 'axe.yaml' differs from 'Axe.yaml' only in letter"
        " case; they would collide on Windows and macOS"
    ]


def test_special_files_are_reported() -> None:
    root = _tree({"demo/ruleset.yaml": MANIFEST})
    (root / "demo/weapons").mkdir()
    os.mkfifo(root / "demo/weapons/pipe.yaml")
    assert _problems(root) == [
        "content/demo/weapons/pipe.yaml:1:1: $: not a regular file or folder"
    ]


def test_display_paths_are_relative_to_the_working_directory_when_below_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert display_path(Path("content/demo")) == "content/demo"
    assert display_path(tmp_path / "content") == "content"
    root = _tree({"demo/ruleset.yaml": MANIFEST}, tmp_path / "outside" / "content")
    assert discover(root).files[0].display == "outside/content/demo/ruleset.yaml"
    monkeypatch.chdir(root)
    assert discover(Path(".")).files[0].display == "demo/ruleset.yaml"
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    assert discover(root).files[0].display == f"{root.as_posix()}/demo/ruleset.yaml"


# --- bounded and safe ---------------------------------------------------------------------------


def test_validate_writes_no_cache_and_no_key(tmp_path: Path) -> None:
    _tree(FILES)
    result = _invoke("validate", "content")
    assert result.exit_code == 0, result.output
    assert not Path(".rulepack-cache").exists()
    assert not (tmp_path / "xdg").exists()


def test_validate_reads_the_cache_a_build_wrote(monkeypatch: pytest.MonkeyPatch) -> None:
    root = _tree(FILES)
    load_content(root)
    seen = _counting(monkeypatch)
    assert _invoke("validate", "content").exit_code == 0
    assert seen == []


def test_a_file_name_that_is_not_utf8_is_shown_by_its_bytes() -> None:
    root = _tree({"demo/ruleset.yaml": MANIFEST, "demo/weapons/axe.yaml": AXE})
    weapons = os.fsencode(root / "demo" / "weapons")
    os.mkdir(weapons + b"/\xff\xfe")
    with open(weapons + b"/bad\xff.yaml", "wb") as stream:
        stream.write(b"id: bad\nname: Bad\n")
    for command in ("validate", "build"):  # build: its cache save once crashed on such a name
        result = _invoke(command, "content")
        assert result.exit_code == 1
        assert result.stdout.splitlines() == [
            "content/demo/weapons/\\xff\\xfe:1:1: $: unexpected folder: weapons/ holds <id>.yaml"
            " files",
            "content/demo/weapons/bad\\xff.yaml:1:5: $.id: id 'bad' does not match the file name"
            " 'bad\\\\xff.yaml'; the file must be bad.yaml",
        ]
        assert result.stderr == "Error: 2 errors found; nothing was written.\n"


def test_rulesets_lists_what_a_manifest_may_name() -> None:
    result = _invoke("rulesets")
    assert result.exit_code == 0
    assert result.stdout.split() == list(plugins.names())
    assert "common_only" in result.stdout.split()  # the plug-in path's too
