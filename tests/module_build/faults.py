"""Fail or kill a build at one of its file-system calls.

Every write, rename and sync of a build goes through `compiler/fsio.py` (and LevelDB's own
writes through `compiler.build.write_pack`), so wrapping those functions reaches every point
at which a build changes the disk. `Recorder` numbers the calls and runs a hook before each.
"""

from __future__ import annotations

import hashlib
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import compiler.build
from compiler import fsio

OPERATIONS = (
    "make_dirs", "make_dir", "write_bytes", "exchange", "rename_new", "replace", "unlink",
    "remove_tree", "sync_file", "sync_dir", "sync_tree",
)
#: The first call of the publish proper: the staged tree is complete when it is flushed.
PUBLISH_STARTS = "sync_tree"
Patch = Callable[[Any, str, Any], None]


@dataclass(frozen=True)
class Call:
    number: int
    operation: str
    path: str


@dataclass
class Recorder:
    """Numbers every file-system call of a build; `hook(call)` runs before each one."""

    hook: Callable[[Call], None] | None = None
    calls: list[Call] = field(default_factory=list)

    def install(self, patch: Patch = setattr) -> None:
        for name in OPERATIONS:
            patch(fsio, name, self._wrap(name, getattr(fsio, name)))
        patch(compiler.build, "write_pack", self._wrap("write_pack", compiler.build.write_pack))

    def _wrap(self, name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            call = Call(len(self.calls), name, str(args[-1] if name != "write_bytes" else args[0]))
            self.calls.append(call)
            if self.hook is not None:
                self.hook(call)
            return real(*args, **kwargs)

        return wrapped

    def publish_start(self) -> int:
        return next(c.number for c in self.calls if c.operation == PUBLISH_STARTS)


def points_to_try(calls: list[Call]) -> list[int]:
    """Every call from the publish on, and a sample of the staging calls before it.

    Staging only writes inside the private staging folder, so every kill or fault there leaves
    the same thing (the previous output untouched, a staging folder the next run removes); the
    sample takes the first and the last, and the first LevelDB pack, zip and marker.
    """
    start = next(c.number for c in calls if c.operation == PUBLISH_STARTS)
    firsts = {}
    for call in calls[:start]:
        kind = "pack" if call.operation == "write_pack" else call.path.rsplit(".", 1)[-1]
        if kind in ("pack", "zip", "json") and kind not in firsts:
            firsts[kind] = call.number
    return sorted({0, start - 1, *firsts.values(), *range(start, len(calls))})


def digest(path: Path) -> str | None:
    """The content of an output (a folder's whole tree, or a file), or None if it is absent."""
    if path.is_dir():
        hashes = hashlib.sha256()
        for item in sorted(path.rglob("*")):
            if item.is_file():
                hashes.update(item.relative_to(path).as_posix().encode() + b"\0")
                hashes.update(hashlib.sha256(item.read_bytes()).digest())
        return hashes.hexdigest()
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else None


def outputs(out: Path) -> dict[str, str | None]:
    """Every visible entry of an output folder by name (staging and dotfiles aside)."""
    return {p.name: digest(p) for p in sorted(out.iterdir()) if not p.name.startswith(".")}


def staging_left(out: Path) -> list[str]:
    return sorted(p.name for p in out.iterdir() if p.name.startswith(".build-"))


def fresh_copy(source: Path, target: Path) -> Path:
    """A copy of `source` whose files are hard links (a build only renames and removes files)."""
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target, symlinks=True, copy_function=os.link)
    return target


def die(_call: Call) -> None:
    os.kill(os.getpid(), 9)
