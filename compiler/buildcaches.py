"""The caches a build uses after loading, opened once per build, or once per `--watch`.

Each is a `ResultCache` (`compiler/cache.py`) of its own, in its own subfolder of the cache folder
(signed pickles), and each keeps values under what they are made from, so none of them can change
what a build writes, only how much of it is made again:

- `plans` (under `--watch`, in memory): each Item's planned pack entry, by its document's data,
  module and place (`packing/documents.py`): a rebuild plans only the documents that changed;
- `fragments` (likewise): each world document's JSON in `scripts/world-documents.mjs`
  (`render/scripts.py`);
- `encoded`: each pack value's JSON text (`packing/encoded.py`);
- `packs`: each pack's LevelDB files, by a digest of its records (`packing/store.py`): a pack
  none of whose records changed is copied, not written by LevelDB again;
- `members`: each zip member's deflated bytes, by its data (`zipfiles.py`);
- `records` (under `--watch`, in memory): each pack entry's LevelDB records, by the entry object
  (`packing/writer.py`: an unchanged Item's planned entry is the same object in the next run).

Under `--watch` one `BuildCaches` serves every rebuild (`next_run`), so nothing is read back from
disk; each successful rebuild still saves what changed, for the next process.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from compiler.cache import ResultCache, cache_folder
from compiler.linking import LinkMemo
from compiler.memo import Memo
from compiler.packing.encoded import EncodedValues
from compiler.packing.store import PackStore
from compiler.packing.writer import EntryRecords
from compiler.pipeline import LoadCaches, open_results
from compiler.zipfiles import Members


@dataclass(frozen=True)
class BuildCaches:
    plans: Memo | None  # None for one build: a memo pays only within a watch's process
    fragments: Memo | None
    encoded: EncodedValues
    packs: PackStore
    members: Members
    records: EntryRecords | None = None

    @classmethod
    def open(cls, directory: Path, *, memos: bool = False) -> BuildCaches:
        """The caches of the cache folder `directory`; with `memos`, the plan and JSON memos too,
        in memory only (on disk, reading 10,000 kept entries costs what planning them does)."""
        plans = ResultCache.in_memory() if memos else None
        return cls(*_memos(plans), EncodedValues.open(directory), PackStore.open(directory),
                   Members.open(directory), EntryRecords() if memos else None)

    @classmethod
    def in_memory(cls, *, memos: bool = True) -> BuildCaches:
        """Caches that start empty and never touch the disk (for tests)."""
        plans = ResultCache.in_memory() if memos else None
        return cls(*_memos(plans), EncodedValues(ResultCache.in_memory()),
                   PackStore(ResultCache.in_memory()), Members(ResultCache.in_memory()),
                   EntryRecords() if memos else None)

    def _caches(self) -> list[ResultCache]:
        found = [memo.cache for memo in (self.plans, self.fragments) if memo is not None]
        found += [self.packs.cache]
        found += [c for c in (self.encoded.cache, self.members.cache) if c is not None]
        return list({id(c): c for c in found}.values())

    def save(self) -> None:
        """Write what this run changed; failing to write only costs speed next time."""
        for cache in self._caches():
            cache.save()

    def next_run(self) -> None:
        """Start the next rebuild of a watch: this run's entries carry over, in memory."""
        for cache in self._caches():
            cache.next_run()
        for memo in (self.plans, self.fragments, self.records):
            if memo is not None:
                memo.next_run()
        self.members.next_run()
        self.encoded.encoded = self.members.deflated = self.packs.written = 0


def _memos(cache: ResultCache | None) -> tuple[Memo | None, Memo | None]:
    if cache is None:
        return None, None
    return Memo(cache, "item"), Memo(cache, "world-json")


class WatchCaches:
    """What `rulepack build --watch` keeps between rebuilds: the per-file results, what the
    last link found (`pipeline.LoadCaches`) and the build's caches, read from disk once, then
    carried over in memory (`for_run`)."""

    def __init__(self) -> None:
        self.load: LoadCaches | None = None
        self.build: BuildCaches | None = None

    def for_run(self, content: Path) -> tuple[LoadCaches, BuildCaches]:
        if self.load is None or self.build is None:
            self.load = LoadCaches(open_results(content), LinkMemo())
            self.build = BuildCaches.open(cache_folder(content), memos=True)
        else:
            self.load.results.next_run()
            self.build.next_run()
        return self.load, self.build
