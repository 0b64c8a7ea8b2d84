"""Golden record of a small built module (as openapi-python-client keeps one).

The generated files and the decoded packs of `content/mini` are compared file by file with
`expected/`, and the listing of every file shows what a module ships: the shared core and its own
ruleset's files only (`mini` uses `common_only`, the test ruleset of the shared kinds alone in
tests/plugins/). Static files must be verbatim copies of `module_template/` (or of the plug-in
root's). After an intended change, rewrite the record with
`python -m pytest tests/golden_module --regen-golden` and review the diff.
"""

from __future__ import annotations

import json
import shutil
from html.parser import HTMLParser
from pathlib import Path

import plyvel
import pytest
from click.testing import CliRunner
from plugin_roots import TEST_PLUGINS

from compiler.cli import main
from compiler.plugins import PATH_VARIABLE
from compiler.sanitize import ALLOWED_TAGS

HERE = Path(__file__).resolve().parent
EXPECTED = HERE / "expected"
TEMPLATE = HERE.parents[1] / "module_template"
MODULE = "rulepack-mini"
GENERATED = (
    "module.json", "lang/en.json", "scripts/config.mjs", "scripts/rules/rulesets.mjs",
    "scripts/foundry/ruleset.mjs", "scripts/foundry/traces.mjs", "scripts/world-documents.mjs",
)


def decode_pack(folder: Path) -> str:
    db = plyvel.DB(str(folder), create_if_missing=False)
    try:
        entries = {key.decode(): json.loads(value) for key, value in db}
    finally:
        db.close()
    return json.dumps(entries, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def record(module: Path) -> dict[str, str]:
    files = {name: (module / name).read_text(encoding="utf-8") for name in GENERATED}
    for pack in sorted((module / "packs").iterdir()):
        files[f"packs/{pack.name}.json"] = decode_pack(pack)
    listing = sorted(
        p.relative_to(module).as_posix() for p in module.rglob("*")
        if p.is_file() and "packs" not in p.relative_to(module).parts
    )
    files["files.txt"] = "\n".join(listing) + "\n"
    return files


@pytest.fixture(scope="module")
def module(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(PATH_VARIABLE, str(TEST_PLUGINS))
        result = CliRunner().invoke(main, ["build", str(HERE / "content"), "--out", str(out)])
    assert result.exit_code == 0, result.output
    # Decode a copy: opening a LevelDB rewrites its log files.
    shutil.copytree(out / MODULE, out / "copy")
    return out / "copy"


def test_golden_record(module: Path, regen_golden: bool) -> None:
    actual = record(module)
    if regen_golden:
        shutil.rmtree(EXPECTED, ignore_errors=True)
        for name, text in actual.items():
            (EXPECTED / name).parent.mkdir(parents=True, exist_ok=True)
            (EXPECTED / name).write_text(text, encoding="utf-8")
    expected = {
        p.relative_to(EXPECTED).as_posix(): p.read_text(encoding="utf-8")
        for p in EXPECTED.rglob("*") if p.is_file()
    }
    missing, extra = sorted(set(expected) - set(actual)), sorted(set(actual) - set(expected))
    assert not missing and not extra, f"missing {missing}, unexpected {extra}"
    changed = [name for name in sorted(actual) if actual[name] != expected[name]]
    if changed:
        pytest.fail(f"differs from the golden record: {changed}; run with --regen-golden "
                    "if the change is intended", pytrace=False)


def test_static_files_are_verbatim_copies(module: Path) -> None:
    names = [p.relative_to(module).as_posix() for p in module.rglob("*") if p.is_file()]
    for name in [n for n in names if not n.startswith("packs/")]:
        if name not in GENERATED and not name.endswith(".json"):
            source = TEMPLATE / name
            if not source.exists():
                source = TEST_PLUGINS / "module_template" / name
            assert (module / name).read_bytes() == source.read_bytes(), name


def html_values(value: object, key: str = "") -> list[str]:
    """Every string stored in an HTML field of a decoded pack (names are plain text by design)."""
    if isinstance(value, dict):
        return [text for k, v in value.items() for text in html_values(v, k)]
    if isinstance(value, list):
        return [text for item in value for text in html_values(item, key)]
    return [value] if isinstance(value, str) and key in HTML_KEYS else []


HTML_KEYS = {"description", "content", "text"}


class ElementCollector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.elements: list[tuple[str, list[tuple[str, str | None]]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, attrs))


def test_author_html_is_sanitised(module: Path) -> None:
    """Parsed as a browser would: only allow-listed elements, no handlers, no script URLs."""
    packs = [json.loads(t) for n, t in record(module).items() if n.startswith("packs/")]
    stored = "".join(html_values(packs)) + json.loads(record(module)["module.json"])["description"]
    parser = ElementCollector()
    parser.feed(stored)
    tags = {tag for tag, _ in parser.elements}
    assert tags <= ALLOWED_TAGS and not tags & {"script", "img", "iframe", "i"}, tags
    attrs = [(name, value or "") for _, pairs in parser.elements for name, value in pairs]
    assert not [a for a in attrs if a[0].startswith("on") or "javascript:" in a[1]], attrs
    assert "@UUID[Compendium.x.y.Item.abc]{Sword}" in stored and "[[/r 1d20]]" in stored
    assert '<section class="secret">GM only</section>' in stored
    assert "Head &lt;i&gt;" in stored
