"""A rebuild remakes only what changed: the pack values it encodes (`compiler/packing/encoded.py`),
the Items it plans, the world documents' JSON, the packs LevelDB writes and the zip members it
deflates (`compiler/buildcaches.py`); and what it writes is byte for byte a cold build's."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from benchmarks.generate import PLUGINS, generate_content
from compiler.build import build_all
from compiler.buildcaches import BuildCaches, WatchCaches
from compiler.cache import cache_folder
from compiler.options import BuildOptions
from compiler.packing import jsjson
from compiler.pipeline import load_content


def digest(root: Path) -> dict[str, str]:
    return {
        p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*")) if p.is_file()
    }


@pytest.fixture
def content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RULEPACK_PLUGIN_PATH", str(PLUGINS))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    return generate_content(tmp_path / "content", 60)


def test_a_rebuild_encodes_only_what_changed(
    content: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    encoded: list[object] = []
    real = jsjson.stringify

    def counted(value: object) -> str:
        encoded.append(value)
        return real(value)

    monkeypatch.setattr(jsjson, "stringify", counted)
    out = tmp_path / "dist"

    def build() -> int:
        encoded.clear()
        list(build_all(load_content(content), BuildOptions(content, out, "text", 0)))
        return len(encoded)

    cold = build()
    assert cold > 60
    assert build() == 0  # nothing changed: every value's text is the last build's
    weapon = sorted((content / "bench" / "weapons").iterdir())[0]
    weapon.write_text(weapon.read_text().replace("hands: 1", "hands: 2"), "utf-8")
    changed = build()
    # the weapon's Item in each target system's Item pack, and nothing else
    item_packs = list(out.glob("*/packs/items-*"))
    assert item_packs and changed == len(item_packs)
    assert all(value["system"]["hands"] == 2 for value in encoded)  # type: ignore[index]

    kept = digest(out)
    shutil.rmtree(cache_folder(content))
    shutil.rmtree(out)
    assert build() == cold
    assert digest(out) == kept


def counts(caches: BuildCaches) -> tuple[int | None, int | None, int, int]:
    """Items planned, world documents encoded, packs LevelDB wrote, zip members deflated (the
    plan and JSON memos are a watch's only: None for a build of its own)."""
    plans, fragments = caches.plans, caches.fragments
    return (plans.made if plans else None, fragments.made if fragments else None,
            caches.packs.written, caches.members.deflated)


def flattened(caches: BuildCaches) -> int | None:
    """Pack entries whose records were made again (a watch's only: None for a build of its own);
    the entries planned afresh every run (actors, tables, macros, journal) count every time."""
    return caches.records.made if caches.records is not None else None


def changed_files(before: dict[str, str], after: dict[str, str]) -> set[str]:
    return {name for name in before.keys() | after.keys() if before.get(name) != after.get(name)}


@pytest.mark.parametrize("keep", ["in memory, as --watch", "on disk, as separate builds"])
def test_a_rebuild_remakes_only_what_changed_and_equals_a_cold_build(
    content: Path, tmp_path: Path, keep: str
) -> None:
    out = tmp_path / "dist"
    watch = WatchCaches()

    def build() -> BuildCaches:
        if keep.startswith("in memory"):
            kept, caches = watch.for_run(content)
        else:
            kept, caches = None, BuildCaches.open(cache_folder(content))
        loaded = load_content(content, kept=kept)
        list(build_all(loaded, BuildOptions(content, out, "text", 0), caches))
        return caches

    packs = len(list(build().packs.cache.used))
    assert packs >= 3  # the Item pack, macros, journal
    memo = 0 if keep.startswith("in memory") else None
    unchanged = build()
    assert counts(unchanged) == (memo, memo, 0, 0)  # nothing changed: nothing is made again
    fresh_entries = flattened(unchanged)  # the entries no memo keeps
    assert fresh_entries is None or fresh_entries < 60
    before = digest(out)

    weapon = sorted((content / "bench" / "weapons").iterdir())[0]
    weapon.write_text(weapon.read_text().replace("hands: 1", "hands: 2"), "utf-8")
    caches = build()
    after = digest(out)
    changed = changed_files(before, after)
    # one Item planned and one world document encoded again; of the packs only the Item pack
    # is written by LevelDB (the others are the kept files); only changed files are deflated
    memo = 1 if keep.startswith("in memory") else None
    assert counts(caches)[:3] == (memo, memo, 1)
    # and flattened into records again: that Item alone of the kept entries
    assert flattened(caches) == (None if fresh_entries is None else fresh_entries + 1)
    assert "rulepack-bench/scripts/world-documents.mjs" in changed
    assert "rulepack-bench/build.json" in changed  # the stamp a live reload polls
    assert caches.members.deflated == len(changed - {"rulepack-bench-1.0.0.zip"}) >= 3
    assert all(name.startswith("rulepack-bench/packs/items-") for name in changed
               if "/packs/" in name)

    shutil.rmtree(cache_folder(content))
    shutil.rmtree(out)
    cold = BuildCaches.in_memory()
    list(build_all(load_content(content), BuildOptions(content, out, "text", 0), cold))
    assert cold.packs.written == packs
    assert digest(out) == after  # byte for byte, the zip included
