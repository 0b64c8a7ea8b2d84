"""`load_content(root)`: discover → load → validate → link, every diagnostic collected, one raise.

Loading and validating a file depends only on its bytes, its kind, its ruleset's engine and the
compiler itself, so each file's outcome is cached under that key (see `ResultCache`): a rebuild
after editing one file of 10,000 reads and hashes every file but loads and validates only one.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import hmac
import os
import pickle
import secrets
import sys
import tempfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from compiler import __version__
from compiler.diagnostics import Diagnostic, Diagnostics
from compiler.errors import ContentError, RulepackError
from compiler.linking import FolderContent, link
from compiler.loading import load_source
from compiler.loading.discovery import MANIFEST_KIND, SourceFile, discover, display_path
from compiler.model import ContentSet
from compiler.sanitize import sanitize_checked
from compiler.schemas import UNKNOWN_ENGINE
from compiler.validation import Checked, Checker, default_checker

CACHE_FOLDER = ".rulepack-cache"
#: Inside the cache folder (the CLI may share that folder with other caches).
CACHE_SUBFOLDER = "content"
SHARDS = 64
#: Everything whose change can change a file's load/validate outcome, besides the schemas.
_CODE = (
    "loading", "validation.py", "sanitize.py", "schemas/__init__.py", "model.py", "diagnostics.py"
)


@dataclass(frozen=True)
class FileResult:
    """One file loaded and validated: the valid document, or why not."""

    checked: Checked | None
    diagnostics: tuple[Diagnostic, ...]
    engine: str | None  # for a manifest: its `ruleset`, if that names a known engine


def load_content(root: Path, cache_dir: Path | None = None) -> ContentSet:
    """Load, validate and link every ruleset under `root`.

    Raises:
        RulepackError: `root` is not a folder.
        ContentError: with every diagnostic of every file, if there is any.
    """
    if not root.is_dir():
        shown = display_path(root)
        raise RulepackError(
            f"no content folder at {shown}; pass the folder that holds the ruleset folders"
        )
    with _gc_paused():
        return _load_content(root, cache_dir)


def _load_content(root: Path, cache_dir: Path | None) -> ContentSet:
    checker = default_checker()
    cache = ResultCache.open(cache_dir or root.resolve().parent / CACHE_FOLDER, checker)
    discovered = discover(root)
    diagnostics = Diagnostics(list(discovered.diagnostics))
    folders = []
    for name in discovered.folders:
        files = [f for f in discovered.files if f.folder == name]
        folder, found = _load_folder(name, files, checker, cache)
        folders.append(folder)
        diagnostics.extend(found)
    linked = link(display_path(root), folders, checker.schemas)
    diagnostics.extend(linked.diagnostics)
    cache.save()
    if diagnostics:
        raise ContentError(diagnostics)
    return linked.content


@contextlib.contextmanager
def _gc_paused() -> Iterator[None]:
    """Pause the cycle collector while loading.

    Loading builds only acyclic data, which reference counting frees; the collector, triggered
    by every few hundred new containers, would rescan it all again and again (it tripled the
    time to unpickle the cache of 10,000 files).
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _load_folder(
    name: str, files: list[SourceFile], checker: Checker, cache: ResultCache
) -> tuple[FolderContent, list[Diagnostic]]:
    found: list[Diagnostic] = []
    manifest: Checked | None = None
    engine: str | None = None
    for file in files:
        if file.kind == MANIFEST_KIND:
            result = cache.result(file, None, checker)
            manifest, engine = result.checked, result.engine
            found.extend(result.diagnostics)
    documents = []
    for file in files:
        if file.kind != MANIFEST_KIND:
            result = cache.result(file, engine or UNKNOWN_ENGINE, checker)
            found.extend(result.diagnostics)
            if result.checked is not None:
                documents.append(result.checked)
    return FolderContent(name, engine, manifest, tuple(documents)), found


def process(file: SourceFile, engine: str | None, checker: Checker) -> FileResult:
    """Load and validate one file (the work the cache saves)."""
    source = load_source(file.path, file.display, file.kind)
    if isinstance(source, list):
        return FileResult(None, tuple(source), None)
    if file.kind != MANIFEST_KIND and not _kind_allowed(file, engine, checker):
        if engine not in checker.schemas.engines():
            return FileResult(None, (), engine)  # the manifest's own error says what is wrong
        folder = file.display.rsplit("/", 2)[-2]
        message = f"the {engine} ruleset has no {folder}/ documents; remove the folder"
        return FileResult(None, (Diagnostic(file.display, 1, 1, "$", message),), engine)
    if file.kind == MANIFEST_KIND:
        named = source.data.get("ruleset") if isinstance(source.data, dict) else None
        engine = named if named in checker.schemas.engines() else None
    checked = checker.check(source, engine)
    if isinstance(checked, list):
        return FileResult(None, tuple(checked), engine)
    kind_engine = None if file.kind == MANIFEST_KIND else engine
    return FileResult(sanitize_checked(checked, kind_engine), (), engine)


