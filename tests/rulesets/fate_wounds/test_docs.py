"""fate_wounds' docs name its catalogue items alike in both engines, and every rule names some.

`tests/rules/test_mirror.py` pairs the files of both trees and their names; this adds the FW-
items (the shared test compares only P1-P14 and C1-C6): each docstring and its JSDoc twin name
the same FW-R, FW-G and FW-E items, and every rule's names at least one.
"""

from __future__ import annotations

import re

import pytest
from rules_parity import JS_CORE, REPO_ROOT
from test_mirror import camel, js_defs, python_defs

from compiler.rules.registry import engines

PY_PACKAGE = REPO_ROOT / "compiler" / "rules" / "fate_wounds"
JS_PACKAGE = JS_CORE / "fate_wounds"
TAG = re.compile(r"FW-[REG]\d{2}(?:-R\d{2})?")
PAIRS = [(p.name, "index.mjs" if p.name == "__init__.py" else p.stem + ".mjs")
         for p in sorted(PY_PACKAGE.glob("*.py"))]


def _items(doc: str) -> list[str]:
    return sorted(set(TAG.findall(doc)))


@pytest.mark.parametrize(("py_file", "js_file"), PAIRS, ids=[p for p, _ in PAIRS])
def test_docs_name_the_same_items(py_file: str, js_file: str) -> None:
    js_docs = dict(js_defs(JS_PACKAGE / js_file))
    for name, doc in python_defs(PY_PACKAGE / py_file):
        assert _items(doc) == _items(js_docs[name]), f"{js_file}: {name}"


def test_every_rule_names_its_items() -> None:
    docs = {name: doc for py_file, _ in PAIRS for name, doc in python_defs(PY_PACKAGE / py_file)}
    for rule in engines()["fate_wounds"].rules:
        assert re.search(r"FW-[REG]\d{2}", docs[camel(rule)]), rule
