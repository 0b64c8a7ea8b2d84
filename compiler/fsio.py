"""Every file-system change a build makes goes through these few functions.

One seam, for two reasons: the publish protocol (`publish.py`) needs operations Python does not
offer (`renameat2` with RENAME_EXCHANGE or RENAME_NOREPLACE, `syncfs`), and the fault tests
fail or kill the build at each of these calls in turn (tests/module_build/test_publish_faults.py).
"""

from __future__ import annotations

import ctypes
import errno
import functools
import os
import shutil
from pathlib import Path
from typing import Any

AT_FDCWD = -100
RENAME_NOREPLACE = 1
RENAME_EXCHANGE = 2
#: What renameat2 answers when the file system (or the kernel, or libc) lacks a flag.
UNSUPPORTED = frozenset({errno.ENOSYS, errno.EINVAL, errno.EOPNOTSUPP})
_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


@functools.cache
def _libc() -> Any:
    try:
        return ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None


def _renameat2(source: Path, target: Path, flags: int) -> bool:
    """renameat2(2); False if this system cannot do it with `flags` (the caller falls back)."""
    function = getattr(_libc(), "renameat2", None)
    if function is None:
        return False
    if function(AT_FDCWD, os.fsencode(source), AT_FDCWD, os.fsencode(target), flags) == 0:
        return True
    code = ctypes.get_errno()
    if code in UNSUPPORTED:
        return False
    raise OSError(code, os.strerror(code), str(source), None, str(target))


def exchange(source: Path, target: Path) -> bool:
    """Swap two existing paths in one atomic step; False where the system cannot."""
    return _renameat2(source, target, RENAME_EXCHANGE)


def rename_new(source: Path, target: Path) -> None:
    """Rename `source` to `target`, which must not exist (atomically refused if it does)."""
    if not _renameat2(source, target, RENAME_NOREPLACE):
        if os.path.lexists(target):
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(target))
        os.rename(source, target)


def make_dir(path: Path) -> None:
    os.mkdir(path)


def make_dirs(path: Path) -> None:
    """`path` and its missing parents, if it is not a folder yet."""
    os.makedirs(path, exist_ok=True)


def write_bytes(path: Path, data: bytes) -> None:
    """Create `path` (it must not exist, nor be a link) holding `data`."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NO_FOLLOW, 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(descriptor, view):]
    finally:
        os.close(descriptor)


def replace_file(path: Path, data: bytes) -> None:
    """Write `data` to `path` atomically and durably: a temporary file, fsync, rename, fsync."""
    temporary = path.with_name(path.name + ".tmp")
    if os.path.lexists(temporary):
        unlink(temporary)
    write_bytes(temporary, data)
    sync_file(temporary)
    replace(temporary, path)
    sync_dir(path.parent)


def replace(source: Path, target: Path) -> None:
    os.replace(source, target)


def unlink(path: Path) -> None:
    os.unlink(path)


def remove_tree(path: Path) -> None:
    shutil.rmtree(path)


def sync_file(path: Path) -> None:
    descriptor = os.open(path, os.O_RDONLY | _NO_FOLLOW)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def sync_dir(path: Path) -> None:
    """fsync a folder, so the renames and new names in it survive a power cut."""
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _NO_FOLLOW)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def sync_tree(path: Path) -> None:
    """Flush everything written below `path` to disk: one syncfs(2), else a walk of fsyncs."""
    function = getattr(_libc(), "syncfs", None)
    if function is not None:
        descriptor = os.open(path, os.O_RDONLY | _NO_FOLLOW)
        try:
            if function(descriptor) == 0:
                return
        finally:
            os.close(descriptor)
    for folder, _, files in os.walk(path):
        for name in files:
            sync_file(Path(folder, name))
        sync_dir(Path(folder))
