"""`rulepack build` end to end: what a GM installs, reproducible and atomic."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from js_syntax import check_syntax

import compiler.build
from compiler import plugins
from compiler.cli import main

REPO = Path(__file__).resolve().parents[2]
CONTENT = REPO / "content"
IMPORT_RE = re.compile(r"""^\s*import\s[^"']*["'](\.[^"']+)["']""", re.M)


def build(content: Path, out: Path, *extra: str) -> Result:
    result = CliRunner().invoke(main, ["build", str(content), "--out", str(out), *extra])
    return result


def tree_digest(root: Path) -> dict[str, str]:
    return {
        p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*")) if p.is_file()
    }


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    result = build(CONTENT, out)
    assert result.exit_code == 0, result.output
    return out


def modules(dist: Path) -> list[Path]:
    return sorted(p for p in dist.iterdir() if p.is_dir())


def test_one_module_and_zip_per_ruleset(built: Path) -> None:
    folders = sorted(p.name for p in CONTENT.iterdir() if (p / "ruleset.yaml").is_file())
    found = modules(built)
    assert len(found) == len(folders) >= 2
    for module in found:
        manifest = json.loads((module / "module.json").read_text())
        assert manifest["id"] == module.name
        assert (built / f"{module.name}-{manifest['version']}.zip").is_file()


def test_each_module_ships_its_own_ruleset_only(built: Path) -> None:
    """The shared core plus the module's own engine: no file of any other ruleset, whatever its
    layer (rules core, Foundry adapter, macros, strings)."""
    for module in modules(built):
        engine = json.loads((module / "module.json").read_text())["flags"]["rulepack"]["ruleset"]
        others = [name for name in plugins.names() if name != engine]
        files = [p.relative_to(module).as_posix() for p in module.rglob("*") if p.is_file()]
        assert f"scripts/rules/{engine}/index.mjs" in files
        assert [f for f in files if any(f"/{other}/" in f"/{f}" for other in others)] == []
        text = "".join((module / f).read_text(encoding="utf-8") for f in files
                       if f.endswith((".mjs", ".json")) and not f.startswith("packs/"))
        for other in others:
            assert f"./{other}/" not in text, (module.name, other)
            assert f'"{other}"' not in text, (module.name, other)


def test_module_json_points_at_real_files(built: Path) -> None:
    for module in modules(built):
        manifest = json.loads((module / "module.json").read_text())
        assert manifest["compatibility"] == {"minimum": "12", "verified": "13"}
        for path in manifest["esmodules"] + [lang["path"] for lang in manifest["languages"]]:
            assert (module / path).is_file(), path
        for pack in manifest["packs"]:
            assert (module / pack["path"] / "CURRENT").is_file(), pack
            assert pack["type"] in {"Item", "Actor", "RollTable", "Macro", "JournalEntry", "Scene"}
            assert ("system" in pack) == (pack["type"] in {"Item", "Actor"})
        names = [pack["name"] for pack in manifest["packs"]]
        assert len(names) == len(set(names))
        assert "manifest" not in manifest and "download" not in manifest


def test_every_script_parses_and_every_import_resolves(built: Path, node_path: Path) -> None:
    scripts = [script for module in modules(built) for script in sorted(module.rglob("*.mjs"))]
    checked = check_syntax(node_path, scripts)  # `node --check` of each, in one Node
    for script in scripts:
        assert checked[script].error is None, f"{script}: {checked[script].error}"
        relative = [i for i in checked[script].imports if i.startswith(".")]
        assert relative == list(checked[script].imports), f"{script}: imports outside the module"
        for target in [*IMPORT_RE.findall(script.read_text()), *relative]:
            assert (script.parent / target).resolve().is_file(), f"{script}: {target}"


def test_no_volatile_leveldb_files(built: Path) -> None:
    leftovers = [p for p in built.rglob("*") if p.name in {"LOG", "LOG.old", "LOCK"}]
    assert leftovers == []
    assert not [p for p in built.iterdir() if p.name.startswith(".build-")]


def test_release_urls(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(CONTENT / "hazard_location", content / "hazard_location")
    manifest = content / "hazard_location" / "ruleset.yaml"
    manifest.write_text(
        manifest.read_text() + "release_url_base: https://github.com/example/hz/releases\n"
    )
    assert build(content, tmp_path / "dist").exit_code == 0
    data = json.loads((tmp_path / "dist" / "rulepack-hazard-location" / "module.json").read_text())
    assert data["manifest"] == "https://github.com/example/hz/releases/latest/download/module.json"
    assert data["download"] == (
        "https://github.com/example/hz/releases/download/v0.1.0/rulepack-hazard-location-0.1.0.zip"
    )


def _zip_digests(dist: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(dist.glob("*.zip"))}


def test_reproducible_across_checkouts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two checkouts, different paths, umasks, timezones and file times: the same zips."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    digests = []
    for number, (umask, tz) in enumerate([(0o022, "UTC"), (0o077, "Asia/Kolkata")]):
        checkout = tmp_path / f"checkout-{number}" / "content"
        shutil.copytree(CONTENT, checkout)
        for path in checkout.rglob("*"):
            os.utime(path, (1_000_000_000 + number * 1000, 1_000_000_000 + number * 1000))
        monkeypatch.setenv("TZ", tz)
        old = os.umask(umask)
        try:
            assert build(checkout, checkout.parent / "dist").exit_code == 0
        finally:
            os.umask(old)
        digests.append(_zip_digests(checkout.parent / "dist"))
    shipped = len([p for p in CONTENT.iterdir() if (p / "ruleset.yaml").is_file()])
    assert digests[0] == digests[1] and len(digests[0]) == shipped


def test_source_date_epoch_changes_the_zip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    assert build(CONTENT, tmp_path / "a").exit_code == 0
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1800000000")
    assert build(CONTENT, tmp_path / "b").exit_code == 0
    assert _zip_digests(tmp_path / "a") != _zip_digests(tmp_path / "b")
    assert tree_digest(tmp_path / "a" / "rulepack-danger-room") == tree_digest(
        tmp_path / "b" / "rulepack-danger-room"
    )


@pytest.mark.parametrize("failure", [RuntimeError("disk on fire"), KeyboardInterrupt()])
def test_failed_build_leaves_previous_output_identical(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failure: BaseException
) -> None:
    out = tmp_path / "dist"
    assert build(CONTENT, out).exit_code == 0
    (out / "unrelated.txt").write_text("keep me")
    before = tree_digest(out)
    written = []
    real_write_pack = compiler.build.write_pack

    def flaky_write_pack(*args: object) -> None:  # the packs of this build are kept ones
        if len(written) == 3:
            raise failure
        written.append(args[-1])
        real_write_pack(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(compiler.build, "write_pack", flaky_write_pack)
    result = build(CONTENT, out)
    assert result.exit_code != 0
    assert tree_digest(out) == before
    assert sorted(p.name for p in out.iterdir()) == sorted(before_names(before))


def before_names(digest: dict[str, str]) -> set[str]:
    return {name.split("/")[0] for name in digest}


def test_invalid_content_writes_nothing(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    (content / "danger_room" / "fighters" / "x-23.yaml").write_text("id: x-23\nname: [oops\n")
    out = tmp_path / "dist"
    result = build(content, out)
    assert result.exit_code == 1
    assert "x-23.yaml:" in result.output
    assert not out.exists()
