"""The sheet templates rendered by real Handlebars (the library Foundry uses) on the context the
module's own `sheetData` builds, for every packed Item and Actor: each field has its input named
`system.<path>`, names and values stay text, and only sanitised description HTML is markup."""

from __future__ import annotations

import json
import shutil
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import plyvel
import pytest
import yaml
from click.testing import CliRunner
from node_tools import NodeTools
from plugin_roots import TEST_PLUGINS

from compiler.cli import main
from compiler.plugins import PATH_VARIABLE

PROBE = Path(__file__).with_name("sheets_probe.mjs")
MINI = Path(__file__).resolve().parents[1] / "golden_module" / "content"
CANARY = '<img src=x onerror="window.__canary=1">'


class Elements(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.append((tag, dict(attrs)))


def parse(html: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = Elements()
    parser.feed(html)
    return parser.found


def sheet_docs(module: Path) -> list[dict[str, Any]]:
    docs = []
    for collection, name in (("items", "Item"), ("actors", "Actor")):
        # One copy per target system; the first system's is rendered.
        folders = sorted((module / "packs").glob(f"{collection}-*"))
        if not folders:
            continue
        db = plyvel.DB(str(folders[0]), create_if_missing=False)
        try:
            for key, value in db:
                if key.decode().startswith(f"!{collection}!"):
                    doc = json.loads(value)
                    docs.append({"documentName": name, "type": doc["type"], "name": doc["name"],
                                 "img": doc["img"], "system": doc["system"], "items": []})
        finally:
            db.close()
    return docs


def render(node_tools: NodeTools, module: Path, docs: list[dict[str, Any]]) -> list[str]:
    result = node_tools.call(PROBE, module, cwd=node_tools.root, stdin=json.dumps({"docs": docs}))
    assert result.returncode == 0, result.stderr
    rendered: list[str] = json.loads(result.stdout)
    return rendered


def check_sheet(doc: dict[str, Any], html: str) -> None:
    elements = parse(html)
    named = {attrs.get("name") for tag, attrs in elements if tag in {"input", "select", "textarea"}}
    leaves = {f"system.{k}" for k, v in doc["system"].items() if not isinstance(v, dict | list)}
    assert leaves <= named, sorted(leaves - named)
    name_input = next(a for t, a in elements if t == "input" and a.get("name") == "name")
    assert name_input["value"] == doc["name"]
    assert not {tag for tag, _ in elements} & {"script", "iframe", "svg", "object"}
    # The portrait is the only image; a name can never add one.
    assert [t for t, _ in elements].count("img") == 1
    handlers = [k for _, attrs in elements for k in attrs if k.startswith("on")]
    assert not handlers, handlers


@pytest.fixture(scope="module")
def canary_modules(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    content = tmp_path_factory.mktemp("content")
    shutil.copytree(MINI, content, dirs_exist_ok=True)
    for path in (content / "mini").rglob("*.yaml"):
        if path.parent.name in {"weapons", "armor", "cards", "powers", "fighters"}:
            lines = path.read_text(encoding="utf-8").splitlines()
            for number, line in enumerate(lines):
                if line.startswith("name: "):
                    named = f"{CANARY} {yaml.safe_load(line[6:])}"
                    lines[number] = f"name: {json.dumps(named)}"  # JSON is a YAML scalar
            path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path_factory.mktemp("dist")
    with pytest.MonkeyPatch.context() as patch:  # `mini` uses a test ruleset (tests/plugins/)
        patch.setenv(PATH_VARIABLE, str(TEST_PLUGINS))
        result = CliRunner().invoke(main, ["build", str(content), "--out", str(out)])
    assert result.exit_code == 0, result.output
    return sorted(p for p in out.iterdir() if p.is_dir())


def test_every_packed_item_and_actor_renders_its_sheet(
    node_tools: NodeTools, built_modules: list[Path]
) -> None:
    total = 0
    for module in built_modules:
        docs = sheet_docs(module)
        for doc, html in zip(docs, render(node_tools, module, docs), strict=True):
            check_sheet(doc, html)
            total += 1
    assert total > 10


def test_canary_names_stay_text_on_the_sheets(
    node_tools: NodeTools, canary_modules: list[Path]
) -> None:
    (module,) = canary_modules
    docs = sheet_docs(module)
    assert any("onerror" in d["name"] for d in docs)
    for doc, html in zip(docs, render(node_tools, module, docs), strict=True):
        check_sheet(doc, html)
