"""The per-file result cache: earlier runs' outcomes, in pickles signed with a per-user key.

Loading and validating a file depends only on its bytes, its kind, its ruleset's engine and the
compiler itself, so each file's outcome is kept under that identity, by the file's path inside
the content folder (never the working directory: the same content built from elsewhere hits).
The file's size and modification time come first: an entry whose file has the same (size,
mtime_ns, inode) as when its bytes were hashed is used without reading the file; otherwise the
pipeline reads and hashes it, and only a changed hash means loading and validating again. So a
rebuild after editing one file of 10,000 reads one file. The cache never reads a content file
itself; the pipeline hands it identities made from bytes it read once, under the size cap.

It imports nothing of the pipeline (results are opaque values to it), so no import circle can form.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import pickle
import secrets
import sys
import tempfile
import time
import zlib
from pathlib import Path
from typing import Any, NamedTuple

from compiler import __version__

CACHE_FOLDER = ".rulepack-cache"
#: Inside the cache folder (the CLI may share that folder with other caches).
CACHE_SUBFOLDER = "content"
SHARDS = 64
#: A file whose modification time is this close to the run that hashed it may have been changed
#: again within one tick of the file system's clock, keeping its time: it is always hashed again.
RACY_NS = 2_000_000_000


class Stamp(NamedTuple):
    """What the file system says about a file before it is read: (size, mtime_ns, inode)."""

    size: int
    mtime_ns: int
    inode: int

    @classmethod
    def of(cls, info: os.stat_result) -> Stamp:
        return cls(info.st_size, info.st_mtime_ns, info.st_ino)


class Entry(NamedTuple):
    """One file's cached outcome: its identity, its stamp when hashed, and when that was."""

    identity: tuple[Any, ...]
    stamp: tuple[int, int, int] | None
    hashed_ns: int
    result: Any
#: Everything whose change can change a file's load/validate outcome, besides the schemas.
_CODE = (
    "loading", "validation.py", "sanitize.py", "schemas/__init__.py", "model.py", "diagnostics.py",
    "display.py", "cache.py", "pipeline.py", "checks.py", "grid.py",
)


