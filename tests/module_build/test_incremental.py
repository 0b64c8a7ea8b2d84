"""A rebuild encodes only the pack values that changed (`compiler/packing/encoded.py`), and the
packs it writes are byte for byte those of a build without any cache."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from benchmarks.generate import PLUGINS, generate_content
from compiler.build import build_all
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
