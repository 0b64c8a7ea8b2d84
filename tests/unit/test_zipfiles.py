"""The zip writer lays archives out as `zipfile` does, and reuses deflated members by their data."""

from __future__ import annotations

import io
import os
import random
import zipfile
from pathlib import Path

import pytest

from compiler.writing import folder_entries, reproducible_zip, write_files, zip_stamp
from compiler.zipfiles import FOLDER, LEVEL, Members, ZipEntry, deflated, zip_bytes


def zipfile_archive(
    files: dict[str, bytes | None], stamp: tuple[int, ...], comment: bytes
) -> bytes:
    """The same archive written by the standard library (the layout the zips had before)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=stamp)  # type: ignore[arg-type]
            info.create_system = 3
            data = files[name]
            if data is None:
                info.external_attr = 0o040755 << 16 | 0x10
                archive.writestr(info, b"")
                continue
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o100644 << 16
            archive.writestr(info, data, compresslevel=LEVEL)
        archive.comment = comment
    return buffer.getvalue()


def sample() -> dict[str, bytes | None]:
    rng = random.Random(7)
    return {
        "m/": None, "m/packs/": None, "m/packs/items/": None,
        "m/module.json": b'{"id": "m"}\n',
        "m/empty.txt": b"",
        "m/packs/items/000005.ldb": rng.randbytes(70_000),  # incompressible, like snappy blocks
        "m/scripts.mjs": b"export const A = 1;\n" * 5_000,  # very compressible
    }


@pytest.mark.parametrize("stamp", [(1980, 1, 1, 0, 0, 0), (2023, 11, 14, 22, 13, 21)])
def test_the_archive_is_byte_for_byte_zipfiles(stamp: tuple[int, ...]) -> None:
    files = sample()
    entries = [ZipEntry(name, 0o040755 << 16 | 0x10, FOLDER) if data is None
               else ZipEntry(name, 0o100644 << 16, deflated(data))
               for name, data in sorted(files.items())]
    ours = zip_bytes(entries, stamp, b"rulepack:m")
    assert ours == zipfile_archive(files, stamp, b"rulepack:m")
    with zipfile.ZipFile(io.BytesIO(ours)) as archive:
        assert archive.testzip() is None
        assert archive.read("m/scripts.mjs") == files["m/scripts.mjs"]


def test_unchanged_members_are_kept_and_the_zip_is_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    folder = tmp_path / "m"
    folder.mkdir()
    write_files(folder, {"a.txt": b"alpha" * 100, "b/c.txt": b"gamma" * 100})

    def build(name: str) -> tuple[bytes, int]:
        members = Members.open(tmp_path / "cache")
        entries = folder_entries(folder, "m", members.of)
        (tmp_path / name).write_bytes(zip_bytes(entries, zip_stamp(0), b"c"))
        members.save()
        return (tmp_path / name).read_bytes(), members.deflated

    cold, deflated_cold = build("cold.zip")
    assert deflated_cold == 2
    assert build("again.zip") == (cold, 0)  # another process: read back from the signed cache
    (folder / "a.txt").write_bytes(b"changed")
    changed, deflated_now = build("changed.zip")
    assert deflated_now == 1
    reproducible_zip(folder, tmp_path / "plain.zip", 0, b"c", top="m")  # no cache at all
    assert changed == (tmp_path / "plain.zip").read_bytes()


def test_a_tampered_cache_is_not_trusted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    members = Members.open(tmp_path / "cache")
    members.of(b"data")
    members.save()
    for shard in (tmp_path / "cache").rglob("*.pickle"):
        blob = bytearray(shard.read_bytes())
        blob[-1] ^= 1
        shard.write_bytes(bytes(blob))
    again = Members.open(tmp_path / "cache")
    assert again.of(b"data") == deflated(b"data") and again.deflated == 1
    assert os.listdir(tmp_path / "cache")


def test_a_member_deflated_ahead_is_the_one_deflated_in_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from compiler import cache as cache_module

    cache = cache_module.ResultCache.in_memory()
    members = Members(cache)
    data = random.Random(15).randbytes(1 << 16) + b"text" * 50_000
    members.ahead(data)
    assert members.of(data) == deflated(data) and members.deflated == 1
    cache.next_run()  # a watch's next rebuild (`BuildCaches.next_run`)
    members.next_run()
    threads = []
    monkeypatch.setattr("compiler.zipfiles._Ahead", lambda *args: threads.append(args))
    members.ahead(data)  # kept from the last run: no thread started
    assert threads == [] and members.of(data) == deflated(data) and members.deflated == 1


def test_a_failure_on_the_deflating_thread_is_raised_where_the_member_is_wanted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(data: bytes) -> None:
        raise MemoryError("no room")

    monkeypatch.setattr("compiler.zipfiles.deflated", broken)
    members, data = Members(None), b"some data"
    members.ahead(data)
    with pytest.raises(MemoryError, match="no room"):
        members.of(data)