class ResultCache:
    """Per-file outcomes from earlier runs.

    An entry is used only if the file's path in the content folder and its identity (kind,
    engine, size, sha256) match, or its stamp does (`fresh`), and its shard was written by this
    compiler version with these schemas. A shard is
    unpickled only if its HMAC verifies against a key kept outside the project (the user's cache
    folder), so a cache committed to a repository can neither run code nor smuggle in unvalidated
    data: it is ignored, as is any unreadable, corrupt or stale shard. Entries are spread over
    `SHARDS` files so that a one-file edit rewrites one small shard, not the whole cache. A cache
    opened read-only (`rulepack validate`, which writes nothing) never creates a key or a file.
    """

    def __init__(self, folder: Path | None, key: bytes, fingerprint: str, writable: bool) -> None:
        self.folder = folder
        self.key = key
        self.fingerprint = fingerprint
        self.writable = writable
        self.entries: dict[str, Entry] = {}
        #: The entries of this run: what is written back, so deleted files drop out.
        self.used: dict[str, Entry] = {}
        #: The shards this run changed an entry of (so an unchanged run compares nothing).
        self.dirty: set[str] = set()
        self.started_ns = time.time_ns()

    @classmethod
    def open(
        cls, directory: Path, fingerprint: str, *, writable: bool = True,
        subfolder: str = CACHE_SUBFOLDER,
    ) -> ResultCache:
        key = _user_key(create=writable)
        folder = directory / subfolder if key else None
        cache = cls(folder, key or b"", fingerprint, writable)
        cache._read()
        return cache

    @classmethod
    def in_memory(cls, fingerprint: str = "") -> ResultCache:
        """A cache that is never read from or written to disk (a watch's own, or a test's)."""
        return cls(None, b"", fingerprint, writable=False)

    def next_run(self) -> None:
        """Start another run in the same process (`rulepack build --watch`): this run's entries
        are what the next one finds, without reading the disk again; the rest are dropped."""
        self.dirty |= {_shard(key) for key in self.entries.keys() - self.used.keys()}
        self.entries, self.used = self.used, {}
        self.started_ns = time.time_ns()

    def fresh(self, key: str, kind: tuple[Any, ...], stamp: Stamp | None) -> Entry | None:
        """The entry for `key` if its file cannot have changed since it was hashed: the same
        stamp, taken long enough (`RACY_NS`) after the file was last written, and `kind` (the
        identity's leading part: the file's kind and engine) the same."""
        entry = self.entries.get(key)
        if entry is None or stamp is None or entry.stamp != stamp:
            return None
        if stamp.mtime_ns + RACY_NS > entry.hashed_ns or entry.identity[:2] != kind:
            return None
        return entry

    def get(self, key: str, identity: tuple[Any, ...]) -> Any | None:
        """The result kept for `key` if it was made from the same identity, else None."""
        entry = self.entries.get(key)
        return entry.result if entry is not None and entry.identity == identity else None

    def confirm(self, key: str, stamp: Stamp | None) -> None:
        """Keep the entry for `key`, whose bytes were hashed again and found the same, with the
        file's `stamp` now. Its hashing time moves only when that makes the entry `fresh` next
        time, so an unchanged file does not rewrite its shard run after run."""
        entry = self.entries[key]
        trusted_now = stamp is not None and stamp.mtime_ns + RACY_NS <= self.started_ns
        if entry.stamp != stamp or (trusted_now and not self._trusted(entry)):
            entry = entry._replace(stamp=stamp, hashed_ns=self.started_ns)
            self.dirty.add(_shard(key))
        self.used[key] = entry

    @staticmethod
    def _trusted(entry: Entry) -> bool:
        return entry.stamp is not None and entry.stamp[1] + RACY_NS <= entry.hashed_ns

    def keep(self, key: str, entry: Entry) -> None:
        """Remember this run's entry for `key` (written by `save`)."""
        if self.entries.get(key) is not entry:
            self.dirty.add(_shard(key))
        self.used[key] = entry

    def _read(self) -> None:
        if self.folder is None or not self.folder.is_dir():
            return
        for path in sorted(self.folder.glob("*.pickle")):
            self.entries.update(self._read_shard(path))

    def _read_shard(self, path: Path) -> dict[str, Entry]:
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
        return {
            k: Entry(*v) for k, v in entries.items()
            if _shard(k) == path.name and isinstance(v, tuple) and len(v) == len(Entry._fields)
        }

    def save(self) -> None:
        """Rewrite the shards that changed; failing to write only costs speed next time."""
        if self.folder is None or not self.writable:
            return
        dirty = self.dirty | {_shard(key) for key in self.entries.keys() - self.used.keys()}
        if not dirty:
            return
        after: dict[str, dict[str, Entry]] = {}
        for key, entry in self.used.items():  # each key's shard worked out once
            name = _shard(key)
            if name in dirty:
                after.setdefault(name, {})[key] = entry
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            for name in sorted(dirty):
                self._write_shard(self.folder / name, after.get(name))
        except (OSError, pickle.PicklingError, ValueError):
            return
        self.dirty = set()  # a watch's next run rewrites only what changes after this

    def _write_shard(self, path: Path, entries: dict[str, Any] | None) -> None:
        if not entries:
            path.unlink(missing_ok=True)
            return
        plain = {  # plain tuples: no class to look up when unpickling
            key: (entry.identity, entry.stamp and tuple(entry.stamp), *entry[2:])
            for key, entry in entries.items()
        }
        payload = pickle.dumps((self.fingerprint, plain), pickle.HIGHEST_PROTOCOL)
        _atomic_write(path, hmac.digest(self.key, payload, "sha256") + payload)


def cache_folder(root: Path) -> Path:
    """The cache folder of the content folder `root`: beside it, never in it."""
    return root.resolve().parent / CACHE_FOLDER


def _shard(key: str) -> str:
    # surrogatepass: a file name may hold undecodable bytes, and a cache must never crash a run.
    return f"{zlib.crc32(key.encode('utf-8', 'surrogatepass')) % SHARDS:02d}.pickle"


def _atomic_write(path: Path, blob: bytes) -> None:
    handle, temporary = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(blob)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _user_key(*, create: bool) -> bytes | None:
    """This user's secret cache-signing key, made on first use; None if it cannot be kept."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    path = Path(base) / "rulepack" / "cache.key"
    try:
        return _read_key(path)
    except FileNotFoundError:
        if not create:
            return None
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


def code_fingerprint(schemas_fingerprint: str) -> str:
    """What a cached result depends on besides its file: compiler, Python, schemas, code."""
    digest = hashlib.sha256(f"{__version__}\0{sys.version}\0".encode())
    digest.update(schemas_fingerprint.encode())
    package = Path(__file__).resolve().parent
    for name in _CODE:
        target = package / name
        for source in sorted(target.rglob("*.py")) if target.is_dir() else [target]:
            digest.update(source.name.encode() + b"\0" + source.read_bytes())
    return digest.hexdigest()
