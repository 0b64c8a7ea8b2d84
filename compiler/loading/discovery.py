"""Find the content files under a content root, and report everything that does not belong.

```
<root>/<ruleset folder>/ruleset.yaml          the module manifest
<root>/<ruleset folder>/<kind folder>/<id>.yaml   one document per file (SchemaSet.kinds)
```

Dotfiles and README.md files are ignored anywhere. Everything else that does not fit the layout
is a located error, so a misplaced or misnamed file is never silently left out of a module.
"""

from __future__ import annotations

import difflib
import os
from dataclasses import dataclass, field
from pathlib import Path

from compiler.diagnostics import Diagnostic
from compiler.display import safe_name
from compiler.model import KIND_BY_FOLDER, MANIFEST_FILE
from compiler.schemas import SchemaSet, default_schemas

MANIFEST_KIND = "manifest"
YAML_SUFFIX = ".yaml"
IGNORED_NAMES = frozenset({"README.md"})


@dataclass(frozen=True, slots=True)
class SourceFile:
    """One YAML file to load: where it is, how it is shown, what it holds, whose it is."""

    location: str  # its path, as the walk found it (a rebuild only stats it: no Path made)
    display: str
    kind: str  # "manifest" or a kind of SchemaSet.kinds()
    folder: str  # the ruleset folder's name

    @property
    def path(self) -> Path:
        return Path(self.location)


@dataclass
class Discovered:
    """The ruleset folders, their files (manifests first) and the layout problems found."""

    kind_folders: dict[str, str]  # kind folder name -> kind (the schema set's kinds)
    folders: list[str] = field(default_factory=list)
    files: list[SourceFile] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def problem(self, shown: str, message: str) -> None:
        self.diagnostics.append(Diagnostic(shown, 1, 1, "$", message))


def display_path(path: Path) -> str:
    """`path` as shown to the user: relative to the working directory when it is below it.

    Escaped by `safe_name`, so a file name cannot forge a location, split a diagnostic over two
    lines or send the terminal escape codes, and a name that is not UTF-8 shows its bytes.
    """
    absolute = Path(os.path.abspath(path))
    try:
        shown = absolute.relative_to(Path.cwd()).as_posix()
    except (ValueError, OSError):  # OSError: the working directory was removed
        shown = absolute.as_posix()
    return safe_name(shown)


def discover(root: Path, schemas: SchemaSet | None = None) -> Discovered:
    """Walk `root` (an existing folder) in sorted order; kind folders are `schemas`' kinds."""
    kinds = (schemas or default_schemas()).kinds()
    found = Discovered({folder: info.kind for folder, info in kinds.items()})
    for entry, shown in _entries(root, display_path(root), found):
        if entry.is_dir(follow_symlinks=False):
            found.folders.append(entry.name)
            _ruleset_folder(Path(entry.path), shown, found)
        else:
            where = f"files belong in a ruleset folder: {root.name}/<ruleset>/"
            _stray(entry.name, shown, found, where)
    return found


def _ruleset_folder(folder: Path, shown: str, found: Discovered) -> None:
    manifest = None
    kind_folders = []
    for entry, entry_shown in _entries(folder, shown, found):
        if entry.is_dir(follow_symlinks=False):
            if entry.name in found.kind_folders:
                kind_folders.append((entry, entry_shown))
            else:
                suggestion = _suggest(entry.name, found.kind_folders)
                found.problem(entry_shown, f"unknown folder {entry.name!r}{suggestion}")
        elif entry.name == MANIFEST_FILE:
            manifest = SourceFile(entry.path, entry_shown, MANIFEST_KIND, folder.name)
        else:
            where = f"a ruleset folder holds {MANIFEST_FILE} and kind folders"
            _stray(entry.name, entry_shown, found, where)
    if manifest is None:
        found.problem(shown, f"no {MANIFEST_FILE}: every ruleset folder needs its manifest")
    else:
        found.files.append(manifest)
    for kind_folder, kind_shown in kind_folders:
        _kind_folder(kind_folder, kind_shown, folder.name, found)


def _kind_folder(folder: os.DirEntry[str], shown: str, ruleset: str, found: Discovered) -> None:
    kind = found.kind_folders[folder.name]
    files = found.files
    for entry, entry_shown in _entries(Path(folder.path), shown, found):
        if entry.is_dir(follow_symlinks=False):
            found.problem(entry_shown, f"unexpected folder: {folder.name}/ holds <id>.yaml files")
        elif entry.name.endswith(YAML_SUFFIX):
            files.append(SourceFile(entry.path, entry_shown, kind, ruleset))
        else:
            _stray(entry.name, entry_shown, found, f"{folder.name}/ holds <id>.yaml files")


def _entries(folder: Path, shown: str, found: Discovered) -> list[tuple[os.DirEntry[str], str]]:
    """The folder's entries that count, sorted, with their display paths.

    Symlinks, special files and names that differ only in letter case are reported instead.
    """
    try:
        with os.scandir(folder) as scan:
            entries = sorted(scan, key=_name)
    except OSError as exc:
        found.problem(shown, f"cannot list the folder: {exc.strerror or exc}")
        return []
    seen: dict[str, str] = {}
    kept = []
    prefix = "" if shown == "." else f"{shown}/"
    for entry in entries:
        name = entry.name
        if name.startswith(".") or name in IGNORED_NAMES:
            continue
        entry_shown = prefix + safe_name(name)
        folded = name.casefold()
        if entry.is_symlink():
            found.problem(entry_shown, "symbolic links are not followed; copy the file or folder")
        elif not entry.is_file(follow_symlinks=False) and not entry.is_dir(follow_symlinks=False):
            found.problem(entry_shown, "not a regular file or folder")
        elif folded in seen:
            message = f"{name!r} differs from {seen[folded]!r} only in letter case"
            found.problem(entry_shown, message + "; they would collide on Windows and macOS")
        else:
            seen[folded] = name
            kept.append((entry, entry_shown))
    return kept


def _name(entry: os.DirEntry[str]) -> str:
    return entry.name


def _stray(name: str, shown: str, found: Discovered, where: str) -> None:
    suffix = os.path.splitext(name)[1]
    hint = f"; content files are named <id>{YAML_SUFFIX}" if suffix in (".yml", ".json") else ""
    found.problem(shown, f"unexpected file ({where}){hint}")


def _suggest(name: str, kind_folders: dict[str, str]) -> str:
    """A close kind folder, else the shared ones (a ruleset's own are in its schemas' README)."""
    close = difflib.get_close_matches(name, list(kind_folders), n=1, cutoff=0.6)
    shared = ", ".join(sorted(KIND_BY_FOLDER))
    return (f"; did you mean {close[0]!r}?" if close else
            f"; kind folders are {shared} and the ruleset's own")
