"""The write stage: safe paths, reproducible zips, a strict SOURCE_DATE_EPOCH."""

from __future__ import annotations

import hashlib
import os
import zipfile
from pathlib import Path

import pytest

from compiler.errors import BuildError
from compiler.writing import (
    ZIP_EPOCH_CEILING,
    ZIP_EPOCH_FLOOR,
    check_relative_path,
    reproducible_zip,
    source_date_epoch,
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


FOLDERS = ["packs/", "packs/items/", "scripts/"]


def _files(archive: zipfile.ZipFile) -> list[str]:
    return [name for name in archive.namelist() if not name.endswith("/")]


def test_zip_entries_are_sorted_stamped_and_0644(tmp_path: Path) -> None:
    (tmp_path / "m").mkdir()
    write_files(tmp_path / "m", FILES)
    reproducible_zip(tmp_path / "m", tmp_path / "m.zip", 1_700_000_000)
    with zipfile.ZipFile(tmp_path / "m.zip") as archive:
        infos = archive.infolist()
    assert [i.filename for i in infos] == sorted([*FILES, *FOLDERS])
    assert {i.date_time for i in infos} == {(2023, 11, 14, 22, 13, 20)}
    assert {i.external_attr >> 16 for i in infos if not i.is_dir()} == {0o100644}
    assert {i.external_attr >> 16 for i in infos if i.is_dir()} == {0o040755}


def test_a_top_folder_holds_every_entry_and_unzips_to_the_module_folder(tmp_path: Path) -> None:
    """`top=<id>`: what Foundry's `Data/modules/` needs from a manual unzip (`<id>/module.json`),
    with a directory entry for each folder, as `zip -r` writes them."""
    (tmp_path / "m").mkdir()
    write_files(tmp_path / "m", FILES)
    reproducible_zip(tmp_path / "m", tmp_path / "m.zip", ZIP_EPOCH_FLOOR, top="my-module")
    with zipfile.ZipFile(tmp_path / "m.zip") as archive:
        names = archive.namelist()
        archive.extractall(tmp_path / "modules")
    assert names == sorted(["my-module/", *(f"my-module/{n}" for n in [*FILES, *FOLDERS])])
    assert (tmp_path / "modules" / "my-module" / "module.json").read_bytes() == b"{}\n"
    with pytest.raises(BuildError, match="unsafe path"):
        reproducible_zip(tmp_path / "m", tmp_path / "n.zip", ZIP_EPOCH_FLOOR, top="../up")


def test_volatile_leveldb_files_stay_out_of_the_zip(tmp_path: Path) -> None:
    (tmp_path / "m").mkdir()
    write_files(tmp_path / "m", {**FILES, "packs/items/LOG": b"t", "packs/items/LOCK": b""})
    reproducible_zip(tmp_path / "m", tmp_path / "m.zip", ZIP_EPOCH_FLOOR)
    with zipfile.ZipFile(tmp_path / "m.zip") as archive:
        assert sorted(_files(archive)) == sorted(FILES)


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
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(ZIP_EPOCH_CEILING))
    assert source_date_epoch() == ZIP_EPOCH_CEILING


@pytest.mark.parametrize("raw", [
    "yesterday", "", " 1700000000", "1700000000 ", "-1", "+5", "1e9", "1.5", "²",
    "\u0661\u0667\u0660\u0660", "\uff11\uff17\uff10\uff10", "9" * 5000,
])
def test_source_date_epoch_is_ascii_digits_only(monkeypatch: pytest.MonkeyPatch, raw: str) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", raw)
    with pytest.raises(BuildError, match="SOURCE_DATE_EPOCH must be a whole number"):
        source_date_epoch()


@pytest.mark.parametrize("raw", [str(ZIP_EPOCH_CEILING + 1), "99999999999999999999"])
def test_source_date_epoch_after_2107_is_refused(monkeypatch: pytest.MonkeyPatch, raw: str) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", raw)
    with pytest.raises(BuildError, match="after 2107-12-31"):
        source_date_epoch()


def test_the_last_zip_second_still_zips(tmp_path: Path) -> None:
    (tmp_path / "m").mkdir()
    write_files(tmp_path / "m", FILES)
    reproducible_zip(tmp_path / "m", tmp_path / "m.zip", ZIP_EPOCH_CEILING)
    with zipfile.ZipFile(tmp_path / "m.zip") as archive:
        assert {i.date_time for i in archive.infolist()} == {(2107, 12, 31, 23, 59, 58)}