def _kind_allowed(file: SourceFile, engine: str | None, checker: Checker) -> bool:
    schemas = checker.schemas
    if schemas.kinds()[file.display.rsplit("/", 2)[-2]].engines is None:
        return True
    return engine in schemas.engines() and schemas.has_kind(str(engine), file.kind)


class ResultCache:
    """Per-file outcomes from earlier runs, in pickles signed with a per-user key.

    An entry is used only if the file's display path, kind, engine, size and sha256 all match
    and its shard was written by this compiler version with these schemas. A shard is unpickled
    only if its HMAC verifies against a key kept outside the project (the user's cache folder),
    so a cache committed to a repository can neither run code nor smuggle in unvalidated data:
    it is ignored, as is any unreadable, corrupt or stale shard. Entries are spread over
    `SHARDS` files so that a one-file edit rewrites one small shard, not the whole cache.
    """

    def __init__(self, folder: Path | None, key: bytes, fingerprint: str) -> None:
        self.folder = folder
        self.key = key
        self.fingerprint = fingerprint
        self.entries: dict[str, tuple[Any, FileResult]] = {}
        #: The entries of this run: what is written back, so deleted files drop out.
        self.used: dict[str, tuple[Any, FileResult]] = {}

    @classmethod
    def open(cls, directory: Path, checker: Checker) -> ResultCache:
        key = _user_key()
        folder = directory / CACHE_SUBFOLDER if key else None
        cache = cls(folder, key or b"", _fingerprint(checker))
        cache._read()
        return cache

    def result(self, file: SourceFile, engine: str | None, checker: Checker) -> FileResult:
        try:
            raw = file.path.read_bytes()
        except OSError:
            return process(file, engine, checker)  # the loader reports it
        identity = (file.kind, engine, len(raw), hashlib.sha256(raw).hexdigest())
        entry = self.entries.get(file.display)
        if entry is None or entry[0] != identity:
            entry = (identity, process(file, engine, checker))
        self.used[file.display] = entry
        return entry[1]

    def _read(self) -> None:
        if self.folder is None or not self.folder.is_dir():
            return
        for path in sorted(self.folder.glob("*.pickle")):
            self.entries.update(self._read_shard(path))

    def _read_shard(self, path: Path) -> dict[str, tuple[Any, FileResult]]:
        try:
            blob = path.read_bytes()
        except OSError:
            return {}
        digest, payload = blob[:32], blob[32:]
        if not hmac.compare_digest(digest, hmac.digest(self.key, payload, "sha256")):
            return {}
        try:
            fingerprint, entries = pickle.loads(payload)  # only after the HMAC verified, above
        except Exception:  # a signed but unreadable pickle (an older Python, say): start afresh
            return {}
        if fingerprint != self.fingerprint or not isinstance(entries, dict):
            return {}
        return {k: v for k, v in entries.items() if _shard(k) == path.name}

    def save(self) -> None:
        """Rewrite the shards that changed; failing to write only costs speed next time."""
        if self.folder is None:
            return
        before, after = _by_shard(self.entries), _by_shard(self.used)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            for name in sorted(before.keys() | after.keys()):
                if before.get(name) != after.get(name):
                    self._write_shard(self.folder / name, after.get(name))
        except OSError:
            return

    def _write_shard(self, path: Path, entries: dict[str, Any] | None) -> None:
        if not entries:
            path.unlink(missing_ok=True)
            return
        payload = pickle.dumps((self.fingerprint, entries), pickle.HIGHEST_PROTOCOL)
        _atomic_write(path, hmac.digest(self.key, payload, "sha256") + payload)


def _shard(display: str) -> str:
    return f"{zlib.crc32(display.encode()) % SHARDS:02d}.pickle"


def _by_shard(entries: dict[str, Any]) -> dict[str, dict[str, Any]]:
    shards: dict[str, dict[str, Any]] = {}
    for display, entry in entries.items():
        shards.setdefault(_shard(display), {})[display] = entry
    return shards


def _atomic_write(path: Path, blob: bytes) -> None:
    handle, temporary = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(blob)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _user_key() -> bytes | None:
    """This user's secret cache-signing key, made on first use; None if it cannot be kept."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    path = Path(base) / "rulepack" / "cache.key"
    try:
        return _read_key(path)
    except FileNotFoundError:
        pass
    except OSError:
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as stream:
            stream.write(secrets.token_bytes(32))
        return _read_key(path)
    except OSError:
        return None  # a read-only home, or another run writing the key now: no cache this time


def _read_key(path: Path) -> bytes | None:
    key = path.read_bytes()
    return key if len(key) == 32 else None


def _fingerprint(checker: Checker) -> str:
    digest = hashlib.sha256(f"{__version__}\0{sys.version}\0".encode())
    digest.update(checker.schemas.fingerprint.encode())
    package = Path(__file__).resolve().parent
    for name in _CODE:
        target = package / name
        for source in sorted(target.rglob("*.py")) if target.is_dir() else [target]:
            digest.update(source.name.encode() + b"\0" + source.read_bytes())
    return digest.hexdigest()

