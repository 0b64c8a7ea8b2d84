"""Write stage: files into a private temp tree, a reproducible zip, then an atomic swap.

Nothing here decides content; it only makes writing safe:
- every path is a validated relative POSIX path that resolves inside the output root;
- zips are reproducible (SOURCE_DATE_EPOCH, sorted names, fixed modes and compression);
- the previous output stays byte-identical until the new one is complete.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import threading
import time
import zipfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

from compiler.errors import BuildError

#: Zip cannot represent dates before 1980; it is also the default when SOURCE_DATE_EPOCH is unset,
#: so that two builds of the same sources are identical without any setting.
ZIP_EPOCH_FLOOR = 315532800
#: LevelDB files that change on every open and that LevelDB recreates itself.
VOLATILE_NAMES = frozenset({"LOG", "LOG.old", "LOCK"})
_SAFE_PART = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*", re.ASCII)


def source_date_epoch(explicit: int | None = None) -> int:
    """The build timestamp: explicit, else SOURCE_DATE_EPOCH, else the zip floor (1980-01-01)."""
    if explicit is not None:
        return max(explicit, ZIP_EPOCH_FLOOR)
    raw = os.environ.get("SOURCE_DATE_EPOCH")
    if raw is None:
        return ZIP_EPOCH_FLOOR
    if not raw.isdigit():
        raise BuildError(f"SOURCE_DATE_EPOCH must be a whole number of seconds, not {raw!r}")
    return max(int(raw), ZIP_EPOCH_FLOOR)


def check_relative_path(name: str) -> str:
    """Refuse anything but a plain relative POSIX path made of safe parts."""
    parts = name.split("/")
    if not all(_SAFE_PART.fullmatch(part) for part in parts) or ".." in parts:
        raise BuildError(f"refusing to write unsafe path {name!r}")
    return name


def write_files(root: Path, files: Mapping[str, bytes]) -> None:
    """Write `files` (relative path → bytes) below `root`, which must be a fresh directory."""
    base = root.resolve()
    for name in sorted(files):
        target = (root / check_relative_path(name)).resolve()
        if os.path.commonpath([base, target]) != str(base):
            raise BuildError(f"refusing to write outside the output folder: {name!r}")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(files[name])


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


def reproducible_zip(folder: Path, zip_path: Path, epoch: int) -> None:
    """Zip `folder`'s files at the archive root: sorted names, one timestamp, mode 0644."""
    stamp = time.gmtime(max(epoch, ZIP_EPOCH_FLOOR))[:6]
    with zipfile.ZipFile(zip_path, "w") as archive:
        for name, path in _zip_members(folder):
            info = zipfile.ZipInfo(name, date_time=stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3
            info.external_attr = 0o100644 << 16
            archive.writestr(info, path.read_bytes(), compresslevel=9)


@contextmanager
def _sigint_deferred() -> Iterator[None]:
    """Hold Ctrl-C for the few renames of the swap so it cannot stop between two of them."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    received: list[int] = []

    def remember(signum: int, _frame: FrameType | None) -> None:
        received.append(signum)

    previous = signal.signal(signal.SIGINT, remember)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if received:
            raise KeyboardInterrupt


def swap_into_place(staged: Mapping[Path, Path], trash: Path) -> None:
    """Move each staged path onto its final path; old outputs go to `trash` first.

    Every staged item was completely written before this is called, so an exception or Ctrl-C
    earlier in the build leaves the previous output untouched.
    """
    with _sigint_deferred():
        for number, (new, final) in enumerate(sorted(staged.items())):
            if final.exists():
                final.rename(trash / f"old-{number}")
            new.rename(final)


def remove_tree(path: Path) -> None:
    shutil.rmtree(path, ignore_errors=True)
