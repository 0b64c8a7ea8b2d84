"""Write stage: files into a private staging tree and reproducible zips (published by publish.py).

Nothing here decides content; it only makes writing safe:
- every path is a validated relative POSIX path that resolves inside the output root;
- every write goes through `fsio`, the one seam the fault tests fail and kill the build at;
- zips are reproducible (SOURCE_DATE_EPOCH, sorted names, fixed modes and compression).
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Mapping
from pathlib import Path

from compiler import fsio
from compiler.errors import BuildError
from compiler.zipfiles import FOLDER, Member, ZipEntry, deflated, zip_bytes

#: Zip cannot represent dates before 1980; it is also the default when SOURCE_DATE_EPOCH is unset,
#: so that two builds of the same sources are identical without any setting.
ZIP_EPOCH_FLOOR = 315532800
#: Nor after 2107 (its year field counts from 1980 in 7 bits): 2107-12-31 23:59:59 UTC.
ZIP_EPOCH_CEILING = 4354819199
#: LevelDB files that change on every open and that LevelDB recreates itself.
VOLATILE_NAMES = frozenset({"LOG", "LOG.old", "LOCK"})
_SAFE_PART = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*", re.ASCII)
_DIGITS = re.compile(r"[0-9]{1,20}", re.ASCII)


def source_date_epoch(explicit: int | None = None) -> int:
    """The build timestamp: explicit, else SOURCE_DATE_EPOCH, else the zip floor (1980-01-01).

    SOURCE_DATE_EPOCH must be ASCII digits (`²` and Arabic-Indic digits are refused, not read)
    and at most the zip format's last second; an earlier time than 1980 is raised to its floor.
    """
    if explicit is None:
        raw = os.environ.get("SOURCE_DATE_EPOCH")
        if raw is None:
            return ZIP_EPOCH_FLOOR
        if not _DIGITS.fullmatch(raw):
            raise BuildError(
                f"SOURCE_DATE_EPOCH must be a whole number of seconds in ASCII digits, not {raw!r}"
            )
        explicit = int(raw)
    if explicit > ZIP_EPOCH_CEILING:
        raise BuildError(
            f"SOURCE_DATE_EPOCH {explicit} is after 2107-12-31 23:59:59 UTC "
            f"({ZIP_EPOCH_CEILING}), the last time a zip file can record"
        )
    return max(explicit, ZIP_EPOCH_FLOOR)


def check_relative_path(name: str) -> str:
    """Refuse anything but a plain relative POSIX path made of safe parts."""
    parts = name.split("/")
    if not all(_SAFE_PART.fullmatch(part) for part in parts) or ".." in parts:
        raise BuildError(f"refusing to write unsafe path {name!r}")
    return name


def write_files(root: Path, files: Mapping[str, bytes]) -> None:
    """Write `files` (relative path → bytes) below `root`, which must be a fresh directory."""
    base = root.resolve()
    made = {base}
    for name in sorted(files):
        target = (root / check_relative_path(name)).resolve()
        if os.path.commonpath([base, target]) != str(base):
            raise BuildError(f"refusing to write outside the output folder: {name!r}")
        for folder in reversed(target.parents):
            if folder not in made and base in folder.parents:
                fsio.make_dir(folder)
                made.add(folder)
        fsio.write_bytes(target, files[name])


def _zip_members(folder: Path) -> list[tuple[str, Path]]:
    members = []
    for path in folder.rglob("*"):
        if path.is_symlink():
            raise BuildError(f"refusing to zip a symbolic link: {path}")
        if path.is_file() and path.name not in VOLATILE_NAMES:
            members.append((check_relative_path(path.relative_to(folder).as_posix()), path))
    names = [name.casefold() for name, _ in members]
    if len(names) != len(set(names)):
        raise BuildError(f"two files in {folder} differ only by case")
    return sorted(members)


def _folders(names: list[str]) -> list[str]:
    """Every folder that holds one of `names`, as a zip directory entry (`a/`, `a/b/`)."""
    return sorted({"/".join(parts[:n]) + "/" for parts in (name.split("/") for name in names)
                   for n in range(1, len(parts))})


def zip_stamp(epoch: int) -> tuple[int, ...]:
    """The one timestamp of every zip member: (year, month, day, hour, minute, second), UTC."""
    return tuple(time.gmtime(max(epoch, ZIP_EPOCH_FLOOR))[:6])


def folder_entries(
    folder: Path, top: str | None = None, deflate: Callable[[bytes], Member] = deflated,
    written: Mapping[str, bytes] | None = None,
) -> list[ZipEntry]:
    """The zip entries of `folder`'s files, under the folder `top/` when given (else at the
    archive root): sorted names, a directory entry (0755) for every folder, files 0644, each
    deflated by `deflate` (`zipfiles.Members.of` keeps earlier builds' deflated bytes).
    `written` holds files (by name in `folder`) just written from these bytes, taken from
    there rather than read back (a module's world documents are 31 MB at 50,000 documents)."""
    prefix = "" if top is None else check_relative_path(top) + "/"
    known = written or {}
    files = {prefix + name: path for name, path in _zip_members(folder)}
    entries: dict[str, Path | None] = {**dict.fromkeys(_folders(list(files))), **files}
    found = []
    for name in sorted(entries):
        path = entries[name]
        if path is None:  # a directory: stored, drwxr-xr-x plus MS-DOS's directory bit
            found.append(ZipEntry(name, 0o040755 << 16 | 0x10, FOLDER))
        else:
            data = known.get(name.removeprefix(prefix))
            found.append(ZipEntry(name, 0o100644 << 16,
                                  deflate(path.read_bytes() if data is None else data)))
    return found


def reproducible_zip(
    folder: Path, zip_path: Path, epoch: int, comment: bytes = b"", top: str | None = None,
) -> None:
    """Zip `folder`'s files (`folder_entries`), every member dated `epoch`.

    The archive is made in memory (a module is a few MB at most) and written in one `fsio` call.
    """
    fsio.write_bytes(zip_path, zip_bytes(folder_entries(folder, top), zip_stamp(epoch), comment))
