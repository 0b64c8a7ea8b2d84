"""The fate_wounds JS core mirrors the Python package file for file, name for name, in order.

Files pair by walking both trees (`__init__.py` is `index.mjs`), as the plug-in layout's mirror
test will; public functions match in camelCase and order, and each docstring and its JSDoc name
the same FW items. Every rule's doc names at least one.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rules_parity import JS_CORE, REPO_ROOT
from test_mirror import camel, js_defs, python_defs

from compiler.rules import fate_wounds

PY_PACKAGE = REPO_ROOT / "compiler" / "rules" / "fate_wounds"
JS_PACKAGE = JS_CORE / "fate_wounds"
TAG = re.compile(r"FW-[REG]\d{2}(?:-R\d{2})?|P\d{1,2}\b|C[1-6]\b")
PAIRS = [(p.name, "index.mjs" if p.name == "__init__.py" else p.stem + ".mjs")
         for p in sorted(PY_PACKAGE.glob("*.py"))]


def _items(doc: str) -> list[str]:
    return sorted(set(TAG.findall(doc)))


def test_the_trees_pair_up() -> None:
    assert sorted(js for _, js in PAIRS) == sorted(p.name for p in JS_PACKAGE.glob("*.mjs"))


@pytest.mark.parametrize(("py_file", "js_file"), PAIRS, ids=[p for p, _ in PAIRS])
def test_same_names_in_same_order(py_file: str, js_file: str) -> None:
    python = [name for name, _ in python_defs(PY_PACKAGE / py_file)]
    assert python == [name for name, _ in js_defs(JS_PACKAGE / js_file)]


@pytest.mark.parametrize(("py_file", "js_file"), PAIRS, ids=[p for p, _ in PAIRS])
def test_docs_name_the_same_items(py_file: str, js_file: str) -> None:
    js_docs = dict(js_defs(JS_PACKAGE / js_file))
    for name, doc in python_defs(PY_PACKAGE / py_file):
        assert _items(doc) == _items(js_docs[name]), f"{js_file}: {name}"


def test_every_rule_names_its_items() -> None:
    docs = {name: doc for py_file, _ in PAIRS for name, doc in python_defs(PY_PACKAGE / py_file)}
    for rule in fate_wounds.RULES:
        assert re.search(r"FW-[REG]\d{2}", docs[camel(rule)]), rule


def test_the_registry_shim_only_reexports(tmp_path: Path) -> None:
    text = (JS_CORE / "fate_wounds.mjs").read_text(encoding="utf-8")
    code = re.sub(r"/\*.*?\*/", "", text, flags=re.DOTALL).strip()
    assert code == 'export { CONFIG, RULES } from "./fate_wounds/index.mjs";'
