"""`load_content(root)`: discover → read → load → validate → text check → sanitise → link.

Every diagnostic is collected and raised once (`ContentError`), at most `MAX_PER_FILE` shown per
file. Each file is read once, under the size cap (`loading.read_source`), and its outcome is kept
in the result cache (`compiler/cache.py`) under its bytes' identity: a rebuild after editing one
file of 10,000 hashes every file but loads and validates only one. The checker (the schema set)
is an argument, so nothing here depends on process-wide defaults but the default argument.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, replace
from pathlib import Path

from compiler.cache import Entry, ResultCache, Stamp, cache_folder, code_fingerprint
from compiler.checks import own_problems
from compiler.diagnostics import Diagnostic, Diagnostics, cap_per_file
from compiler.errors import ContentError, RulepackError
from compiler.gcpause import gc_paused
from compiler.linking import FolderContent, LinkMemo, link
from compiler.loading import load_bytes, read_source
from compiler.loading.discovery import (
    MANIFEST_KIND,
    YAML_SUFFIX,
    SourceFile,
    discover,
    display_path,
)
from compiler.model import ContentSet
from compiler.parallel import split_map
from compiler.sanitize import sanitize_checked, text_problems
from compiler.schemas import UNKNOWN_ENGINE
from compiler.validation import Checked, Checker, default_checker


@dataclass(frozen=True, slots=True)
class FileResult:
    """One file loaded and validated: the valid document, or why not."""

    checked: Checked | None
    diagnostics: tuple[Diagnostic, ...]
    engine: str | None  # for a manifest: its `ruleset`, if that names a known engine


@dataclass(frozen=True)
class LoadCaches:
    """What a watch keeps for loading across rebuilds: the per-file results, open once
    (`open_results`), and what the last link found of each document."""

    results: ResultCache
    links: LinkMemo


def load_content(
    root: Path, cache_dir: Path | None = None, *, checker: Checker | None = None,
    save_cache: bool = True, kept: LoadCaches | None = None,
) -> ContentSet:
    """Load, validate and link every ruleset under `root` against `checker`'s schemas.

    `cache_dir` defaults to `.rulepack-cache` beside `root`; with `save_cache=False` the cache is
    only read (nothing is written, not even a signing key). `kept` is what a watch carried over
    from its last rebuild, used instead.

    Raises:
        RulepackError: `root` is not a folder.
        ContentError: with every diagnostic of every file, if there is any.
    """
    if not root.is_dir():
        shown = display_path(root)
        raise RulepackError(
            f"no content folder at {shown}; pass the folder that holds the ruleset folders"
        )
    checker = checker or default_checker()
    with gc_paused():
        if kept is not None:
            return _load_content(root, checker, kept.results, kept.links)
        cache = open_results(root, cache_dir, checker, writable=save_cache)
        return _load_content(root, checker, cache, None)


def open_results(
    root: Path, cache_dir: Path | None = None, checker: Checker | None = None, *,
    writable: bool = True,
) -> ResultCache:
    """The per-file result cache of the content folder `root` for `checker`'s schemas."""
    fingerprint = code_fingerprint((checker or default_checker()).schemas.fingerprint)
    directory = cache_dir or cache_folder(root)
    return ResultCache.open(directory, fingerprint, writable=writable)


def _load_content(
    root: Path, checker: Checker, cache: ResultCache, links: LinkMemo | None
) -> ContentSet:
    discovered = discover(root, checker.schemas)
    diagnostics = Diagnostics(list(discovered.diagnostics))
    folders = []
    for name in discovered.folders:
        files = [f for f in discovered.files if f.folder == name]
        folder, found = _load_folder(name, files, checker, cache, root)
        folders.append(folder)
        diagnostics.extend(found)
    linked = link(display_path(root), folders, checker.schemas, links)
    diagnostics.extend(linked.diagnostics)
    cache.save()
    if diagnostics:
        raise ContentError(Diagnostics(cap_per_file(diagnostics.items)))
    return linked.content


def _load_folder(
    name: str, files: list[SourceFile], checker: Checker, cache: ResultCache, root: Path
) -> tuple[FolderContent, list[Diagnostic]]:
    found: list[Diagnostic] = []
    manifest: Checked | None = None
    engine: str | None = None
    for file in files:
        if file.kind == MANIFEST_KIND:
            result = file_result(file, None, checker, cache, root)
            manifest, engine = result.checked, result.engine
            found.extend(result.diagnostics)
    documents = []
    invalid: dict[str, dict[str, str]] = {}
    others = [file for file in files if file.kind != MANIFEST_KIND]
    results = file_results(others, engine or UNKNOWN_ENGINE, checker, cache, root)
    for file, result in zip(others, results, strict=True):
        found.extend(result.diagnostics)
        if result.checked is not None:
            documents.append(result.checked)
        elif result.diagnostics:  # its id is its file name (a valid one's must match)
            stem = file.path.name.removesuffix(YAML_SUFFIX)
            invalid.setdefault(file.kind, {})[stem] = file.display
    return FolderContent(name, engine, manifest, tuple(documents), invalid), found


def file_result(
    file: SourceFile, engine: str | None, checker: Checker, cache: ResultCache, root: Path
) -> FileResult:
    """One file's outcome (`file_results` of that file alone)."""
    return file_results([file], engine, checker, cache, root)[0]


