"""Find the content files under a content root, and report everything that does not belong.

```
<root>/<ruleset folder>/ruleset.yaml          the module manifest
<root>/<ruleset folder>/<kind folder>/<id>.yaml   one document per file (model.KIND_BY_FOLDER)
```

Dotfiles and README.md files are ignored anywhere. Everything else that does not fit the layout
is a located error, so a misplaced or misnamed file is never silently left out of a module.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from compiler.diagnostics import Diagnostic
from compiler.model import KIND_BY_FOLDER, MANIFEST_FILE

MANIFEST_KIND = "manifest"
YAML_SUFFIX = ".yaml"
IGNORED_NAMES = frozenset({"README.md"})


@dataclass(frozen=True)
class SourceFile:
    """One YAML file to load: where it is, how it is shown, what it holds, whose it is."""

    path: Path
    display: str
    kind: str  # "manifest" or a value of KIND_BY_FOLDER
    folder: str  # the ruleset folder's name


@dataclass
class Discovered:
    """The ruleset folders, their files (manifests first) and the layout problems found."""

    folders: list[str] = field(default_factory=list)
    files: list[SourceFile] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)


def display_path(path: Path) -> str:
    """`path` as shown to the user: relative to the working directory when it is below it."""
    absolute = Path(os.path.abspath(path))
    try:
        return absolute.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return absolute.as_posix()


def discover(root: Path) -> Discovered:
    """Walk `root` (an existing folder) in sorted order."""
    found = Discovered()
    for entry in _entries(root, found):
        if entry.is_dir():
            found.folders.append(entry.name)
            _ruleset_folder(entry, found)
        else:
            _stray(entry, found, f"files belong in a ruleset folder: {root.name}/<ruleset>/")
    return found


def _ruleset_folder(folder: Path, found: Discovered) -> None:
    manifest = None
    kind_folders = []
    for entry in _entries(folder, found):
        if entry.is_dir():
            if entry.name in KIND_BY_FOLDER:
                kind_folders.append(entry)
            else:
                _problem(found, entry, f"unknown folder {entry.name!r}{_suggest(entry.name)}")
        elif entry.name == MANIFEST_FILE:
            manifest = entry
        else:
            _stray(entry, found, f"a ruleset folder holds {MANIFEST_FILE} and kind folders")
    if manifest is None:
        message = f"ruleset folder has no {MANIFEST_FILE}; every ruleset folder needs one"
        _problem(found, folder, message)
    else:
        found.files.append(SourceFile(manifest, display_path(manifest), MANIFEST_KIND, folder.name))
    for kind_folder in kind_folders:
        _kind_folder(kind_folder, folder.name, found)


def _kind_folder(folder: Path, ruleset: str, found: Discovered) -> None:
    kind = KIND_BY_FOLDER[folder.name]
    for entry in _entries(folder, found):
        if entry.is_dir():
            _problem(found, entry, f"unexpected folder: {folder.name}/ holds <id>.yaml files only")
        elif entry.suffix == YAML_SUFFIX:
            found.files.append(SourceFile(entry, display_path(entry), kind, ruleset))
        else:
            _stray(entry, found, f"{folder.name}/ holds <id>.yaml files only")


def _entries(folder: Path, found: Discovered) -> Iterator[Path]:
    """The folder's entries that count, sorted; symlinks and case-fold twins are reported."""
    seen: dict[str, str] = {}
    try:
        entries = sorted(folder.iterdir())
    except OSError as exc:
        _problem(found, folder, f"cannot list the folder: {exc.strerror or exc}")
        return
    for entry in entries:
        if entry.name.startswith(".") or entry.name in IGNORED_NAMES:
            continue
        if entry.is_symlink():
            _problem(found, entry, "symbolic links are not followed; copy the file or folder here")
            continue
        if not entry.is_dir() and not entry.is_file():
            _problem(found, entry, "not a regular file or folder")
            continue
        folded = entry.name.casefold()
        if folded in seen:
            message = f"{entry.name!r} differs from {seen[folded]!r} only in letter case"
            _problem(found, entry, message + "; they would collide on Windows and macOS")
            continue
        seen[folded] = entry.name
        yield entry


def _stray(entry: Path, found: Discovered, where: str) -> None:
    if entry.suffix in (".yml", ".json") or entry.name.endswith(".yaml~"):
        hint = f"; content files are named <id>{YAML_SUFFIX}"
    else:
        hint = ""
    _problem(found, entry, f"unexpected file ({where}){hint}")


def _suggest(name: str) -> str:
    close = difflib.get_close_matches(name, list(KIND_BY_FOLDER), n=1, cutoff=0.6)
    kinds = ", ".join(sorted(KIND_BY_FOLDER))
    return f"; did you mean {close[0]!r}?" if close else f"; kind folders are {kinds}"


def _problem(found: Discovered, entry: Path, message: str) -> None:
    found.diagnostics.append(Diagnostic(display_path(entry), 1, 1, "$", message))
