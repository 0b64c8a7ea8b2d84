"""The write stage: safe paths, reproducible zips, atomic swaps."""

from __future__ import annotations

import hashlib
import os
import zipfile
from pathlib import Path

import pytest

from compiler.errors import BuildError
from compiler.writing import (
    ZIP_EPOCH_FLOOR,
    check_relative_path,
    reproducible_zip,
    source_date_epoch,
    swap_into_place,
    write_files,
)

FILES = {"module.json": b"{}\n", "scripts/a.mjs": b"export {};\n", "packs/items/000005.ldb": b"x"}


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_zip_is_identical_whatever_the_order_times_and_modes(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    write_files(first, FILES)
    write_files(second, dict(reversed(list(FILES.items()))))
    for path in second.rglob("*"):
        if path.is_file():
            os.utime(path, (1_900_000_000, 1_900_000_000))
            path.chmod(0o600)
    reproducible_zip(first, tmp_path / "a.zip", 1_700_000_000)
    reproducible_zip(second, tmp_path / "b.zip", 1_700_000_000)
    assert _sha(tmp_path / "a.zip") == _sha(tmp_path / "b.zip")


def test_zip_entries_are_sorted_stamped_and_0644(tmp_path: Path) -> None:
    (tmp_path / "m").mkdir()
    write_files(tmp_path / "m", FILES)
    reproducible_zip(tmp_path / "m", tmp_path / "m.zip", 1_700_000_000)
    with zipfile.ZipFile(tmp_path / "m.zip") as archive:
        infos = archive.infolist()
    assert [i.filename for i in infos] == sorted(FILES)
    assert {i.date_time for i in infos} == {(2023, 11, 14, 22, 13, 20)}
    assert {i.external_attr >> 16 for i in infos} == {0o100644}


def test_volatile_leveldb_files_stay_out_of_the_zip(tmp_path: Path) -> None:
    (tmp_path / "m").mkdir()
    write_files(tmp_path / "m", {**FILES, "packs/items/LOG": b"t", "packs/items/LOCK": b""})
    reproducible_zip(tmp_path / "m", tmp_path / "m.zip", ZIP_EPOCH_FLOOR)
    with zipfile.ZipFile(tmp_path / "m.zip") as archive:
        assert sorted(archive.namelist()) == sorted(FILES)


def test_symlinks_are_refused(tmp_path: Path) -> None:
    (tmp_path / "m").mkdir()
    (tmp_path / "m" / "link").symlink_to("/etc/passwd")
    with pytest.raises(BuildError, match="symbolic link"):
        reproducible_zip(tmp_path / "m", tmp_path / "m.zip", ZIP_EPOCH_FLOOR)


@pytest.mark.parametrize(
    "name", ["../x", "/abs", "a/../b", "a\\b", "", "a//b", ".hidden", "C:x", "sword\n"]
)
def test_unsafe_paths_are_refused(name: str) -> None:
    with pytest.raises(BuildError, match="unsafe path"):
        check_relative_path(name)


def test_source_date_epoch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    assert source_date_epoch() == ZIP_EPOCH_FLOOR
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    assert source_date_epoch() == 1_700_000_000
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "12")
    assert source_date_epoch() == ZIP_EPOCH_FLOOR
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "yesterday")
    with pytest.raises(BuildError, match="SOURCE_DATE_EPOCH"):
        source_date_epoch()


def test_swap_replaces_old_outputs(tmp_path: Path) -> None:
    (tmp_path / "final").mkdir()
    (tmp_path / "final" / "old.txt").write_text("old")
    (tmp_path / "new").mkdir()
    (tmp_path / "new" / "new.txt").write_text("new")
    (tmp_path / "trash").mkdir()
    swap_into_place({tmp_path / "new": tmp_path / "final"}, tmp_path / "trash")
    assert [p.name for p in (tmp_path / "final").iterdir()] == ["new.txt"]
    assert (tmp_path / "trash" / "old-0" / "old.txt").read_text() == "old"
