"""Publishing built modules into the output folder so that none is ever lost or half-written.

```
OUT/<module-id>/                 a module folder, holding the marker MARKER
OUT/<module-id>-<version>.zip    its zip, whose archive comment names the module
OUT/.build-XXXXXXXX/new/         staging: the new outputs, complete before any is published
OUT/.build-XXXXXXXX/old/         where an old output goes on a system without RENAME_EXCHANGE
OUT/.build-XXXXXXXX/journal.json the intent journal, from before the first swap to the commit
```

1. Every command that writes OUT holds an exclusive `flock` on the OUT folder itself; a second
   one is refused with a clear message. Under the lock it first `recover`s (step 6).
2. The new outputs are written into staging (same file system), then flushed (`syncfs`).
3. The journal is written atomically (temporary file, fsync, rename, fsync): for each output its
   name and the (device, inode) of its new and of its old version.
4. Each output is swapped in with `renameat2(RENAME_EXCHANGE)`: one atomic step, after which
   OUT/<name> is the new version and the old one is in staging. An output new to OUT is renamed
   in with RENAME_NOREPLACE. A failure during this step puts back what was swapped.
5. The journal is unlinked: the commit point. The staging folder, now holding only the old
   versions, is removed.
6. Recovery: a staging folder with a journal is an interrupted publish, which is finished. Which
   swaps happened is read off the inode at OUT/<name>, so every step is idempotent and a kill
   during recovery is recovered the same way. Every other staging folder is removed.

After a kill at any instruction, each module folder and each zip is the complete old version or
the complete new one; the next command (build or validate) makes the set consistent. Where
renameat2 cannot exchange (another kernel or file system) the swap falls back to two renames,
and between them OUT/<name> is missing until the next command completes it from the journal.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import os
import re
import secrets
import signal
import threading
import zipfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

from compiler import fsio
from compiler.errors import BuildError
from compiler.loading.discovery import display_path

STAGING_PREFIX = ".build-"
JOURNAL = "journal.json"
#: In every module folder a build writes: what makes a later build allowed to replace it.
MARKER = ".rulepack-module.json"
_ZIP_COMMENT = "rulepack module {}"
_OUTPUT_NAME = re.compile(r"[a-z0-9][a-z0-9.+-]{0,200}", re.ASCII)

Inode = tuple[int, int]


def marker_bytes(module_id: str) -> bytes:
    return (json.dumps({"written_by": "rulepack", "module": module_id}) + "\n").encode()


def zip_comment(module_id: str) -> bytes:
    return _ZIP_COMMENT.format(module_id).encode()


def written_by_rulepack(path: Path, module_id: str) -> bool:
    """Whether `path` (a module folder or zip) is one an earlier build wrote for `module_id`."""
    try:
        if path.is_symlink():
            return False
        if path.is_dir():
            marker = path / MARKER
            return not marker.is_symlink() and marker.read_bytes() == marker_bytes(module_id)
        if not path.is_file():
            return False
        with zipfile.ZipFile(path) as archive:
            return archive.comment == zip_comment(module_id)
    except (OSError, zipfile.BadZipFile, ValueError, EOFError):
        return False


@dataclass(frozen=True)
class Entry:
    """One output of a publish: its name in OUT and the inodes of its new and old versions."""

    name: str
    new: Inode
    old: Inode | None


@contextlib.contextmanager
def try_lock(out: Path) -> Iterator[bool]:
    """Try for the exclusive lock on the existing folder `out` (a flock on the folder itself).

    Yields whether it is held; it is released when the block ends, or when the process dies.
    """
    descriptor = os.open(out, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | os.O_CLOEXEC)
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            held = True
        except BlockingIOError:
            held = False
        yield held
    finally:
        os.close(descriptor)


@contextlib.contextmanager
def locked(out: Path) -> Iterator[None]:
    """Hold the lock on `out`, or refuse: another command is writing there."""
    with try_lock(out) as held:
        if not held:
            raise BuildError(
                f"another rulepack command is writing to {display_path(out)}; "
                "run this one when it has finished"
            )
        yield


def new_staging(out: Path) -> Path:
    """A fresh staging folder in `out` with its `new/` and `old/` folders."""
    staging = out / f"{STAGING_PREFIX}{secrets.token_hex(6)}"
    fsio.make_dir(staging)
    fsio.make_dir(staging / "new")
    fsio.make_dir(staging / "old")
    return staging


def stale_staging(out: Path) -> list[Path]:
    try:
        return sorted(p for p in out.iterdir() if p.name.startswith(STAGING_PREFIX))
    except (FileNotFoundError, NotADirectoryError):
        return []


def discard(path: Path) -> None:
    """Remove a staging folder (or whatever took its name: a link is unlinked, not followed)."""
    if path.is_symlink() or not path.is_dir():
        fsio.unlink(path)
    else:
        fsio.remove_tree(path)


def _inode(path: Path) -> Inode | None:
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return None
    return info.st_dev, info.st_ino


def publish(out: Path, staging: Path, names: Sequence[str]) -> None:
    """Swap every staged output (`staging/new/<name>`) into `out`, as one recoverable publish.

    Raises:
        BuildError: nothing was published (what had been swapped was put back), or, if even
            that failed, the journal stays and the next command finishes the publish.
    """
    entries = []
    for name in names:
        new = _inode(staging / "new" / name)
        if new is None:
            raise BuildError(f"the staged {name} is missing")
        entries.append(Entry(name, new, _inode(out / name)))
    fsio.sync_tree(staging)
    document = {"version": 1, "entries": [[e.name, e.new, e.old] for e in entries]}
    try:
        fsio.replace_file(staging / JOURNAL, json.dumps(document).encode())
    except BaseException:
        # Nothing is swapped yet: a journal that made it to disk must not be finished later.
        with contextlib.suppress(OSError):
            if os.path.lexists(staging / JOURNAL):
                fsio.unlink(staging / JOURNAL)
        raise
    with _sigint_deferred():
        try:
            for entry in entries:
                _forward(out, staging, entry)
            fsio.sync_dir(out)
        except BaseException as exc:
            _undo(out, staging, entries, exc)
            raise
        _commit(staging)


def _commit(staging: Path) -> None:
    """The publish is complete once the journal is gone; tidying after that is best effort."""
    with contextlib.suppress(OSError):
        fsio.unlink(staging / JOURNAL)
        fsio.sync_dir(staging)


def _undo(out: Path, staging: Path, entries: Sequence[Entry], cause: BaseException) -> None:
    try:
        for entry in reversed(entries):
            _backward(out, staging, entry)
        fsio.sync_dir(out)
        fsio.unlink(staging / JOURNAL)
    except (OSError, BuildError) as exc:
        raise BuildError(
            f"{_describe(cause)}; putting the previous output back failed too ({_describe(exc)}):"
            " the next rulepack command finishes the publish"
        ) from exc


def _forward(out: Path, staging: Path, entry: Entry) -> None:
    """Make OUT/<name> the new version, from whatever state a kill or failure left."""
    final, new, aside = out / entry.name, staging / "new" / entry.name, staging / "old" / entry.name
    at_final = _inode(final)
    if at_final == entry.new:
        return
    if at_final is not None and at_final != entry.old:
        return  # someone else replaced it since: theirs stays (its staged copy is discarded)
    if _inode(new) != entry.new:
        if at_final is None and entry.old is not None and _inode(aside) == entry.old:
            fsio.rename_new(aside, final)  # the new copy is gone: at least the old one is back
            return
        raise BuildError(f"cannot finish publishing {entry.name}: its staged copy is gone")
    if at_final is None:
        fsio.rename_new(new, final)
    elif not fsio.exchange(new, final):
        fsio.rename_new(final, aside)  # no RENAME_EXCHANGE here: two renames, journalled
        fsio.rename_new(new, final)


def _backward(out: Path, staging: Path, entry: Entry) -> None:
    """Put OUT/<name> back to the old version (or to absent, if it had none)."""
    final, new, aside = out / entry.name, staging / "new" / entry.name, staging / "old" / entry.name
    at_final = _inode(final)
    if at_final == entry.old:
        return
    if at_final == entry.new and entry.old is not None and _inode(new) == entry.old:
        if not fsio.exchange(new, final):
            raise BuildError(f"cannot swap {entry.name} back")
        return
    if at_final == entry.new:
        fsio.rename_new(final, new)
    if entry.old is not None and _inode(aside) == entry.old:
        fsio.rename_new(aside, final)


def recover(out: Path) -> list[str]:
    """Finish the publish an interrupted command left in `out` and remove stale staging.

    The caller holds the lock. Returns a note for each publish finished.
    """
    notes = []
    for staging in stale_staging(out):
        journal = staging / JOURNAL
        if not staging.is_symlink() and journal.is_file():
            entries = _read_journal(journal)
            for entry in entries:
                _forward(out, staging, entry)
            fsio.sync_dir(out)
            fsio.unlink(journal)
            names = ", ".join(entry.name for entry in entries)
            notes.append(f"finished publishing what an interrupted build left: {names}")
        elif not staging.is_symlink():
            notes += _put_back_legacy(out, staging)
        try:
            discard(staging)
        except OSError as exc:
            notes.append(f"could not remove {display_path(staging)}: {describe_os_error(exc)}")
    return notes


def _put_back_legacy(out: Path, staging: Path) -> list[str]:
    """Outputs a rulepack before the journal stranded in `staging/previous/`, put back.

    That build renamed each old output aside into `previous/old-<n>` and then the new one in;
    killed between the two, it left the output missing and its only copy there. Each such copy
    whose output is missing goes back (named from its module.json); one that cannot be named
    stops the command rather than being removed with the staging folder.
    """
    previous = staging / "previous"
    if previous.is_symlink() or not previous.is_dir():
        return []
    notes = []
    for item in sorted(previous.iterdir()):
        name = _legacy_name(item)
        if name is None:
            raise BuildError(
                f"{display_path(item)} was left by an interrupted build of an older rulepack and "
                "cannot be placed; move it back by hand, then remove that staging folder"
            )
        if not os.path.lexists(out / name):
            fsio.rename_new(item, out / name)
            notes.append(f"put back {name}, which an interrupted older build had moved aside")
    return notes


def _legacy_name(item: Path) -> str | None:
    """The output name of a module folder or zip, read off its module.json."""
    try:
        if item.is_dir() and not item.is_symlink():
            data = json.loads((item / "module.json").read_bytes())
            name = str(data["id"])
        else:
            with zipfile.ZipFile(item) as archive:
                data = json.loads(archive.read(_zipped_manifest(archive)))
            name = f"{data['id']}-{data['version']}.zip"
    except (OSError, ValueError, KeyError, TypeError, zipfile.BadZipFile, EOFError):
        return None
    return name if _is_output_name(name) else None


def _zipped_manifest(archive: zipfile.ZipFile) -> str:
    """`<id>/module.json` in a zip of this rulepack, `module.json` in one of an older one."""
    names = archive.namelist()
    tops = [name for name in names if name.count("/") == 1 and name.endswith("/module.json")]
    return tops[0] if len(tops) == 1 and "module.json" not in names else "module.json"


def _read_journal(path: Path) -> list[Entry]:
    try:
        document = json.loads(path.read_bytes())
        entries = [
            Entry(name, _pair(new), None if old is None else _pair(old))
            for name, new, old in document["entries"]
        ]
        if document["version"] != 1 or not all(_is_output_name(e.name) for e in entries):
            raise ValueError("unexpected journal")
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        raise BuildError(
            f"{display_path(path)} records an interrupted publish but cannot be read ({exc}); "
            "check the output folder and remove that staging folder"
        ) from exc
    return entries


def _pair(value: object) -> Inode:
    if not isinstance(value, list) or len(value) != 2 or not all(type(v) is int for v in value):
        raise ValueError(f"not a (device, inode) pair: {value!r}")
    return value[0], value[1]


def _is_output_name(name: object) -> bool:
    return isinstance(name, str) and _OUTPUT_NAME.fullmatch(name) is not None


def _describe(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        return describe_os_error(exc)
    if isinstance(exc, BuildError):
        return exc.message
    return type(exc).__name__


def describe_os_error(exc: OSError) -> str:
    """`No space left on device (ENOSPC): dist/x` — what failed, its code, and where."""
    code = errno.errorcode.get(exc.errno or 0)
    text = exc.strerror or str(exc)
    where = f": {display_path(Path(exc.filename))}" if isinstance(exc.filename, str) else ""
    return f"{text}{f' ({code})' if code else ''}{where}"


@contextlib.contextmanager
def _sigint_deferred() -> Iterator[None]:
    """Hold Ctrl-C while outputs are swapped, so that they are all swapped or all put back."""
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