def file_results(
    files: list[SourceFile], engine: str | None, checker: Checker, cache: ResultCache, root: Path
) -> list[FileResult]:
    """Each file's outcome, in order: from the cache if its stamp says it is unchanged, else
    read once (size cap first) and hashed, then from the cache or `process`. The files not
    fresh in the cache are read and processed by `parallel.split_map` (a forked child does
    part of them when there are many, as in a cold build)."""
    prefix = os.path.join(str(root), "")
    keys: list[str] = []
    stamps: list[Stamp | None] = []
    results: list[FileResult | None] = []
    stale: list[int] = []
    for file in files:
        key = _key(file.location, prefix)  # not display paths: no working directory
        stamp = _stamp(file.location)  # before reading: a change shows next time
        entry = cache.fresh(key, (file.kind, engine), stamp)
        keys.append(key)
        stamps.append(stamp)
        if entry is None or not isinstance(entry.result, FileResult):
            stale.append(len(results))
            results.append(None)
        else:
            cache.keep(key, entry)
            results.append(_shown_as(entry.result, file.display))
    examined = split_map(lambda i: _examine(files[i], engine, checker, cache, keys[i]), stale)
    for i, found in zip(stale, examined, strict=True):
        results[i] = _settle(found, files[i], keys[i], stamps[i], cache)
    return [result for result in results if result is not None]  # every None was settled


@dataclass(frozen=True)
class _Examined:
    """A file read and hashed: its `identity`, and its `result` unless the cache holds that
    (None for both: it could not be read, `unread` says why)."""

    identity: tuple[str, str | None, int, str] | None
    result: FileResult | None
    unread: Diagnostic | None = None


def _examine(
    file: SourceFile, engine: str | None, checker: Checker, cache: ResultCache, key: str
) -> _Examined:
    """Read, hash and (unless the cache holds its outcome) process one file; what a forked
    child does for its part of the files (the cache here is only read)."""
    raw = read_source(file.path, file.display)
    if isinstance(raw, Diagnostic):
        return _Examined(None, None, raw)
    identity = (file.kind, engine, len(raw), hashlib.sha256(raw).hexdigest())
    if isinstance(cache.get(key, identity), FileResult):
        return _Examined(identity, None)
    return _Examined(identity, process(file, raw, engine, checker))


def _settle(
    examined: _Examined, file: SourceFile, key: str, stamp: Stamp | None, cache: ResultCache
) -> FileResult:
    """The outcome of a file `_examine`d, recorded in the cache."""
    if examined.identity is None:
        return FileResult(None, (examined.unread,) if examined.unread else (), None)
    if examined.result is not None:
        cache.keep(key, Entry(examined.identity, stamp, cache.started_ns, examined.result))
        return examined.result
    cache.confirm(key, stamp)
    result = cache.get(key, examined.identity)
    assert isinstance(result, FileResult)  # _examine found it there
    return _shown_as(result, file.display)


def _key(location: str, prefix: str) -> str:
    """`location` relative to the content folder `prefix` (its path and a separator), POSIX
    style (string work: `Path.relative_to` costs more, x10,000)."""
    if location.startswith(prefix) and os.sep == "/":
        return location[len(prefix):]
    return Path(location).relative_to(prefix).as_posix()


def _stamp(location: str) -> Stamp | None:
    try:
        return Stamp.of(os.stat(location, follow_symlinks=False))
    except OSError:
        return None  # read_source says why


def _shown_as(result: FileResult, display: str) -> FileResult:
    """A cached result with its file shown as `display` (the working directory may differ)."""
    checked = result.checked
    if checked is not None and checked.source.path != display:
        checked = replace(checked, source=replace(checked.source, path=display))
    if checked is result.checked and all(d.file == display for d in result.diagnostics):
        return result
    diagnostics = tuple(replace(d, file=display) for d in result.diagnostics)
    return FileResult(checked, diagnostics, result.engine)


def process(file: SourceFile, raw: bytes, engine: str | None, checker: Checker) -> FileResult:
    """Load, validate, check the text of and sanitise one file (the work the cache saves)."""
    source = load_bytes(raw, file.display, file.kind)
    if isinstance(source, list):
        return FileResult(None, tuple(cap_per_file(source)), None)
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
        return FileResult(None, tuple(cap_per_file(checked)), engine)
    kind_engine = None if file.kind == MANIFEST_KIND else engine
    html = checker.schemas.html_fields(kind_engine, file.kind)
    problems = text_problems(checked, html)
    if problems:
        return FileResult(None, tuple(cap_per_file(problems)), engine)
    checked = sanitize_checked(checked, html)
    if file.kind == MANIFEST_KIND:
        return FileResult(checked, (), engine)
    # Its folder's engine, which linking would check it under (`_load_folder`).
    folder_engine = None if engine == UNKNOWN_ENGINE else engine
    own = own_problems(checked, folder_engine, checker.schemas)
    return FileResult(replace(checked, own_checked=True), tuple(own), engine)


def _kind_allowed(file: SourceFile, engine: str | None, checker: Checker) -> bool:
    schemas = checker.schemas
    if schemas.kinds()[file.display.rsplit("/", 2)[-2]].engines is None:
        return True
    return engine in schemas.engines() and schemas.has_kind(str(engine), file.kind)
